// The end-to-end tests drive Debian's Chromium through playwright-core (never a downloaded browser).
// If it is missing, install it (as root: apt-get update && apt-get install -y chromium) rather than skip the tests.
const { existsSync } = require("fs");
const { execSync } = require("child_process");

const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

if (existsSync(CHROMIUM)) {
  process.exit(0);
}
if (process.platform !== "linux") {
  console.error(`Chromium not found at ${CHROMIUM}. Set CHROMIUM_PATH to a Chromium or Chrome executable.`);
  process.exit(1);
}
const isRoot = typeof process.getuid === "function" && process.getuid() === 0;
const sudo = isRoot ? "" : "sudo ";
console.log(`Chromium is missing: installing Debian's chromium (${sudo || "as root"})...`);
try {
  execSync(`${sudo}apt-get update && ${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium`, {
    stdio: "inherit",
    timeout: 15 * 60 * 1000,
  });
} catch (err) {
  console.error("Could not install chromium; the end-to-end tests need it.", err instanceof Error ? err.message : err);
  process.exit(1);
}
if (!existsSync(CHROMIUM)) {
  console.error(`apt-get finished but ${CHROMIUM} does not exist.`);
  process.exit(1);
}
