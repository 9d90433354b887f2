/** A report's record as an action on its sheet needs it, or why there is none, in a planner's words. */
import { newerMessage } from "../reports/definitionVersions";
import type { ReportDefinition } from "../reports/definition";
import type { ExcelHost } from "./host";
import { RefreshError } from "./reportSheetTypes";
import { newerVersionOf, readDefinition, readReport, type StoredReport } from "./store/reportRecords";

/**
 * The sheet's report definition, or the reason there is none in a planner's words: a sheet renamed
 * or deleted since the pane listed it is not "a sheet without a report".
 */
export async function definitionFor(
  excel: ExcelHost,
  sheetName: string,
  what: string,
): Promise<StoredReport> {
  const def = await readDefinition(excel, sheetName);
  // A later version's definition is read-only: every action refuses, naming it, and nothing is saved.
  const newer = def && newerVersionOf(def);
  if (newer !== undefined && newer !== null) throw new RefreshError(sheetName, newerMessage(newer));
  if (def) return def;
  const exists = await excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItemOrNullObject(sheetName);
    await context.sync();
    return !sheet.isNullObject;
  });
  throw new RefreshError(
    sheetName,
    exists
      ? `this sheet has no report definition ${what}`
      : "no sheet has this name any more (renamed or deleted since the list was read): use the sheet's new name in the Sheets list",
  );
}

/** The record as it is now (after a refresh's wait: others may have written it), or why it is gone. */
export async function newestOf(excel: ExcelHost, def: ReportDefinition): Promise<StoredReport> {
  const newest = await readReport(excel, def);
  if (!newest)
    throw new Error(
      "the sheet's report was forgotten or its sheet deleted while the refresh waited: nothing was changed",
    );
  const newer = newerVersionOf(newest);
  if (newer !== undefined) throw new Error(newerMessage(newer));
  return newest;
}
