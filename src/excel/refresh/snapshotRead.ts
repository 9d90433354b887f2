/**
 * The read step's snapshot of a refresh: the span it may touch (each table and the row under it, the
 * reserved blocks, the lines blocks, the status cell), read step by step (readSnapshot, the planner's
 * columns in R1C1, the notes beside) or taken from a lone table's one-sync read (readOnce.ts) when
 * that covers it.
 */
import { rowBytes } from "../chunkPlan";
import type { BesideNote } from "../plannerWork";
import { a1 } from "../tableWriter";
import { blockArea, type LinesBlock } from "./lines";
import { besideOf, BESIDE_COLUMNS, r1c1Of, snapshotOf, type ReadOnce } from "./readOnce";
import { readSnapshot } from "./snapshot";
import type { Box } from "./structure";
import type { TablePlan } from "./target";

/** The span a refresh may touch: each table and the row under it, the reserved blocks, the lines blocks. */
function spanOf(plans: readonly TablePlan[], lines: readonly LinesBlock[], extra: readonly Box[]): Box {
  const boxes: Box[] = [
    ...plans.map((p) => ({ ...p.old, rows: Math.max(p.old.rows + 1, (p.target.reservedRows ?? 0) + 1) })),
    ...lines.map(blockArea),
    ...extra,
  ];
  const top = Math.min(...boxes.map((b) => b.row));
  const left = Math.min(...boxes.map((b) => b.col));
  const bottom = Math.max(...boxes.map((b) => b.row + b.rows));
  const right = Math.max(...boxes.map((b) => b.col + b.cols));
  return { row: top, col: left, rows: bottom - top, cols: right - left };
}

/** What a snapshot must hold: the span, the rows whose bold is kept, which cells' links are read. */
function snapshotRequest(plans: readonly TablePlan[], lines: readonly LinesBlock[], extra: readonly Box[]) {
  const span = spanOf(plans, lines, extra);
  const plannerCell = (row: number, col: number) =>
    plans.some((p) =>
      p.columns.slots.some(
        (s) =>
          s.kind === "planner" &&
          col === p.old.col + s.from &&
          row > p.old.row &&
          row < p.old.row + p.old.rows,
      ),
    );
  const boldRows = [
    ...new Set([
      ...plans.map((p) => p.old.row + p.old.rows),
      ...lines.flatMap((l) => (l.boldRows ?? []).map((r) => l.row + r)),
    ]),
  ];
  const bytesPerRow =
    Math.max(16, ...plans.map((p) => 2 * rowBytes(p.target.table.rows[0] ?? []))) + 14 * span.cols;
  return {
    span,
    boldRows,
    bytesPerRow,
    mayLink: (row: number, col: number, v: unknown) =>
      (typeof v === "string" && /^https?:\/\//i.test(v)) || (v !== "" && v !== null && plannerCell(row, col)),
  };
}

/** Reads the span, and the planner's columns in R1C1 (their formulas, to refill them). */
export async function snapshotFor(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  plans: readonly TablePlan[],
  lines: readonly LinesBlock[],
  extra: readonly Box[],
) {
  const req = snapshotRequest(plans, lines, extra);
  const { snap, syncs } = await readSnapshot(context, sheet, req);
  const r1c1 = plans.map((p) =>
    p.columns.slots.flatMap((s) => {
      if (s.kind !== "planner") return [];
      const r = sheet.getRange(a1(p.old.row + 1, p.old.col + s.from, Math.max(1, p.old.rows - 1), 1));
      r.load("formulasR1C1");
      return [{ from: s.from, r }];
    }),
  );
  const used = plans.some((p) => p.target.beside) ? sheet.getUsedRangeOrNullObject(true) : null;
  used?.load("columnIndex,columnCount");
  const formulasRead = r1c1.some((list) => list.length) || used !== null;
  if (formulasRead) await context.sync();
  const beside = await besideCells(context, sheet, plans, used);
  return {
    snap,
    syncs: syncs + (formulasRead ? 1 : 0) + (beside.synced ? 1 : 0),
    beside: beside.notes,
    r1c1: r1c1.map((list) => new Map(list.map(({ from, r }) => [from, r.formulasR1C1.map((row) => row[0])]))),
  };
}

/** The snapshot, R1C1 formulas and notes beside a lone table, from its one-sync read, when it covers the span needed. */
export function snapshotFromRead(
  read: ReadOnce,
  plans: readonly TablePlan[],
  lines: readonly LinesBlock[],
  extra: readonly Box[],
) {
  const req = snapshotRequest(plans, lines, extra);
  const { span } = req;
  const inside =
    span.row >= read.span.row &&
    span.col >= read.span.col &&
    span.row + span.rows <= read.span.row + read.span.rows &&
    span.col + span.cols <= read.span.col + read.span.cols;
  if (!inside) return null;
  // The read cut to the span needed, so a failure puts back exactly what the step-by-step read would.
  const cut = <T>(grid: T[][]) =>
    grid
      .slice(span.row - read.span.row, span.row - read.span.row + span.rows)
      .map((row) => row.slice(span.col - read.span.col, span.col - read.span.col + span.cols));
  const part: ReadOnce = {
    ...read,
    span,
    formulas: cut(read.formulas),
    values: cut(read.values),
    numberFormat: cut(read.numberFormat),
    bold: cut(read.bold),
    links: cut(read.links),
  };
  const p = plans[0];
  const planner = p.columns.slots.flatMap((s) => (s.kind === "planner" ? [s.from] : []));
  return {
    snap: snapshotOf(part, req.boldRows, req.mayLink),
    r1c1: [r1c1Of(part, p.old, planner)],
    beside: [p.target.beside ? besideOf(read, p.old, p.target.beside.own) : []],
  };
}

/** The cells right of each table asked to (target.beside), outside it and the add-in's own boxes, that hold something. */
async function besideCells(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  plans: readonly TablePlan[],
  used: Excel.Range | null,
): Promise<{ notes: BesideNote[][]; synced: boolean }> {
  if (!used || used.isNullObject) return { notes: plans.map(() => []), synced: false };
  const right = used.columnIndex + used.columnCount;
  const reads = plans.map((p) => {
    const from = p.old.col + p.old.cols;
    const cols = Math.min(BESIDE_COLUMNS, right - from);
    if (!p.target.beside || cols <= 0 || p.old.rows < 2) return null;
    const r = sheet.getRange(a1(p.old.row + 1, from, p.old.rows - 1, cols));
    r.load("values");
    return { r, from };
  });
  if (!reads.some(Boolean)) return { notes: plans.map(() => []), synced: false };
  await context.sync();
  const notes = plans.map((p, i) => {
    const read = reads[i];
    if (!read) return [];
    const own = p.target.beside?.own ?? [];
    const list: BesideNote[] = [];
    read.r.values.forEach((row, r) =>
      row.forEach((v, c) => {
        const at = { row: p.old.row + 1 + r, col: read.from + c };
        if (v === "" || v === null || own.some((b) => inBox(b, at.row, at.col))) return;
        list.push({ r, address: a1(at.row, at.col), text: String(v) });
      }),
    );
    return list;
  });
  return { notes, synced: true };
}

const inBox = (b: Box, row: number, col: number) =>
  row >= b.row && row < b.row + b.rows && col >= b.col && col < b.col + b.cols;
