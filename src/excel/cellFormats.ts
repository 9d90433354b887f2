/** Excel number formats and cell values per column kind (pure). */
import { POW10 } from "../api/decimalShift";
import { capText, MAX_CELL_CHARS, TRUNCATION_MARKER } from "../api/excelLimits";
import type { CellValue, ColumnKind, TableColumn } from "../api/table";

/** A cell's text limit and how longer text is cut (src/api/excelLimits.ts, beside Excel's other limits). */
export { MAX_CELL_CHARS, TRUNCATION_MARKER };

export const TEXT_FORMAT = "@";

const DEFAULT_FORMATS: Record<ColumnKind, string> = {
  integer: "#,##0",
  number: "#,##0.00",
  currency: "$#,##0.00",
  percent: "0.00%",
  date: "yyyy-mm-dd",
  datetime: "yyyy-mm-dd hh:mm",
  boolean: "General",
  text: TEXT_FORMAT,
  url: TEXT_FORMAT,
  json: TEXT_FORMAT,
};

export function columnFormat(column: TableColumn): string {
  return column.numberFormat ?? DEFAULT_FORMATS[column.kind];
}

/** A column of identifiers (Show ID, Ad ID, seriesId, directory_podcast_id): no thousands separators. */
function isIdColumn(name: string): boolean {
  const n = name.trim();
  return /(^|[\s_])id$/i.test(n) || /[a-z]Id$/.test(n);
}

/**
 * How a column is shown: its kind, or `id` for a numeric column of identifiers. One row each in
 * docs/excel-fidelity.md, "Formats by column kind" (test/columnFormats.test.ts holds every report's
 * columns to that table).
 */
export type FormatClass = ColumnKind | "id";

export function formatClass(column: TableColumn): FormatClass {
  const numeric = column.kind === "integer" || column.kind === "number";
  return numeric && isIdColumn(column.name) ? "id" : column.kind;
}

/**
 * Most decimals a format shows of a kind's values. Ratios, rates, frequencies and modeled figures
 * (the `number` kind) and percentages show two, as a planner reads them (Excel's Number and
 * Percentage formats, docs/excel-fidelity.md "Formats by column kind"); money shows cents, and up to
 * four decimals only when a value holds fractions of a cent (a cost per visitor of $0.0125). The cell
 * keeps the exact value either way.
 */
const MAX_DECIMALS: Partial<Record<ColumnKind, number>> = { integer: 2, number: 2, currency: 4, percent: 4 };

/** Whether `v` has no digits past `decimals` (floating noise such as 0.1 + 0.2 aside). */
function fitsDecimals(v: number, decimals: number): boolean {
  const scaled = v * POW10[decimals];
  return Math.abs(scaled - Math.round(scaled)) <= 1e-9 * Math.max(1, Math.abs(scaled));
}

/** The decimals of `v`'s 15-significant-digit decimal (as Excel holds it), at most `cap`. */
function decimalsOf(v: number, cap: number): number {
  const text = Math.abs(v).toPrecision(15);
  if (text.includes("e")) return cap;
  const fraction = /\.(\d*?)0*$/.exec(text)?.[1] ?? "";
  return Math.min(cap, fraction.length);
}

/**
 * The format a column is written with, read from all its values where the kind alone cannot say:
 * whole numbers only when every value is whole (lag day counts, JSON counts; a count column holding
 * 2.35 shows "2.35", not "2"), ratios, rates, frequencies and modeled figures with two decimals,
 * percentages with two, money with as many decimals as its most precise value (two to four), a
 * date-time column whose times are all midnight as dates (daily reports), identifiers without
 * separators (50002, not 50,002). A format the CSV gave (`$1,234.50`) is kept.
 */
export function formatFor(column: TableColumn, values: readonly CellValue[]): string {
  return formatOfColumn(column, values.length, (i) => values[i]);
}

/** formatFor over a column read in place (`valueAt(i)`, i < count): a writer's table is never copied per column. */
export function formatOfColumn(
  column: TableColumn,
  count: number,
  valueAt: (i: number) => CellValue,
): string {
  if (column.numberFormat) return column.numberFormat;
  const kind = column.kind;
  if (kind === "integer" && formatClass(column) === "id") return "0";
  const cap = MAX_DECIMALS[kind];
  if (cap === undefined && kind !== "datetime") return DEFAULT_FORMATS[kind];
  let numbers = 0;
  let decimals = 0;
  for (let i = 0; i < count; i++) {
    const v = valueAt(i);
    if (typeof v !== "number") continue;
    numbers++;
    if (kind === "datetime") {
      if (!Number.isInteger(v)) return DEFAULT_FORMATS.datetime;
    } else if (decimals < cap! && !fitsDecimals(v, decimals)) {
      decimals = decimalsOf(v, cap!);
    }
  }
  return shownFormat(column, numbers, decimals);
}

/** The format of a column from how many numbers it holds and the most decimals one of them has. */
function shownFormat(column: TableColumn, numbers: number, decimals: number): string {
  const kind = column.kind;
  if (kind === "datetime") return numbers === 0 ? DEFAULT_FORMATS.datetime : "yyyy-mm-dd";
  if (numbers === 0) return DEFAULT_FORMATS[kind];
  if (kind === "integer" || kind === "number") {
    if (decimals === 0) return formatClass(column) === "id" ? "0" : "#,##0";
    return DEFAULT_FORMATS.number;
  }
  if (kind === "percent") return DEFAULT_FORMATS.percent;
  return DEFAULT_FORMATS[kind].replace(".00", `.${"0".repeat(Math.max(2, decimals))}`);
}

/** The value to write: empty for null, over-long text cut with a visible marker. */
export function cellValue(v: CellValue): { value: string | number | boolean; truncated: boolean } {
  if (v === null) return { value: "", truncated: false };
  if (typeof v === "string" && v.length > MAX_CELL_CHARS)
    return { value: capText(v, MAX_CELL_CHARS), truncated: true };
  return { value: v, truncated: false };
}

/**
 * Whether Excel would refuse `name` as a table or defined name for its shape: it must not read as
 * a cell reference in A1 or R1C1 style (Q1, R1C1, RC, R2, C3, and, read strictly, any R or C
 * followed by a digit) nor be TRUE or FALSE (docs/excel-fidelity.md, "Names").
 */
function readsAsReference(name: string): boolean {
  return (
    /^[A-Za-z]{1,3}\d+$/.test(name) ||
    /^[Rr]\d*([Cc]\d*)?$/.test(name) ||
    /^[Cc]\d*$/.test(name) ||
    /^[RrCc]\d/.test(name) ||
    /^(true|false)$/i.test(name)
  );
}

/**
 * A readable, valid and unique Excel table name. `taken` holds every table and defined name of the
 * workbook (they share one namespace, compared without case).
 */
export function tableNameFor(label: string, taken: ReadonlySet<string>): string {
  let base = label.replace(/[^A-Za-z0-9_]+/g, "_").replace(/^_+|_+$/g, "") || "Report";
  if (!/^[A-Za-z_]/.test(base) || readsAsReference(base)) base = `T_${base}`;
  base = base.slice(0, 240);
  const lower = new Set([...taken].map((t) => t.toLowerCase()));
  if (!lower.has(base.toLowerCase())) return base;
  for (let i = 2; ; i++) if (!lower.has(`${base}_${i}`.toLowerCase())) return `${base}_${i}`;
}

/**
 * `text` cut to `max` characters, at the end of a word when one ends in the kept half, and without
 * the commas or dashes the cut leaves at its end: "…Jan 2023–Nov 2026" cut short reads "…Nov", not
 * "…Nov 2", which reads as a date.
 */
function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, max);
  const wordEnd = cut.search(/\s\S*$/);
  if (!/\s/.test(text[max]) && wordEnd >= max / 2) cut = cut.slice(0, wordEnd);
  return cut.replace(/[\s,;·–-]+$/, "") || text.slice(0, max);
}

/** Sheet names Excel keeps for itself. */
const RESERVED_SHEET_NAMES = ["history"];

/**
 * A valid and unique sheet name: at most 31 characters, none of [ ] : * ? / \, no apostrophe
 * first or last (checked after cutting), not "History".
 */
export function sheetNameFor(label: string, taken: ReadonlySet<string>): string {
  const trimApostrophes = (s: string) => s.replace(/^[\s']+|[\s']+$/g, "");
  const base =
    trimApostrophes(cutAtWord(trimApostrophes(label.replace(/[[\]:*?/\\]/g, " ")), 31)) || "Report";
  const lower = new Set([...[...taken].map((t) => t.toLowerCase()), ...RESERVED_SHEET_NAMES]);
  if (!lower.has(base.toLowerCase())) return base;
  for (let i = 2; ; i++) {
    const suffix = ` (${i})`;
    const name = `${trimApostrophes(cutAtWord(base, 31 - suffix.length))}${suffix}`;
    if (!lower.has(name.toLowerCase())) return name;
  }
}

/** Column width in points from a sample of values: about 7 points a character, between 6 and 60 characters. */
export function fittedWidth(
  header: string,
  sample: readonly CellValue[],
  kind: ColumnKind,
  format?: string,
): number {
  const len = (v: CellValue) =>
    v === null
      ? 0
      : kind === "date" || (kind === "datetime" && format === "yyyy-mm-dd")
        ? 10
        : kind === "datetime"
          ? 16
          : typeof v === "number"
            ? Math.min(14, String(v).length + 3)
            : String(v).length;
  const chars = Math.max(header.length + 2, ...sample.map(len));
  return Math.round(Math.min(60, Math.max(6, chars)) * 7);
}

/**
 * A prefix for a family of tables (`${prefix}_Episodes`, ...) that no existing table name uses:
 * every taken name, and every underscore-prefix of it, counts as taken.
 */
export function tablePrefixFor(label: string, taken: ReadonlySet<string>): string {
  const prefixes = new Set<string>();
  for (const name of taken) {
    const parts = name.split("_");
    for (let i = 1; i <= parts.length; i++) prefixes.add(parts.slice(0, i).join("_"));
  }
  return tableNameFor(label, prefixes);
}

/** Excel's default column width in points (8.43 characters). */
export const DEFAULT_COLUMN_PT = 48;

/** How many columns from A it takes to cover `pt` points, their widths given (default beyond them). */
export function columnsCovering(widths: readonly number[], pt: number): number {
  let x = 0;
  let c = 0;
  while (x < pt) x += widths[c++] ?? DEFAULT_COLUMN_PT;
  return c;
}
