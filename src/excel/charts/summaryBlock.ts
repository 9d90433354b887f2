/**
 * A summary chart's block of sums (pure but for its queued write): its cells (down or across), their
 * formats and widths, its size and place in the rows kept for the chart, and the fingerprint that
 * tells the add-in's own block from cells the planner changed.
 */
import type { DateSystem } from "../../api/excelDates";
import { fingerprint } from "../../api/fingerprint";
import type { CellValue, ColumnKind } from "../../api/table";
import type { ChartSummary } from "../../reports/chartSummary";
import { fittedWidth, TEXT_FORMAT } from "../cellFormats";
import { toWorkbookSerial } from "../dateSystem";
import { a1, queueWidths } from "../tableWriter";
import type { Band } from "./chartLayout";

/** The first line of a summary block: what it is, so a planner knows not to type into it. */
export const SUMMARY_NOTE = "Chart data: sums of the report table, rewritten at each refresh";

const KIND_FORMATS: Partial<Record<ColumnKind, string>> = {
  integer: "#,##0",
  number: "#,##0.00",
  currency: "$#,##0.00",
  percent: "0.00%",
  datetime: "yyyy-mm-dd",
};

export const formatOfKind = (kind: ColumnKind) => KIND_FORMATS[kind] ?? "General";

/** What identifies a summary chart: when it changes (other series, points or place), the chart is made again. */
export function summaryKey(s: ChartSummary, data: string): string {
  return JSON.stringify([
    "summary",
    s.type,
    s.category,
    s.series.map((x) => [x.name, x.axis]),
    s.categories.length,
    data,
  ]);
}

/**
 * A short fingerprint of a block's header and rows as Excel reads them back (an empty cell is ""):
 * a block whose cells the planner changed, or that cells moved into, no longer matches it.
 */
function blockFingerprint(rows: readonly (readonly unknown[])[]): string {
  return fingerprint(blockText(rows));
}

const blockText = (rows: readonly (readonly unknown[])[]) =>
  JSON.stringify(rows.map((r) => r.map((v) => (v === null || v === undefined ? "" : v))));

/**
 * Whether a block's cells are as written, by the fingerprint recorded then: today's (16 hex digits),
 * or the one definitions stored from 2026-11-26 to 27 ("<length>-<FNV-1a>", both base 36), so an
 * unchanged block on a sheet of that time is still known as the add-in's own.
 */
export function blockAsWritten(rows: readonly (readonly unknown[])[], recorded: string): boolean {
  const text = blockText(rows);
  if (!/^[0-9a-z]+-[0-9a-z]+$/.test(recorded)) return fingerprint(text) === recorded;
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return `${text.length.toString(36)}-${h.toString(36)}` === recorded;
}

/**
 * The cells of a summary block under its note: a header row and a row per point ("down"), or the
 * same transposed ("across": the points along a row, a row per series), with each cell's format.
 */
function blockCells(s: ChartSummary, system: DateSystem, across: boolean) {
  const dated = datedPoints(s);
  const category = (v: CellValue) =>
    dated && typeof v === "number" ? toWorkbookSerial(v, system) : (v ?? "");
  const pointFormats = [dated ? "yyyy-mm-dd" : TEXT_FORMAT, ...s.series.map((x) => formatOfKind(x.kind))];
  const down = [
    [s.category, ...s.series.map((x) => x.name)],
    // A gap is an empty cell: the chart leaves it out (Excel's default for empty cells, "Gaps").
    ...s.categories.map((c, i) => [category(c), ...s.series.map((x) => x.values[i] ?? "")]),
  ];
  const formats = [pointFormats.map(() => TEXT_FORMAT), ...s.categories.map(() => pointFormats)];
  const flip = <T>(m: T[][]): T[][] => m[0].map((_, j) => m.map((row) => row[j]));
  return across ? { rows: flip(down), formats: flip(formats) } : { rows: down, formats };
}

/** Whether a summary's points are dates (written as the workbook's serials, shown as dates). */
export const datedPoints = (s: ChartSummary) => s.categoryKind === "date" || s.categoryKind === "datetime";

/** Whether a block of sums runs across: in the rows kept above the table for the chart, when it fits them. */
export const runsAcross = (s: ChartSummary, band: Band | undefined): boolean =>
  band !== undefined && blockSize(s, true).rows <= band.rows;

/** Rows and columns a summary block takes, its note included. */
export function blockSize(s: ChartSummary, across: boolean): { rows: number; cols: number } {
  const points = s.categories.length + 1;
  const series = s.series.length + 1;
  return across ? { rows: series + 1, cols: points } : { rows: points + 1, cols: series };
}

/** Each block column's width: as wide as its widest cell reads (the columns right of the table hold nothing else). */
function blockWidths(s: ChartSummary, across: boolean): number[] {
  const dated = datedPoints(s);
  const pointKind = dated ? "date" : s.categoryKind;
  if (!across)
    return [
      fittedWidth(s.category, s.categories, pointKind),
      ...s.series.map((x) => fittedWidth(x.name, x.values, x.kind, formatOfKind(x.kind))),
    ];
  const names = fittedWidth(
    s.category,
    s.series.map((x) => x.name),
    "text",
  );
  return [
    names,
    ...s.categories.map((c, i) =>
      Math.max(
        fittedWidth("", [c], pointKind),
        ...s.series.map((x) => fittedWidth("", [x.values[i]], x.kind, formatOfKind(x.kind))),
      ),
    ),
  ];
}

/**
 * Queues the summary block at `origin` (its note, then its cells: blockCells) in the workbook's date
 * system; returns the fingerprint of what it writes under the note.
 */
export function queueSummaryBlock(
  sheet: Excel.Worksheet,
  s: ChartSummary,
  origin: { row: number; col: number },
  system: DateSystem,
  across: boolean,
): string {
  const { rows, formats } = blockCells(s, system, across);
  const width = rows[0].length;
  // Formats first: a name such as "007", "12/25" or "-Promo" stays text, not a number or a formula.
  sheet.getRange(a1(origin.row, origin.col, 1, width)).numberFormat = [rows[0].map(() => TEXT_FORMAT)];
  sheet.getRange(a1(origin.row + 1, origin.col, rows.length, width)).numberFormat = formats;
  sheet.getRange(a1(origin.row, origin.col)).values = [[SUMMARY_NOTE]];
  sheet.getRange(a1(origin.row + 1, origin.col, rows.length, width)).values = rows;
  // The names are bold: the header row, or the first column when the points run across.
  sheet.getRange(
    across ? a1(origin.row + 1, origin.col, rows.length, 1) : a1(origin.row + 1, origin.col, 1, width),
  ).format.font.bold = true;
  queueWidths(sheet, origin.row, new Map(blockWidths(s, across).map((w, j) => [origin.col + j, w])));
  return blockFingerprint(rows);
}
