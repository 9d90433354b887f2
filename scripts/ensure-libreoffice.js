// The judge (test/judge) has LibreOffice Calc recalculate the workbooks the add-in builds: Debian's
// headless Calc (libreoffice-calc-nogui, no X), and draws two of them to pictures (Calc's PDF
// export, then Poppler's pdftoppm from Debian's poppler-utils: the nogui Calc has no PNG export).
// If either is missing, install it (as root: apt-get update && apt-get install -y
// --no-install-recommends libreoffice-calc-nogui poppler-utils) rather than skip the judge.
const { existsSync } = require("fs");
const { execSync } = require("child_process");

const SOFFICE = process.env.SOFFICE_PATH || "/usr/bin/soffice";
const PDFTOPPM = process.env.PDFTOPPM_PATH || "/usr/bin/pdftoppm";

if (existsSync(SOFFICE) && existsSync(PDFTOPPM)) {
  process.exit(0);
}
if (process.platform !== "linux") {
  console.error(`LibreOffice not found at ${SOFFICE}. Set SOFFICE_PATH to LibreOffice's soffice.`);
  process.exit(1);
}
const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const sudo = isRoot ? "" : "sudo ";
console.log(
  `LibreOffice or pdftoppm is missing: installing Debian's libreoffice-calc-nogui and poppler-utils (${sudo || "as root"})...`,
);
try {
  execSync(
    `${sudo}apt-get update && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libreoffice-calc-nogui poppler-utils`,
    { stdio: "inherit", timeout: 20 * 60 * 1000 },
  );
} catch (err) {
  console.error(
    "Could not install LibreOffice Calc; the judge's tests need it.",
    err instanceof Error ? err.message : err,
  );
  process.exit(1);
}
for (const tool of [SOFFICE, PDFTOPPM]) {
  if (!existsSync(tool)) {
    console.error(`apt-get finished but ${tool} does not exist.`);
    process.exit(1);
  }
}
