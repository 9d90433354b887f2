/**
 * Seed shows from a report sheet (issue #48): the report sheets whose table has a column of the
 * service's show ids (an impressions report's Show ID, a Prospects sheet's Service show id, …), and
 * the ids in that column. Read once, when the planner picks the sheet: the ids land in the Prospects
 * form's Seed shows field. Reads only; two round trips whatever the number of sheets.
 */
import { SERVICE_ID_STORED, SERVICE_SHOW_ID } from "../reports/prospects";
import type { ExcelHost } from "./host";
import { listDefinitions } from "./store/reportRecords";

/**
 * The headers a column of the service's show ids has: the service's reports' (and a Prospects sheet
 * made before issue 57) "Show ID", a Prospects sheet's "Service show id". A Prospects sheet's
 * Directory id is left alone: only its seeds have one.
 */
const SHOW_ID_HEADERS: readonly string[] = [...new Set([SERVICE_ID_STORED, SERVICE_SHOW_ID])];

const idColumn = (headers: readonly unknown[]): string | undefined =>
  SHOW_ID_HEADERS.find((h) => headers.includes(h));

/** A report sheet with a column of show ids: that column's header, and how many rows its table holds. */
export interface ShowIdSheet {
  sheetName: string;
  column: string;
  rows: number;
}

/** The report sheets whose table has a column of show ids, in the workbook's order of records. */
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
    return tables.flatMap(({ def, t, header, rows }) => {
      const column = t.isNullObject ? undefined : idColumn(header.values[0]);
      return column === undefined ? [] : [{ sheetName: def.sheetName, column, rows: rows.count }];
    });
  });
}

/**
 * The distinct show ids of a report sheet's show id column, in the table's order (blanks left out),
 * and that column's header as the sheet has it now (a Prospects sheet made before issue 57 renames
 * its Show ID at its next refresh).
 */
export async function showIdsOf(
  excel: ExcelHost,
  sheetName: string,
): Promise<{ column: string; ids: string[] }> {
  const def = (await listDefinitions(excel)).find((d) => d.sheetName === sheetName);
  if (!def?.tableName) throw new Error(`${sheetName} is not a report sheet with a table.`);
  return excel.run(async (context) => {
    const table = context.workbook.tables.getItem(def.tableName!);
    const header = table.getHeaderRowRange().load("values");
    await context.sync();
    const name = idColumn(header.values[0]);
    if (name === undefined)
      throw new Error(`${sheetName}'s table has no ${SHOW_ID_HEADERS.join(" or ")} column.`);
    const body = table.columns.getItem(name).getDataBodyRange().load("values");
    await context.sync();
    const ids = body.values.map((r) => String(r[0] ?? "").trim()).filter((v) => v !== "");
    return { column: name, ids: [...new Set(ids)] };
  });
}
