/**
 * The content of a refreshed table, once its shape is right: the report's columns (in runs of
 * adjacent columns, wherever the planner moved them), their headers unless the planner renamed
 * them, the planner's columns filled again (calculated ones in every row, notes on their rows with
 * their links), the totals row and the widths, all queued into a SyncBatch.
 */
import type { TypedTable } from "../../api/table";
import { bulkRowBytes, callBytes, cellBytes, chunkFixedBytes, rowBytes } from "../chunkPlan";
import type { PlannerColumn } from "../plannerWork";
import { fillChunks, type SyncBatch } from "../syncBatch";
import {
  a1,
  bodyFormats,
  prepare,
  queueTotalsAndWidths,
  setColumnFormats,
  SET_CALL,
  writeRows,
  type TableLayout,
} from "../tableWriter";
import { TEXT_FORMAT } from "../cellFormats";
import type { Slot } from "./columnPlan";

/** Adjacent report columns in report order: written as one block from `col` (the sheet's). */
interface Run {
  /** First report column index and how many. */
  j: number;
  count: number;
  /** Table column index of the first. */
  at: number;
}

/** The report's columns as runs: each a block of columns adjacent both in the report and in the table. */
export function runsOf(slots: readonly Slot[]): Run[] {
  const runs: Run[] = [];
  slots.forEach((s, at) => {
    if (s.kind !== "report") return;
    const last = runs[runs.length - 1];
    if (last && last.at + last.count === at && last.j + last.count === s.j) last.count++;
    else runs.push({ j: s.j, count: 1, at });
  });
  return runs;
}

/** The columns [j, j + count) of `table`, as a table of their own (the whole table when it is all of it). */
function columnsOf(table: TypedTable, j: number, count: number): TypedTable {
  if (j === 0 && count === table.columns.length) return table;
  return {
    columns: table.columns.slice(j, j + count),
    rows: table.rows.map((r) => r.slice(j, j + count)),
    totals: table.totals?.slice(j, j + count),
  };
}

export interface ContentPlan {
  table: TypedTable;
  slots: readonly Slot[];
  header: number;
  col: number;
  bodyRows: number;
  /** The planner's formats on the report's columns (report column index → format). */
  formats: ReadonlyMap<number, string>;
  planner: readonly PlannerColumn[];
  /** The old table's column widths (by old table column): a report column keeps a wider one it had. */
  widths: readonly number[];
  sheetName: string;
  tableName: string;
}

/** Queues each report column's body format: before any value arrives (a Text cell must be Text first). */
export function queueFormats(sheet: Excel.Worksheet, p: ContentPlan): number {
  const formats = bodyFormats(p.table, p.formats);
  let bytes = 0;
  for (const run of runsOf(p.slots)) {
    const layout = {
      sheetName: p.sheetName,
      tableName: p.tableName,
      headerRow: p.header,
      col: p.col + run.at,
    };
    setColumnFormats(sheet, layout, formats.slice(run.j, run.j + run.count), p.bodyRows);
    bytes += run.count * SET_CALL;
  }
  return bytes;
}

/**
 * Queues the report's headers, after everything else: a planner's formula is written back under the
 * names it was read with, and a header that changed (a report column now in a planner's words)
 * renames the references to it, as Excel does when a header changes.
 */
export async function queueHeaders(sheet: Excel.Worksheet, p: ContentPlan, batch: SyncBatch): Promise<void> {
  for (const run of runsOf(p.slots)) {
    const headers = p.slots.slice(run.at, run.at + run.count).map((s) => s.header);
    const bytes = callBytes("A1:XFD1", 2 * rowBytes(headers));
    await batch.room(bytes);
    batch.add(bytes);
    const header = sheet.getRange(a1(p.header, p.col + run.at, 1, run.count));
    header.numberFormat = [headers.map(() => TEXT_FORMAT)];
    header.values = [headers];
  }
}

/**
 * Queues every report row (in runs), then the planner's columns, then totals and widths. `widths`
 * is shared by tables stacked in the same columns (a show sheet's): each column gets the widest any
 * of them needs, so no table's headers are cut by a later one's narrower fit.
 */
export async function queueContent(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  p: ContentPlan,
  batch: SyncBatch,
  widths: Map<number, number>,
): Promise<{ truncated: number; links: number }> {
  let truncated = 0;
  let links = 0;
  const formats = bodyFormats(p.table, p.formats);
  const runs = runsOf(p.slots);
  // No rows: the one body row a table keeps is written empty, over the old first row.
  const body = p.table.rows.length ? p.table : { ...p.table, rows: [p.table.columns.map(() => null)] };
  for (const run of runs) {
    const prepared = prepare(columnsOf(body, run.j, run.count));
    truncated += prepared.truncated;
    links += prepared.links.length;
    const layout: TableLayout = {
      sheetName: p.sheetName,
      tableName: p.tableName,
      headerRow: p.header,
      col: p.col + run.at,
    };
    await writeRows(context, sheet, layout, prepared, run.count, batch);
  }
  for (const column of p.planner) await queuePlannerColumn(sheet, p, column, batch);
  // No rows: nothing to fit the report's columns to but their headers, so they keep their widths.
  const keep = new Set(
    body === p.table
      ? []
      : p.slots.flatMap((s, at) => (s.kind === "report" && s.from !== undefined ? [p.col + at] : [])),
  );
  // A column a planner widened stays as wide, wherever it moved (Excel's autofit never narrows either).
  const atLeast = new Map(
    p.slots.flatMap((s, at) =>
      s.kind === "report" && s.from !== undefined ? [[p.col + at, p.widths[s.from] ?? 0] as const] : [],
    ),
  );
  for (const run of runs) {
    const part = columnsOf(p.table, run.j, run.count);
    const layout = {
      sheetName: p.sheetName,
      tableName: p.tableName,
      headerRow: p.header,
      col: p.col + run.at,
    };
    await queueTotalsAndWidths(
      sheet,
      layout,
      part,
      formats.slice(run.j, run.j + run.count),
      batch,
      widths,
      keep,
      atLeast,
    );
  }
  // A planner's column that moved (report columns came or went before it) takes its width along:
  // cells move within the table, sheet columns keep their widths.
  for (const [at, slot] of p.slots.entries()) {
    if (slot.kind !== "planner" || slot.from === at || p.widths[slot.from] === undefined) continue;
    await batch.room(SET_CALL);
    batch.add(SET_CALL);
    sheet.getRange(a1(p.header, p.col + at)).format.columnWidth = p.widths[slot.from];
  }
  return { truncated, links };
}

/** A planner column filled again: its formula in every row (but its exceptions), or its notes on their rows; links set. */
async function queuePlannerColumn(
  sheet: Excel.Worksheet,
  p: ContentPlan,
  c: PlannerColumn,
  batch: SyncBatch,
): Promise<void> {
  const col = p.col + c.slot;
  const contents = Array.from({ length: p.bodyRows }, (_, r) => [c.cells[r]?.content ?? c.calculated ?? ""]);
  const formats = Array.from({ length: p.bodyRows }, (_, r) => [c.cells[r]?.format ?? c.format]);
  const costs = contents.map((row, r) => rowBytes(row) + rowBytes(formats[r]) + 2 * bulkRowBytes(1));
  await fillChunks(batch, costs, chunkFixedBytes(2), (start, end) => {
    const range = sheet.getRange(a1(p.header + 1 + start, col, end - start, 1));
    // The format first: a Text cell must be Text before its text arrives.
    range.numberFormat = formats.slice(start, end) as string[][];
    range.formulasR1C1 = contents.slice(start, end) as string[][];
  });
  for (const [r, cell] of c.cells.entries()) {
    if (!cell?.link) continue;
    const bytes = callBytes("XFD1048576", cellBytes(cell.link) * 2 + 32);
    await batch.room(bytes);
    batch.add(bytes);
    const target = sheet.getRange(a1(p.header + 1 + r, col));
    // The text a link shows is the cell's text (without the apostrophe kept text carries outside a
    // Text cell). A link's display text replaces the cell's content, so a number, truth value,
    // formula or empty text is written again after it and stays what it was.
    const text =
      typeof cell.content === "string" && !cell.content.startsWith("=")
        ? cell.format === TEXT_FORMAT
          ? cell.content
          : cell.content.replace(/^'/, "")
        : "";
    target.hyperlink = text ? { address: cell.link, textToDisplay: text } : { address: cell.link };
    if (!text && cell.content !== "" && cell.content !== undefined)
      target.formulasR1C1 = [[cell.content as string]];
  }
}
