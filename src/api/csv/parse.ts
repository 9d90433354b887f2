/**
 * CSV text → TypedTable. Handles a BOM, CRLF, quoted newlines and quotes (papaparse), the summary
 * block that formatting.summary puts above the header, the totals row of formatting.totals, and
 * smart-formatted numbers. A value that does not fit its column's kind stays as text: nothing is lost.
 *
 * A download is accepted only when it is provably whole (docs/report-sheets.md, "Whole downloads"):
 * the header is the one the request asked for, every row has the header's width, no quoted value is
 * left open, and the last line ends with the file's line end, unless the transport proved the body
 * whole (its byte length matched Content-Length), since RFC 4180 lets a last line go without one.
 */
import { ResponseValidationError } from "../errors";
import type { ReportKind } from "../schemas";
import type { CellValue, ColumnKind, TableColumn, TypedTable } from "../table";
import { catalogueKind } from "./catalogue";
import { headerProblem, type HeaderExpectation } from "./header";
import { csvRecords } from "./records";
import { isUrl, parseBoolean, parseDate, parseDateTime, parseNumber } from "./values";

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

/** Infers a column's kind from its non-empty values. */
function inferKind(values: string[]): ColumnKind {
  if (values.length === 0) return "text";
  if (values.every((v) => parseBoolean(v) !== null && !/^\d/.test(v))) return "boolean";
  if (values.every((v) => parseDate(v) !== null)) return "date";
  if (values.every((v) => parseDateTime(v) !== null)) return "datetime";
  const nums = values.map(parseNumber);
  if (nums.every((n) => n !== null)) {
    if (nums.every((n) => n!.percent)) return "percent";
    if (nums.every((n) => n!.currency)) return "currency";
    return nums.every((n) => Number.isInteger(n!.value)) ? "integer" : "number";
  }
  if (values.every(isUrl)) return "url";
  return "text";
}

function convert(kind: ColumnKind, text: string, column: TableColumn): CellValue {
  if (text === "") return null;
  switch (kind) {
    case "integer":
    case "number":
    case "currency":
    case "percent": {
      const n = parseNumber(text.trim());
      if (n === null) return text;
      if (n.format && !column.numberFormat) column.numberFormat = n.format;
      // A percent column holds fractions: "12.5%" is already 0.125, a plain 12.5 is percentage points.
      return kind === "percent" && !n.percent ? n.value / 100 : n.value;
    }
    case "date":
      return parseDate(text.trim()) ?? parseDateTime(text.trim()) ?? text;
    case "datetime":
      return parseDateTime(text.trim()) ?? text;
    case "boolean":
      return parseBoolean(text.trim()) ?? text;
    default:
      return text;
  }
}

function truncated(detail: string, endpoint: string): ResponseValidationError {
  return new ResponseValidationError("csv", `${detail}: the download looks truncated`, endpoint);
}

export function parseReportCsv(kind: ReportKind | null, csv: string, opts: CsvOptions = {}): TypedTable {
  const endpoint = opts.endpoint ?? "report CSV";
  const text = csv.charCodeAt(0) === 0xfeff ? csv.slice(1) : csv;
  const { rows, lineBreak: newline, openQuote } = csvRecords(text);
  if (openQuote) throw truncated("the CSV ends inside a quoted value", endpoint);
  if (text !== "" && !opts.lengthProven && !text.endsWith(newline))
    throw truncated("the last line has no line end (and no Content-Length proves the file whole)", endpoint);
  // Whatever the transport proves, a file cannot end between the CR and the LF of its line end.
  if (newline === "\r\n" && /[^\n]\r$|^\r$/.test(text))
    throw truncated("the file ends inside a line end", endpoint);
  while (rows.length && isEmptyLine(rows[rows.length - 1])) rows.pop();
  if (rows.length === 0) {
    if (opts.header) throw truncated("the download has no header", endpoint);
    return { columns: [], rows: [] };
  }

  const headerIndex = findHeader(rows, opts.summary);
  const header = rows[headerIndex];
  const wrongHeader = opts.header && headerProblem(opts.header, header);
  if (wrongHeader) throw truncated(wrongHeader, endpoint);
  const summary = rows
    .slice(0, headerIndex)
    .filter((r) => !isBlank(r))
    .map((r) => {
      const cells = [...r];
      while (cells.length && cells[cells.length - 1] === "") cells.pop();
      return cells;
    });
  // A row of another width anywhere, not only the last, means the file is not what was sent.
  const lines = rows.slice(headerIndex + 1).filter((r) => !isEmptyLine(r));
  const ragged = lines.findIndex((r) => r.length !== header.length);
  if (ragged >= 0)
    throw truncated(`row ${ragged + 1} has ${lines[ragged].length} of ${header.length} columns`, endpoint);
  let body = lines.filter((r) => !isBlank(r));

  let totalsText: string[] | undefined;
  if (opts.totals !== false && body.length) {
    const last = body[body.length - 1];
    const firstCell = last.find((c) => c.trim() !== "") ?? "";
    // Requested totals are the last row whatever its label (the spec names none); when it is not
    // known whether totals were asked for, only a row labelled Total counts.
    if (opts.totals === true || TOTALS.test(firstCell.trim())) {
      totalsText = last;
      body = body.slice(0, -1);
    }
  }

  const columns: TableColumn[] = [];
  for (let c = 0; c < header.length; c++) {
    const name = header[c];
    const known = catalogueKind(kind, name);
    const kindOf = known ?? inferKind(body.map((r) => r[c].trim()).filter((v) => v !== ""));
    columns.push({ name, kind: kindOf });
  }
  const typedRows: CellValue[][] = body.map((r) => columns.map((col, c) => convert(col.kind, r[c], col)));
  const table: TypedTable = { columns, rows: typedRows };
  if (summary.length) table.summary = summary;
  if (totalsText) table.totals = columns.map((col, c) => convert(col.kind, totalsText![c], { ...col }));
  return table;
}
