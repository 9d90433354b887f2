/**
 * A failed refresh said on the sheet's own status line (src/reports/statusLine.ts, failedStatusLine),
 * not only in the pane: the line above the table, when it still holds what the add-in wrote there.
 * The data is never touched.
 */
import type { ExcelHost } from "./host";

/**
 * Rewrites the status line above `tableName` as `next(old)` when `stillOurs(old)`; returns the line
 * written, or undefined when the cell holds the planner's text (or the table is gone).
 */
export async function rewriteStatusLine(
  excel: ExcelHost,
  at: { sheetName: string; tableName: string },
  stillOurs: (first: unknown) => boolean,
  next: (old: string) => string,
): Promise<string | undefined> {
  return excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(at.sheetName);
    const table = sheet.tables.getItem(at.tableName).getRange();
    table.load("columnIndex");
    await context.sync();
    const cell = sheet.getCell(0, table.columnIndex);
    cell.load("values");
    await context.sync();
    const old = cell.values[0][0] as unknown;
    if (typeof old !== "string" || !stillOurs(old)) return undefined;
    const line = next(old);
    cell.values = [[line]];
    await context.sync();
    return line;
  });
}
