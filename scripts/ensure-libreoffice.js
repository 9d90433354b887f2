// The judge (test/judge) has LibreOffice Calc recalculate the workbooks the add-in builds: Debian's
// headless Calc (libreoffice-calc-nogui, no X). If soffice is missing, install it (as root:
// apt-get update && apt-get install -y --no-install-recommends libreoffice-calc-nogui) rather than
// skip the judge.
const { existsSync } = require("fs");
const { execSync } = require("child_process");

const SOFFICE = process.env.SOFFICE_PATH || "/usr/bin/soffice";

if (existsSync(SOFFICE)) {
  process.exit(0);
}
if (process.platform !== "linux") {
  console.error(`LibreOffice not found at ${SOFFICE}. Set SOFFICE_PATH to LibreOffice's soffice.`);
  process.exit(1);
}
const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const sudo = isRoot ? "" : "sudo ";
console.log(`LibreOffice is missing: installing Debian's libreoffice-calc-nogui (${sudo || "as root"})...`);
try {
  execSync(
    `${sudo}apt-get update && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libreoffice-calc-nogui`,
    { stdio: "inherit", timeout: 20 * 60 * 1000 },
  );
} catch (err) {
  console.error(
    "Could not install LibreOffice Calc; the judge's tests need it.",
    err instanceof Error ? err.message : err,
  );
  process.exit(1);
}
if (!existsSync(SOFFICE)) {
  console.error(`apt-get finished but ${SOFFICE} does not exist.`);
  process.exit(1);
}
