/* Builds every file the manifest points at into dist/, plus (development builds only) the browser preview.
 * - Build settings come from the environment and are checked first (scripts/build-config.js, docs/deploy.md):
 *   a production build needs ADDIN_BASE_URL and SERVICE_BASE_URL, and says when it is only for local use.
 * - taskpane.html is the shared-runtime page: one module graph for its three entries (functions,
 *   commands, taskpane) with one webpack runtime (runtime.js), so every module is loaded and evaluated
 *   once and module state (the session, the functions' cache) is one per runtime. The functions come
 *   first, so they register before the pane's React and Fluent UI are evaluated. The pane's tabs other
 *   than Connect are loaded when first opened (src/taskpane/App.tsx); those chunks carry a content
 *   hash, so a pane left open across an update never mixes in another build's code.
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
 * Prints, after a build, the JavaScript the shared-runtime page loads at once and what it leaves for
 * later (the pane's other tabs), so a size regression shows in every build's output.
 */
class BundleSizeReport {
  apply(compiler) {
    compiler.hooks.done.tap("BundleSizeReport", ({ compilation }) => {
      const js = (files) => [...files].filter((f) => f.endsWith(".js"));
      const initial = js(
        new Set(RUNTIME_PAGE_ENTRIES.flatMap((e) => [...compilation.entrypoints.get(e).getFiles()])),
      );
      const anyEntry = new Set([...compilation.entrypoints.values()].flatMap((e) => [...e.getFiles()]));
      const later = js(compilation.getAssets().map((a) => a.name)).filter((f) => !anyEntry.has(f));
      const size = (f) => compilation.getAsset(f).source.size();
      const kb = (n) => `${(n / 1024).toFixed(0)} KiB`;
      const sum = (files) => files.reduce((n, f) => n + size(f), 0);
      console.log(
        `Bundle sizes (${compiler.options.mode}): taskpane.html loads ${kb(sum(initial))} ` +
          `(${initial.map((f) => `${f} ${kb(size(f))}`).join(", ")}); ` +
          `later, when a tab is first opened: ${kb(sum(later))} in ${later.length} files`,
      );
    });
  }
}

/**
 * Where a key is remembered on this computer, taskpane.html starts fetching the ADS functions' code as
 * it opens (a preload hint per file, added by a few lines in its head), so the first result does not
 * wait for the download that the first call would start (issue #46). With a remembered key the pane
 * connects at once and loads much of the same code (the client, its schemas); without one nothing is
 * fetched early. The key's storage name is session.ts's REMEMBERED.
 */
const PRELOAD_MARK = "<!-- functions-code-preload -->";

class FunctionsCodePreload {
  apply(compiler) {
    compiler.hooks.compilation.tap("FunctionsCodePreload", (compilation) => {
      HtmlWebpackPlugin.getHooks(compilation).afterTemplateExecution.tap("FunctionsCodePreload", (data) => {
        if (data.outputName !== "taskpane.html") return data;
        const group = compilation.namedChunkGroups.get("ads-functions");
        if (!group)
          throw new Error("FunctionsCodePreload: no chunk group named ads-functions (functionsCode.ts)");
        const atOnce = new Set(
          RUNTIME_PAGE_ENTRIES.flatMap((e) => [...compilation.entrypoints.get(e).getFiles()]),
        );
        const files = group.getFiles().filter((f) => f.endsWith(".js") && !atOnce.has(f));
        const script =
          `<script>try{if(localStorage.getItem("ads-analytics.connection"))for(const f of ${JSON.stringify(files)}){` +
          `const l=document.createElement("link");l.rel="preload";l.as="script";l.href=f;document.head.appendChild(l)}}catch(e){}</script>`;
        if (!data.html.includes(PRELOAD_MARK))
          throw new Error(`FunctionsCodePreload: taskpane.html has no ${PRELOAD_MARK}`);
        data.html = data.html.replace(PRELOAD_MARK, script);
        return data;
      });
    });
  }
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
          functionsCode: {
            test: (module, { chunkGraph }) => {
              const chunks = [...chunkGraph.getModuleChunksIterable(module)];
              // What the page loads at once stays there.
              return chunks.some((c) => c.name === "ads-functions") && !chunks.some((c) => c.canBeInitial());
            },
            chunks: "async",
            name: "ads-functions-code",
            enforce: true,
            priority: 10,
          },
          // Our modules of the first load that lazily loaded chunks share, in one file rather than one
          // per combination: the page asks one host for six files at a time, and each round beyond
          // that is a round trip more before the pane or a first result (issue #46).
          pageShared: {
            test: (module, { chunkGraph }) => {
              const chunks = [...chunkGraph.getModuleChunksIterable(module)];
              const ours = !/[\\/]node_modules[\\/]/.test(module.resource ?? "");
              return ours && chunks.length > 1 && chunks.some((c) => c.canBeInitial());
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
      new FunctionsCodePreload(),
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
