#!/usr/bin/env node
/* Prints the size of each built bundle in dist/ (raw and gzipped), the task pane's first: it is what
 * a user downloads when the pane opens. Usage: node scripts/bundle-size.js [distDir] */
const fs = require("fs");
const path = require("path");
const zlib = require("zlib");

const dist = path.resolve(process.argv[2] || path.join(__dirname, "..", "dist"));
if (!fs.existsSync(dist)) {
  console.error(`bundle-size: ${dist} does not exist: build first (npm run build or build:dev)`);
  process.exit(1);
}
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const files = fs
  .readdirSync(dist)
  .filter((f) => f.endsWith(".js"))
  .sort((a, b) => (a.startsWith("taskpane") ? -1 : b.startsWith("taskpane") ? 1 : a.localeCompare(b)));
if (files.length === 0) {
  console.error(`bundle-size: no .js bundles in ${dist}`);
  process.exit(1);
}
for (const f of files) {
  const bytes = fs.readFileSync(path.join(dist, f));
  console.log(`${f.padEnd(20)} ${kib(bytes.length).padStart(12)}  gzip ${kib(zlib.gzipSync(bytes).length).padStart(11)}`);
}
