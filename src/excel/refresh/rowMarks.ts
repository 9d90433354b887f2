/**
 * Which rows of a table the add-in wrote (pure). Each written row gets a mark: a 12-bit fingerprint
 * of its key (the values of the report's text, date and other key columns, as the cells hold them),
 * two URL-safe base64 characters, kept in order on the definition. At the next refresh every body row
 * is marked again from its cells; the rows the written marks do not account for are rows the report
 * did not write (typed or pasted into the table, or the line typed into an empty report's blank row),
 * named exactly, whatever the planner sorted or where they inserted them. Two rows with the same key
 * where the report wrote one cannot be told apart: both are named, and the planner picks.
 */
import type { ColumnKind, TableColumn, TypedTable } from "../../api/table";
import type { RowMarks } from "../../reports/definition";
import { cellValue } from "../cellFormats";

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/** Tables of more rows than this are not marked (the marks ride in the refresh's last sync, 2 bytes a row). */
const ROW_MARKS_MAX = 20_000;

const KEY_KINDS: ReadonlySet<ColumnKind> = new Set(["text", "date", "datetime", "url", "boolean", "json"]);

/** The columns a row is known by: those that say they name it, else the key kinds', else every column. */
function keyColumns(columns: readonly TableColumn[]): number[] {
  const named = columns.flatMap((c, j) => (c.key ? [j] : []));
  if (named.length) return named;
  const keys = columns.flatMap((c, j) => (KEY_KINDS.has(c.kind) ? [j] : []));
  return keys.length ? keys : columns.map((_, j) => j);
}

const FNV_PRIME = 0x01000193;

/** FNV-1a over the UTF-16 code units of `s`, from `h`. */
function fnv(h: number, s: string): number {
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, FNV_PRIME) >>> 0;
  }
  return h;
}

/**
 * A cell's value folded into the hash as its key part, what Excel gives back for what was written:
 * nothing for blank, `n` and the number, `bT`/`bF`, or `s` and the text. The tag and the text are
 * hashed one after the other, never joined: reading a joined string (a rope) code unit by code unit
 * was five to ten times slower for the 32,767-character cells of a long report.
 */
function hashPart(h: number, v: unknown): number {
  if (v === null || v === undefined || v === "") return h;
  if (typeof v === "number") return fnv(h, Object.is(v, -0) ? "n0" : `n${v}`);
  if (typeof v === "boolean") return fnv(h, v ? "bT" : "bF");
  return fnv(fnv(h, "s"), String(v));
}

/** A row's mark: FNV-1a of its key parts, folded to 12 bits. */
export function rowMark(values: readonly unknown[]): string {
  let h = 0x811c9dc5;
  for (const v of values) {
    h = hashPart(h, v);
    // A separator, so ["ab", ""] and ["a", "b"] differ.
    h ^= 0x1f;
    h = Math.imul(h, FNV_PRIME) >>> 0;
  }
  const folded = (h ^ (h >>> 12) ^ (h >>> 24)) & 0xfff;
  return ALPHABET[folded >> 6] + ALPHABET[folded & 63];
}

/**
 * The marks of a table as written (its dates already in the workbook's system), with its key
 * columns' table column ids (`idOf(j)`); none for a table over ROW_MARKS_MAX rows.
 */
export function rowMarksFor(table: TypedTable, idOf: (j: number) => number): RowMarks | undefined {
  if (table.rows.length > ROW_MARKS_MAX) return undefined;
  const keys = keyColumns(table.columns);
  return {
    columns: keys.map(idOf),
    // As written: an empty cell for null, over-long text cut with its marker.
    marks: marksOf(table.rows.map((row) => keys.map((j) => cellValue(row[j] ?? null).value))),
  };
}

/** The marks of rows (each given as its key values), in order. */
export function marksOf(keys: readonly (readonly unknown[])[]): string {
  let out = "";
  for (const k of keys) out += rowMark(k);
  return out;
}

export interface UnwrittenRows {
  /** Body rows (0-based) the report did not write. */
  typed: number[];
  /** Groups of body rows with one key where the report wrote fewer: which is the planner's cannot be told. */
  alike: number[][];
}

/**
 * The body rows the written marks do not account for. `keys` are the body rows' key values now;
 * `blank(i)` says whether row i holds nothing (a blank row is nobody's work: an empty report's
 * placeholder, or a row inserted and left empty).
 */
export function unwrittenRows(
  marks: string,
  keys: readonly (readonly unknown[])[],
  blank: (i: number) => boolean,
): UnwrittenRows {
  const wrote = new Map<string, number>();
  for (let i = 0; i + 1 < marks.length; i += 2) {
    const m = marks.slice(i, i + 2);
    wrote.set(m, (wrote.get(m) ?? 0) + 1);
  }
  const rowsOf = new Map<string, number[]>();
  keys.forEach((k, i) => {
    if (blank(i)) return;
    const m = rowMark(k);
    const list = rowsOf.get(m);
    if (list) list.push(i);
    else rowsOf.set(m, [i]);
  });
  const typed: number[] = [];
  const alike: number[][] = [];
  for (const [m, rows] of rowsOf) {
    const w = wrote.get(m) ?? 0;
    if (rows.length <= w) continue;
    // None written with this key: every such row is the planner's. Some: which ones cannot be told.
    if (w === 0) typed.push(...rows);
    else alike.push(rows);
  }
  return { typed: typed.sort((a, b) => a - b), alike: alike.sort((a, b) => a[0] - b[0]) };
}
