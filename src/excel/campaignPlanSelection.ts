/**
 * Selection helpers for the write-back panels: read the selected range (agent parameters
 * from a two-column range) and write text at the selected cell (advertiser names).
 */
import { cellValue, TEXT_FORMAT } from "./cellFormats";
import type { ExcelHost } from "./host";

/** More rows than any parameter list; guards against a whole-column selection loading a million cells. */
export const MAX_PARAMETER_ROWS = 1000;

/** The selected cells as Excel displays them (dates and percentages as shown, not as serials). */
export async function readSelectedText(excel: ExcelHost): Promise<string[][]> {
  return excel.run(async (context) => {
    const selected = context.workbook.getSelectedRange();
    selected.load("rowCount");
    await context.sync();
    if (selected.rowCount > MAX_PARAMETER_ROWS)
      throw new Error(
        `Select at most ${MAX_PARAMETER_ROWS} rows of name/value pairs (${selected.rowCount} selected)`,
      );
    selected.load("text");
    await context.sync();
    return selected.text;
  });
}

/**
 * Writes one row of text starting at the selected cell's top-left corner, as text (a Text cell keeps
 * "=...", "00123" or "3/4" as written; over-long text is cut with a visible marker). Refuses, writing nothing, when a cell it would fill beside the selected one is not empty.
 */
export async function writeTextAtSelection(excel: ExcelHost, texts: readonly string[]): Promise<string> {
  return excel.run(async (context) => {
    const target = context.workbook
      .getSelectedRange()
      .getCell(0, 0)
      .getResizedRange(0, texts.length - 1);
    target.load("address,values");
    await context.sync();
    const taken = target.values[0].slice(1).some((v) => v !== "" && v !== null);
    if (taken)
      throw new Error(
        `Nothing inserted: the cell to the right of the selected one is not empty (${target.address}). Select a cell with an empty cell to its right.`,
      );
    target.numberFormat = [texts.map(() => TEXT_FORMAT)];
    target.values = [texts.map((t) => cellValue(t).value)];
    await context.sync();
    return target.address;
  });
}
