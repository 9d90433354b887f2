/**
 * Loads the genuine office.js Excel client in Node, in a `vm` context with the few browser globals
 * it reads (tests through test/support/officeJs.ts, and the bench). Office's requirement sets are
 * the host's (hostApiSets.ts): office.js refuses an API of a newer set with ApiNotFound, as in an
 * older Excel.
 */
import { readFileSync } from "fs";
import { createContext, runInContext } from "vm";
import { isSetSupported } from "./hostApiSets";
import type { GenuineOffice } from "./officeJs";

const OFFICE_JS_FILE = require.resolve("@microsoft/office-js/dist/excel-web-16.00.js");

export function loadOfficeJsInNode(): GenuineOffice {
  const global: Record<string, unknown> = {
    console,
    setTimeout,
    clearTimeout,
    setInterval,
    clearInterval,
    Promise,
    // office.js parses answers with this JSON: their arrays are this realm's arrays.
    JSON,
    navigator: { userAgent: "node" },
  };
  global.window = global;
  global.self = global;
  createContext(global);
  runInContext(readFileSync(OFFICE_JS_FILE, "utf8"), global, { filename: "excel-web-16.00.js" });
  // After the script: office.js reads `Office.context.requirements` when an API is first used.
  global.Office = { context: { requirements: { isSetSupported } } };
  return {
    Excel: global.Excel,
    OfficeExtension: global.OfficeExtension,
    CustomFunctions: global.CustomFunctions,
  } as GenuineOffice;
}
