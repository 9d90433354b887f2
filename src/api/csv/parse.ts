/**
 * CSV text → TypedTable. Handles a BOM, CRLF, quoted newlines and quotes (papaparse), the summary
 * block that formatting.summary puts above the header, the totals row of formatting.totals, and
 * smart-formatted numbers. A value that does not fit its column's kind stays as text: nothing is lost.
 *
 * Read a chunk at a time (ReportRows): the whole string grid of a big download is never held, only
 * the typed rows. Inferred column kinds are decided on the first rows.
 *
 * A download is accepted only when it is provably whole (docs/report-sheets.md, "Whole downloads"):
 * the header is the one the request asked for, every row has the header's width, no quoted value is
 * left open, and the last line ends with the file's line end, unless the transport proved the body
 * whole (its byte length matched Content-Length), since RFC 4180 lets a last line go without one.
 */
import { ResponseValidationError } from "../errors";
import { pointsToFraction } from "../decimalShift";
import type { ReportKind } from "../schemas";
import type { CellValue, ColumnKind, TableColumn, TypedTable } from "../table";
import { catalogueKind } from "./catalogue";
import { reportHeaderLabel } from "../fieldLabels";
import { readableJsonCell } from "./jsonCells";
import { headerProblem, type HeaderExpectation } from "./header";
import { CsvChunker, CSV_CHUNK_CHARS, type LineBreak } from "./records";
import { ownedText } from "./ownedText";
import { fieldSpans, fieldText, RecordScanner, recordText, type FieldSpans } from "./fieldScan";
import { leadingZeroAt, numberKeptAsText, plainDecimalAt } from "./values";
import { plainFits, widenForPlain } from "./columnLooks";
import {
  convert,
  convertInferred,
  decimalTyping,
  firstValueKind,
  inferKind,
  type DecimalTyping,
} from "./cellTyping";

export interface CsvOptions {
  /** formatting.summary was requested (true), not requested (false), or unknown (detect). */
  summary?: boolean;
  /** formatting.totals was requested (true), not requested (false), or unknown (detect). */
  totals?: boolean;
  /** Source named in errors. */
  endpoint?: string;
  /** The header the request asked for (`expectedHeader`); checked when given. */
  header?: HeaderExpectation;
  /**
   * The transport proved the body whole: its byte length matched the Content-Length the service
   * sent. Only then may the last line end without a line break.
   */
  lengthProven?: boolean;
}

const TOTALS = /^(grand\s+)?totals?:?$/i;
const isBlank = (row: string[]) => row.every((c) => c === "");
/** An empty line: no cell at all. A row of empty cells has commas, and must be as wide as the header. */
const isEmptyLine = (row: string[]) => row.length === 1 && row[0] === "";

function findHeader(rows: string[][], summary: boolean | undefined): number {
  // Without a summary the header is the first line, even one whose names are all empty.
  if (summary === false)
    return Math.max(
      0,
      rows.findIndex((r) => !isEmptyLine(r)),
    );
  const first = rows.findIndex((r) => !isBlank(r));
  if (first < 0) return 0;
  if (summary === true) {
    // A requested summary block ends at the first blank line: the header is the next row. Widths
    // cannot tell them apart (a two-column report is as wide as "Report,Impressions").
    const gap = rows.findIndex((r, i) => i > first && isBlank(r));
    const header = gap < 0 ? -1 : rows.findIndex((r, i) => i > gap && !isBlank(r));
    if (header >= 0) return header;
  }
  // A loop, not Math.max(...rows): a million rows would overflow the call stack.
  const maxLen = rows.reduce((n, r) => (isBlank(r) ? n : Math.max(n, r.length)), 0);
  const full = rows.findIndex((r) => r.length === maxLen && r.every((c) => c.trim() !== ""));
  return full >= 0 ? full : rows.findIndex((r) => r.length === maxLen);
}

function truncated(detail: string, endpoint: string): ResponseValidationError {
  return new ResponseValidationError("csv", `${detail}: the download looks truncated`, endpoint);
}

/**
 * Rows the kinds of inferred columns are decided on: about the first SAMPLE_ROWS (the data rows among
 * the first HEAD_LINES non-empty lines, but the last, held back in case it is the totals); all of
 * them in a smaller report, so its kinds are the whole column's, as a whole-file read gave.
 */
const SAMPLE_ROWS = 1000;
/**
 * Kinds whose value depends on the text alone, so a repeated text is typed once and shares one value:
 * a report repeats its names and dates on every row (108,000 rows of an impressions report hold 1.9
 * million strings of 12,000 distinct values), and one string per distinct text is what keeps the
 * typed table near the CSV's size. Numbers are not cached: their format is taken as they are read.
 */
const CACHED_KINDS = new Set<ColumnKind>(["text", "url", "json", "date", "datetime", "boolean"]);
/** A column's cache of typed values: a new one for a kind typed by its text alone, else none. */
const cacheFor = (kind: ColumnKind): Map<string, CellValue> | null =>
  CACHED_KINDS.has(kind) ? new Map() : null;
/** Kinds read as numbers: their texts are values that did not read as one (or not as one exactly). */
const NUMERIC_KINDS = new Set<ColumnKind>(["integer", "number", "currency", "percent"]);
/** Distinct values a column's cache holds before it stops: past it, the column is ids or free text. */
const CACHE_CAP = 8192;
/** Lines of a summary block allowed for above the header in that first read. */
const SUMMARY_ALLOWANCE = 100;
/**
 * Non-empty lines read before the header is found and the kinds decided: a count, never a chunk's
 * end, so the same file is typed the same way whatever the chunk size.
 */
const HEAD_LINES = SAMPLE_ROWS + SUMMARY_ALLOWANCE + 1;

/** Every field of the record read last is empty: a blank row. */
function blankSpans(spans: FieldSpans): boolean {
  for (let i = 0; i < spans.count; i++) if (spans.starts[i] !== spans.ends[i]) return false;
  return true;
}

/**
 * A report's records, read a chunk at a time: the header found and the kinds decided on the first
 * records, every later row typed as it arrives (its strings then dropped), the last row held back
 * until the end in case it is the totals row. A problem (a wrong header, a row of another width) is
 * kept, not thrown, so the file's own end is checked first, as a whole-file read would.
 */
class ReportRows {
  /** Per column, values already typed by their text (CACHED_KINDS), or null. */
  private caches: (Map<string, CellValue> | null)[] = [];
  private pending: string[][] | null = [];
  private columns: TableColumn[] = [];
  private inferred: boolean[] = [];
  /** Inferred columns empty in every row of the sample: their first value decides. */
  private undecided: boolean[] = [];
  private decimals: DecimalTyping[] = [];
  /** Per numeric column, the decimals its plain fractions show so far (columnLooks.ts); -1: not numeric. */
  private fractions: number[] = [];
  /**
   * Columns whose texts may be numbers kept as text (exactNumbers.ts): every numeric column, and an
   * inferred text column whose first values hold one. `kept` counts them, for the planner's note.
   */
  private counting: boolean[] = [];
  private kept: number[] = [];
  /** The scan's last record, held back as `last` is, and spans to read the next one into. */
  private held: FieldSpans | null = null;
  private spare: FieldSpans | null = null;
  /** Non-empty lines in `pending`. */
  private headLines = 0;
  private summary: string[][] = [];
  private readonly rows: CellValue[][] = [];
  /** The last body row so far, as text: typed when another comes, else perhaps the totals. */
  private last: string[] | null = null;
  /** Non-empty lines after the header, for the ragged row's number. */
  private lines = 0;
  private empty = false;
  problem: string | null = null;

  constructor(
    private readonly kind: ReportKind | null,
    private readonly opts: CsvOptions,
  ) {}

  add(records: string[][]): void {
    if (this.problem || this.empty) return;
    let i = 0;
    for (; i < records.length && this.pending; i++) {
      const r = records[i];
      this.pending.push(r);
      if (!isEmptyLine(r) && ++this.headLines === HEAD_LINES) this.decide(false);
    }
    for (; i < records.length && !this.problem; i++) this.line(records[i]);
  }

  /** Finds the header in the records read so far and decides the kinds; `atEnd`: there are no more. */
  private decide(atEnd: boolean): void {
    const rows = this.pending!;
    this.pending = null;
    if (atEnd) while (rows.length && isEmptyLine(rows[rows.length - 1])) rows.pop();
    if (rows.length === 0) {
      this.empty = true;
      return;
    }
    const headerIndex = findHeader(rows, this.opts.summary);
    const header = rows[headerIndex];
    const wrongHeader = this.opts.header && headerProblem(this.opts.header, header);
    if (wrongHeader) {
      this.problem = wrongHeader;
      return;
    }
    this.summary = rows
      .slice(0, headerIndex)
      .filter((r) => !isBlank(r))
      .map((r) => {
        const cells = r.map(ownedText);
        while (cells.length && cells[cells.length - 1] === "") cells.pop();
        return cells;
      });
    this.columns = header.map((name) => ({ name: ownedText(name), kind: "text" }));
    const sample: string[][] = [];
    for (let i = headerIndex + 1; i < rows.length && !this.problem; i++) {
      const body = this.bodyRow(rows[i]);
      if (body) sample.push(body);
    }
    if (this.problem) return;
    // The last row read may be the totals row (in a report that ends here, or is followed by empty lines).
    this.last = sample.pop() ?? null;
    if (atEnd && this.last && !this.isTotals(this.last)) {
      sample.push(this.last);
      this.last = null;
    }
    this.columns.forEach((col, c) => {
      const known = catalogueKind(this.kind, col.name);
      this.inferred.push(known === undefined);
      const values = known ? [] : sample.map((r) => r[c].trim()).filter((v) => v !== "");
      // Only when rows follow the sample: a report read whole has seen all its values.
      this.undecided.push(!known && values.length === 0 && !atEnd);
      col.kind = known ?? inferKind(values);
      this.counting.push(this.counts(col.kind, !known, values));
      this.kept.push(0);
    });
    this.caches = this.columns.map((col) => cacheFor(col.kind));
    this.decimals = this.columns.map((col, c) => decimalTyping(col.kind, this.inferred[c]));
    this.fractions = this.columns.map((col) => (NUMERIC_KINDS.has(col.kind) ? 0 : -1));
    for (const r of sample) this.rows.push(this.typed(r));
  }

  /**
   * Reads the records from `start` straight from the text (fieldScan.ts), each row's plain
   * decimals typed from their characters, until a record papaparse must read (a wrong width
   * included: papaparse's record then names the problem); returns where it stopped. The same rows,
   * empty lines and blank rows as `line` reads; the record read last is held back, and handed over
   * as `last` when papaparse reads on.
   */
  scan(text: string, start: number, lineBreak: LineBreak): number {
    if (this.pending || this.problem || this.empty) return start;
    const width = this.columns.length;
    const scanner = new RecordScanner(text, lineBreak);
    let pos = start;
    for (;;) {
      const read = this.spare ?? fieldSpans(width);
      this.spare = read;
      const next = scanner.read(pos, read);
      if (next < 0) break;
      const emptyLine = read.count === 1 && read.starts[0] === read.ends[0];
      if (!emptyLine && read.count !== width) break;
      pos = next;
      if (emptyLine) continue;
      this.lines++;
      if (blankSpans(read)) continue;
      if (this.last) this.rows.push(this.typed(this.last));
      this.last = null;
      if (this.held) this.rows.push(this.typedSpans(text, this.held));
      this.spare = this.held;
      this.held = read;
    }
    if (this.held) {
      this.last = recordText(text, this.held);
      this.spare = this.held;
      this.held = null;
    }
    return pos;
  }

  /** The row of the record in `spans`, as `typed` gives it for the record's strings. */
  private typedSpans(text: string, spans: FieldSpans): CellValue[] {
    const out: CellValue[] = new Array(spans.count);
    for (let c = 0; c < spans.count; c++) {
      const from = spans.starts[c];
      const to = spans.ends[c];
      if (from === to) {
        out[c] = null;
        continue;
      }
      const typing = this.decimals[c];
      if (typing !== "text" && spans.flags[c] === 0 && !this.undecided[c]) {
        const v = plainDecimalAt(text, from, to);
        if (
          !Number.isNaN(v) &&
          (typing !== "whole" || Number.isInteger(v)) &&
          // An inferred column's "08123" is kept as its text (typedCell).
          !(this.inferred[c] && leadingZeroAt(text, from, to))
        ) {
          // A fraction among whole numbers: the column's format shows its decimals (columnLooks.ts).
          const f = this.fractions[c];
          if (f >= 0 && !plainFits(this.columns[c].kind, f, v))
            this.fractions[c] = widenForPlain(this.columns[c], this.columns[c].kind, v);
          out[c] = typing === "points" ? pointsToFraction(v) : v;
          continue;
        }
      }
      out[c] = this.typedCell(c, fieldText(text, spans, c));
    }
    return out;
  }

  /** A line after the header: null when it is empty or blank (or wrong: then `problem` is set). */
  private bodyRow(r: string[]): string[] | null {
    if (isEmptyLine(r)) return null;
    this.lines++;
    if (r.length !== this.columns.length) {
      this.problem = `row ${this.lines} has ${r.length} of ${this.columns.length} columns`;
      return null;
    }
    return isBlank(r) ? null : r;
  }

  private line(r: string[]): void {
    const body = this.bodyRow(r);
    if (!body) return;
    if (this.last) this.rows.push(this.typed(this.last));
    this.last = body;
  }

  private typed(r: readonly string[]): CellValue[] {
    const out: CellValue[] = new Array(r.length);
    for (let c = 0; c < r.length; c++) out[c] = this.typedCell(c, r[c]);
    return out;
  }

  /** Whether a column of `kind` may keep numbers as text, from its first values (trimmed, non-empty). */
  private counts(kind: ColumnKind, inferred: boolean, values: readonly string[]): boolean {
    return (
      NUMERIC_KINDS.has(kind) ||
      (inferred && kind === "text" && values.some((v) => numberKeptAsText(v, true)))
    );
  }

  /** Counts the text of column `c` when it reads as a number kept as text. */
  private countKept(c: number, text: string): void {
    if (numberKeptAsText(text.trim(), this.inferred[c])) this.kept[c]++;
  }

  private typedCell(c: number, text: string): CellValue {
    const cache = this.caches[c];
    // A text column's repeated values are typed once but counted every time.
    const counted = cache !== null && this.counting[c];
    if (counted) this.countKept(c, text);
    const hit = cache?.get(text);
    if (hit !== undefined) return hit;
    const col = this.columns[c];
    if (this.undecided[c] && text.trim() !== "") {
      col.kind = firstValueKind(text);
      this.undecided[c] = false;
      this.caches[c] = cacheFor(col.kind);
      this.decimals[c] = decimalTyping(col.kind, this.inferred[c]);
      this.fractions[c] = NUMERIC_KINDS.has(col.kind) ? 0 : -1;
      this.counting[c] = this.counts(col.kind, true, [text.trim()]);
    }
    const typed = this.inferred[c] ? convertInferred(col.kind, text, col) : convert(col.kind, text, col);
    // A number column's text is rare (a value that is not a number, or not one exactly): checked only then.
    if (!counted && this.counting[c] && typeof typed === "string") this.countKept(c, text);
    // Kept values are copies: the text is a view of a piece of the download (ownedText.ts).
    const value = typeof typed === "string" ? ownedText(typed) : typed;
    if (cache && this.caches[c] === cache) {
      cache.set(typed === text ? (value as string) : ownedText(text), value);
      // A column of ids or free text: every value new, nothing to share.
      if (cache.size >= CACHE_CAP) this.caches[c] = null;
    }
    return value;
  }

  /**
   * Requested totals are the last row whatever its label (the spec names none); when it is not
   * known whether totals were asked for, only a row labelled Total counts.
   */
  private isTotals(row: readonly string[]): boolean {
    if (this.opts.totals === false) return false;
    const firstCell = row.find((c) => c.trim() !== "") ?? "";
    return this.opts.totals === true || TOTALS.test(firstCell.trim());
  }

  /** The table, or the problem found, or null when the file has no line at all. */
  finish(): TypedTable | string | null {
    if (this.pending && !this.problem) this.decide(true);
    if (this.problem) return this.problem;
    if (this.empty) return null;
    // A report's headers in a planner's words (an agent's file keeps its own).
    const columns =
      this.kind === null
        ? this.columns
        : this.columns.map((c) => ({ ...c, name: reportHeaderLabel(c.name) }));
    const table: TypedTable = { columns, rows: this.rows };
    const kept = columns.flatMap((col, c) =>
      this.kept[c] ? [{ column: col.name, cells: this.kept[c] }] : [],
    );
    if (kept.length) table.keptAsText = kept;
    if (this.last) {
      if (this.isTotals(this.last)) {
        const totals = this.last;
        table.totals = this.columns.map((col, c) => {
          const v = convert(col.kind, totals[c], { ...col });
          return typeof v === "string" ? ownedText(v) : v;
        });
      } else this.rows.push(this.typed(this.last));
    }
    if (this.summary.length) table.summary = this.summary;
    if (this.kind !== null) this.readableJson();
    return table;
  }

  /** JSON cells (the campaign report's airchecks, ads, AutoServe settings) as a line of words. */
  private readableJson(): void {
    this.columns.forEach((col, c) => {
      if (col.kind !== "json") return;
      for (const row of this.rows) {
        const v = row[c];
        if (typeof v === "string") row[c] = readableJsonCell(col.name, v);
      }
    });
  }
}

/**
 * A report's CSV read as it arrives (ReportRows over CsvChunker): `push` each piece of text in order,
 * then `end` gives the table, or throws when the download is not provably whole. Only the typed rows
 * and the text after the last whole record are held, never the whole download.
 */
export class ReportCsvReader {
  private readonly rows: ReportRows;
  private readonly chunker: CsvChunker;
  private started = false;
  /** The text's last two characters, for its line end. */
  private tail = "";

  constructor(
    kind: ReportKind | null,
    private readonly opts: Omit<CsvOptions, "lengthProven"> = {},
    /** Characters read at a time (tests read in tiny chunks to prove chunking changes nothing). */
    chunkChars = CSV_CHUNK_CHARS,
    /** Plain records after the first rows are read by the scan (tests turn it off to compare). */
    scan = true,
    /** Known already: tests stream short texts in pieces with it (else papaparse's guess). */
    lineBreak?: LineBreak,
  ) {
    const rows = new ReportRows(kind, opts);
    this.rows = rows;
    this.chunker = new CsvChunker(
      (records) => rows.add(records),
      chunkChars,
      scan ? (text, start, lb) => rows.scan(text, start, lb) : undefined,
      lineBreak,
    );
  }

  push(piece: string): void {
    let text = piece;
    if (!this.started && text !== "") {
      this.started = true;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (text === "") return;
    this.tail = text.length >= 2 ? text.slice(-2) : (this.tail + text).slice(-2);
    this.chunker.push(text);
  }

  /** The text has ended; `lengthProven`: the transport proved it whole (CsvOptions.lengthProven). */
  end(lengthProven = false): TypedTable {
    const endpoint = this.opts.endpoint ?? "report CSV";
    const { lineBreak: newline, openQuote } = this.chunker.end();
    const tail = this.tail;
    if (openQuote) throw truncated("the CSV ends inside a quoted value", endpoint);
    if (tail !== "" && !lengthProven && !tail.endsWith(newline))
      throw truncated(
        "the last line has no line end (and no Content-Length proves the file whole)",
        endpoint,
      );
    // Whatever the transport proves, a file cannot end between the CR and the LF of its line end.
    if (newline === "\r\n" && tail.endsWith("\r") && tail !== "\n\r")
      throw truncated("the file ends inside a line end", endpoint);
    const result = this.rows.finish();
    if (typeof result === "string") throw truncated(result, endpoint);
    if (result === null) {
      if (this.opts.header) throw truncated("the download has no header", endpoint);
      return { columns: [], rows: [] };
    }
    return result;
  }
}

/** A whole CSV text → typed table (ReportCsvReader, the text as one piece). */
export function parseReportCsv(
  kind: ReportKind | null,
  csv: string,
  opts: CsvOptions = {},
  chunkChars = CSV_CHUNK_CHARS,
  scan = true,
): TypedTable {
  const reader = new ReportCsvReader(kind, opts, chunkChars, scan);
  reader.push(csv);
  return reader.end(opts.lengthProven);
}
