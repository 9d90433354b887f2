/**
 * Where the formula engine's own functions differ from Excel's, the calculator's versions: DATE in
 * the workbook's date system, MIN and MAX, HYPERLINK, SUBTOTAL (subtotal.ts), and the criteria, order
 * and lookup functions of sheetFunctions.ts (docs/excel-fidelity.md, rows 30, 34 and 36).
 */
import { utcToSerial } from "../../src/api/excelDates";
import { HostError } from "./hostError";
import type { WorkbookModel } from "./model";
import { typeIn } from "./coerce";
import { sheetKeepingIndex } from "./indexFunction";
import { largest, numbersOf, sheetFunctions, smallest, type FormulaArg } from "./sheetFunctions";
import { statistics } from "./statistics";
import { subtotal } from "./subtotal";

/** The native functions the calculator gives the formula engine in place of (or beside) its own. */
export function nativeFunctions(model: WorkbookModel): Record<string, (...args: unknown[]) => unknown> {
  return {
    ...(sheetFunctions((text) => {
      const typed = typeIn(text, model.today(), model.date1904);
      return typed.type === "number" ? typed.value : undefined;
    }) as Record<string, (...args: unknown[]) => unknown>),
    // The parser's COUNTA, STDEV, VAR and their kin are empty stubs (#NAME?).
    ...(statistics() as Record<string, (...args: unknown[]) => unknown>),
    // The parser's INDEX reads a picked cell on the formula's own sheet; Excel's on its range's.
    INDEX: sheetKeepingIndex,
    // The parser has no SUBTOTAL; Excel's leaves out filtered rows and other subtotals (it is given
    // its references: calc.ts).
    SUBTOTAL: subtotal(model),
    // The parser's DATE counts no 29 February 1900 and knows one date system; Excel's counts it,
    // in the workbook's system (docs/excel-fidelity.md, row 30).
    DATE: (...params: unknown[]) => {
      const [y, m, d] = params.map((p) => Math.trunc(Number((p as { value?: unknown }).value)));
      if (![y, m, d].every(Number.isFinite) || y < 0 || y > 9999)
        throw new HostError("#NUM!", "DATE: year out of range");
      const serial = utcToSerial(
        Date.UTC(y < 1900 ? y + 1900 : y, m - 1, d),
        model.date1904 ? "1904" : "1900",
      );
      if (serial < 0) throw new HostError("#NUM!", "DATE: before the workbook's first day");
      return Math.floor(serial);
    },
    // The parser's TODAY and NOW read the machine's clock; Excel's read the workbook's (a test pins
    // it: model.today), in the workbook's date system.
    TODAY: () => {
      const t = model.today();
      return utcToSerial(
        Date.UTC(t.getUTCFullYear(), t.getUTCMonth(), t.getUTCDate()),
        model.date1904 ? "1904" : "1900",
      );
    },
    NOW: () => utcToSerial(model.today().getTime(), model.date1904 ? "1904" : "1900"),
    // The parser's MIN and MAX are empty stubs (its cell shows #NAME?): Excel's take the numbers
    // of ranges (text, logicals and blanks in them skipped) and of direct arguments; none gives 0.
    MIN: (...params: unknown[]) => smallest(numbersOf(params as FormulaArg[])) ?? 0,
    MAX: (...params: unknown[]) => largest(numbersOf(params as FormulaArg[])) ?? 0,
    // The parser has no HYPERLINK: the cell shows the friendly name, else the link (the preview
    // does not follow it on a click).
    HYPERLINK: (...params: unknown[]) => {
      const [link, name] = params.map((p) => p as { value?: unknown; omitted?: boolean } | undefined);
      const shown = name && !name.omitted ? name.value : link?.value;
      return shown === null || shown === undefined ? "" : shown;
    },
  };
}
