/**
 * What a planner built on a report table, and how a refresh keeps it (pure). As in Power Query,
 * the report's own columns are replaced and the columns the planner added stay:
 * - a **calculated column** (every row the same formula, such as `=[@Spend]/[@Impressions]*1000`)
 *   is filled again for the new rows;
 * - a **static column** (notes typed by hand) follows its rows: each row is known by the values of
 *   the report's text and date columns (its key), and its note goes to the new row with that key;
 * - a number format the planner put on one of the report's columns is kept.
 * What cannot be kept is refused before anything changes, naming it: a note on a row the new data
 * no longer has, a note whose row cannot be told apart from another, rows typed into the table.
 */
import type { ColumnKind, TypedTable } from "../api/table";
import { TEXT_FORMAT } from "./cellFormats";

/** A column the add-in wrote, with the number format it gave its body. */
export interface WrittenColumn {
  name: string;
  format: string;
}

/** The table as it is before the refresh: header and body, as read from the workbook. */
export interface OldTable {
  headers: string[];
  /** Body cells: formulas where there are formulas, values elsewhere. */
  formulas: unknown[][];
  values: unknown[][];
  numberFormat: unknown[][];
  /** Body cells of the planner's columns in R1C1 notation, by column index. */
  r1c1: Map<number, unknown[]>;
  /** Sheet row number (1-based) of the first body row, for messages. */
  firstRowNumber: number;
}

export interface PlannerColumn {
  name: string;
  /** Column index in the old table. */
  from: number;
  /** Every new row gets this R1C1 formula; or, for a static column, each new row's own content. */
  calculated?: string;
  /** Per new row: content to write through formulasR1C1 (formula, value, or '-prefixed text) and its format. */
  cells?: { content: unknown; format: string }[];
  /** The format of a calculated column's body. */
  format: string;
}

export interface KeptWork {
  planner: PlannerColumn[];
  /** Own columns whose number format the planner changed: new column index → format. */
  formats: Map<number, string>;
  /** Why the refresh cannot keep everything (empty when it can). */
  problems: string[];
}

/**
 * The report's own column names (lower case): what it wrote last time and writes now. A table made
 * before definitions recorded their columns has no planner columns: all of it is the report's.
 */
export function ownColumns(
  written: readonly WrittenColumn[] | undefined,
  nextHeaders: readonly string[],
  oldHeaders: readonly string[],
): Set<string> {
  const names = written?.length
    ? [...written.map((c) => c.name), ...nextHeaders]
    : [...oldHeaders, ...nextHeaders];
  return new Set(names.map((n) => n.toLowerCase()));
}

const KEY_KINDS: ReadonlySet<ColumnKind> = new Set(["text", "date", "datetime", "url", "boolean", "json"]);

const isEmpty = (v: unknown) => v === "" || v === null || v === undefined;

/** The number format of a column's body, when every cell has the same one. */
function uniformFormat(rows: unknown[][], col: number): string | null {
  const first = rows[0]?.[col];
  if (typeof first !== "string") return null;
  return rows.every((r) => r[col] === first) ? first : null;
}

/** What to write back for a static cell: its formula (R1C1), or its value (text in a non-Text cell keeps Excel's apostrophe). */
function contentOf(formula: unknown, r1c1: unknown, value: unknown, format: unknown): unknown {
  if (typeof formula === "string" && formula.startsWith("=") && formula !== value) return r1c1;
  if (typeof value === "string" && value !== "" && format !== TEXT_FORMAT) return `'${value}`;
  return value;
}

/** A row's identity: the values of the report's text-like columns, or its position when there are none. */
function keyOf(values: readonly unknown[], keyColumns: readonly number[], index: number): string {
  if (keyColumns.length === 0) return `#${index}`;
  return JSON.stringify(keyColumns.map((c) => (isEmpty(values[c]) ? null : values[c])));
}

export function plannerWork(
  old: OldTable,
  next: TypedTable,
  /** The new table's header names as the writer writes them (tableHeaders). */
  nextHeaders: readonly string[],
  previous: { columns?: WrittenColumn[]; rowCount?: number } | undefined,
  /** The body rows the new table will have (at least one, as a table always has). */
  newBodyRows: number,
): KeptWork {
  const problems: string[] = [];
  const own = ownColumns(previous?.columns, nextHeaders, old.headers);
  const oldRows = old.values.length;
  const rowNumber = (r: number) => old.firstRowNumber + r;

  // Rows the report did not write: typed into the table or just under it (Excel adds them).
  const wrote = previous?.rowCount;
  if (wrote !== undefined && oldRows > Math.max(1, wrote)) {
    const first = rowNumber(Math.max(1, wrote));
    const last = rowNumber(oldRows - 1);
    problems.push(
      `the table has ${oldRows - Math.max(1, wrote)} row(s) the report did not write (row${first === last ? ` ${first}` : `s ${first}–${last}`}): move them out of the table or delete them`,
    );
  }

  // The planner's number formats on the report's own columns.
  const formats = new Map<number, string>();
  const writtenFormat = new Map(previous?.columns?.map((c) => [c.name.toLowerCase(), c.format]) ?? []);
  nextHeaders.forEach((name, j) => {
    const from = old.headers.findIndex((h) => h.toLowerCase() === name.toLowerCase());
    const was = writtenFormat.get(name.toLowerCase());
    if (from < 0 || was === undefined) return;
    const now = uniformFormat(old.numberFormat, from);
    if (now !== null && now !== was) formats.set(j, now);
  });

  // Row keys, old and new, from the report's text-like columns present in both.
  const keyPairs = next.columns
    .map((col, j) => ({
      j,
      from: old.headers.findIndex((h) => h.toLowerCase() === nextHeaders[j].toLowerCase()),
      kind: col.kind,
    }))
    .filter((k) => k.from >= 0 && KEY_KINDS.has(k.kind));
  const oldKeys = old.values.map((row, r) =>
    keyOf(
      row,
      keyPairs.map((k) => k.from),
      r,
    ),
  );
  const newKeys = Array.from({ length: newBodyRows }, (_, r) =>
    keyOf(
      next.rows[r] ?? [],
      keyPairs.map((k) => k.j),
      r,
    ),
  );
  const count = (keys: string[]) =>
    keys.reduce((m, k) => m.set(k, (m.get(k) ?? 0) + 1), new Map<string, number>());
  const oldCount = count(oldKeys);
  const newIndex = new Map<string, number>();
  const newCount = count(newKeys);
  newKeys.forEach((k, i) => newIndex.set(k, i));

  const planner: PlannerColumn[] = [];
  old.headers.forEach((name, from) => {
    if (own.has(name.toLowerCase())) return;
    const r1c1 = old.r1c1.get(from) ?? [];
    const formulas = old.formulas.map((row) => row[from]);
    const bodyFormat = uniformFormat(old.numberFormat, from) ?? "General";
    const allFormulas = oldRows > 0 && formulas.every((f) => typeof f === "string" && f.startsWith("="));
    if (allFormulas && r1c1.every((f) => f === r1c1[0]) && typeof r1c1[0] === "string") {
      planner.push({ name, from, calculated: r1c1[0], format: bodyFormat });
      return;
    }
    const cells = Array.from({ length: newBodyRows }, () => ({ content: "" as unknown, format: bodyFormat }));
    const lost: number[] = [];
    const ambiguous: number[] = [];
    old.values.forEach((row, r) => {
      if (isEmpty(row[from]) && !(typeof formulas[r] === "string" && String(formulas[r]).startsWith("=")))
        return;
      const key = oldKeys[r];
      if ((oldCount.get(key) ?? 0) > 1 || (newCount.get(key) ?? 0) > 1) ambiguous.push(rowNumber(r));
      else if (!newIndex.has(key)) lost.push(rowNumber(r));
      else {
        const to = newIndex.get(key)!;
        cells[to] = {
          content: contentOf(formulas[r], r1c1[r], row[from], old.numberFormat[r]?.[from]),
          format: String(old.numberFormat[r]?.[from] ?? bodyFormat),
        };
      }
    });
    const rows = (list: number[]) =>
      list.length > 5 ? `${list.slice(0, 5).join(", ")}, …` : list.join(", ");
    if (lost.length)
      problems.push(
        `"${name}" has entries on ${lost.length} row(s) the new data no longer has (row ${rows(lost)}): copy them elsewhere or clear them`,
      );
    if (ambiguous.length)
      problems.push(
        `"${name}" has entries on row(s) that cannot be told apart from others with the same ${keyPairs.length ? keyPairs.map((k) => `"${nextHeaders[k.j]}"`).join(", ") : "position"} (row ${rows(ambiguous)}): move them out of the table`,
      );
    planner.push({ name, from, cells, format: bodyFormat });
  });
  return { planner, formats, problems };
}
