/** Jest: unit, contract, workbook, judge and end-to-end tests (test/e2e), one runner; TypeScript through swc. */
/** swc's options: tsconfig.json's target, CommonJS with esModuleInterop, React's automatic runtime. */
function swc(tsx) {
  return {
    jsc: {
      parser: { syntax: "typescript", tsx },
      target: "es2022",
      transform: { react: { runtime: "automatic" }, useDefineForClassFields: true },
    },
    module: { type: "commonjs" },
    sourceMaps: "inline",
  };
}

module.exports = {
  testEnvironment: "node",
  roots: ["<rootDir>/src", "<rootDir>/sandbox", "<rootDir>/preview", "<rootDir>/test"],
  testMatch: ["**/*.test.ts", "**/*.test.tsx"],
  // The genuine office.js Excel client, for every workbook test (preview/memory/officeJs.ts).
  setupFiles: ["<rootDir>/test/support/officeJs.ts"],
  // swc strips types without checking them (tsc --noEmit checks the whole tree once, in
  // test/static-checks.test.ts and `npm run typecheck`): ts-jest type-checked each test file again, in every run.
  transform: {
    "^.+\\.ts$": ["@swc/jest", swc(false)],
    "^.+\\.tsx$": ["@swc/jest", swc(true)],
  },
  moduleNameMapper: {
    "^office-addin-manifest$": "<rootDir>/node_modules/office-addin-manifest/lib/officeApp.js",
  },
  reporters: ["default", "<rootDir>/test/support/summary-reporter.js"],
  testTimeout: 30000,
  // Two workers on the 2-core machine CI runs on, longest files first (sequencer.js), so a property
  // of minutes starts at once rather than last. Each worker is a process of its own, and one that
  // has grown past 1 GB after a file is replaced by a fresh one: 250 files of the genuine Excel client
  // in one process once grew it past Node's 4 GB heap (CI died at 30 min). The summary prints the
  // run's peak memory (test/support/peak-memory.js) and its ten slowest files.
  maxWorkers: 2,
  workerIdleMemoryLimit: "1GB",
  testSequencer: "<rootDir>/test/support/sequencer.js",
};
