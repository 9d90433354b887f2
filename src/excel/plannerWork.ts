/**
 * What a planner built on a report table, and how a refresh keeps it (pure). As in Power Query,
 * the report's own columns are replaced and the columns the planner added stay where they are
 * (refresh/columnPlan.ts tells which is which, by column identity):
 * - a **calculated column** (most rows hold the same formula, such as `=[@Spend]/[@Impressions]*1000`)
 *   is filled into every new row, as Excel fills a table's calculated column; a cell where the
 *   planner typed something else is an exception and stays on its row;
 * - a **static column** (notes typed by hand) follows its rows: each row is known by the values of
 *   the report's text and date columns (its key), and its note (with its link) goes to the new row
 *   with that key;
 * - a number format the planner put on one of the report's columns is kept.
 * What cannot be kept is refused before anything changes, naming the rows (and their keys): a note
 * on a row the new data no longer has, a note whose row cannot be told apart from another, rows typed
 * into the table.
 */
import type { ColumnKind, TypedTable } from "../api/table";
import { serialToIsoDate } from "../api/excelDates";
import { TEXT_FORMAT } from "./cellFormats";
import type { ColumnPlan, WrittenColumn } from "./refresh/columnPlan";
import type { RowMarks } from "../reports/definition";
import { unwrittenRows } from "./refresh/rowMarks";

export type { WrittenColumn };

/** The table as it is before the refresh: header and body, as read from the workbook. */
export interface OldTable {
  headers: string[];
  /** Body cells: formulas where there are formulas, values elsewhere. */
  formulas: unknown[][];
  values: unknown[][];
  numberFormat: unknown[][];
  /** Body cells of the planner's columns in R1C1 notation, by column index. */
  r1c1: Map<number, unknown[]>;
  /** Links of body cells ("row,col" in the body), where they have one. */
  links: ReadonlyMap<string, string>;
  /** Sheet row number (1-based) of the first body row, for messages. */
  firstRowNumber: number;
}

/** One cell of a planner column in a new row: content through formulasR1C1, its format, its link. */
interface PlannerCell {
  content: unknown;
  format: string;
  link?: string;
}

export interface PlannerColumn {
  name: string;
  /** Column index in the old table. */
  from: number;
  /** Column index in the refreshed table. */
  slot: number;
  /** Every new row gets this R1C1 formula, except where `cells` has a cell (the planner's exceptions). */
  calculated?: string;
  /** Per new row: the cell kept there (a static column's note, a calculated column's exception), or none. */
  cells: (PlannerCell | undefined)[];
  /** The format of the column's body. */
  format: string;
}

export interface KeptWork {
  planner: PlannerColumn[];
  /** Notes right of the table (outside it) that stay on their sheet rows while the rows beside them change. */
  misaligned: string[];
  /** Report columns whose number format the planner changed: report column index → format. */
  formats: Map<number, string>;
  /** Why the refresh cannot keep everything (empty when it can). */
  problems: string[];
}

const KEY_KINDS: ReadonlySet<ColumnKind> = new Set(["text", "date", "datetime", "url", "boolean", "json"]);

const isEmpty = (v: unknown) => v === "" || v === null || v === undefined;
const isFormula = (v: unknown) => typeof v === "string" && v.startsWith("=");
/** A cell holds a formula when its formula text is not its value (a Text cell's "=6*7" reads the same in both). */
const holdsFormula = (formula: unknown, value: unknown) => isFormula(formula) && formula !== value;

/** The number format of a column's body, when every cell has the same one. */
function uniformFormat(rows: unknown[][], col: number): string | null {
  const first = rows[0]?.[col];
  if (typeof first !== "string") return null;
  return rows.every((r) => r[col] === first) ? first : null;
}

/** What to write back for a cell: its formula (R1C1), or its value (text in a non-Text cell keeps Excel's apostrophe). */
function contentOf(formula: unknown, r1c1: unknown, value: unknown, format: unknown): unknown {
  if (holdsFormula(formula, value)) return r1c1;
  if (typeof value === "string" && value !== "" && format !== TEXT_FORMAT) return `'${value}`;
  return value;
}

/** The formula most rows share (R1C1), when it makes the column a calculated one. */
function columnFormula(r1c1: readonly unknown[], rows: number): string | undefined {
  const counts = new Map<string, number>();
  for (const f of r1c1) if (isFormula(f)) counts.set(f as string, (counts.get(f as string) ?? 0) + 1);
  let best: [string, number] | undefined;
  for (const entry of counts) if (!best || entry[1] > best[1]) best = entry;
  if (!best) return undefined;
  return best[1] === rows || (best[1] >= 2 && best[1] * 2 >= rows) ? best[0] : undefined;
}

/** Excel's serial date as text, for messages. */
function dateText(v: unknown): string {
  return typeof v === "number" ? (serialToIsoDate(v) ?? String(v)) : String(v);
}

/** A row's key for a message: its first three parts, each cut to 40 characters (" (2025-12-01 · Alpha)"). */
export function keyText(parts: readonly string[]): string {
  if (parts.length === 0) return "";
  const cut = (p: string) => (p.length > 40 ? `${p.slice(0, 39)}…` : p).replace(/\s+/g, " ");
  return ` (${parts.slice(0, 3).map(cut).join(" · ")}${parts.length > 3 ? " · …" : ""})`;
}

interface Keys {
  oldKeys: string[];
  oldCount: Map<string, number>;
  newCount: Map<string, number>;
  newIndex: Map<string, number>;
  newKeys: string[];
  /** "row 7 (2025-12-01 · Alpha)": a row of the old table, by sheet row number and key. */
  describe(r: number): string;
  /** "2025-12-01 · Alpha": the key of a row of the old table, or (next) of the new data. */
  keyOf(r: number, next?: boolean): string;
  named: string;
}

function rowKeys(old: OldTable, next: TypedTable, plan: ColumnPlan, newBodyRows: number): Keys {
  // Columns that name their row (TableColumn.key) are the key alone; else every text-like column.
  const named = next.columns.some((c) => c.key);
  const pairs = plan.slots.flatMap((s) =>
    s.kind === "report" &&
    s.from !== undefined &&
    (named ? next.columns[s.j].key : KEY_KINDS.has(next.columns[s.j].kind))
      ? [{ j: s.j, from: s.from, kind: next.columns[s.j].kind, name: s.header }]
      : [],
  );
  const keyOf = (values: readonly unknown[], cols: number[], index: number) =>
    cols.length === 0
      ? `#${index}`
      : JSON.stringify(cols.map((c) => (isEmpty(values[c]) ? null : values[c])));
  const oldKeys = old.values.map((row, r) =>
    keyOf(
      row,
      pairs.map((k) => k.from),
      r,
    ),
  );
  const newKeys = Array.from({ length: newBodyRows }, (_, r) =>
    keyOf(
      next.rows[r] ?? [],
      pairs.map((k) => k.j),
      r,
    ),
  );
  const count = (keys: string[]) =>
    keys.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<string, number>());
  const keyParts = (r: number, fromNext: boolean) =>
    pairs
      .map((k) => ({ kind: k.kind, v: fromNext ? next.rows[r]?.[k.j] : old.values[r][k.from] }))
      .filter(({ v }) => !isEmpty(v))
      .map(({ kind, v }) => (kind === "date" || kind === "datetime" ? dateText(v) : String(v)));
  const newIndex = new Map<string, number>();
  newKeys.forEach((k, i) => newIndex.set(k, i));
  return {
    oldKeys,
    oldCount: count(oldKeys),
    newCount: count(newKeys),
    newIndex,
    newKeys,
    describe: (r) => `row ${old.firstRowNumber + r}${keyText(keyParts(r, false))}`,
    keyOf: (r, next = false) => keyText(keyParts(r, next)).slice(2, -1),
    named: pairs.length ? pairs.map((k) => `"${k.name}"`).join(", ") : "position",
  };
}

/** "1 row", "3 rows". */
const rowCount = (n: number) => `${n} row${n === 1 ? "" : "s"}`;

/** The body rows of a table as they are now, for telling the report's rows from the planner's. */
export interface BodyRows {
  /** Body rows now. */
  rows: number;
  /** Each body row's values in the key columns the marks were made from; null when they are not all there. */
  keys: readonly (readonly unknown[])[] | null;
  /** Whether a body row holds nothing of anyone's (empty, or only its calculated columns' formulas). */
  blank(i: number): boolean;
  /** "row 7 (2025-12-01 · Alpha)": a body row by sheet row number and key. */
  describe(i: number): string;
  /** Sheet row number (1-based) of the first body row. */
  firstRowNumber: number;
}

/** What the add-in wrote last time: its rows' marks, or (sheets made before them, big tables) their count. */
export interface WrittenRows {
  rowMarks?: RowMarks;
  rowCount?: number;
}

const them = (n: number) => (n === 1 ? "it" : "them");

/**
 * Rows in the table the report did not write (typed into it, or under it where Excel took them in,
 * or into an empty report's blank row), named exactly when the report's rows are marked; else, when
 * there are more rows than it wrote, said as such, with advice that loses nothing if followed.
 */
export function typedRowsProblems(wrote: WrittenRows | undefined, body: BodyRows): string[] {
  if (wrote?.rowMarks && body.keys) {
    const { typed, alike } = unwrittenRows(wrote.rowMarks.marks, body.keys, body.blank);
    const problems: string[] = [];
    if (typed.length)
      problems.push(
        `the table has ${rowCount(typed.length)} the report did not write, ${listRows(typed.map(body.describe))}: move ${them(typed.length)} out of the table or delete ${them(typed.length)}`,
      );
    for (const rows of alike.slice(0, 3))
      problems.push(
        `${rows.map(body.describe).join(" and ")} have the same key, and the report wrote fewer such rows: move the one${rows.length > 2 ? "s" : ""} you typed out of the table`,
      );
    return problems;
  }
  const count = wrote?.rowCount;
  if (count === undefined) return [];
  if (count === 0 && body.rows === 1 && !body.blank(0))
    return [
      `the table's only row (${body.describe(0)}) holds a line the report did not write (it had no rows): move it out of the table`,
    ];
  if (body.rows <= Math.max(1, count)) return [];
  const first = body.firstRowNumber;
  const last = first + body.rows - 1;
  return [
    `the table has ${rowCount(body.rows - count)} more than the report wrote (rows ${first}–${last} hold ${body.rows}; it wrote ${count}), and which are yours is not recorded for this sheet: move the rows you typed out of the table`,
  ];
}

export function plannerWork(
  old: OldTable,
  next: TypedTable,
  plan: ColumnPlan,
  previous: ({ columns?: WrittenColumn[] } & WrittenRows) | undefined,
  /** The body rows the new table will have (at least one, as a table always has). */
  newBodyRows: number,
  /** The body format the add-in wrote last time in each report column (by new column index). */
  writtenFormats: ReadonlyMap<number, string>,
  /** The old table's columns the row marks were made from, in their order; null when one is gone. */
  markedColumns: readonly number[] | null = null,
  /** Cells right of the table, outside it, beside its body rows (`r`: body row). */
  beside: readonly BesideNote[] = [],
): KeptWork {
  const keys = rowKeys(old, next, plan, newBodyRows);
  // A formula in a planner's column is its calculated column's fill (or kept by its key), not a typed line.
  const plannerColumns = new Set(plan.slots.flatMap((s) => (s.kind === "planner" ? [s.from] : [])));
  const problems = typedRowsProblems(previous, {
    rows: old.values.length,
    keys: markedColumns && old.values.map((row) => markedColumns.map((c) => row[c])),
    blank: (r) => old.formulas[r].every((f, c) => isEmpty(f) || (isFormula(f) && plannerColumns.has(c))),
    describe: keys.describe,
    firstRowNumber: old.firstRowNumber,
  });
  const planner: PlannerColumn[] = [];
  plan.slots.forEach((slot, at) => {
    if (slot.kind !== "planner") return;
    const column = keptColumn(old, slot.from, at, slot.header, keys, newBodyRows);
    planner.push(column.kept);
    problems.push(...column.problems);
  });
  return {
    planner,
    formats: formatsAgainst(old, plan, writtenFormats),
    problems,
    misaligned: misalignedNotes(beside, keys, newBodyRows),
  };
}

/** A cell right of a table, outside it, beside body row `r`. */
export interface BesideNote {
  r: number;
  address: string;
  text: string;
}

/**
 * Notes beside the table that will sit beside another row after the refresh (the rows under them
 * changed: a longer period, a new sort): said, with the rows they were and will be beside. Excel moves
 * nothing outside a table with its rows; a note typed in the column just right of it joins the table
 * (AutoExpansion) and then follows its row.
 */
function misalignedNotes(beside: readonly BesideNote[], keys: Keys, newBodyRows: number): string[] {
  const moved = beside.filter((n) => n.r >= newBodyRows || keys.oldKeys[n.r] !== keys.newKeys[n.r]);
  if (moved.length === 0) return [];
  const said = moved.slice(0, 3).map((n) => {
    const now = n.r < newBodyRows ? keys.keyOf(n.r, true) : "";
    const was = keys.keyOf(n.r);
    const text = n.text.length > 30 ? `${n.text.slice(0, 29)}…` : n.text;
    return `${n.address} ("${text}") was beside ${was || `row ${n.r + 1} of the table`}, now ${now ? `beside ${now}` : "under the table"}`;
  });
  return [
    `${moved.length === 1 ? "a note" : `${moved.length} notes`} right of the table stayed on ${moved.length === 1 ? "its row" : "their rows"} and no longer line${moved.length === 1 ? "s" : ""} up with the same data: ${said.join("; ")}${moved.length > 3 ? "; …" : ""}. Notes typed in the column just right of a table join it and follow their rows`,
  ];
}

/** The planner's formats on report columns, against what the add-in wrote in each (by report column index). */
function formatsAgainst(
  old: OldTable,
  plan: ColumnPlan,
  written: ReadonlyMap<number, string>,
): Map<number, string> {
  const formats = new Map<number, string>();
  for (const s of plan.slots) {
    if (s.kind !== "report" || s.from === undefined) continue;
    const was = written.get(s.j);
    const now = uniformFormat(old.numberFormat, s.from);
    if (was !== undefined && now !== null && now !== was) formats.set(s.j, now);
  }
  return formats;
}

const listRows = (list: string[]) =>
  list.length > 5 ? `${list.slice(0, 5).join(", ")}, …` : list.join(", ");

/** One planner column in the new rows: calculated (with its exceptions) or static, each kept cell on its key's row. */
function keptColumn(
  old: OldTable,
  from: number,
  slot: number,
  name: string,
  keys: Keys,
  newBodyRows: number,
): { kept: PlannerColumn; problems: string[] } {
  const formulas = old.formulas.map((row) => row[from]);
  // Only cells that hold a formula: text that starts with "=" (in a Text cell) is a note, not a calculation.
  const r1c1 = (old.r1c1.get(from) ?? []).map((f, r) =>
    holdsFormula(formulas[r], old.values[r]?.[from]) ? f : undefined,
  );
  const format = uniformFormat(old.numberFormat, from) ?? "General";
  const calculated = columnFormula(r1c1, old.values.length);
  const cells: (PlannerCell | undefined)[] = new Array<PlannerCell | undefined>(newBodyRows).fill(undefined);
  const lost: string[] = [];
  const ambiguous: string[] = [];
  old.values.forEach((row, r) => {
    // A calculated cell is filled again in its row; one with a link is kept as an exception, with its link.
    if (calculated !== undefined && r1c1[r] === calculated && !old.links.has(`${r},${from}`)) return;
    const blank = isEmpty(row[from]) && !isFormula(formulas[r]);
    const own = String(old.numberFormat[r]?.[from] ?? format);
    // In a calculated column a cleared cell is an exception too; in a static one it is nothing, but
    // for a format of its own (not the column's), which goes with its row like an entry. A format is
    // no entry: on a row the new data lacks it goes with that row, without a word, as when a table's
    // row is deleted in Excel.
    if (blank && calculated === undefined && own === format) return;
    const key = keys.oldKeys[r];
    if ((keys.oldCount.get(key) ?? 0) > 1 || (keys.newCount.get(key) ?? 0) > 1) {
      if (!blank) ambiguous.push(keys.describe(r));
    } else if (!keys.newIndex.has(key)) {
      if (!blank) lost.push(keys.describe(r));
    } else {
      const link = old.links.get(`${r},${from}`);
      cells[keys.newIndex.get(key)!] = {
        content: blank ? "" : contentOf(formulas[r], r1c1[r], row[from], old.numberFormat[r]?.[from]),
        format: own,
        ...(link ? { link } : {}),
      };
    }
  });
  const problems: string[] = [];
  if (lost.length)
    problems.push(
      `"${name}" has entries on ${rowCount(lost.length)} the new data no longer has (${listRows(lost)}): copy ${lost.length === 1 ? "it" : "them"} elsewhere or clear ${lost.length === 1 ? "it" : "them"}`,
    );
  if (ambiguous.length)
    problems.push(
      `"${name}" has entries on ${ambiguous.length === 1 ? "a row" : "rows"} that cannot be told apart from others with the same ${keys.named} (${listRows(ambiguous)}): move ${ambiguous.length === 1 ? "it" : "them"} out of the table`,
    );
  return { kept: { name, from, slot, calculated, cells, format }, problems };
}
