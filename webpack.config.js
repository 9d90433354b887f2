/* Builds every file the manifest points at into dist/, plus the browser preview.
 * - taskpane.html is the shared-runtime page: it loads the taskpane, commands and functions bundles.
 * - functions.json is generated from the JSDoc of src/functions/functions.ts by CustomFunctionsMetadataPlugin,
 *   which also adds the CustomFunctions.associate calls.
 * - manifest.xml is copied; a production build with ADDIN_BASE_URL rewrites the localhost URLs to it.
 * - preview.html is the add-in outside Excel (in-memory workbook + sandbox), see preview/.
 */
const path = require("path");
const HtmlWebpackPlugin = require("html-webpack-plugin");
const CopyWebpackPlugin = require("copy-webpack-plugin");
const CustomFunctionsMetadataPlugin = require("custom-functions-metadata-plugin");
const { rewriteManifestUrls } = require("./scripts/manifest-urls");

const FUNCTIONS_ENTRY = "./src/functions/functions.ts";

/** Prints the size of each bundle after a build (the task pane's is the one users download first). */
class BundleSizeReport {
  apply(compiler) {
    compiler.hooks.done.tap("BundleSizeReport", (stats) => {
      const assets = stats.toJson({ assets: true }).assets.filter((a) => a.name.endsWith(".js"));
      const kb = (n) => `${(n / 1024).toFixed(0)} KiB`;
      console.log(`Bundle sizes (${compiler.options.mode}): ${assets.map((a) => `${a.name} ${kb(a.size)}`).join(", ")}`);
    });
  }
}

module.exports = (_env, argv) => {
  const dev = argv.mode !== "production";
  const baseUrl = process.env.ADDIN_BASE_URL;
  return {
    devtool: dev ? "source-map" : false,
    entry: {
      taskpane: "./src/taskpane/index.tsx",
      commands: "./src/commands/commands.ts",
      functions: FUNCTIONS_ENTRY,
      preview: "./preview/main.tsx",
    },
    output: { path: path.resolve(__dirname, "dist"), filename: "[name].js", publicPath: "/", clean: true },
    resolve: { extensions: [".ts", ".tsx", ".js", ".jsx"] },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          use: [{ loader: "ts-loader", options: { transpileOnly: true, compilerOptions: { module: "esnext", sourceMap: dev } } }],
        },
        {
          test: /\.tsx?$/,
          include: path.resolve(__dirname, "src/functions"),
          use: [{ loader: "custom-functions-metadata-plugin/lib/loader", options: { input: FUNCTIONS_ENTRY } }],
        },
        { test: /\.(png|jpg|jpeg|gif|ico|svg)$/, type: "asset/resource", generator: { filename: "assets/[name][ext]" } },
      ],
    },
    plugins: [
      new BundleSizeReport(),
      new CustomFunctionsMetadataPlugin({ output: "functions.json", input: FUNCTIONS_ENTRY }),
      new HtmlWebpackPlugin({
        filename: "taskpane.html",
        template: "./src/taskpane/taskpane.html",
        chunks: ["taskpane", "commands", "functions"],
      }),
      new HtmlWebpackPlugin({ filename: "preview.html", template: "./preview/preview.html", chunks: ["preview"] }),
      new CopyWebpackPlugin({
        patterns: [
          { from: "assets/*.png", to: "assets/[name][ext]" },
          { from: "src/taskpane/help.html", to: "help.html" },
          {
            from: "manifest.xml",
            to: "manifest.xml",
            transform: (content) => (dev || !baseUrl ? content : rewriteManifestUrls(content.toString(), baseUrl)),
          },
        ],
      }),
    ],
    performance: { hints: false },
    stats: "errors-warnings",
  };
};
