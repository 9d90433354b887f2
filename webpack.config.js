/* Builds every file the manifest points at into dist/, plus (development builds only) the browser preview.
 * - Build settings come from the environment and are checked first (scripts/build-config.js, docs/deploy.md):
 *   a production build needs ADDIN_BASE_URL and SERVICE_BASE_URL, and says when it is only for local use.
 * - taskpane.html is the shared-runtime page: it loads the taskpane, commands and functions bundles.
 *   Every page loads its scripts and assets relative to itself (publicPath "auto"), so dist/ works
 *   under any path of its host.
 * - functions.json is generated from the JSDoc of src/functions/functions.ts by CustomFunctionsMetadataPlugin,
 *   which also adds the CustomFunctions.associate calls.
 * - manifest.xml is copied; a production build rewrites its development URLs to ADDIN_BASE_URL.
 * - help.html (the support page) is built from a template with the deployment's contact and service.
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

/** Prints the size of each bundle after a build (the task pane's is the one users download first). */
class BundleSizeReport {
  apply(compiler) {
    compiler.hooks.done.tap("BundleSizeReport", (stats) => {
      const assets = stats.toJson({ assets: true }).assets.filter((a) => a.name.endsWith(".js"));
      const kb = (n) => `${(n / 1024).toFixed(0)} KiB`;
      console.log(
        `Bundle sizes (${compiler.options.mode}): ${assets.map((a) => `${a.name} ${kb(a.size)}`).join(", ")}`,
      );
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
      taskpane: "./src/taskpane/index.tsx",
      commands: "./src/commands/commands.ts",
      functions: FUNCTIONS_ENTRY,
      // The preview (in-memory workbook + sandbox) is a development tool: never in a production dist.
      ...(dev ? { preview: "./preview/main.tsx" } : {}),
    },
    output: { path: path.resolve(__dirname, "dist"), filename: "[name].js", publicPath: "auto", clean: true },
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
      new webpack.DefinePlugin({ ADS_DEPLOYMENT: JSON.stringify(config.deployment) }),
      new CustomFunctionsMetadataPlugin({ output: "functions.json", input: FUNCTIONS_ENTRY }),
      new HtmlWebpackPlugin({
        filename: "taskpane.html",
        template: "./src/taskpane/taskpane.html",
        chunks: ["taskpane", "commands", "functions"],
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
        ],
      }),
    ],
    performance: { hints: false },
    stats: "errors-warnings",
  };
};
