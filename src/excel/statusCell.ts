/**
 * A report sheet's status line (issue #44, #54): rendered from the record as it is saved, and written
 * into its cell by this module alone, for table, show and prospects sheets alike. It is written where
 * the cell still holds a line the add-in wrote (known by the record's fingerprint of it, never by
 * reading its words) or, for a new sheet and a refresh, where it is empty; a cell the planner typed
 * over is theirs and stays. The store saves the record with it (store/reportRecords.ts).
 */
import { fingerprint } from "../api/fingerprint";
import type { ReportDefinition } from "../reports/definition";
import { earlierLineData, renderStatusLine, type StatusRecord } from "../reports/statusLine";

/** Where a show sheet's line is: under its title (showLayout.ts). */
export const SHOW_STATUS_CELL = { row: 2, col: 0 } as const;

/** Whether the cell's content is the status line the add-in last wrote for `def` (by its fingerprint). */
function lineIsOurs(def: Pick<ReportDefinition, "statusHash">, first: unknown): boolean {
  if (typeof first !== "string") return false;
  if (def.statusHash !== undefined) return fingerprint(first) === def.statusHash;
  // Sheets stored before fingerprints: by how every status line began.
  return /^(Last refreshed |Not refreshed yet|Refresh failed )/.test(first);
}

const isEmpty = (v: unknown) => v === "" || v === null || v === undefined;

/**
 * Queues the load of a record's status cell: a report table's is the sheet's first row over its table's
 * first column (found through the table, wherever the planner moved it); a show sheet's is fixed.
 */
export function queueStatusCell(
  sheet: Excel.Worksheet,
  kind: ReportDefinition["kind"],
  table: Excel.Table | null,
): Excel.Range | null {
  const cell =
    kind === "show"
      ? sheet.getCell(SHOW_STATUS_CELL.row, SHOW_STATUS_CELL.col)
      : table
        ? table.getRange().getEntireColumn().getCell(0, 0)
        : null;
  cell?.load("values");
  return cell;
}

/** A status cell as read: where to write, and what it held when read. */
export interface StatusCell {
  cell: Excel.Range;
  value: unknown;
}

/**
 * The one writer of the status line: queues the line rendered from `record` into its cell where that
 * cell holds a line the add-in wrote for `record` or one of `others` (the records it may show), or is
 * empty and `emptyTakes`. Returns the record with the fingerprint of what its cell now shows, and
 * whether the line was written.
 */
export function queueStatusLine<R extends StatusRecord & Pick<ReportDefinition, "statusHash" | "statusLine">>(
  at: StatusCell | null,
  record: R,
  others: readonly Pick<ReportDefinition, "statusHash">[],
  opts: { emptyTakes?: boolean } = {},
): { record: R; written: boolean } {
  if (!at || !record.statusLine) return { record, written: false };
  const ours = [record, ...others].some((r) => lineIsOurs(r, at.value));
  if (!ours && !(opts.emptyTakes && isEmpty(at.value))) return { record, written: false };
  // A record an earlier version stored without its line's words takes them from that version's line, once.
  const known =
    ours && record.fetchedLine === undefined && typeof at.value === "string"
      ? { ...record, fetchedLine: earlierLineData(at.value) }
      : record;
  const line = renderStatusLine(known);
  if (line !== at.value) at.cell.values = [[line]];
  return { record: { ...known, statusHash: fingerprint(line) }, written: true };
}
