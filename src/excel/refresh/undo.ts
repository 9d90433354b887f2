/**
 * Undoing a refresh's shapes after a failure: each table's rows moved back (inserted where they were
 * deleted, deleted where they were inserted), the columns it added deleted and the ones it deleted
 * added back where they were, and the table resized to its old extent. What was done is known from
 * the syncs that succeeded; for the one that failed, from what the workbook now says.
 */
import type { TablePlan } from "./target";
import { a1 } from "../tableWriter";
import { rowMove } from "./structure";

/** What the refresh did so far: tables whose columns and rows were re-shaped, and the step that was running. */
export interface Shaping {
  columns: Set<TablePlan>;
  rows: Set<TablePlan>;
  failedIn: "columns" | TablePlan | undefined;
}

/** Moves every table's shape back; the cells are then written back from the snapshot. */
export async function undoShapes(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  plans: readonly TablePlan[],
  shaping: Shaping,
): Promise<void> {
  const now = plans.map((p) => {
    const range = p.table.getRange();
    range.load("rowCount,columnCount");
    p.table.columns.load("items/id");
    return range;
  });
  await context.sync();
  for (const [i, p] of [...plans.entries()].reverse()) {
    undoRows(sheet, p, shaping, now[i].rowCount - 1, now[i].columnCount);
    undoColumns(
      p,
      p.table.columns.items.map((c) => c.id),
    );
    p.table.resize(a1(p.old.row, p.old.col, p.old.rows, p.old.cols));
  }
  await context.sync();
}

function undoRows(sheet: Excel.Worksheet, p: TablePlan, shaping: Shaping, body: number, width: number): void {
  if (p.target.reservedRows !== undefined) return;
  const block = { row: p.old.row, col: p.old.col, rows: p.old.rows + (p.before.totals ? 1 : 0), cols: width };
  const move = rowMove(block, p.before, p.after);
  if (!move) return;
  const is = p.after.body + (p.after.totals ? 1 : 0);
  // The sync that moved them failed: they moved if the table now holds the new block.
  const moved = shaping.rows.has(p) || (shaping.failedIn === p && body === is);
  if (!moved) return;
  // The table over its whole block again, then the inverse move.
  p.table.resize(a1(p.old.row, p.old.col, is + 1, width));
  const band = { ...move.band, cols: width };
  const cells = sheet.getRange(a1(band.row, band.col, band.rows, band.cols));
  if (move.direction === "Down") cells.delete("Up" as Excel.DeleteShiftDirection);
  else cells.insert("Down" as Excel.InsertShiftDirection);
}

/** Columns the refresh added go; report columns it deleted come back at their old places (with new ids). */
function undoColumns(p: TablePlan, current: number[]): void {
  const kept = p.ids.filter((id) => current.includes(id));
  if (!kept.length) {
    // A table keeps at least one column: the old ones come back after the new ones, which then go.
    p.headers.forEach((header, i) => p.table.columns.add(current.length + i, undefined, header));
    for (const id of current) p.table.columns.getItem(id).delete();
    return;
  }
  for (const id of current) if (!p.ids.includes(id)) p.table.columns.getItem(id).delete();
  p.ids.forEach((id, i) => {
    if (kept.includes(id)) return;
    p.table.columns.add(i, undefined, p.headers[i]);
  });
}
