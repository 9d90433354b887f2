#!/usr/bin/env node
/* Prints the size of each built script in dist/ (raw and gzipped): first the ones taskpane.html loads
 * (what Office loads before the pane is usable, with their total), then those left for later (loaded
 * when a tab is first opened). Usage: node scripts/bundle-size.js [distDir] */
const fs = require("fs");
const path = require("path");
const { fileSize, pageScripts, scriptsForLater } = require("./bundle-report");

const dist = path.resolve(process.argv[2] || path.join(__dirname, "..", "dist"));
if (!fs.existsSync(path.join(dist, "taskpane.html"))) {
  console.error(`bundle-size: ${dist} has no taskpane.html: build first (npm run build or build:dev)`);
  process.exit(1);
}
const kib = (n) => `${(n / 1024).toFixed(1)} KiB`;
const group = (title, files) => {
  const rows = files.map((f) => fileSize(dist, f));
  const sum = (key) => rows.reduce((n, r) => n + r[key], 0);
  console.log(`${title}: ${kib(sum("bytes"))}, gzip ${kib(sum("gzipBytes"))}, ${rows.length} files`);
  for (const r of rows)
    console.log(`  ${r.file.padEnd(28)} ${kib(r.bytes).padStart(12)}  gzip ${kib(r.gzipBytes).padStart(11)}`);
};

group("taskpane.html loads", pageScripts(dist));
group("Later, when a tab is first opened", scriptsForLater(dist));
