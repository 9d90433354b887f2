/**
 * The plan step of a refresh (issue #54): from what the read step found (the tables, a snapshot of
 * their cells), each table's plan - its columns by identity, its rows before and after, the planner's
 * work it keeps - and every reason to refuse, worked out in memory. Pure: no workbook, nothing
 * written (planRefresh.test.ts runs it on plain data).
 */
import { reportHeaderLabel } from "../../api/fieldLabels";
import { plannerWork, type BesideNote } from "../plannerWork";
import { a1, checkFits, tableHeaders } from "../tableWriter";
import type { RowMarks } from "../../reports/definition";
import type { RefreshTarget, TablePlan } from "./target";
import { planColumns } from "./columnPlan";
import { address, hadTotals, oldTable, others, shapeProblems } from "./plan";
import type { Snapshot } from "./snapshot";
import { anyColumnMove, cutBy, named, type SheetTable } from "./structure";
import type { FoundTable } from "./tableRead";

/** The tables as the read step found them: each target's table, and every table of the sheet. */
export interface Located {
  found: readonly FoundTable[];
  sheetTables: readonly SheetTable[];
}

/** Each table's plan (columns by identity, rows before and after), and the problems that need no snapshot. */
export function planTables(
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
      widths: f.widths,
    };
  });
  return { plans, problems };
}

/**
 * The planner's work of each table worked out from the snapshot (what each planner column keeps on
 * which new row, formats, notes beside), set on each plan; returns every reason to refuse (a
 * planner's entry the new shape would drop, a reserved block over other data). Writes nothing.
 */
export function planWork(
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
