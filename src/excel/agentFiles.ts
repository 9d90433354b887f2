/**
 * The Office side of agent files: list sheet names, and insert the worksheets of an xlsx
 * file. Text files become sheets through the shared table writer (text-safe).
 */
import type { TypedTable } from "../api/table";
import type { ExcelHost } from "./host";
import { writeNewTable } from "./tableWriter";

export async function worksheetNames(excel: ExcelHost): Promise<string[]> {
  return excel.run(async (context) => {
    const sheets = context.workbook.worksheets;
    sheets.load("items/name");
    await context.sync();
    return sheets.items.map((s) => s.name);
  });
}

/** Inserts every sheet of an xlsx file at the end of the workbook; returns the names of the new sheets. */
export async function insertXlsxSheets(excel: ExcelHost, base64: string): Promise<string[]> {
  return excel.run(async (context) => {
    const before = context.workbook.worksheets;
    before.load("items/name");
    await context.sync();
    const had = new Set(before.items.map((s) => s.name));
    context.workbook.insertWorksheetsFromBase64(base64, { positionType: Excel.WorksheetPositionType.end });
    await context.sync();
    const after = context.workbook.worksheets;
    after.load("items/name");
    await context.sync();
    return after.items.map((s) => s.name).filter((n) => !had.has(n));
  });
}

/** Writes a table parsed from an agent file on a new sheet through the shared, text-safe table writer. */
export async function writeAgentTableSheet(
  excel: ExcelHost,
  sheetName: string,
  table: TypedTable,
): Promise<string> {
  const tableName = `Agent_${sheetName.replace(/[^A-Za-z0-9_]/g, "_")}_${Date.now().toString(36)}`;
  return (await writeNewTable(excel, table, { sheetName, tableName })).sheetName;
}
