/**
 * The names a workbook already uses, so new ones can be made unique (cellFormats): sheet names,
 * and table names together with defined names (Excel keeps them in one namespace).
 */
import type { ExcelHost } from "./host";

export async function takenNames(excel: ExcelHost): Promise<{ sheets: Set<string>; tables: Set<string> }> {
  return excel.run(async (context) => {
    const sheets = context.workbook.worksheets;
    const tables = context.workbook.tables;
    const names = context.workbook.names;
    sheets.load("items/name");
    tables.load("items/name");
    names.load("items/name");
    await context.sync();
    return {
      sheets: new Set(sheets.items.map((s) => s.name)),
      tables: new Set([...tables.items.map((t) => t.name), ...names.items.map((n) => n.name)]),
    };
  });
}
