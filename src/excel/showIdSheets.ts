/**
 * Seed shows from a report sheet (issue #48): the report sheets whose table has a Show ID column
 * (an impressions report with Show ID, a Prospects sheet, …), and the show ids in that column. Read
 * once, when the planner picks the sheet: the ids land in the Prospects form's Seed shows field.
 * Reads only; two round trips whatever the number of sheets.
 */
import type { ExcelHost } from "./host";
import { listDefinitions } from "./store/reportRecords";

/** The header the service's reports and the Prospects sheet give a show's id. */
const SHOW_ID = "Show ID";

/** A report sheet with a Show ID column, and how many rows its table holds. */
export interface ShowIdSheet {
  sheetName: string;
  rows: number;
}

/** The report sheets whose table has a Show ID column, in the workbook's order of records. */
export async function showIdSheets(excel: ExcelHost): Promise<ShowIdSheet[]> {
  const tabled = (await listDefinitions(excel)).filter((d) => d.tableName);
  if (tabled.length === 0) return [];
  return excel.run(async (context) => {
    const tables = tabled.map((d) => {
      const t = context.workbook.tables.getItemOrNullObject(d.tableName!);
      const header = t.getHeaderRowRange().load("values");
      const rows = t.rows.load("count");
      return { def: d, t, header, rows };
    });
    await context.sync();
    return tables
      .filter(({ t, header }) => !t.isNullObject && header.values[0].includes(SHOW_ID))
      .map(({ def, rows }) => ({ sheetName: def.sheetName, rows: rows.count }));
  });
}

/** The distinct show ids of a report sheet's Show ID column, in the table's order (blanks left out). */
export async function showIdsOf(excel: ExcelHost, sheetName: string): Promise<string[]> {
  const def = (await listDefinitions(excel)).find((d) => d.sheetName === sheetName);
  if (!def?.tableName) throw new Error(`${sheetName} is not a report sheet with a table.`);
  return excel.run(async (context) => {
    const column = context.workbook.tables.getItem(def.tableName!).columns.getItemOrNullObject(SHOW_ID);
    await context.sync();
    if (column.isNullObject) throw new Error(`${sheetName}'s table has no ${SHOW_ID} column.`);
    const body = column.getDataBodyRange().load("values");
    await context.sync();
    const ids = body.values.map((r) => String(r[0] ?? "").trim()).filter((v) => v !== "");
    return [...new Set(ids)];
  });
}
