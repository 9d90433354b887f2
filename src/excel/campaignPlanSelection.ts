/**
 * Selection helpers for the write-back panels: read the selected range (agent parameters
 * from a two-column range) and write text at the selected cell (advertiser names).
 */
import type { CellValue } from "../api/table";
import type { ExcelHost } from "./host";

export async function readSelectedValues(excel: ExcelHost): Promise<CellValue[][]> {
  return excel.run(async (context) => {
    const range = context.workbook.getSelectedRange();
    range.load("values");
    await context.sync();
    return range.values as CellValue[][];
  });
}

/** Writes one row of text starting at the selected cell's top-left corner; "@" format keeps "=..." as text. */
export async function writeTextAtSelection(excel: ExcelHost, texts: readonly string[]): Promise<string> {
  return excel.run(async (context) => {
    const target = context.workbook
      .getSelectedRange()
      .getCell(0, 0)
      .getResizedRange(0, texts.length - 1);
    target.numberFormat = [texts.map(() => "@")];
    target.values = [texts.slice()];
    target.load("address");
    await context.sync();
    return target.address;
  });
}
