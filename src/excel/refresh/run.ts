/**
 * A refresh of one sheet's tables, as named steps: read (the tables found, and what may change:
 * snapshotRead.ts, in one sync for a lone table with the caller's reads), plan (every check and the
 * planner's work kept, worked out in memory: nothing written yet), write (write.ts: the new shapes and
 * content, the caller's commit and verifying reads in the last sync). If anything fails, the shapes
 * are undone and every cell read is put back.
 */
import { reportHeaderLabel } from "../../api/fieldLabels";
import { dateSystemOf, tableInSystem } from "../dateSystem";
import type { ExcelHost } from "../host";
import type { DateSystem } from "../../api/excelDates";
import { plannerWork, type BesideNote } from "../plannerWork";
import { a1, checkFits, tableHeaders } from "../tableWriter";
import type { RefreshOptions, RefreshTarget, RefreshedTable, TablePlan } from "./target";

export type { RefreshOptions };
import { planColumns } from "./columnPlan";

import { address, hadTotals, locate, oldTable, others, refuse, shapeProblems } from "./plan";
import { restoreSnapshot, type Snapshot } from "./snapshot";
import { fitsOneRead, queueReadOnce, type ReadOnce } from "./readOnce";
import { snapshotFor, snapshotFromRead } from "./snapshotRead";
import { reshape, writeAll } from "./write";
import { anyColumnMove, cutBy, named, type Box } from "./structure";
import { undoShapes, type Shaping } from "./undo";
import type { RowMarks } from "../../reports/definition";
import type { StatusCell } from "../statusCell";

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
  return excel.run((context) =>
    refreshTablesIn(context, context.workbook.worksheets.getItem(sheetName), targets, system, opts),
  );
}

/**
 * The tables found: in one sync with the caller's reads and the lone table's neighbourhood (readOnce.ts)
 * when asked, else step by step (locate: two syncs). Returns what was read and the syncs it took.
 */
async function readTables(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  targets: readonly RefreshTarget[],
  opts: RefreshOptions,
) {
  const once =
    opts.once && targets.length === 1 && fitsOneRead(opts.once, targets[0].table.rows)
      ? queueReadOnce(sheet, opts.once)
      : null;
  opts.alongside?.();
  let read: ReadOnce | null = null;
  let syncs = 0;
  if (once || opts.alongside) {
    await context.sync();
    syncs++;
    read = once?.() ?? null;
    opts.afterRead?.();
  }
  if (read) return { located: { found: [read.found], sheetTables: read.sheetTables }, read, syncs };
  const located = await locate(
    context,
    sheet,
    targets.map((t) => t.tableName),
  );
  return { located, read, syncs: syncs + 2 };
}

/**
 * A refresh of `sheet`'s tables in the caller's run: read (one sync for a lone table asked to be read
 * at once and the caller's reads queued with it, else step by step), plan (nothing written yet, every
 * check run), write (its shape and content, the caller's commit in the last sync). If anything fails,
 * the shapes are undone and every cell read is put back.
 */
export async function refreshTablesIn(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  targets: readonly RefreshTarget[],
  system: DateSystem,
  opts: RefreshOptions = {},
): Promise<{ syncs: number; tables: RefreshedTable[]; lines: Box[] }> {
  const { located, read, syncs: readSyncs } = await readTables(context, sheet, targets, opts);
  targets = targets.map((t) => ({
    ...t,
    previous: t.previousFrom ? t.previousFrom() : t.previous,
    table: tableInSystem(t.table, system),
  }));
  const { plans, problems } = plansFor(targets, located);
  if (problems.length) refuse(problems, "after");
  const lines = typeof opts.lines === "function" ? opts.lines(plans.map((p) => p.old)) : (opts.lines ?? []);
  const statusAt = opts.status?.(plans.map((p) => p.old));
  const extra = statusAt ? [{ ...statusAt, rows: 1, cols: 1 }] : [];
  const fromRead = read ? snapshotFromRead(read, plans, lines, extra) : null;
  const {
    snap,
    r1c1,
    beside,
    syncs: snapped,
  } = fromRead ? { ...fromRead, syncs: 0 } : await snapshotFor(context, sheet, plans, lines, extra);
  const syncs = readSyncs + snapped;
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
    const result = await writeAll(context, sheet, plans, lines, snap, shaped, status, shaping, opts);
    return { syncs: syncs + shaped.syncs + result.syncs, tables: result.tables, lines: result.lines };
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
}
