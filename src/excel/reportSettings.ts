/** The planner's settings of a report sheet: its name (the Dashboard follows) and whether it refreshes on open. */
import { sheetNameFor } from "./cellFormats";
import { followRenamedReports } from "./dashboardSheet";
import type { ExcelHost } from "./host";
import { definitionFor } from "./reportFor";
import { writeReport } from "./store/reportRecords";
import { takenNames } from "./workbookNames";

/**
 * Renames a report sheet to `wanted` (made unique and valid as a new sheet's name is), its definition
 * with it, and the Dashboard follows (its link and column take the new name). Returns the name given.
 */
export async function renameReportSheet(
  excel: ExcelHost,
  sheetName: string,
  wanted: string,
): Promise<string> {
  const def = await definitionFor(excel, sheetName, "to rename");
  const taken = new Set((await takenNames(excel)).sheets);
  taken.delete(sheetName);
  const name = sheetNameFor(wanted, taken);
  if (name === sheetName) return name;
  await excel.run(async (context) => {
    context.workbook.worksheets.getItem(sheetName).name = name;
    await context.sync();
  });
  await writeReport(excel, { ...def, sheetName: name }, "planner", { sheetName: name });
  await followRenamedReports(excel).catch(() => undefined);
  return name;
}

export async function setRefreshOnOpenFlag(excel: ExcelHost, sheetName: string, on: boolean): Promise<void> {
  const def = await definitionFor(excel, sheetName, "to refresh on open");
  await writeReport(excel, def, "planner", { refreshOnOpen: on });
}
