/** Writes a formula at the selected cell, so it calculates whatever the cell's format was. */
import { TEXT_FORMAT } from "./cellFormats";
import type { ExcelHost } from "./host";

/**
 * Puts `formula` in the top-left cell of the selection; returns that cell's address. Excel keeps a
 * formula written into a Text (`@`) cell as text, so such a cell is made General first.
 */
export async function insertFormulaAtSelection(excel: ExcelHost, formula: string): Promise<string> {
  return excel.run(async (context) => {
    const cell = context.workbook.getSelectedRange().getCell(0, 0);
    cell.load("address,numberFormat");
    await context.sync();
    if (cell.numberFormat[0][0] === TEXT_FORMAT) cell.numberFormat = [["General"]];
    cell.formulas = [[formula]];
    await context.sync();
    return cell.address;
  });
}
