// `npm run test:quick`, the inner loop: every unit and workbook test (properties included), without a
// browser, LibreOffice, the contract tests over a loopback sandbox (`npm run test:contract`), the
// builds of test/manifest.test.ts or the type check and lint; properties at a twentieth of their cases
// (PROPERTY_SCALE, test/support/propertyRuns.ts) unless PROPERTY_SCALE is set. `npm test` runs
// everything at full counts. Extra arguments go to Jest.
const { spawnSync } = require("child_process");

const env = { ...process.env, PROPERTY_SCALE: process.env.PROPERTY_SCALE || "0.05" };
const args = [
  require.resolve("jest/bin/jest"),
  "--testPathIgnorePatterns",
  "/test/e2e/",
  "/test/judge/",
  "/test/static-checks",
  "/test/manifest",
  "/test/contract/",
  "\\.contract\\.test\\.ts$",
  ...process.argv.slice(2),
];
const run = spawnSync(process.execPath, args, { stdio: "inherit", env });
process.exit(run.status ?? 1);
