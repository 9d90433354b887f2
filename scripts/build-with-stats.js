#!/usr/bin/env node
/*
 * Runs a project's webpack.config.js through webpack's Node API (as `webpack --mode <mode>` does) and
 * writes the build's stats: every chunk with its files, every module with its chunks (the modules of a
 * concatenated module listed inside it), the entrypoints. The bench runs it on this checkout and on the
 * baseline commit's; the bundle tests read the stats with scripts/bundle-report.js.
 *
 *   node scripts/build-with-stats.js <projectDir> <outDir> <statsFile> [production|development]
 *
 * The build settings come from the environment, as for `npm run build`. Exit code 1 on build errors.
 */
const fs = require("fs");
const path = require("path");
const webpack = require("webpack");

/** Every stats grouping off, so each asset and module is listed by itself. */
const UNGROUPED = Object.fromEntries(
  [
    "groupAssetsByChunk",
    "groupAssetsByEmitStatus",
    "groupAssetsByExtension",
    "groupAssetsByInfo",
    "groupAssetsByPath",
    "groupModulesByAttributes",
    "groupModulesByCacheStatus",
    "groupModulesByExtension",
    "groupModulesByLayer",
    "groupModulesByPath",
    "groupModulesByType",
  ].map((k) => [k, false]),
);

const STATS_OPTIONS = {
  all: false,
  ...UNGROUPED,
  assets: true,
  cachedAssets: true,
  assetsSpace: Infinity,
  chunks: true,
  chunkRelations: true,
  ids: true,
  modules: true,
  modulesSpace: Infinity,
  nestedModules: true,
  nestedModulesSpace: Infinity,
  entrypoints: true,
  chunkGroups: true,
  errors: true,
  warnings: true,
};

function main() {
  const [projectArg, outArg, statsArg, mode = "production"] = process.argv.slice(2);
  if (!projectArg || !outArg || !statsArg) {
    console.error("usage: node scripts/build-with-stats.js <projectDir> <outDir> <statsFile> [mode]");
    process.exit(2);
  }
  const project = path.resolve(projectArg);
  const out = path.resolve(outArg);
  const statsFile = path.resolve(statsArg);
  // As `webpack` run in the project: some plugins read paths relative to the working directory.
  process.chdir(project);
  const config = require(path.join(project, "webpack.config.js"))({}, { mode });
  config.mode = mode;
  config.context = project;
  config.output = { ...config.output, path: out };
  webpack(config, (err, stats) => {
    if (err) {
      console.error(err.stack || err);
      process.exit(2);
    }
    const text = stats.toString("errors-warnings");
    if (text) console.log(text);
    fs.writeFileSync(statsFile, JSON.stringify(stats.toJson(STATS_OPTIONS)));
    process.exitCode = stats.hasErrors() ? 1 : 0;
  });
}

main();
