/** Jest: unit, contract, workbook tests (ts-jest). End-to-end browser tests live in test/e2e and run with the same runner. */
module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/src", "<rootDir>/sandbox", "<rootDir>/preview", "<rootDir>/test"],
  testMatch: ["**/*.test.ts", "**/*.test.tsx"],
  // The genuine office.js Excel client, for every workbook test (preview/memory/officeJs.ts).
  setupFiles: ["<rootDir>/test/support/officeJs.ts"],
  transform: { "^.+\\.tsx?$": ["ts-jest", { tsconfig: "tsconfig.json" }] },
  moduleNameMapper: {
    "^office-addin-manifest$": "<rootDir>/node_modules/office-addin-manifest/lib/officeApp.js",
  },
  reporters: ["default", "<rootDir>/test/support/summary-reporter.js"],
  testTimeout: 30000,
  // On a 2-core machine Jest runs every file inside its own main process (one worker or less means in band),
  // and 250 files of the genuine Excel client grew that process past Node's 4 GB heap (CI died at 30 min).
  // A memory limit makes Jest use a worker, still one file at a time, and start a fresh one when it grows.
  workerIdleMemoryLimit: "1GB",
};
