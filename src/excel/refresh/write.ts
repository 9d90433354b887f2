/**
 * The write step of a refresh: the tables' new shapes (columns in a sync of their own, so their new
 * ids are known; a lone table's rows moved in the writes' first sync, several tables' a sync each, so a
 * failure tells which moved), then everything else in one SyncBatch (formats, lines, rows, planner
 * columns, totals, headers), the caller's commit and reads riding in its last sync.
 */
import { SyncBatch } from "../syncBatch";
import { a1, bodyFormats, queueRecalculation, tableHeaders } from "../tableWriter";
import type { WrittenColumn } from "../plannerWork";
import type { StatusCell } from "../statusCell";
import { queueContent, queueFormats, queueHeaders, runsOf } from "./content";
import { fittedLines, ownedBy, queueBlock, type LinesBlock } from "./lines";
import { address } from "./plan";
import { rowMarksFor } from "./rowMarks";
import type { Snapshot } from "./snapshot";
import { rowMove, type Box } from "./structure";
import type { RefreshOptions, RefreshedTable, TablePlan } from "./target";
import type { Shaping } from "./undo";

/**
 * The tables' new shapes: the report's columns deleted and added (one sync), then, a table at a
 * time, the old totals row taken into it and its rows inserted or deleted (a sync each). Returns
 * each table's column ids, left to right.
 */
export async function reshape(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  plans: TablePlan[],
  shaping: Shaping,
): Promise<{ ids: number[][]; syncs: number }> {
  // No column comes or goes (the usual refresh): the ids read when the tables were located stand,
  // and the totals-row resize rides with the next sync, so no sync is spent here.
  const columnsChange = plans.some((p) => p.columns.deletions.length > 0 || p.columns.insertions.length > 0);
  const columns = plans.map((p) => {
    // The old totals row is the table's while its shape changes: columns and rows move across it too.
    if (p.before.totals && p.target.reservedRows === undefined)
      p.table.resize(address({ ...p.old, rows: p.old.rows + 1 }));
    if (!columnsChange) return null;
    // A table keeps at least one column: when every old one goes, the first stays until the new ones are in.
    const emptying = p.columns.deletions.length === p.old.cols;
    for (const i of p.columns.deletions) if (!emptying || i > 0) p.table.columns.getItemAt(i).delete();
    for (const at of p.columns.insertions)
      p.table.columns.add(at + (emptying ? 1 : 0), undefined, p.columns.slots[at].header);
    if (emptying) p.table.columns.getItemAt(0).delete();
    p.table.columns.load("items/id");
    return p.table.columns;
  });
  let syncs = 0;
  if (columnsChange) {
    shaping.failedIn = "columns";
    await context.sync();
    syncs++;
    plans.forEach((p) => shaping.columns.add(p));
  }
  const ids = columns.map((c, i) => (c ? c.items.map((x) => x.id) : [...plans[i].ids]));
  for (const p of plans) {
    if (p.target.reservedRows !== undefined) continue;
    const width = p.columns.slots.length;
    const block = {
      row: p.old.row,
      col: p.old.col,
      rows: p.old.rows + (p.before.totals ? 1 : 0),
      cols: width,
    };
    const move = rowMove(block, p.before, p.after);
    if (!move) continue;
    if (p.before.totals) p.table.resize(address(block));
    const cells = sheet.getRange(address(move.band));
    if (move.direction === "Down") cells.insert("Down" as Excel.InsertShiftDirection);
    else cells.delete("Up" as Excel.DeleteShiftDirection);
    shaping.failedIn = p;
    // A lone table without totals rows: its rows move in the writes' first sync; after a failure,
    // its length tells whether they moved (the writes leave it as long as the new data, undo.ts).
    if (plans.length === 1 && !p.before.totals && !p.after.totals) return { ids, syncs };
    // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one table's rows a sync, so a failure tells which moved
    await context.sync();
    syncs++;
    shaping.rows.add(p);
  }
  shaping.failedIn = undefined;
  return { ids, syncs };
}

/** Everything else, in one SyncBatch: shapes final, formats, lines, rows, planner columns, totals, headers, the commit. */
export async function writeAll(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  plans: TablePlan[],
  lines: readonly LinesBlock[],
  snap: Snapshot,
  { ids }: { ids: number[][] },
  status: StatusCell | null,
  shaping: Shaping,
  opts: RefreshOptions,
): Promise<{ syncs: number; tables: RefreshedTable[]; lines: Box[] }> {
  const batch = new SyncBatch(context);
  context.workbook.application.suspendApiCalculationUntilNextSync();
  const contents = plans.map((p) => {
    const c = {
      table: p.target.table,
      slots: p.columns.slots,
      header: p.old.row,
      col: p.old.col,
      bodyRows: p.after.body,
      formats: p.kept.formats,
      planner: p.kept.planner,
      widths: p.widths,
      sheetName: "",
      tableName: p.target.tableName,
    };
    finalShape(sheet, p);
    batch.add(queueFormats(sheet, c));
    return c;
  });
  const written = lines.map((l) => {
    const owned = ownedBy(l, snap);
    return queueBlock(sheet, l, owned, fittedLines(l, snap, owned));
  });
  const tables: RefreshedTable[] = [];
  const widths = new Map<number, number>();
  for (const [i, p] of plans.entries()) {
    const { truncated, links } = await queueContent(context, sheet, contents[i], batch, widths);
    if (p.sorted) p.table.sort.reapply();
    if (p.filtered) p.table.autoFilter.reapply();
    tables.push(refreshed(p, ids[i], truncated, links));
  }
  for (const c of contents) await queueHeaders(sheet, c, batch);
  // The commit and the recalculation ride in the headroom every sync keeps (chunkPlan.ts).
  opts.commit?.(sheet, { tables, lines: written, status });
  queueRecalculation(context);
  opts.afterWrite?.();
  await batch.sync();
  shaping.failedIn = undefined;
  return { syncs: batch.syncs, tables, lines: written };
}

/** The table at its final size; the report's old cells without their links; an old totals row that is now a body row without its bold. */
function finalShape(sheet: Excel.Worksheet, p: TablePlan): void {
  const width = p.columns.slots.length;
  p.table.resize(a1(p.old.row, p.old.col, p.after.body + 1, width));
  // The planner's columns' links are set again on the rows their cells go to (queuePlannerColumn):
  // a link left where it was would sit on another row once rows move.
  for (const c of p.kept.planner)
    sheet.getRange(a1(p.old.row + 1, p.old.col + c.slot, p.after.body, 1)).clear("Hyperlinks");
  for (const run of runsOf(p.columns.slots)) {
    const rows = p.after.body + (p.after.totals ? 1 : 0);
    sheet.getRange(a1(p.old.row + 1, p.old.col + run.at, rows, run.count)).clear("Hyperlinks");
    if (p.before.totals && !p.after.totals)
      sheet.getRange(a1(p.old.row + p.after.body, p.old.col + run.at, 1, run.count)).format.font.bold = false;
  }
  if (p.target.reservedRows !== undefined) {
    // In place: rows the table no longer holds (old rows, an old totals row) lose what they had.
    const oldBottom = p.old.row + p.old.rows + (p.before.totals ? 1 : 0);
    const newBottom = p.old.row + 1 + p.after.body + (p.after.totals ? 1 : 0);
    if (oldBottom > newBottom)
      sheet.getRange(a1(newBottom, p.old.col, oldBottom - newBottom, width)).clear("All");
  }
}

function refreshed(p: TablePlan, ids: number[], truncated: number, links: number): RefreshedTable {
  const names = tableHeaders(p.target.table.columns);
  const slotOf = new Map(
    p.columns.slots.flatMap((s, at) => (s.kind === "report" ? [[s.j, at] as const] : [])),
  );
  // The add-in's own formats, so a planner's stays recognisable next time.
  const formats = bodyFormats(p.target.table);
  const written: WrittenColumn[] = [];
  p.columns.slots.forEach((s, at) => {
    if (s.kind === "report") written[s.j] = { name: names[s.j], format: formats[s.j], id: ids[at] };
  });
  return {
    tableName: p.target.tableName,
    rows: p.target.table.rows.length,
    columns: p.target.table.columns.length,
    truncatedCells: truncated,
    hyperlinks: links,
    written,
    totals: p.after.totals,
    rowMarks: rowMarksFor(p.target.table, (j) => ids[slotOf.get(j)!]),
    misaligned: p.kept.misaligned,
    kept: {
      calculated: p.kept.planner.filter((c) => c.calculated !== undefined).map((c) => c.name),
      static: p.kept.planner.filter((c) => c.calculated === undefined).map((c) => c.name),
      formats: [...p.kept.formats.keys()].map((j) => names[j]),
    },
  };
}
