/**
 * Agent CSV and TSV files as tables, losslessly. TSV is split on tabs (it has no quoting: a cell
 * `"a,b"` keeps its quotes); CSV follows RFC 4180. A column holds numbers only when every value in it
 * is unambiguously a number, dates only when every value is an ISO date; everything else lands as
 * its exact text. Report inference is not used: it reads `00123` as 123 and `yes` as TRUE.
 *
 * Unambiguous number: optional minus, digits without a leading zero (except `0` itself), optional
 * decimals, at most 15 significant digits (what Excel keeps). Text: leading zeros, more digits,
 * exponents (`1e5`), thousands separators, a plus sign, `%`, currency signs, `-0`, words
 * (yes, no, TRUE, FALSE). Dates: `YYYY-MM-DD` from 1900-03-01 (Excel's serials before that day
 * count a 29 February 1900 that never was); other date shapes and date-times stay text.
 */
import { csvRecords, parseDate } from "../api/csv";
import { EXCEL_DIGITS, inexactNumber } from "../api/exactNumbers";
import type { CellValue, ColumnKind, KeptAsText, TypedTable } from "../api/table";

/** What a column became, for the planner to see after opening the file. */
export interface ColumnChoice {
  name: string;
  kind: ColumnKind;
  /** Why a column that holds number- or date-like values stays text: one example. */
  note?: string;
}

const PLAIN_NUMBER = /^-?(0|[1-9]\d*)(\.\d+)?$/;
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
/** Serial of 1900-03-01, the first day Excel and the calendar agree on. */
const FIRST_SAFE_SERIAL = 61;

/** The number a text unambiguously is, or null. */
export function unambiguousNumber(text: string): number | null {
  if (!PLAIN_NUMBER.test(text)) return null;
  const digits = text.replace(/^-/, "").replace(".", "").replace(/^0+/, "");
  if (digits.length > EXCEL_DIGITS) return null;
  const value = Number(text);
  // -0 would land as 0.
  return Object.is(value, -0) || (value === 0 && text.startsWith("-")) ? null : value;
}

/** The Excel serial of an ISO date (YYYY-MM-DD), or null. */
export function isoDate(text: string): number | null {
  if (!ISO_DATE.test(text)) return null;
  const serial = parseDate(text);
  return serial !== null && serial >= FIRST_SAFE_SERIAL ? serial : null;
}

const DIGITS = /^-?\d+(\.\d+)?$/;
const EXPONENT = /^-?(\d+\.?\d*|\.\d+)[eE][+-]?\d+$/;

/**
 * A value kept as text that, as a number, would change (exactNumbers.ts): a leading zero (`01234`),
 * more than 15 digits, or beyond a double (`1e400`). Not a signed zero, or an exponent a double holds
 * (`1e5`: text by choice, not because it would change).
 */
export function wouldChange(text: string): boolean {
  if (DIGITS.test(text))
    return unambiguousNumber(text) === null && (/^-?0\d/.test(text) || /[1-9]/.test(text));
  return EXPONENT.test(text) && inexactNumber(text, Number(text)) === "range";
}

/** A value as quoted in a note: at most 24 characters. */
const quote = (v: string): string => `"${v.length > 24 ? `${v.slice(0, 24)}…` : v}"`;

/** Why a value that looks like a number, date or boolean stays text, or null when it does not look like one. */
export function whyText(text: string): string | null {
  if (unambiguousNumber(text) !== null || isoDate(text) !== null) return null;
  const v = text.trim();
  const q = quote(v);
  if (v !== text && (unambiguousNumber(v) !== null || isoDate(v) !== null))
    return `${q} has spaces around it`;
  if (/^-?0\d/.test(v)) return `${q} has a leading zero`;
  if (/^-?\d+(\.\d+)?$/.test(v))
    return /[1-9]/.test(v) ? `${q} has more digits than Excel keeps (15)` : `${q} is a signed zero`;
  if (/^[+-]?(\d+\.?\d*|\.\d+)[eE][+-]?\d+$/.test(v)) return `${q} has an exponent`;
  if (/^[+-]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(v)) return `${q} has a thousands separator`;
  if (/^\+\d/.test(v)) return `${q} has a plus sign`;
  if (/^[+-]?(\d+\.?\d*|\.\d+)\s*%$/.test(v)) return `${q} is a percentage`;
  if (/^[-(]?[$€£¥][\d,.]+\)?$/.test(v)) return `${q} has a currency sign`;
  if (/^-?(\.\d+|\d+\.)$/.test(v)) return `${q} has no digit on one side of its point`;
  if (/^(true|false|yes|no)$/i.test(v)) return `${q} is a word`;
  if (ISO_DATE.test(v)) return `${q} is not a date Excel holds`;
  if (/^\d{4}-\d{2}-\d{2}[T ]\d/.test(v)) return `${q} has a time`;
  if (/^\d{1,2}[/.-]\d{1,2}[/.-]\d{2,4}$/.test(v)) return `${q} is not an ISO date (YYYY-MM-DD)`;
  return null;
}

/** TSV records: lines split on tabs, nothing unquoted (TSV has no quoting). */
function tsvRecords(text: string): string[][] {
  return text.split(/\r\n|\n|\r/).map((line) => line.split("\t"));
}

function records(fileType: "csv" | "tsv", text: string): string[][] {
  if (fileType === "tsv") return tsvRecords(text);
  const { rows, openQuote } = csvRecords(text);
  if (openQuote) throw new Error("The file ends inside a quoted value: it looks cut off");
  return rows;
}

function chooseColumn(name: string, values: readonly string[]): ColumnChoice {
  const present = values.filter((v) => v !== "");
  const numbers = present.filter((v) => unambiguousNumber(v) !== null).length;
  const dates = present.filter((v) => isoDate(v) !== null).length;
  if (present.length && numbers === present.length) return { name, kind: "number" };
  if (present.length && dates === present.length) return { name, kind: "date" };
  const why = present.map(whyText).find((w) => w !== null);
  if (why) return { name, kind: "text", note: why };
  const other = present.find((v) => unambiguousNumber(v) === null && isoDate(v) === null);
  if (numbers + dates > 0 && other !== undefined)
    return { name, kind: "text", note: `${quote(other)} is not a ${numbers ? "number" : "date"}` };
  return { name, kind: "text" };
}

/** An agent CSV or TSV file → a table whose cells hold exactly what the file held, and each column's choice. */
export function agentDelimitedTable(
  fileType: "csv" | "tsv",
  text: string,
): { table: TypedTable; choices: ColumnChoice[] } {
  const rows = records(fileType, text);
  // A line end after the last line adds no row.
  if (rows.length > 1 && rows[rows.length - 1].length === 1 && rows[rows.length - 1][0] === "") rows.pop();
  if (rows.length === 0 || (rows.length === 1 && rows[0].length === 1 && rows[0][0] === ""))
    throw new Error("The file is empty");
  const [header, ...body] = rows;
  // Nothing is dropped: a row longer than the header gets columns of its own.
  // A loop, not Math.max(...rows): a file of a million rows would overflow the call stack.
  const width = rows.reduce((n, r) => Math.max(n, r.length), 0);
  const choices = Array.from({ length: width }, (_, c) =>
    chooseColumn(
      header[c] ?? "",
      body.map((r) => r[c] ?? ""),
    ),
  );
  const cell = (choice: ColumnChoice, text: string): CellValue => {
    if (text === "") return null;
    if (choice.kind === "number") return unambiguousNumber(text);
    if (choice.kind === "date") return isoDate(text);
    return text;
  };
  const table: TypedTable = {
    // General shows a number as it was written; a date column shows YYYY-MM-DD, as written.
    columns: choices.map((ch) => ({
      name: ch.name,
      kind: ch.kind,
      ...(ch.kind === "number" ? { numberFormat: "General" } : {}),
    })),
    rows: body.map((r) => choices.map((ch, c) => cell(ch, r[c] ?? ""))),
  };
  // Only a text column holds values kept as text (a number column's values are all numbers).
  const kept: KeptAsText[] = choices.flatMap((ch, c) => {
    const cells = ch.kind === "text" ? body.filter((r) => wouldChange(r[c] ?? "")).length : 0;
    return cells ? [{ column: ch.name, cells }] : [];
  });
  if (kept.length) table.keptAsText = kept;
  return { table, choices };
}

const KIND_WORDS: Partial<Record<ColumnKind, string>> = { boolean: "TRUE/FALSE", json: "JSON text" };

/** "Show: text; Downloads: number; Zip: text ("01234" has a leading zero)". */
export function describeChoices(choices: readonly ColumnChoice[]): string {
  return choices
    .map((c) => `${c.name || "(no name)"}: ${KIND_WORDS[c.kind] ?? c.kind}${c.note ? ` (${c.note})` : ""}`)
    .join("; ");
}
