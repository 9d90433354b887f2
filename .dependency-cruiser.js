// dependency-cruiser: the floors of docs/architecture.md ("Floors"), enforced. `npm run lint` runs
// `depcruise src preview` with this file, so `npm test` (test/static-checks.test.ts) fails on any
// import that runs back up the floors, any product module that reaches outside the product, and any
// circle in src/ or preview/.
//
// Floors, bottom to top (a floor may import its own folder and the floors below it, never above):
//   0  src/api                                   the client and the pure facts every floor shares
//   1  src/reports, src/writebacks               pure logic over the client's types
//      src/runtime                               shared-runtime state; also reads src/reports
//   2  src/excel                                 every Office.js call
//   3  src/functions < src/commands < src/taskpane   the entries
// Outside the product: preview/, bench/, sandbox/, test/, scripts/ (they may import the product).
//
// The floor rules are about the product's own modules. A test (`*.test.ts(x)`) is a leaf nothing
// imports, so it cannot carry a floor upward: it may drive the floors above the code it proves
// (src/excel/dateSystem.test.ts calls src/functions) and use preview/memory, sandbox/ and test/support.

/** Unit and contract tests: `*.test.ts` and `*.test.tsx`. */
const TEST = "\\.test\\.tsx?$";
/** Test helpers kept in the product's tree (src/api/testing, src/excel/testing, src/writebacks/testing). */
const TEST_HELPER = "^src/.*/testing/";
/** Everything in the repository that is not the product. */
const OUTSIDE = "^(preview|bench|sandbox|test|scripts)/";

/** Floors 0 to 2: what src/excel may import, and every entry of floor 3 too. */
const BELOW_THE_ENTRIES = ["api", "reports", "runtime", "writebacks", "excel"];

/** A floor rule: the product modules of `from` may import nothing under src/ but `allowed`. */
const floor = (name, comment, from, allowed) => ({
  name,
  comment,
  severity: "error",
  from: { path: `^src/${from}/`, pathNot: TEST },
  to: { path: "^src/", pathNot: `^src/(${allowed.join("|")})/` },
});

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    // Floor 0: the ground floor imports nothing else of ours.
    floor(
      "floor-0-api",
      "src/api is the ground floor (docs/architecture.md): it imports only src/api and npm packages.",
      "api",
      ["api"],
    ),
    // Floor 1: report definitions and write-back logic stand on the client alone.
    floor(
      "floor-1-reports",
      "src/reports (floor 1) imports only src/api: report definitions, presets and the status line are pure.",
      "reports",
      ["api", "reports"],
    ),
    floor(
      "floor-1-writebacks",
      "src/writebacks (floor 1) imports only src/api: it decides, and src/excel supplies the workbook side (PlanIO, AgentFileDeps).",
      "writebacks",
      ["api", "writebacks"],
    ),
    // Floor 1: the shared-runtime state may also read src/reports (reportSources.ts: the status line).
    floor(
      "floor-1-runtime",
      "src/runtime (floor 1) imports only src/api and src/reports; src/reports and src/writebacks never import it.",
      "runtime",
      ["api", "reports", "runtime"],
    ),
    // Floor 2: the Excel layer may import floors 0 and 1, never the entries above it.
    floor(
      "floor-2-excel",
      "src/excel (floor 2) imports src/api, src/reports, src/runtime and src/writebacks, never src/functions, src/commands or src/taskpane.",
      "excel",
      BELOW_THE_ENTRIES,
    ),
    // Floor 3, the entries, in the shared runtime's load order (functions, then commands, then the pane).
    floor(
      "floor-3-functions",
      "src/functions (floor 3, loaded first) never imports src/commands or src/taskpane.",
      "functions",
      [...BELOW_THE_ENTRIES, "functions"],
    ),
    floor("floor-3-commands", "src/commands (floor 3) never imports src/taskpane.", "commands", [
      ...BELOW_THE_ENTRIES,
      "functions",
      "commands",
    ]),
    // Outside the product: no product module (test helpers in src/**/testing/ included) imports the
    // preview, the benchmarks, the sandbox, test/ or scripts/.
    {
      name: "product-not-outside",
      comment:
        "A module under src/ never imports preview/, bench/, sandbox/, test/ or scripts/; only tests (*.test.ts(x)) may. Helpers that need preview/memory live in test/support/.",
      severity: "error",
      from: { path: "^src/", pathNot: TEST },
      to: { path: OUTSIDE },
    },
    // Test helpers in the product's tree are for tests (and other test helpers) only.
    {
      name: "product-not-test-helpers",
      comment:
        "Only tests and other test helpers import src/**/testing/ (fixtures, fake fetch, typed tables).",
      severity: "error",
      from: { path: "^src/", pathNot: [TEST, TEST_HELPER] },
      to: { path: TEST_HELPER },
    },
    // Every floor, and the preview: no circles, type-only imports included (see tsPreCompilationDeps).
    {
      name: "no-circular",
      comment: "No module of src/ or preview/ reaches itself again through its imports (type-only ones too).",
      severity: "error",
      from: { path: "^(src|preview)/" },
      to: { circular: true },
    },
    // An import the cruiser cannot resolve would slip past every rule above.
    {
      name: "not-to-unresolvable",
      comment: "Every import of src/ and preview/ resolves (to a file or an installed package).",
      severity: "error",
      from: { path: "^(src|preview)/" },
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsConfig: { fileName: "tsconfig.json" },
    // Count `import type` too. Without this the cruiser reads the compiled JavaScript, where
    // type-only imports are gone, and a floor crossed or a circle closed through types (the
    // workbook type a test helper named, dateSystem.ts ↔ tableWriter.ts) would go unseen; a type
    // is as much a dependency of the floor that names it as a value is.
    tsPreCompilationDeps: true,
  },
};
