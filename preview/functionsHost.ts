/**
 * Connects the in-memory workbook to the ADS.* functions, as Excel's custom-function runtime does:
 * a formula cell is calculated through the same function code, asynchronously, and its result (or
 * error with its message) lands in the cell. Used by the preview and by workbook tests.
 */
import type { AdsFunctions } from "../src/functions/adsFunctions";
import { evaluateAdsFormula } from "./formulas";
import type { InMemoryWorkbook } from "./memory/workbook";

export function attachAdsFunctions(workbook: InMemoryWorkbook, fns: AdsFunctions): void {
  workbook.evaluator = (sheet, row, col, formula) => {
    void evaluateAdsFormula(
      formula,
      (ref) => workbook.host.range(ref.includes("!") ? ref : `'${sheet.replace(/'/g, "''")}'!${ref}`),
      fns,
    ).then((result) => {
      if (result === null) return;
      if (Array.isArray(result))
        workbook.host.setCalculated(
          sheet,
          row,
          col,
          result.map((r) => r.map((v) => v ?? null)),
        );
      else workbook.host.setCalculated(sheet, row, col, result ?? null);
    });
  };
}
