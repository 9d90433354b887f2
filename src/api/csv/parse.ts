/**
 * CSV text → TypedTable. Handles a BOM, CRLF, quoted newlines and quotes (papaparse), the summary
 * block that formatting.summary puts above the header, the totals row of formatting.totals, and
 * smart-formatted numbers. A value that does not fit its column's kind stays as text: nothing is lost.
 */
import Papa from "papaparse";
import { ResponseValidationError } from "../errors";
import type { ReportKind } from "../schemas";
import type { CellValue, ColumnKind, TableColumn, TypedTable } from "../table";
import { catalogueKind } from "./catalogue";
import { isUrl, parseBoolean, parseDate, parseDateTime, parseNumber } from "./values";

export interface CsvOptions {
  /** formatting.summary was requested (true), not requested (false), or unknown (detect). */
  summary?: boolean;
  /** formatting.totals was requested (true), not requested (false), or unknown (detect). */
  totals?: boolean;
  /** Source named in errors. */
  endpoint?: string;
}

const TOTALS = /^(grand\s+)?totals?:?$/i;
const isBlank = (row: string[]) => row.every((c) => c === "");

function findHeader(rows: string[][], summary: boolean | undefined): number {
  const first = rows.findIndex((r) => !isBlank(r));
  if (first < 0 || summary === false) return Math.max(first, 0);
  if (summary === true) {
    // A requested summary block ends at the first blank line: the header is the next row. Widths
    // cannot tell them apart (a two-column report is as wide as "Report,Impressions").
    const gap = rows.findIndex((r, i) => i > first && isBlank(r));
    const header = gap < 0 ? -1 : rows.findIndex((r, i) => i > gap && !isBlank(r));
    if (header >= 0) return header;
  }
  const maxLen = Math.max(...rows.map((r) => (isBlank(r) ? 0 : r.length)));
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

export function parseReportCsv(kind: ReportKind | null, csv: string, opts: CsvOptions = {}): TypedTable {
  const endpoint = opts.endpoint ?? "report CSV";
  const text = csv.charCodeAt(0) === 0xfeff ? csv.slice(1) : csv;
  // The service's CSVs are comma-separated: never let papaparse guess (a one-column file of
  // "A;B" or "x|y" values would be split on its own guess).
  const parsed = Papa.parse<string[]>(text, { header: false, skipEmptyLines: false, delimiter: "," });
  if (parsed.errors.some((e) => e.code === "MissingQuotes")) {
    throw new ResponseValidationError(
      "csv",
      "the CSV ends inside a quoted value: the download looks truncated",
      endpoint,
    );
  }
  const rows = parsed.data;
  while (rows.length && isBlank(rows[rows.length - 1])) rows.pop();
  if (rows.length === 0) return { columns: [], rows: [] };

  const headerIndex = findHeader(rows, opts.summary);
  const header = rows[headerIndex];
  const summary = rows
    .slice(0, headerIndex)
    .filter((r) => !isBlank(r))
    .map((r) => {
      const cells = [...r];
      while (cells.length && cells[cells.length - 1] === "") cells.pop();
      return cells;
    });
  let body = rows.slice(headerIndex + 1).filter((r) => !isBlank(r));

  let totalsText: string[] | undefined;
  if (opts.totals !== false && body.length) {
    const last = body[body.length - 1];
    const firstCell = last.find((c) => c.trim() !== "") ?? "";
    // Requested totals are the last row whatever its label (the spec names none); when it is not
    // known whether totals were asked for, only a row labelled Total counts.
    // A last row shorter than the header is a cut-off download, never totals (checked below).
    if ((opts.totals === true || TOTALS.test(firstCell.trim())) && last.length >= header.length) {
      totalsText = last;
      body = body.slice(0, -1);
    }
  }
  if (body.length && header.length > 1 && body[body.length - 1].length < header.length) {
    throw new ResponseValidationError(
      "csv",
      `the last row has ${body[body.length - 1].length} of ${header.length} columns: the download looks truncated`,
      endpoint,
    );
  }

  const width = Math.max(header.length, ...body.map((r) => r.length));
  const columns: TableColumn[] = [];
  for (let c = 0; c < width; c++) {
    const name = c < header.length ? header[c] : `Extra column ${c - header.length + 1}`;
    const known = catalogueKind(kind, name);
    const kindOf = known ?? inferKind(body.map((r) => (r[c] ?? "").trim()).filter((v) => v !== ""));
    columns.push({ name, kind: kindOf });
  }
  const typedRows: CellValue[][] = body.map((r) =>
    columns.map((col, c) => convert(col.kind, r[c] ?? "", col)),
  );
  const table: TypedTable = { columns, rows: typedRows };
  if (summary.length) table.summary = summary;
  if (totalsText) table.totals = columns.map((col, c) => convert(col.kind, totalsText![c] ?? "", { ...col }));
  return table;
}
