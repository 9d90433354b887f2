/**
 * A refresh of one sheet's tables, in order: find them, work everything out and check it (nothing
 * written yet), read what may change, then re-shape each table (columns, then rows, each in a sync
 * of its own so a failure tells what was done) and write its content. If anything fails, the shapes
 * are undone and every cell read is put back.
 */
import { reportHeaderLabel } from "../../api/fieldLabels";
import { dateSystemOf, tableInSystem } from "../dateSystem";
import type { ExcelHost } from "../host";
import { plannerWork, type BesideNote, type WrittenColumn } from "../plannerWork";
import { SyncBatch } from "../syncBatch";
import { rowBytes } from "../chunkPlan";
import { a1, bodyFormats, checkFits, queueRecalculation, tableHeaders } from "../tableWriter";
import type { RefreshTarget, RefreshedTable, TablePlan } from "./target";
import { planColumns } from "./columnPlan";
import { queueContent, queueFormats, queueHeaders, runsOf } from "./content";
import { blockArea, fittedLines, ownedBy, queueBlock, type LinesBlock } from "./lines";
import { address, hadTotals, locate, oldTable, others, refuse, shapeProblems } from "./plan";
import { readSnapshot, restoreSnapshot, type Snapshot } from "./snapshot";
import { anyColumnMove, cutBy, named, rowMove, type Box } from "./structure";
import { undoShapes, type Shaping } from "./undo";
import { rowMarksFor } from "./rowMarks";
import type { RowMarks } from "../../reports/definition";
import type { StatusCell } from "../statusCell";

export interface RefreshOptions {
  /** The lines blocks, or a function of where the tables are (a summary sits above its table). */
  lines?: readonly LinesBlock[] | ((tables: readonly Box[]) => LinesBlock[]);
  /**
   * The sheet's status cell, given where the tables are: read with the rest (and put back on a
   * failure), handed to the commit, whose record's one writer writes the line (statusCell.ts).
   */
  status?: (tables: readonly Box[]) => { row: number; col: number };
  /** Queues more writes (e.g. the updated report definition) into the last sync, so they commit with the data. */
  commit?: (
    sheet: Excel.Worksheet,
    result: { tables: RefreshedTable[]; lines: Box[]; status: StatusCell | null },
  ) => void;
}

type Located = Awaited<ReturnType<typeof locate>>;

/** Each table's plan (columns by identity, rows before and after), and the problems that need no snapshot. */
function plansFor(
  targets: readonly RefreshTarget[],
  located: Located,
): { plans: TablePlan[]; problems: string[] } {
  const problems: string[] = [];
  const rest = others(located.sheetTables, targets);
  const plans = targets.map((target, i): TablePlan => {
    const f = located.found[i];
    const columns = planColumns(
      { ids: f.ids, headers: f.headers },
      target.previous?.columns,
      tableHeaders(target.table.columns),
      target.reportFields,
    );
    const say = (list: string[]) =>
      problems.push(...list.map((m) => (targets.length > 1 ? `${target.tableName}: ${m}` : m)));
    say(shapeProblems(target, f.old, rest));
    if (columns.deletions.length || columns.insertions.length) {
      const cut = cutBy(anyColumnMove(f.old), rest);
      if (cut.length)
        say([
          `the table ${cut.map((t) => named(t, address)).join(", ")} lies partly beside the report, and its columns could not change: move it clear of rows ${f.old.row + 1}–${f.old.row + f.old.rows}`,
        ]);
    }
    const planner = columns.slots.filter((s) => s.kind === "planner").length;
    checkFits(target.table, f.old.row, f.old.col, planner);
    const body = Math.max(1, target.table.rows.length);
    if (target.reservedRows !== undefined && body + (target.table.totals ? 1 : 0) > target.reservedRows)
      say([`the table holds at most ${target.reservedRows} rows in this sheet's layout`]);
    return {
      target,
      table: f.t,
      old: f.old,
      headers: f.headers,
      ids: f.ids,
      columns,
      before: { body: f.old.rows - 1, totals: false },
      after: { body, totals: Boolean(target.table.totals) },
      kept: { planner: [], formats: new Map(), problems: [], misaligned: [] },
      sorted: f.sorted,
      filtered: f.filtered,
    };
  });
  return { plans, problems };
}

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

/** Reads the span, and the planner's columns in R1C1 (their formulas, to refill them). */
async function snapshotFor(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  plans: readonly TablePlan[],
  lines: readonly LinesBlock[],
  extra: readonly Box[],
) {
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
  const { snap, syncs } = await readSnapshot(context, sheet, {
    span,
    boldRows,
    bytesPerRow,
    mayLink: (row, col, v) =>
      (typeof v === "string" && /^https?:\/\//i.test(v)) || (v !== "" && v !== null && plannerCell(row, col)),
  });
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
  if (r1c1.some((list) => list.length) || used) await context.sync();
  const beside = await besideCells(context, sheet, plans, used);
  return {
    snap,
    syncs: syncs + 1 + (beside.synced ? 1 : 0),
    beside: beside.notes,
    r1c1: r1c1.map((list) => new Map(list.map(({ from, r }) => [from, r.formulasR1C1.map((row) => row[0])]))),
  };
}

/** Columns right of a table read at most for notes beside it. */
const BESIDE_COLUMNS = 26;

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

/** The planner's work of each table, and what a reserved block would overwrite. */
function keepWork(
  plans: TablePlan[],
  snap: Snapshot,
  r1c1: Map<number, unknown[]>[],
  beside: BesideNote[][],
): string[] {
  const problems: string[] = [];
  plans.forEach((p, i) => {
    p.before = { body: p.old.rows - 1, totals: hadTotals(p.target, snap, p.old) };
    const nextHeaders = tableHeaders(p.target.table.columns);
    const written = new Map<number, string>();
    nextHeaders.forEach((name, j) => {
      // Found as columnPlan finds it: by the header it shows now (a service field name now in words).
      const was = p.target.previous?.columns?.find(
        (c) => reportHeaderLabel(c.name).toLowerCase() === reportHeaderLabel(name).toLowerCase(),
      );
      if (was) written.set(j, was.format);
    });
    p.kept = plannerWork(
      oldTable(snap, p.old, p.headers, r1c1[i]),
      p.target.table,
      p.columns,
      p.target.previous,
      p.after.body,
      written,
      markedColumns(p.target.previous?.rowMarks, p.ids),
      beside[i],
    );
    problems.push(...p.kept.problems.map((m) => (plans.length > 1 ? `${p.target.tableName}: ${m}` : m)));
    if (p.target.reservedRows !== undefined) problems.push(...reservedProblems(p, snap));
    problems.push(
      ...totalsRowProblems(p, snap).map((m) => (plans.length > 1 ? `${p.target.tableName}: ${m}` : m)),
    );
  });
  return problems;
}

/**
 * A totals row the new data drops takes its cells with it: an entry the planner typed there, under a
 * column of theirs, would be lost, so the refresh is refused naming it.
 */
function totalsRowProblems(p: TablePlan, snap: Snapshot): string[] {
  if (!p.before.totals || p.after.totals) return [];
  const row = p.old.row + p.old.rows;
  return p.columns.slots.flatMap((slot) => {
    if (slot.kind !== "planner") return [];
    const v = snap.formulas[row - snap.row]?.[p.old.col + slot.from - snap.col];
    if (v === "" || v === null || v === undefined) return [];
    return [
      `"${slot.header}" has an entry in the totals row (${a1(row, p.old.col + slot.from)}), which the new data does not have: copy it elsewhere or clear it`,
    ];
  });
}

/** The old table's indexes of the columns rows were marked by; null when one is no longer in the table. */
function markedColumns(marks: RowMarks | undefined, ids: readonly number[]): number[] | null {
  if (!marks) return null;
  const at = marks.columns.map((id) => ids.indexOf(id));
  return at.every((i) => i >= 0) ? at : null;
}

/** A table that grows in place (a reserved block): the cells it needs must be its own or empty. */
function reservedProblems(p: TablePlan, snap: Snapshot): string[] {
  const at = (r: number, c: number) => snap.formulas[r - snap.row]?.[c - snap.col];
  const own = { ...p.old, rows: p.old.rows + (p.before.totals ? 1 : 0) };
  const need = p.after.body + 1 + (p.after.totals ? 1 : 0);
  for (let r = p.old.row; r < p.old.row + need; r++)
    for (let c = p.old.col; c < p.old.col + p.columns.slots.length; c++) {
      const mine = r < own.row + own.rows && c < own.col + own.cols;
      const v = at(r, c);
      if (!mine && v !== "" && v !== null && v !== undefined)
        return [`the new data needs ${a1(r, c)}, which holds other data: move it`];
    }
  return [];
}

export async function refreshTables(
  excel: ExcelHost,
  sheetName: string,
  targets: readonly RefreshTarget[],
  opts: RefreshOptions = {},
): Promise<{ syncs: number; tables: RefreshedTable[]; lines: Box[] }> {
  // The new data's dates in the workbook's system, as the old data on the sheet is.
  const system = await dateSystemOf(excel);
  targets = targets.map((t) => ({ ...t, table: tableInSystem(t.table, system) }));
  return excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    const located = await locate(
      context,
      sheet,
      targets.map((t) => t.tableName),
    );
    const { plans, problems } = plansFor(targets, located);
    if (problems.length) refuse(problems, "after");
    const lines = typeof opts.lines === "function" ? opts.lines(plans.map((p) => p.old)) : (opts.lines ?? []);
    const statusAt = opts.status?.(plans.map((p) => p.old));
    const extra = statusAt ? [{ ...statusAt, rows: 1, cols: 1 }] : [];
    const { snap, syncs: read, r1c1, beside } = await snapshotFor(context, sheet, plans, lines, extra);
    const status: StatusCell | null = statusAt
      ? {
          cell: sheet.getRange(a1(statusAt.row, statusAt.col)),
          value: snap.formulas[statusAt.row - snap.row]?.[statusAt.col - snap.col],
        }
      : null;
    const kept = keepWork(plans, snap, r1c1, beside);
    if (kept.length) refuse(kept, "after");
    const shaping: Shaping = { columns: new Set(), rows: new Set(), failedIn: undefined };
    try {
      const shaped = await reshape(context, sheet, plans, shaping);
      const result = await writeAll(context, sheet, plans, lines, snap, shaped.ids, status, opts);
      // Locating the tables, the snapshot's reads, the reshaping's and the writes' syncs.
      return { syncs: 1 + read + shaped.syncs + result.syncs, tables: result.tables, lines: result.lines };
    } catch (err) {
      await undoShapes(context, sheet, plans, shaping)
        .then(() => restoreSnapshot(context, sheet, snap))
        .catch((restoreErr: unknown) => {
          throw new Error(
            `${err instanceof Error ? err.message : String(err)}; restoring the previous data also failed: ${restoreErr instanceof Error ? restoreErr.message : String(restoreErr)}`,
          );
        });
      throw err;
    }
  });
}

/**
 * The tables' new shapes: the report's columns deleted and added (one sync), then, a table at a
 * time, the old totals row taken into it and its rows inserted or deleted (a sync each). Returns
 * each table's column ids, left to right.
 */
async function reshape(
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
    // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one table's rows a sync, so a failure tells which moved
    await context.sync();
    syncs++;
    shaping.rows.add(p);
  }
  shaping.failedIn = undefined;
  return { ids, syncs };
}

/** Everything else, in one SyncBatch: shapes final, formats, lines, rows, planner columns, totals, headers, the commit. */
async function writeAll(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  plans: TablePlan[],
  lines: readonly LinesBlock[],
  snap: Snapshot,
  ids: number[][],
  status: StatusCell | null,
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
  await batch.sync();
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
