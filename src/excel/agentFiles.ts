/**
 * The Office side of agent files: a parsed text file becomes a sheet and table named after the file
 * (through the shared, text-safe table writer), and an xlsx file's worksheets are inserted.
 */
import type { TypedTable } from "../api/table";
import type { AgentFileDeps } from "../writebacks/agentFileOpen";
import { sheetNameFor, tableNameFor } from "./cellFormats";
import type { ExcelHost } from "./host";
import { writeNewTable } from "./newTableSheet";
import { takenNames } from "./workbookNames";

/** Inserts every sheet of an xlsx file at the end of the workbook (ExcelApi 1.13, required by the manifest); returns the new sheets' names. */
async function insertXlsxSheets(excel: ExcelHost, base64: string): Promise<string[]> {
  return excel.run(async (context) => {
    const before = context.workbook.worksheets;
    before.load("items/name");
    await context.sync();
    const had = new Set(before.items.map((s) => s.name));
    context.workbook.insertWorksheetsFromBase64(base64, { positionType: "End" });
    await context.sync();
    const after = context.workbook.worksheets;
    after.load("items/name");
    await context.sync();
    return after.items.map((s) => s.name).filter((n) => !had.has(n));
  });
}

/** Writes a table parsed from an agent file on a new sheet named `name` (the agent, the run and the file). */
async function writeAgentTableSheet(excel: ExcelHost, name: string, table: TypedTable): Promise<string> {
  const label = name.trim() || "Agent file";
  const taken = await takenNames(excel);
  const names = {
    sheetName: sheetNameFor(label, taken.sheets),
    tableName: tableNameFor(label, taken.tables),
  };
  return (await writeNewTable(excel, table, names)).sheetName;
}

/** Everything openAgentFile needs from the workbook; the caller adds the download and the browser save. */
export function workbookFileTargets(excel: ExcelHost): Omit<AgentFileDeps, "download" | "saveAs"> {
  return {
    writeSheet: (fileName, table) => writeAgentTableSheet(excel, fileName, table),
    insertWorkbook: (base64) => insertXlsxSheets(excel, base64),
  };
}
