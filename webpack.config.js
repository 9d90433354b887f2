/* Builds every file the manifest points at into dist/, plus (development builds only) the browser preview.
 * - Build settings come from the environment and are checked first (scripts/build-config.js, docs/deploy.md):
 *   a production build needs ADDIN_BASE_URL and SERVICE_BASE_URL, and says when it is only for local use.
 * - taskpane.html is the shared-runtime page: one module graph for its three entries (functions,
 *   commands, taskpane) with one webpack runtime (runtime.js), so every module is loaded and evaluated
 *   once and module state (the session, the functions' cache) is one per runtime. The entries are
 *   small: the functions register first; the functions' code (functionsCode.ts) and the pane's own code
 *   (React, Fluent UI, the Connect tab: src/taskpane/startPane.tsx) are files the page's head fetches in
 *   order (PageCodeOrder). The pane's tabs other than Connect are loaded when first opened
 *   (src/taskpane/App.tsx); those chunks carry a content hash, so a pane left open across an update
 *   never mixes in another build's code.
 *   Every page loads its scripts and assets relative to itself (publicPath "auto"), so dist/ works
 *   under any path of its host.
 * - functions.json is generated from the JSDoc of src/functions/functions.ts by CustomFunctionsMetadataPlugin,
 *   which also adds the CustomFunctions.associate calls.
 * - manifest.xml is copied; a production build rewrites its development URLs to ADDIN_BASE_URL.
 * - help.html (the support page) is built from a template with the deployment's contact and service.
 * - Development builds copy office.js's Excel client (excel-web-16.00.js) for the preview page, which
 *   runs the add-in through it into the in-memory workbook.
 * - The pane reads the deployment settings (service, approved overrides, links) from ADS_DEPLOYMENT.
 */
const path = require("path");
const webpack = require("webpack");
const HtmlWebpackPlugin = require("html-webpack-plugin");
const CopyWebpackPlugin = require("copy-webpack-plugin");
const CustomFunctionsMetadataPlugin = require("custom-functions-metadata-plugin");
const { BuildConfigError, describeBuild, readBuildConfig } = require("./scripts/build-config");
const { manifestForBuild } = require("./scripts/manifest-urls");
const { version } = require("./package.json");

const FUNCTIONS_ENTRY = "./src/functions/functions.ts";

/** The shared-runtime page's entries, in the order they run: the functions register first. */
const RUNTIME_PAGE_ENTRIES = ["functions", "commands", "taskpane"];

/**
 * Prints, after a build, the JavaScript the shared-runtime page loads before the pane shows (its
 * scripts and the pane's code) and what it leaves for later (the functions' code, the pane's other
 * tabs), so a size regression shows in every build's output.
 */
class BundleSizeReport {
  apply(compiler) {
    compiler.hooks.done.tap("BundleSizeReport", ({ compilation }) => {
      const js = (files) => [...files].filter((f) => f.endsWith(".js"));
      const pane = compilation.namedChunkGroups.get("pane");
      const initial = js(
        new Set([
          ...RUNTIME_PAGE_ENTRIES.flatMap((e) => [...compilation.entrypoints.get(e).getFiles()]),
          ...(pane ? pane.getFiles() : []),
        ]),
      );
      const first = new Set([
        ...initial,
        ...[...compilation.entrypoints.values()].flatMap((e) => [...e.getFiles()]),
      ]);
      const later = js(compilation.getAssets().map((a) => a.name)).filter((f) => !first.has(f));
      const size = (f) => compilation.getAsset(f).source.size();
      const kb = (n) => `${(n / 1024).toFixed(0)} KiB`;
      const sum = (files) => files.reduce((n, f) => n + size(f), 0);
      console.log(
        `Bundle sizes (${compiler.options.mode}): taskpane.html loads ${kb(sum(initial))} before the pane shows ` +
          `(${initial.map((f) => `${f} ${kb(size(f))}`).join(", ")}); ` +
          `later, when a tab is first opened: ${kb(sum(later))} in ${later.length} files`,
      );
    });
  }
}

/**
 * The order in which taskpane.html fetches the code it needs beyond its first scripts, decided by a few
 * lines at the top of its head (before Office.js): the ADS functions' code (loaded on the first call:
 * functionsCode.ts) and the pane's (React, Fluent UI and the Connect tab: loaded by the pane's entry,
 * src/taskpane/index.tsx, once the page's first call has its answer). Where a key is remembered on this
 * computer, the functions' code first, then the pane's: a cell calculated as the workbook opens has the
 * link to itself (on a slow link the two would share it, and its answer would wait for both: issue
 * #46), and the pane, which shows after that answer, still finds its code fetched. Without a key (a
 * first-time planner) only the pane's, at once. The key's storage name is session.ts's REMEMBERED.
 */
const PRELOAD_MARK = "<!-- page-code-order -->";
/** The id of the element that lists those files (scripts/bundle-report.js's PAGE_CODE_ID). */
const PAGE_CODE_ID = "ads-page-code";
/**
 * The mark and event by which those lines tell the pane's entry that its code may be fetched
 * (src/taskpane/paneCodeTurn.ts's PANE_TURN_MARK and PANE_TURN_EVENT): the entry waits for them, or its
 * import, made before Excel's first call, would fetch the pane's file beside the functions'.
 */
const PANE_TURN_MARK = "data-ads-pane-turn";
const PANE_TURN_EVENT = "ads-pane-turn";

class PageCodeOrder {
  apply(compiler) {
    compiler.hooks.compilation.tap("PageCodeOrder", (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).afterTemplateExecution.tap("PageCodeOrder", (data) => {
        if (data.outputName !== "taskpane.html") return data;
        const atOnce = new Set(
          RUNTIME_PAGE_ENTRIES.flatMap((e) => [...compilation.entrypoints.get(e).getFiles()]),
        );
        const filesOf = (name, where) => {
          const group = compilation.namedChunkGroups.get(name);
          if (!group) throw new Error(`PageCodeOrder: no chunk group named ${name} (${where})`);
          return group.getFiles().filter((f) => f.endsWith(".js") && !atOnce.has(f));
        };
        const functions = filesOf("ads-functions", "functionsCode.ts");
        const pane = filesOf("pane", "src/taskpane/index.tsx");
        // The lists as data (scripts/bundle-report.js reads them), then the lines that fetch them. A
        // file the pane's entry has already asked for is not asked again: its script is in the page
        // while it loads, and in the resource timings once loaded (webpack then removes the script).
        // A webview without preload (EdgeHTML) would fire no load event for the link and the pane
        // would wait its whole budget: there the turn comes at once and nothing is fetched early.
        const script =
          `<script id="${PAGE_CODE_ID}" type="application/json">${JSON.stringify({ functions, pane })}</script>` +
          `<script>(()=>{const code=JSON.parse(document.getElementById("${PAGE_CODE_ID}").textContent);` +
          `const early=(files,then)=>{let left=files.length;const one=()=>{if(!--left&&then)then()};if(!left&&then)then();` +
          `const asked=(f)=>Array.prototype.some.call(document.scripts,(s)=>s.src.endsWith("/"+f))||performance.getEntriesByType("resource").some((r)=>r.name.endsWith("/"+f));` +
          `for(const f of files){if(asked(f)){one();continue}` +
          `const l=document.createElement("link");l.rel="preload";l.as="script";l.href=f;l.onload=l.onerror=one;document.head.appendChild(l)}};` +
          `let key=null;try{key=localStorage.getItem("ads-analytics.connection")}catch(e){}` +
          `let pre=false;try{pre=document.createElement("link").relList.supports("preload")}catch(e){}` +
          `const turn=()=>{if(pre)early(code.pane);document.documentElement.setAttribute("${PANE_TURN_MARK}","");document.dispatchEvent(new Event("${PANE_TURN_EVENT}"))};` +
          `if(key&&pre)early(code.functions,turn);else turn()})()</script>`;
        if (!data.html.includes(PRELOAD_MARK))
          throw new Error(`PageCodeOrder: taskpane.html has no ${PRELOAD_MARK}`);
        data.html = data.html.replace(PRELOAD_MARK, script);
        return data;
      });
    });
  }
}

/**
 * A cache group's test: the modules of the lazily loaded chunk `name` that neither the page's first
 * load nor the chunk `other` needs.
 */
function onlyLazilyIn(name, other) {
  return (module, { chunkGraph }) => {
    const chunks = [...chunkGraph.getModuleChunksIterable(module)];
    return chunks.some((c) => c.name === name) && !chunks.some((c) => c.canBeInitial() || c.name === other);
  };
}

/**
 * The pane's file's test: as onlyLazilyIn, and no chunk loaded from outside the pane needs the module
 * either. The ribbon commands' refresh machinery (a refresh on open) shares small modules with the
 * pane (the refresh lock, the stale listeners); in the pane's file, a refresh on open that starts
 * before any cell calls would fetch the pane's whole file ahead of the functions' (issue #46).
 */
function onlyForPane(name, other) {
  const underPane = (group, seen) => {
    if (group.name === name) return true;
    if (group.isInitial() || seen.has(group)) return false;
    seen.add(group);
    const parents = [...group.parentsIterable];
    return parents.length > 0 && parents.every((p) => underPane(p, seen));
  };
  const only = onlyLazilyIn(name, other);
  return (module, graphs) =>
    only(module, graphs) &&
    [...graphs.chunkGraph.getModuleChunksIterable(module)].every((c) =>
      [...c.groupsIterable].every((g) => underPane(g, new Set())),
    );
}

/** The build settings, or a clear message and exit code 1 (no stack trace: nothing is wrong with the code). */
function buildConfig(mode) {
  try {
    return readBuildConfig(process.env, mode, version);
  } catch (err) {
    if (!(err instanceof BuildConfigError)) throw err;
    console.error(`\nBuild settings: ${err.message}\n`);
    process.exit(1);
  }
}

/** The modules the pane alone needs beyond the first load and the functions' code (its own file). */
const paneOnly = onlyForPane("pane", "ads-functions");

module.exports = (_env, argv) => {
  const config = buildConfig(argv.mode === "production" ? "production" : "development");
  const dev = config.mode === "development";
  console.log(describeBuild(config));
  return {
    devtool: dev ? "source-map" : false,
    entry: {
      functions: FUNCTIONS_ENTRY,
      commands: { import: "./src/commands/commands.ts", dependOn: "functions" },
      taskpane: { import: "./src/taskpane/index.tsx", dependOn: ["functions", "commands"] },
      // The preview (in-memory workbook + sandbox) is a development tool: never in a production dist.
      ...(dev ? { preview: "./preview/main.tsx" } : {}),
    },
    output: {
      path: path.resolve(__dirname, "dist"),
      filename: "[name].js",
      chunkFilename: dev ? "[name].js" : "[name].[contenthash:8].js",
      publicPath: "auto",
      clean: true,
    },
    optimization: {
      // One runtime and one module registry for the page's three entries (and, in a development
      // build, a second one for the preview page, which loads nothing else).
      runtimeChunk: { name: (entry) => (entry.name === "preview" ? "preview-runtime" : "runtime") },
      // Each entry holds only what the ones before it lack (dependOn above), and a module that lazily
      // loaded chunks share goes to a chunk of its own however small: no file repeats a module.
      splitChunks: {
        chunks: "all",
        minSize: 0,
        cacheGroups: {
          // Everything the ADS functions' code needs beyond the page's first load, in one file: the
          // first result waits for every file of it, and a browser asks one host for six at a time
          // (28 files took five rounds: issue #46). Tabs that share some of it load that file too.
          // What the page loads at once stays there; what the pane needs too goes to page-shared.
          functionsCode: {
            test: onlyLazilyIn("ads-functions", "pane"),
            chunks: "async",
            name: "ads-functions-code",
            enforce: true,
            priority: 10,
          },
          // The pane's own code (startPane.tsx: React, Fluent UI, the Connect tab) beyond the page's first
          // load and the functions' code, in one file that the page's head fetches (PageCodeOrder).
          paneCode: {
            test: paneOnly,
            chunks: "async",
            name: "pane-code",
            enforce: true,
            priority: 8,
          },
          // Our modules of the first load that lazily loaded chunks share, in one file rather than one
          // per combination: the page asks one host for six files at a time, and each round beyond
          // that is a round trip more before the pane or a first result (issue #46). With them, the
          // few small ones both the pane and the functions' code need (the workbook's date system and
          // id): in either's file, each would wait for the other's. And the few the pane shares with
          // what the ribbon commands load (the refresh lock): in the pane's file, a refresh on open
          // would fetch all of it (onlyForPane).
          pageShared: {
            test: (module, graphs) => {
              const chunks = [...graphs.chunkGraph.getModuleChunksIterable(module)];
              const ours = !/[\\/]node_modules[\\/]/.test(module.resource ?? "");
              const paneAndFunctions = ["pane", "ads-functions"].every((n) =>
                chunks.some((c) => c.name === n),
              );
              const paneAndCommands = chunks.some((c) => c.name === "pane") && !paneOnly(module, graphs);
              return (
                ours &&
                ((chunks.length > 1 && chunks.some((c) => c.canBeInitial())) ||
                  paneAndFunctions ||
                  paneAndCommands)
              );
            },
            chunks: "all",
            name: "page-shared",
            enforce: true,
            priority: 5,
          },
        },
      },
    },
    resolve: { extensions: [".ts", ".tsx", ".js", ".jsx"] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: [
            {
              loader: "ts-loader",
              options: { transpileOnly: true, compilerOptions: { module: "esnext", sourceMap: dev } },
            },
          ],
        },
        {
          test: /\.tsx?$/,
          include: path.resolve(__dirname, "src/functions"),
          use: [
            { loader: "custom-functions-metadata-plugin/lib/loader", options: { input: FUNCTIONS_ENTRY } },
          ],
        },
        {
          test: /\.(png|jpg|jpeg|gif|ico|svg)$/,
          type: "asset/resource",
          generator: { filename: "assets/[name][ext]" },
        },
      ],
    },
    plugins: [
      new BundleSizeReport(),
      new PageCodeOrder(),
      new webpack.DefinePlugin({
        ADS_DEPLOYMENT: JSON.stringify(config.deployment),
        ADS_LOOPBACK_HTTP: JSON.stringify(config.deployment.local),
      }),
      new CustomFunctionsMetadataPlugin({ output: "functions.json", input: FUNCTIONS_ENTRY }),
      new HtmlWebpackPlugin({
        filename: "taskpane.html",
        template: "./src/taskpane/taskpane.html",
        chunks: RUNTIME_PAGE_ENTRIES,
      }),
      new HtmlWebpackPlugin({
        filename: "help.html",
        template: "./src/taskpane/help.html",
        inject: false,
        deployment: config.deployment,
      }),
      ...(dev
        ? [
            new HtmlWebpackPlugin({
              filename: "preview.html",
              template: "./preview/preview.html",
              chunks: ["preview"],
            }),
          ]
        : []),
      new CopyWebpackPlugin({
        patterns: [
          { from: "assets/*.png", to: "assets/[name][ext]" },
          {
            from: "manifest.xml",
            to: "manifest.xml",
            transform: (content) => manifestForBuild(content.toString(), config),
          },
          // The preview runs the add-in through the genuine office.js Excel client (preview/memory/officeJs.ts).
          ...(dev
            ? [
                {
                  from: require.resolve("@microsoft/office-js/dist/excel-web-16.00.js"),
                  to: "excel-web-16.00.js",
                },
              ]
            : []),
        ],
      }),
    ],
    performance: { hints: false },
    stats: "errors-warnings",
  };
};
