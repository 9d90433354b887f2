/**
 * What a refresh finds before it writes: each table's place, header, column ids, sort and filter
 * (and every table of the sheet, for what a change of size would cut through), the problems it
 * would meet, and the old table's body as the planner's work is read from it.
 */
import type { ExcelHost } from "../host";
import { keyText, typedRowsProblems, type OldTable } from "../plannerWork";
import { serialToIsoDate } from "../../api/excelDates";
import { isDateFormat } from "../dateSystem";
import { unwrittenRows } from "./rowMarks";
import { a1 } from "../tableWriter";
import type { Snapshot } from "./snapshot";
import type { RowMarks } from "../../reports/definition";
import { cutBy, named, type Box, type SheetTable } from "./structure";
import { RefreshRefused, type RefreshTarget } from "./target";
import { box, placeOf, queueTableRead } from "./tableRead";

export const address = (b: Box) => a1(b.row, b.col, b.rows, b.cols);

/** Refuses with every problem named; nothing was changed. */
export function refuse(problems: string[], when: "before" | "after"): never {
  throw new RefreshRefused(
    `the refresh would lose the planner's work: ${problems.join("; ")}; then refresh again (${when === "before" ? "no request was sent, " : ""}nothing was changed)`,
  );
}

/** Finds each table: its place, header, column ids, sort and filter; and every table of the sheet. */
export async function locate(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  names: readonly string[],
) {
  const found = names.map((name) => queueTableRead(sheet.tables.getItem(name)));
  const all = sheet.tables;
  all.load("items/name");
  await context.sync();
  const ranges = all.items.map((t) => ({ name: t.name, r: placeOf(t.getRange()) }));
  await context.sync();
  return {
    found: found.map((f) => f()),
    sheetTables: ranges.map((x): SheetTable => ({ name: x.name, rect: box(x.r) })),
  };
}

/** Problems a refresh of this table would meet whatever the new data: tables it would cut. */
export function shapeProblems(target: RefreshTarget, old: Box, others: readonly SheetTable[]): string[] {
  const problems: string[] = [];
  if (target.reservedRows === undefined) {
    const cut = cutBy(
      { band: { row: old.row + 1, col: old.col, rows: 1, cols: old.cols }, direction: "Down" },
      others,
    );
    if (cut.length)
      problems.push(
        `the table ${cut.map((t) => named(t, address)).join(", ")} lies partly under the report's columns, and the report's rows could not grow or shrink past it: move it clear of columns ${address({ ...old, rows: 1 })}`,
      );
  }
  return problems;
}

/**
 * Every check that needs no request (the tables there, no rows typed into them, nothing a change of
 * size would cut through): run before the allowance is spent. Throws RefreshRefused naming each.
 */
export async function checkBeforeRequest(
  excel: ExcelHost,
  sheetName: string,
  targets: readonly Pick<RefreshTarget, "tableName" | "previous" | "reservedRows">[],
): Promise<void> {
  const problems = await excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    const tables = targets.map((t) => sheet.tables.getItemOrNullObject(t.tableName));
    await context.sync();
    const missing = targets.filter((_, i) => tables[i].isNullObject).map((t) => `"${t.tableName}"`);
    if (missing.length)
      return [`the table ${missing.join(", ")} is not on the sheet (renamed or deleted): rename it back`];
    // Every table's key columns ride with locate's first sync, every blank-row check in one more.
    const keys = targets.map((t) => queueKeyColumns(sheet.tables.getItem(t.tableName), t.previous?.rowMarks));
    const { found, sheetTables } = await locate(
      context,
      sheet,
      targets.map((t) => t.tableName),
    );
    const bodies = targets.map((target, i) => queueBodyRows(sheet, target, found[i], keys[i]()));
    if (bodies.some((b) => b.queued)) await context.sync();
    const typed = targets.map((target, i) => typedRowsProblems(target.previous, bodies[i].rows()));
    return targets.flatMap((target, i) => [
      ...typed[i].map((m) => (targets.length > 1 ? `${target.tableName}: ${m}` : m)),
      ...shapeProblems(
        { ...target, table: { columns: [], rows: [] } },
        found[i].old,
        others(sheetTables, targets),
      ),
    ]);
  });
  if (problems.length) refuse(problems, "before");
}

/** Rows read at most to tell which rows are blank (rows the marks do not account for are few). */
const BLANK_CHECKS = 200;

/**
 * Queues the reads of the table's key columns (the columns its rows were marked by, found by their
 * ids; the caller syncs): after the sync, each body row's keys, or null when the rows were not marked
 * or a key column is gone.
 */
export function queueKeyColumns(table: Excel.Table, marks: RowMarks | undefined): () => unknown[][] | null {
  if (!marks) return () => null;
  const columns = marks.columns.map((id) => {
    const column = table.columns.getItemOrNullObject(id);
    const body = column.getDataBodyRange();
    body.load("values");
    return { column, body };
  });
  return () => {
    if (columns.length === 0 || columns.some((c) => c.column.isNullObject)) return null;
    const rows = columns[0].body.values.length;
    return Array.from({ length: rows }, (_, i) => columns.map((c) => c.body.values[i]?.[0]));
  };
}

type BodyRows = Parameters<typeof typedRowsProblems>[1];

/**
 * The table's body rows now, as typedRowsProblems reads them, from its keys as read (null: unmarked):
 * whether a row holds nothing is read only for the rows that need it (ones the marks do not account
 * for, or the one row of a table the report left empty). `queued` says whether those reads wait for
 * the caller's sync; `rows()` is read after it.
 */
function queueBodyRows(
  sheet: Excel.Worksheet,
  target: Pick<RefreshTarget, "previous">,
  found: { old: Box; ids: number[] },
  keys: unknown[][] | null,
): { queued: boolean; rows: () => BodyRows } {
  const { old, ids } = found;
  const rows = old.rows - 1;
  const marks = target.previous?.rowMarks;
  const keyAt = marks ? marks.columns.map((id) => ids.indexOf(id)) : [];
  const isDate = keyAt.map((c) => {
    const written = target.previous?.columns?.find((w) => w.id === ids[c]);
    return written ? isDateFormat(written.format) : false;
  });
  // The rows whose blankness matters: those the marks may not account for, or the only one.
  const suspects = keys && marks ? unwrittenRows(marks.marks, keys, () => false) : { typed: [0], alike: [] };
  const check = [...new Set([...suspects.typed, ...suspects.alike.flat()])]
    .filter((r) => r < rows)
    .slice(0, BLANK_CHECKS);
  // The report's own columns: a formula anywhere else is a calculated column's fill (a row inserted in
  // a table gets it), not a line typed there.
  const reportIds = new Set(
    target.previous?.columns?.flatMap((c) => (c.id === undefined ? [] : [c.id])) ?? [],
  );
  const ours = (c: number) => reportIds.size === 0 || reportIds.has(ids[c]);
  const reads = check.map((r) => {
    const cells = sheet.getRange(a1(old.row + 1 + r, old.col, 1, old.cols));
    cells.load("formulas");
    return { r, cells };
  });
  return {
    queued: reads.length > 0,
    rows: () => {
      const blank = new Set<number>();
      for (const { r, cells } of reads)
        if (
          cells.formulas[0].every(
            (v, c) => v === "" || (!ours(c) && typeof v === "string" && v.startsWith("=")),
          )
        )
          blank.add(r);
      return {
        rows,
        keys,
        blank: (i) => blank.has(i),
        describe: (i) => {
          const key = (keys?.[i] ?? [])
            .map((v, k) =>
              isDate[k] && typeof v === "number" ? (serialToIsoDate(v) ?? String(v)) : String(v),
            )
            .filter((v) => v !== "");
          return `row ${old.row + 2 + i}${keyText(key)}`;
        },
        firstRowNumber: old.row + 2,
      };
    },
  };
}

/** queueBodyRows with its own sync when it queued reads. */
export async function bodyRowsFrom(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  target: Pick<RefreshTarget, "previous">,
  found: { old: Box; ids: number[] },
  keys: unknown[][] | null,
): Promise<BodyRows> {
  const body = queueBodyRows(sheet, target, found, keys);
  if (body.queued) await context.sync();
  return body.rows();
}

export const others = (tables: readonly SheetTable[], targets: readonly { tableName: string }[]) =>
  tables.filter((t) => !targets.some((x) => x.tableName.toLowerCase() === t.name.toLowerCase()));

/** The old table's body as the planner work reads it, from the snapshot. */
export function oldTable(
  snap: Snapshot,
  old: Box,
  headers: string[],
  r1c1: Map<number, unknown[]>,
): OldTable {
  const slice = (grid: unknown[][]) =>
    grid
      .slice(old.row + 1 - snap.row, old.row + old.rows - snap.row)
      .map((row) => row.slice(old.col - snap.col, old.col - snap.col + old.cols));
  const links = new Map<string, string>();
  for (const [key, link] of snap.links) {
    const [i, j] = key.split(",").map(Number);
    const r = snap.row + i - (old.row + 1);
    const c = snap.col + j - old.col;
    if (r >= 0 && r < old.rows - 1 && c >= 0 && c < old.cols) links.set(`${r},${c}`, link);
  }
  return {
    headers,
    formulas: slice(snap.formulas),
    values: slice(snap.values),
    numberFormat: slice(snap.numberFormat),
    r1c1,
    links,
    firstRowNumber: old.row + 2,
  };
}

/** Whether the row under the old table holds the totals row the add-in wrote (sheets made before it was recorded: bold and filled). */
export function hadTotals(target: RefreshTarget, snap: Snapshot, old: Box): boolean {
  if (target.previous?.totals !== undefined) return target.previous.totals;
  const r = old.row + old.rows - snap.row;
  const first = snap.formulas[r]?.[old.col - snap.col];
  return (
    Boolean(snap.bold.get(r)?.[old.col - snap.col]) && first !== "" && first !== null && first !== undefined
  );
}
