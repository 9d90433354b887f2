/**
 * The read before a report table's request (issue #54), in two syncs: first the sheet's record and
 * the names of the workbook's sheets and the sheet's tables; then the table (its place, header, ids,
 * sort and filter), the other tables' places, the keys of its rows, its bound cells, and every
 * sheet's records (the Dashboard's among them, for its following). Every check that needs no request
 * is made from them (refresh/plan.ts), so nothing is spent on a refresh that would be refused.
 */
import { newerMessage } from "../../reports/definitionVersions";
import type { BoundCell } from "../../reports/boundParams";
import { queueBoundCells } from "../boundCells";
import type { ExcelHost } from "../host";
import { RefreshError } from "../reportSheetTypes";
import { queueSheetRecords, type SheetRecords } from "../store/readAll";
import { newerVersionOf, queueSheetReport, type StoredReport } from "../store/reportRecords";
import { typedRowsProblems } from "../plannerWork";
import { bodyRowsFrom, others, queueKeyColumns, shapeProblems } from "./plan";
import { queueLocateKnown } from "./locateKnown";
import type { TablesBefore } from "./readOnce";

/** What the read before the request found: the record, and (for a report table) what its checks and following need. */
interface BeforeRequest {
  def: StoredReport;
  /** The refusal of a check that needs no request (to be recorded as the refresh's failure), or null. */
  refused: string[] | null;
  /** The report's bound cells by parameter. */
  cells: Map<string, BoundCell>;
  /** The sheet's other tables' names and the table's place (for the one-sync read after the request). */
  tables: TablesBefore;
  /** Every sheet's records and the Dashboard's. */
  records: SheetRecords;
}

/** What the read before a request gives a sheet: the checks of a report table, a show sheet's record alone. */
export type Before = BeforeRequest | { def: StoredReport; show: true };

/**
 * Reads the sheet's record and what its checks need, in two syncs. Throws, naming the sheet, where
 * there is no report to refresh (a sheet renamed or deleted since it was listed, a sheet that is no
 * report, a report a later version stored); a show sheet's record is returned alone (its checks are
 * its own).
 */
export async function readBeforeRequest(excel: ExcelHost, sheetName: string): Promise<Before> {
  return excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItemOrNullObject(sheetName);
    const report = queueSheetReport(sheet);
    sheet.tables.load("items/name");
    const sheets = context.workbook.worksheets;
    sheets.load("items/name");
    await context.sync();
    if (sheet.isNullObject)
      throw new RefreshError(
        sheetName,
        "no sheet has this name any more (renamed or deleted since the list was read): use the sheet's new name in the Sheets list",
      );
    const def = reportOf(sheetName, report());
    if (def.kind === "show") return { def, show: true as const };
    const checks = queueChecks(context, sheet, def);
    const records = queueSheetRecords(sheets.items);
    await context.sync();
    return checks(records());
  });
}

/**
 * The read before Refresh all's requests, for every report sheet at once, in three syncs whatever
 * their number (the sheets; their records and tables; every table's checks and bound cells): each
 * sheet's, by its name, or why it has no report to refresh.
 */
export async function readBeforeRequests(
  excel: ExcelHost,
): Promise<Map<string, Before | { def: StoredReport; error: RefreshError }>> {
  return excel.run(async (context) => {
    const sheets = context.workbook.worksheets;
    sheets.load("items/name");
    await context.sync();
    const records = queueSheetRecords(sheets.items);
    for (const s of sheets.items) s.tables.load("items/name");
    await context.sync();
    const all = records();
    const out = new Map<string, Before | { def: StoredReport; error: RefreshError }>();
    const pending: [string, (r: SheetRecords) => Promise<BeforeRequest>][] = [];
    for (const sheet of sheets.items) {
      const found = all.reports.find((r) => r.sheetName === sheet.name);
      if (!found) continue;
      try {
        const def = reportOf(sheet.name, { def: found });
        if (def.kind === "show") out.set(sheet.name, { def, show: true });
        else pending.push([sheet.name, queueChecks(context, sheet, def)]);
      } catch (err) {
        out.set(sheet.name, { def: { ...found, sheetName: sheet.name }, error: err as RefreshError });
      }
    }
    await context.sync();
    // Each table's blank rows, where its marks leave some to look at, are read one report at a time.
    for (const [name, checks] of pending) out.set(name, await checks(all));
    return out;
  });
}

/** The record a sheet's properties hold, or why it cannot be refreshed. */
function reportOf(sheetName: string, read: { def: StoredReport | null }): StoredReport {
  // A later version's definition is read-only: every action refuses, naming it, and nothing is saved.
  if (read.def && newerVersionOf(read.def) !== undefined)
    throw new RefreshError(sheetName, newerMessage(newerVersionOf(read.def)!));
  if (!read.def) throw new RefreshError(sheetName, "this sheet has no report definition to refresh");
  // The sheet may have been renamed since: its current name wins.
  return { ...read.def, sheetName };
}

/**
 * Queues the reads a report table's checks need (the sheet's tables' names loaded; the caller
 * syncs): after the sync, the checks made (one more sync where blank rows must be looked at).
 */
function queueChecks(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  def: StoredReport,
): (records: SheetRecords) => Promise<BeforeRequest> {
  if (!def.tableName)
    return async (records) => ({
      def,
      refused: ["the definition names no table"],
      cells: new Map(),
      tables: { others: [], place: null },
      records,
    });
  const tableName = def.tableName;
  const otherNames = sheet.tables.items
    .map((t) => t.name)
    .filter((n) => n.toLowerCase() !== tableName.toLowerCase());
  const table = sheet.tables.getItemOrNullObject(tableName);
  const located = queueLocateKnown(sheet, tableName, otherNames);
  const keys = queueKeyColumns(table, def.rowMarks);
  const cells = queueBoundCells(context, [def.bindings ?? []]);
  return async (records) => {
    const tables: TablesBefore = { others: otherNames, place: null };
    const base = { def, cells: cells()[0], tables, records };
    // Read once the caller has synced.
    // eslint-disable-next-line office-addins/call-sync-before-read
    if (table.isNullObject)
      return {
        ...base,
        refused: [`the table "${tableName}" is not on the sheet (renamed or deleted): rename it back`],
      };
    const found = located();
    tables.place = found.found.old;
    const target = {
      tableName,
      previous: { columns: def.columns, rowCount: def.rowCount, totals: def.totals, rowMarks: def.rowMarks },
    };
    // The rows' keys, where the table has body rows (a table keeps one, empty, when the report had none).
    const rows = found.found.old.rows > 1 ? keys() : null;
    const body = await bodyRowsFrom(context, sheet, target, found.found, rows);
    const refused = [
      ...typedRowsProblems(target.previous, body),
      ...shapeProblems(
        { ...target, table: { columns: [], rows: [] } },
        found.found.old,
        others(found.sheetTables, [target]),
      ),
    ];
    return { ...base, refused: refused.length ? refused : null };
  };
}
