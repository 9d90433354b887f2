/**
 * A show sheet's refresh: in place in the fixed layout (refreshShowSheet: the same sheet, its tables
 * resized, the planner's columns kept, any failure undone), its record committed in the same sync
 * with its status line; a sheet of the first layout is left as it was and the show written on a new
 * sheet, the report moved there.
 */
import type { ShowInfo } from "../api/schemas";
import type { ReportDefinition } from "../reports/definition";
import { fetchedLineOf } from "../reports/statusLine";
import { sheetNameFor, tablePrefixFor } from "./cellFormats";
import type { ExcelHost } from "./host";
import { newestOf } from "./reportFor";
import { requestedShowId } from "./reportSheetTypes";
import { refreshShowSheet, showLayoutState, showRowCount, writeShowSheet } from "./showLayout";
import { createRecord, queueRefreshCommit, removeDefinition, type StoredReport } from "./store/reportRecords";
import { withStoreTurn } from "./store/turns";
import { takenNames } from "./workbookNames";

/** The record a refresh stores, made from the newest record read, the tables written and their rows. */
export type ShowUpdate = (
  newest: StoredReport,
  tables: ReportDefinition["tables"],
  rowCount: number,
) => ReportDefinition;

/** The prefix a show sheet's tables share (`<prefix>_Episodes`, …), read from the sheet itself. */
export async function showTablePrefix(excel: ExcelHost, sheetName: string): Promise<string | undefined> {
  return excel.run(async (context) => {
    const tables = context.workbook.worksheets.getItem(sheetName).tables;
    tables.load("items/name");
    await context.sync();
    return tables.items
      .map((t) => t.name)
      .find((n) => n.endsWith("_Episodes"))
      ?.slice(0, -"_Episodes".length);
  });
}

/** A show sheet in the fixed layout refreshed in place; its record and status line commit with its data. */
function refreshShowInPlace(
  excel: ExcelHost,
  def: ReportDefinition,
  prefix: string,
  show: ShowInfo,
  updated: ShowUpdate,
): Promise<ReportDefinition> {
  return withStoreTurn(async () => {
    const newest = await newestOf(excel, def);
    let check: (() => Promise<StoredReport>) | undefined;
    const next = { ...updated(newest, newest.tables, showRowCount(show)), statusLine: true };
    next.fetchedLine = fetchedLineOf(next);
    const names = { sheetName: newest.sheetName, prefix, requestedId: requestedShowId(def.params) };
    await refreshShowSheet(
      excel,
      names,
      show,
      def.tables,
      (sheet, tables, status) => {
        const commit = queueRefreshCommit(
          sheet.context,
          { sheet, name: newest.sheetName, status },
          newest,
          { ...next, tables },
          (record, written) =>
            written
              ? record
              : {
                  ...record,
                  statusLine: newest.statusLine,
                  notes: [
                    ...(record.notes ?? []),
                    "the status line was not written: cell A3 holds your text, which stays (the Sheets tab says when the sheet was refreshed)",
                  ],
                },
        );
        check = commit.check;
      },
      true,
    );
    return check!();
  });
}

/**
 * Refreshes a show sheet in place; the updated definition commits in the same sync. A sheet made
 * before the fixed layout is left as it is and the show written on a new sheet, the report moved there.
 */
export async function refreshShow(
  excel: ExcelHost,
  def: ReportDefinition,
  show: ShowInfo,
  updated: ShowUpdate,
): Promise<ReportDefinition> {
  const prefix = def.tableName ?? (await showTablePrefix(excel, def.sheetName));
  if (!prefix)
    throw new Error(
      "the sheet's tables are not recognised (an Episodes table was renamed or deleted): rename it back, or make a new show sheet (nothing was changed)",
    );
  const state = await showLayoutState(excel, def.sheetName, prefix);
  if (typeof state === "object")
    throw new Error(
      `the sheet's table${state.missing.length > 1 ? "s" : ""} ${state.missing.join(", ")} ${state.missing.length > 1 ? "are" : "is"} missing (renamed or deleted): rename ${state.missing.length > 1 ? "them" : "it"} back, or make a new show sheet (nothing was changed)`,
    );
  if (state === "current") return refreshShowInPlace(excel, def, prefix, show, updated);
  // A sheet of the first layout: what the old code wrote there cannot be told from the planner's
  // cells, so it is left as it is and the show is written on a new sheet, which the report moves to.
  const taken = await takenNames(excel);
  const moved = {
    sheetName: sheetNameFor(def.sheetName, taken.sheets),
    prefix: tablePrefixFor(def.sheetName, taken.tables),
  };
  const record = updated(await newestOf(excel, def), [], showRowCount(show));
  const { rows, tables } = await writeShowSheet(excel, show, {
    ...moved,
    requestedId: requestedShowId(def.params),
  });
  const next: ReportDefinition = {
    ...record,
    tables,
    rowCount: rows,
    statusLine: true,
    statusHash: undefined,
    fetchedLine: fetchedLineOf({ ...record, rowCount: rows }),
    ...moved,
    tableName: moved.prefix,
    notes: [
      ...(record.notes ?? []),
      `"${def.sheetName}" was made in the first layout of show sheets (before 2026-11-23), where the add-in's cells cannot be told from yours: the show is refreshed on this new sheet, and "${def.sheetName}" stays as it was (it no longer refreshes)`,
    ],
  };
  const created = await createRecord(excel, { ...next, revision: undefined });
  await removeDefinition(excel, def.sheetName);
  return created;
}
