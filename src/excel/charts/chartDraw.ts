/**
 * Drawing a report's chart (queued; the caller syncs): its series over the table's columns or rows,
 * or over its block of sums with money on the secondary axis, colours told apart by colour-blind
 * readers, a time axis spaced by its span; and a copy of it elsewhere (the Dashboard).
 */
import type { DateSystem } from "../../api/excelDates";
import type { TypedTable } from "../../api/table";
import { seriesColor } from "../../reports/chartColors";
import { dateAxisFor, labelSpacingFor } from "../../reports/chartGrain";
import {
  chartSummary,
  SUMMARY_KINDS,
  type ChartSummary,
  type ReportPeriod,
} from "../../reports/chartSummary";
import type { SheetSourceKind } from "../../reports/definition";
import { areaOf } from "../columnName";
import { tableFromSystem } from "../dateSystem";
import { a1 } from "../tableWriter";
import { chartFor, chartName, type ChartPlan } from "./chartChoice";
import { BAND_WIDTH_PT, BESIDE_CHART_PT, queuePlace, type Band } from "./chartLayout";
import { blockSize, datedPoints, formatOfKind, runsAcross } from "./summaryBlock";

/**
 * Queues the report's chart on `sheet`, beside its table: one series per planned column, each over
 * the column's whole body (so it follows the table), categories from the plan's category column;
 * or, for a plan drawn across, one series per planned row. The caller syncs. `headers` are the
 * table's header names as written, `at` where the table is.
 */
export function queueReportChart(
  sheet: Excel.Worksheet,
  tableName: string,
  plan: ChartPlan,
  headers: readonly string[],
  at: { row: number; col: number; bodyRows: number },
  band?: Band,
): Excel.Chart {
  const chart = queuePlanChart(sheet, sheet, plan, headers, at, band ? BAND_WIDTH_PT : BESIDE_CHART_PT);
  chart.name = chartName(tableName);
  queuePlace(chart, band, { row: at.row + 1, col: at.col + headers.length + 1 });
  return chart;
}

/** Queues a chart on `on` over the table at `at` on `data` (the same sheet, or the report's for the Dashboard). */
function queuePlanChart(
  on: Excel.Worksheet,
  data: Excel.Worksheet,
  plan: ChartPlan,
  headers: readonly string[],
  at: { row: number; col: number; bodyRows: number },
  widthPt: number,
): Excel.Chart {
  const column = (name: string) => at.col + headers.indexOf(name);
  const chart = plan.rows
    ? queueRowSeries(on, data, plan, plan.rows, column, at)
    : queueColumnSeries(on, data, plan, column, at);
  chart.title.text = plan.title;
  const names = plan.rows ?? plan.series;
  chart.legend.visible = names.length > 1;
  names.forEach((name, i) => queueSeriesLook(chart.series.getItemAt(i), plan.type, i, name));
  // Across (the lag curve): the Day headers are the categories; else the table's rows are, whose labels are not known here.
  if (plan.rows) chart.axes.categoryAxis.tickLabelSpacing = labelSpacingFor(plan.series, widthPt);
  return chart;
}

/**
 * Queues a series' colours (chartColors.ts: told apart by colour-blind readers too): a line and its
 * markers, or the fill of bars, which are labelled with their values when they are the only series.
 */
function queueSeriesLook(series: Excel.ChartSeries, type: ChartPlan["type"], i: number, name: string): void {
  const color = seriesColor(i, name);
  if (type === "Line" || type === "LineMarkers") {
    series.format.line.color = color;
    if (type === "LineMarkers") {
      series.markerBackgroundColor = color;
      series.markerForegroundColor = color;
    }
  } else series.format.fill.setSolidColor(color);
}

/** A series per planned column over its whole body, the category column along the x axis. */
function queueColumnSeries(
  on: Excel.Worksheet,
  data: Excel.Worksheet,
  plan: ChartPlan,
  column: (name: string) => number,
  at: { row: number; bodyRows: number },
): Excel.Chart {
  const rows = at.bodyRows;
  const body = (name: string) => data.getRange(a1(at.row + 1, column(name), rows, 1));
  const [firstSeries, ...more] = plan.series;
  // The first series comes with the chart: its column, header included (the header names it).
  const chart = on.charts.add(
    plan.type as Excel.ChartType,
    data.getRange(a1(at.row, column(firstSeries), rows + 1, 1)),
    "Columns" as Excel.ChartSeriesBy,
  );
  chart.series.getItemAt(0).setXAxisValues(body(plan.category));
  for (const name of more) {
    const s = chart.series.add(name);
    s.setValues(body(name));
    s.setXAxisValues(body(plan.category));
  }
  return chart;
}

/** A series per labelled body row over the plan's adjacent columns, their headers along the x axis. */
function queueRowSeries(
  on: Excel.Worksheet,
  data: Excel.Worksheet,
  plan: ChartPlan,
  labels: readonly string[],
  column: (name: string) => number,
  at: { row: number },
): Excel.Chart {
  const across = (row: number) => data.getRange(a1(row, column(plan.series[0]), 1, plan.series.length));
  const chart = on.charts.add(
    plan.type as Excel.ChartType,
    across(at.row + 1),
    "Rows" as Excel.ChartSeriesBy,
  );
  labels.forEach((label, i) => {
    const s = i === 0 ? chart.series.getItemAt(0) : chart.series.add(label);
    if (i === 0) s.name = label;
    else s.setValues(across(at.row + 1 + i));
    s.setXAxisValues(across(at.row));
  });
  return chart;
}

/**
 * Queues the chart over a summary block at `origin`: a series per block column (or row, when the
 * points run across), money on the secondary axis.
 */
export function queueSummaryChart(
  on: Excel.Worksheet,
  data: Excel.Worksheet,
  s: ChartSummary,
  origin: { row: number; col: number },
  across: boolean,
  widthPt: number,
): Excel.Chart {
  const n = s.categories.length;
  // Series j's values (j = 0 the categories), without the name.
  const body = (j: number) =>
    data.getRange(
      across ? a1(origin.row + 1 + j, origin.col + 1, 1, n) : a1(origin.row + 2, origin.col + j, n, 1),
    );
  const type = s.type;
  if (type === "StockHLC") return queueIntervalChart(on, data, s, origin, across, body, widthPt);
  const chart = on.charts.add(
    type as Excel.ChartType,
    body(1),
    (across ? "Rows" : "Columns") as Excel.ChartSeriesBy,
  );
  const firstSeries = chart.series.getItemAt(0);
  firstSeries.name = s.series[0].name;
  firstSeries.setXAxisValues(body(0));
  queueSeriesLook(firstSeries, type, 0, s.series[0].name);
  s.series.slice(1).forEach((x, i) => {
    const added = chart.series.add(x.name);
    added.setValues(body(i + 2));
    added.setXAxisValues(body(0));
    if (x.axis === "secondary") added.axisGroup = "Secondary" as Excel.ChartAxisGroup;
    queueSeriesLook(added, type, i + 1, x.name);
  });
  // Bars of one measure carry their values: a client reads the figure, not the gridline.
  if (s.type === "BarClustered" && s.series.length === 1) firstSeries.hasDataLabels = true;
  chart.title.text = s.title;
  chart.legend.visible = s.series.length > 1;
  const primary = s.series.find((x) => x.axis === "primary");
  chart.axes.valueAxis.title.text = s.valueTitle;
  if (primary) chart.axes.valueAxis.numberFormat = axisFormatOf(primary.kind);
  const secondary = s.series.find((x) => x.axis === "secondary");
  if (secondary && s.secondaryTitle) {
    const axis = chart.axes.getItem("Value" as Excel.ChartAxisType, "Secondary" as Excel.ChartAxisGroup);
    axis.title.text = s.secondaryTitle;
    axis.numberFormat = axisFormatOf(secondary.kind);
  }
  if (s.categoryTitle) chart.axes.categoryAxis.title.text = s.categoryTitle;
  queueCategoryAxis(chart, s, widthPt);
  return chart;
}

/** A value axis's labels: percentages whole ("12%": an axis's ticks are round), else as the block's cells. */
const axisFormatOf = (kind: ChartSummary["series"][number]["kind"]) =>
  kind === "percent" ? "0%" : formatOfKind(kind);

/** The line of an interval and its caps: the dark grey Excel draws a stock chart's high-low lines in. */
const INTERVAL_COLOR = "#404040";

/**
 * An interval per category (issue #57): a high-low-close stock chart over the block's three series,
 * the upper bound, the lower and the point, in the order a stock chart reads them (ChartType
 * "StockHLC", ExcelApi 1.1; Excel draws a high-low line from each category's high to its low). Its
 * bounds are capped with dashes and its point is a circle (ChartSeries.markerStyle, ExcelApi 1.7):
 * office.js offers error bars (ChartSeries.yErrorBars, ExcelApi 1.9) but no way to give a custom
 * error bar its values (office-js issue #3311), so an interval from two columns cannot be one. Every
 * interval is labelled, under the plot area (ChartAxis.tickLabelPosition "Low", ExcelApi 1.7), and
 * labels too long to sit side by side are turned 45° (ChartAxis.textOrientation, ExcelApi 1.8)
 * rather than left out.
 */
function queueIntervalChart(
  on: Excel.Worksheet,
  data: Excel.Worksheet,
  s: ChartSummary,
  origin: { row: number; col: number },
  across: boolean,
  body: (j: number) => Excel.Range,
  widthPt: number,
): Excel.Chart {
  const n = s.categories.length;
  // The three series with their names, so the chart is made with all three at once (a stock chart
  // of one series is not one).
  const named = across
    ? a1(origin.row + 2, origin.col, 3, n + 1)
    : a1(origin.row + 1, origin.col + 1, n + 1, 3);
  const chart = on.charts.add(
    "StockHLC" as Excel.ChartType,
    data.getRange(named),
    (across ? "Rows" : "Columns") as Excel.ChartSeriesBy,
  );
  s.series.forEach((x, i) => {
    const series = chart.series.getItemAt(i);
    series.setXAxisValues(body(0));
    const point = i === 2;
    series.markerStyle = (point ? "Circle" : "Dash") as Excel.ChartMarkerStyle;
    const color = point ? seriesColor(0, x.name) : INTERVAL_COLOR;
    series.markerBackgroundColor = color;
    series.markerForegroundColor = color;
  });
  chart.title.text = s.title;
  chart.legend.visible = false;
  chart.axes.valueAxis.title.text = s.valueTitle;
  chart.axes.valueAxis.numberFormat = axisFormatOf("percent");
  const axis = chart.axes.categoryAxis;
  if (s.categoryTitle) axis.title.text = s.categoryTitle;
  axis.tickLabelSpacing = 1;
  // Under the plot area: next to the axis (at 0) they would sit among the intervals below 0.
  axis.tickLabelPosition = "Low" as Excel.ChartAxisTickLabelPosition;
  const labels = s.categories.map((c) => String(c ?? ""));
  // 45: rising to the right, each label ending at its interval (Excel's degrees count anticlockwise, as a cell's textOrientation does).
  if (labelSpacingFor(labels, widthPt) > 1) axis.textOrientation = 45;
  return chart;
}

/**
 * A time chart's category axis is a date axis (a day without data is a gap, not a neighbour), its
 * base unit, label step and format by span (chartGrain.ts: "Nov 27", "Nov 2026"; fewer labels, never
 * cut ones); a text axis labels as many categories as fit whole.
 */
function queueCategoryAxis(chart: Excel.Chart, s: ChartSummary, widthPt: number): void {
  const axis = chart.axes.categoryAxis;
  const dates = s.categories.filter((c): c is number => typeof c === "number");
  if (s.grain && datedPoints(s) && dates.length === s.categories.length && dates.length > 0) {
    const plan = dateAxisFor(
      s.grain,
      Math.min(...dates),
      Math.max(...dates),
      widthPt,
      s.series.some((x) => x.axis === "secondary"),
    );
    axis.categoryType = "DateAxis" as Excel.ChartAxisCategoryType;
    axis.baseTimeUnit = plan.baseTimeUnit as Excel.ChartAxisTimeUnit;
    axis.majorUnit = plan.majorUnit;
    axis.majorTimeUnitScale = plan.majorTimeUnitScale as Excel.ChartAxisTimeUnit;
    axis.numberFormat = plan.numberFormat;
    return;
  }
  // Bars list every category up their side; a column or line chart's text labels along the bottom may need a step.
  if (s.type !== "BarClustered")
    axis.tickLabelSpacing = labelSpacingFor(
      s.categories.map((c) => String(c ?? "")),
      widthPt,
    );
}

/** A report's chart as a copy elsewhere needs it: its kind and table (as read back), where the table and its sums are. */
export interface ChartSource {
  /** The report sheet. */
  sheet: Excel.Worksheet;
  kind: SheetSourceKind;
  table: TypedTable;
  headers: readonly string[];
  /** The table's header row and first column, and its body rows. */
  at: { row: number; col: number; bodyRows: number };
  /** The block of sums and the rows kept above the table (ReportDefinition.chart). */
  data?: string;
  band?: Band;
  /** The copy's width in points (its labels are spaced for it). */
  widthPt: number;
  /** The report's name, before the chart's title: two copies of one kind of chart say whose they are. */
  report?: string;
  /** Names the workbook knows objects by (knownNames.ts), for a lag chart's legend. */
  names?: ReadonlyMap<string, string>;
  /** The report's dates (1900 system, reportPeriod.ts): a time chart's axis spans them. */
  period?: ReportPeriod;
  /** The workbook's date system, which the table read back counts in. */
  system?: DateSystem;
}

/**
 * Queues a copy of a report's chart on `on` (the Dashboard), drawn from the same cells of the report
 * sheet (its block of sums, or its table's columns), so it shows what the report's chart shows. Null
 * when the report has no chart now, or its block of sums is not where and as large as its sums say
 * (a chart over the wrong cells would mislead). The caller names and places it.
 */
export function queueChartCopy(on: Excel.Worksheet, src: ChartSource): Excel.Chart | null {
  const titled = (chart: Excel.Chart | null, title: string) => {
    if (chart && src.report) chart.title.text = `${src.report}: ${title}`;
    return chart;
  };
  if (!SUMMARY_KINDS.has(src.kind)) {
    const plan = chartFor(src.kind, src.table, src.names);
    return plan && plan.series.every((n) => src.headers.includes(n)) && src.headers.includes(plan.category)
      ? titled(queuePlanChart(on, src.sheet, plan, src.headers, src.at, src.widthPt), plan.title)
      : null;
  }
  // The table read back holds the workbook's serials: summed in the 1900 system, as the report's own chart was.
  const summary = chartSummary(src.kind, tableFromSystem(src.table, src.system ?? "1900"), src.period);
  const block = src.data ? areaOf(src.data) : null;
  if (!summary || !block) return null;
  const across = runsAcross(summary, src.band);
  const size = blockSize(summary, across);
  if (block.rows !== size.rows || block.cols !== size.cols) return null;
  return titled(queueSummaryChart(on, src.sheet, summary, block, across, src.widthPt), summary.title);
}
