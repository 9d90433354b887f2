/**
 * scripts/bundle-report.js, on a small dist/ and stats of its own: the page's scripts are what
 * taskpane.html loads, its first load adds the pane's code its head lists, a module held by two of them
 * is found (a concatenated module counts as its parts), other scripts (the functions' code too) are
 * "later", and the largest modules add up per package and per own file.
 */
import { mkdtempSync, rmSync, writeFileSync } from "fs";
import os from "os";
import path from "path";
import {
  duplicateModules,
  firstLoad,
  largestModules,
  pageCode,
  pageReport,
  pageScripts,
  type WebpackStats,
} from "../scripts/bundle-report";

let dir = "";
beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "ads-bundle-report-"));
  writeFileSync(
    path.join(dir, "taskpane.html"),
    '<script src="https://appsforoffice.microsoft.com/lib/1/hosted/office.js"></script>' +
      '<script defer src=runtime.js></script><script defer="defer" src="functions.js"></script>' +
      "<script defer src='taskpane.js'></script>" +
      // As webpack.config.js's PageCodeOrder writes it (minified: the id unquoted).
      '<script id=ads-page-code type=application/json>{"functions":["ads-functions-code.1111aaaa.js"],"pane":["pane-code.2222bbbb.js"]}</script>',
  );
  writeFileSync(path.join(dir, "preview.html"), '<script defer src="preview.js"></script>');
  for (const [file, size] of [
    ["runtime.js", 100],
    ["functions.js", 2000],
    ["taskpane.js", 3000],
    ["reports.0123abcd.js", 500],
    ["pane-code.2222bbbb.js", 4000],
    ["ads-functions-code.1111aaaa.js", 700],
    ["preview.js", 9000],
  ] as const)
    writeFileSync(path.join(dir, file), "x".repeat(size));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const stats = (taskpaneHolds: string[]): WebpackStats => ({
  chunks: [
    { id: 1, files: ["runtime.js"] },
    { id: 2, files: ["functions.js"] },
    { id: 3, files: ["taskpane.js", "taskpane.js.map"] },
    { id: 4, files: ["reports.0123abcd.js"] },
  ],
  modules: [
    {
      name: "./src/functions/functions.ts + 2 modules",
      chunks: [2],
      modules: [{ name: "./src/functions/functions.ts" }, { name: "./node_modules/zod/index.js" }],
    },
    { name: "./src/taskpane/App.tsx", chunks: [3] },
    ...taskpaneHolds.map((name) => ({ name, chunks: [3] })),
    { name: "./src/taskpane/panels/ReportsPanel.tsx", chunks: [4] },
    { name: "./src/orphan.ts", chunks: [] },
  ],
});

test("the page's scripts are taskpane.html's own, in order, however the attributes are quoted", () => {
  expect(pageScripts(dir)).toEqual(["runtime.js", "functions.js", "taskpane.js"]);
});

test("the page's first load is its scripts, then the pane's code its head lists", () => {
  expect(pageCode(dir)).toEqual({
    functions: ["ads-functions-code.1111aaaa.js"],
    pane: ["pane-code.2222bbbb.js"],
  });
  expect(firstLoad(dir)).toEqual(["runtime.js", "functions.js", "taskpane.js", "pane-code.2222bbbb.js"]);
  // A page without the list (the preview's) is its scripts alone.
  expect(pageCode(dir, "preview.html")).toEqual({ functions: [], pane: [] });
  expect(firstLoad(dir, "preview.html")).toEqual(["preview.js"]);
});

test("a module in two of the page's files is a duplicate, found inside a concatenated module too", () => {
  expect(duplicateModules(stats([]), ["runtime.js", "functions.js", "taskpane.js"])).toEqual([]);
  expect(duplicateModules(stats(["./node_modules/zod/index.js"]), ["functions.js", "taskpane.js"])).toEqual([
    { module: "./node_modules/zod/index.js", files: ["functions.js", "taskpane.js"] },
  ]);
  // A file the page does not load does not count.
  expect(duplicateModules(stats(["./node_modules/zod/index.js"]), ["functions.js"])).toEqual([]);
});

test("the page report: sizes of what loads first, what is left for later (not the preview), duplicates", () => {
  const report = pageReport(dir, stats(["./src/functions/functions.ts"]));
  expect(report.initial.map((f) => [f.file, f.bytes])).toEqual([
    ["runtime.js", 100],
    ["functions.js", 2000],
    ["taskpane.js", 3000],
    ["pane-code.2222bbbb.js", 4000],
  ]);
  expect(report.bytes).toBe(9100);
  expect(report.gzipBytes).toBeGreaterThan(0);
  expect(report.gzipBytes).toBeLessThan(report.bytes);
  expect(report.ratio).toBeCloseTo(9100 / 280_000, 6);
  expect(report.later.map((f) => f.file)).toEqual(["ads-functions-code.1111aaaa.js", "reports.0123abcd.js"]);
  expect(report.laterBytes).toBe(1200);
  expect(report.duplicates).toEqual([
    { module: "./src/functions/functions.ts", files: ["functions.js", "taskpane.js"] },
  ]);
});

test("largest modules: per npm package and per own source file, of the files asked for only", () => {
  const analyzer = [
    {
      label: "taskpane.js",
      groups: [
        {
          label: "node_modules",
          groups: [
            { label: "react-dom/cjs/react-dom.production.min.js", parsedSize: 1200 },
            { label: "@fluentui/react-tabs/lib/Tab.js", parsedSize: 300 },
            { label: "@fluentui/react-tabs/lib/TabList.js", parsedSize: 200 },
          ],
        },
        {
          label: "src/taskpane",
          groups: [
            {
              label: "index.tsx + 2 modules (concatenated)",
              groups: [
                { label: "src/taskpane/App.tsx", parsedSize: 400 },
                { label: "node_modules/@fluentui/react-tabs/lib/x.js", parsedSize: 50 },
              ],
            },
          ],
        },
      ],
    },
    { label: "reports.0123abcd.js", groups: [{ label: "src/big.ts", parsedSize: 99_999 }] },
  ];
  expect(largestModules(analyzer, ["taskpane.js"], 3)).toEqual([
    { name: "react-dom", bytes: 1200 },
    { name: "@fluentui/react-tabs", bytes: 550 },
    { name: "src/taskpane/App.tsx", bytes: 400 },
  ]);
});
