/**
 * Where a report's chart goes (issue #47): beside a narrow table, or above a table too wide for that
 * in rows kept for it under the status line, always in the first screen a planner sees.
 */
import type { TypedTable } from "../../api/table";
import { chartSummary, SUMMARY_KINDS } from "../../reports/chartSummary";
import type { SheetSourceKind } from "../../reports/definition";
import { columnsCovering, DEFAULT_COLUMN_PT } from "../cellFormats";
import { a1, fittedTableWidth } from "../tableWriter";
import { CHART_KINDS, chartFor } from "./chartChoice";

/** Points of columns a 1366-pixel screen shows beside the task pane (about 935 px of the grid). */
export const FIRST_SCREEN_PT = 700;

/** What a chart beside the table takes: a gap column and eight columns, at Excel's default width. */
const BESIDE_PT = 9 * DEFAULT_COLUMN_PT;

/** Rows kept above a table too wide for a chart beside it within the first screen; the chart's size there. */
export const BAND_ROWS = 14;

export const BAND_WIDTH_PT = 600;

/** A chart beside the table: eight columns of the default width. */
export const BESIDE_CHART_PT = 8 * DEFAULT_COLUMN_PT;

const ROW_PT = 15;

/** Rows of the sheet a chart beside the table covers, from the table's first body row; the summary block starts under them. */
export const CHART_ROWS = 18;

/**
 * Rows to keep above the table for its chart: none when the report has no chart, or when the chart
 * fits beside the table within the first screen; else BAND_ROWS, where the chart is drawn under the
 * status line (a 46-column impressions table would put it at column AV, where no planner looks).
 */
export function chartBandRows(kind: SheetSourceKind, table: TypedTable, enabled: boolean): number {
  if (!enabled || !CHART_KINDS.has(kind)) return 0;
  const charted = SUMMARY_KINDS.has(kind)
    ? chartSummary(kind, table) !== null
    : chartFor(kind, table) !== null;
  return charted && fittedTableWidth(table) + BESIDE_PT > FIRST_SCREEN_PT ? BAND_ROWS : 0;
}

/** Where a new chart goes: in the rows kept for it above the table, else beside the table from `beside`. */
export function queuePlace(
  chart: Excel.Chart,
  band: Band | undefined,
  beside: { row: number; col: number },
): void {
  if (band) {
    chart.setPosition(a1(band.row, 0));
    chart.width = BAND_WIDTH_PT;
    chart.height = band.rows * ROW_PT;
    return;
  }
  // From the first body row down: the header row is frozen (the rows above it too), and a chart
  // that crosses the freeze line is split in two when the sheet scrolls (its title hidden).
  chart.setPosition(a1(beside.row, beside.col), a1(beside.row + CHART_ROWS - 1, beside.col + 7));
}

/**
 * Queues the loads of the first columns' widths; after the sync, the returned function gives the
 * first column whose left edge is at least `pt` points from column A's (a chart from column A that
 * wide ends before it). The add-in's columns are at least 42 points wide, so 40 are read (any further
 * taken at the default width): columns the planner narrowed or hid may leave a block partly under the
 * chart, which hides no data of theirs.
 */
export function queueColumnPast(sheet: Excel.Worksheet): (pt: number) => number {
  const widths = Array.from({ length: 40 }, (_, c) => {
    const f = sheet.getRange(a1(0, c)).format;
    f.load("columnWidth");
    return f;
  });
  return (pt) =>
    columnsCovering(
      widths.map((f) => f.columnWidth),
      pt,
    );
}

/** The rows kept above a table for its chart (ReportDefinition.chart.band). */
export interface Band {
  row: number;
  rows: number;
}

/** The width a chart is made at: the planner's (a chart made again where they left it), else its place's. */
export const chartWidth = (band: Band | undefined, existing: Excel.Chart): number =>
  !existing.isNullObject ? existing.width : band ? BAND_WIDTH_PT : BESIDE_CHART_PT;
