/*
 * What a build's shared-runtime page (taskpane.html: the pane, the ribbon commands, the ADS.*
 * functions) loads before the pane is usable, read from the built page and the build's webpack stats
 * (scripts/build-with-stats.js): its scripts and the pane's code (which its head lists and fetches)
 * with their minified and gzip sizes, the JavaScript left
 * for later (loaded when a tab is first opened), the modules that the page would load twice, and the
 * largest modules (from webpack-bundle-analyzer's JSON report). Used by the bench and the bundle tests.
 */
const fs = require("fs");
const path = require("path");
const zlib = require("zlib");

/** Microsoft's React + Fluent UI v9 hello-world task pane, minified (issue 14's yardstick). */
const HELLO_WORLD_BYTES = 280_000;
/** The goal (issue 26): the page's JavaScript, minified, at most this many times the hello world. */
const GOAL_RATIO = 1.45;
/** What the bundle test allows (minified bytes): the goal, 406 KB. */
const PAGE_BUDGET_BYTES = Math.round(HELLO_WORLD_BYTES * GOAL_RATIO);

/** The page's own scripts, in document order (Office.js from Microsoft's CDN is not ours). */
function pageScripts(distDir, page = "taskpane.html") {
  const html = fs.readFileSync(path.join(distDir, page), "utf8");
  return [...html.matchAll(/<script\b[^>]*?\ssrc=(?:"([^"]*)"|'([^']*)'|([^\s>]+))/gi)]
    .map((m) => m[1] ?? m[2] ?? m[3])
    .filter((src) => !/^[a-z]+:\/\//i.test(src));
}

/** The id of the element of taskpane.html that lists the code its head fetches (webpack.config.js, PageCodeOrder). */
const PAGE_CODE_ID = "ads-page-code";

/**
 * The code taskpane.html's head fetches beyond its scripts: the ADS functions' files (where a key is
 * remembered) and the pane's (React, Fluent UI, the Connect tab; needed before the pane shows).
 * Empty lists for a page without them.
 */
function pageCode(distDir, page = "taskpane.html") {
  const html = fs.readFileSync(path.join(distDir, page), "utf8");
  const m = html.match(
    new RegExp(`<script\\b[^>]*\\sid=["']?${PAGE_CODE_ID}["']?[^>]*>([^<]*)</script>`, "i"),
  );
  const lists = m ? JSON.parse(m[1]) : {};
  return { functions: lists.functions ?? [], pane: lists.pane ?? [] };
}

/** What the page loads before the pane is usable: its scripts, then the pane's code. */
function firstLoad(distDir, page = "taskpane.html") {
  const scripts = pageScripts(distDir, page);
  return [...scripts, ...pageCode(distDir, page).pane.filter((f) => !scripts.includes(f))];
}

function fileSize(distDir, file) {
  const bytes = fs.readFileSync(path.join(distDir, file));
  return { file, bytes: bytes.length, gzipBytes: zlib.gzipSync(bytes).length };
}

const total = (files, key) => files.reduce((n, f) => n + f[key], 0);

/** Every other script of dist/ (but the development preview's): what the page loads later, if at all. */
function scriptsForLater(distDir) {
  const page = new Set(firstLoad(distDir));
  const preview = fs.existsSync(path.join(distDir, "preview.html"))
    ? pageScripts(distDir, "preview.html")
    : [];
  for (const f of preview) page.add(f);
  return fs
    .readdirSync(distDir)
    .filter((f) => f.endsWith(".js") && !page.has(f))
    .sort();
}

/** The modules each emitted file holds, by module name (a concatenated module counts as its parts). */
function modulesByFile(stats) {
  const filesOfChunk = new Map(stats.chunks.map((c) => [c.id, c.files.filter((f) => f.endsWith(".js"))]));
  const byFile = new Map();
  for (const m of stats.modules) {
    const names = m.modules ? m.modules.map((n) => n.name) : [m.name];
    for (const id of m.chunks ?? [])
      for (const file of filesOfChunk.get(id) ?? []) {
        if (!byFile.has(file)) byFile.set(file, new Set());
        for (const name of names) byFile.get(file).add(name);
      }
  }
  return byFile;
}

/** Modules that more than one of `files` holds: loaded, and run, more than once by a page that loads them all. */
function duplicateModules(stats, files) {
  const byFile = modulesByFile(stats);
  const holders = new Map();
  for (const file of files)
    for (const name of byFile.get(file) ?? []) holders.set(name, [...(holders.get(name) ?? []), file]);
  return [...holders]
    .filter(([, where]) => where.length > 1)
    .map(([module, where]) => ({ module, files: where }))
    .sort((a, b) => a.module.localeCompare(b.module));
}

/**
 * The shared-runtime page of a build in `distDir`: what it loads before the pane is usable (its
 * scripts), what is left for later (every other script of dist/ but the development preview's), and
 * the modules it would load twice.
 */
function pageReport(distDir, stats) {
  const initial = firstLoad(distDir).map((f) => fileSize(distDir, f));
  const later = scriptsForLater(distDir).map((f) => fileSize(distDir, f));
  const bytes = total(initial, "bytes");
  return {
    initial,
    bytes,
    gzipBytes: total(initial, "gzipBytes"),
    ratio: bytes / HELLO_WORLD_BYTES,
    later,
    laterBytes: total(later, "bytes"),
    laterGzipBytes: total(later, "gzipBytes"),
    duplicates: duplicateModules(
      stats,
      initial.map((f) => f.file),
    ),
  };
}

/**
 * The largest contributors to `files`, minified, from webpack-bundle-analyzer's JSON report: one line
 * per npm package, and per source file of our own (a concatenated module split into its files).
 */
function largestModules(analyzerReport, files, count = 15) {
  const sizes = new Map();
  const visit = (node, trail) => {
    const here = `${trail}/${node.label}`;
    if (node.groups?.length) for (const g of node.groups) visit(g, here);
    else {
      // Inside a concatenated module the trail repeats the path: the part after it is the file.
      const file = here.split(" (concatenated)/").pop().replace(/^\/+/, "");
      const pkg = file.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
      const key = pkg ? pkg[1] : file;
      sizes.set(key, (sizes.get(key) ?? 0) + (node.parsedSize ?? 0));
    }
  };
  for (const asset of analyzerReport)
    if (files.includes(asset.label)) for (const g of asset.groups ?? []) visit(g, "");
  return [...sizes]
    .map(([name, bytes]) => ({ name, bytes }))
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, count);
}

module.exports = {
  HELLO_WORLD_BYTES,
  GOAL_RATIO,
  PAGE_BUDGET_BYTES,
  pageScripts,
  pageCode,
  firstLoad,
  scriptsForLater,
  fileSize,
  modulesByFile,
  duplicateModules,
  pageReport,
  largestModules,
};
