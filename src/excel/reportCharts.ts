/**
 * A native Excel chart with each report where a picture says more than rows: spend and impressions
 * over time, the lag curve, the audience decay d15–d60, campaign performance by campaign, spend by
 * day, incrementality with its interval. It is drawn where the planner sees it on opening the sheet:
 * beside a narrow table, or above a table too wide for that (rows kept for it under the status
 * line). Drawn from the table's columns, it follows the table when a refresh grows or shrinks it;
 * drawn from sums, its block of sums is rewritten at each refresh. It keeps its name and the
 * planner's styling, and is made again only when what it reads changes.
 */
import type { DateSystem } from "../api/excelDates";
import { fingerprint } from "../api/fingerprint";
import type { CellValue, ColumnKind, TypedTable } from "../api/table";
import { chartSummary, SUMMARY_KINDS, type ChartSummary, type ReportPeriod } from "../reports/chartSummary";
import { seriesColor } from "../reports/chartColors";
import { dateAxisFor, labelSpacingFor } from "../reports/chartGrain";
import type { SheetSourceKind } from "../reports/definition";
import { areaOf } from "./columnName";
import { dateSystemOf, tableFromSystem, toWorkbookSerial } from "./dateSystem";
import { knownNames } from "./knownNames";
import type { ExcelHost } from "./host";
import { columnsCovering, DEFAULT_COLUMN_PT, fittedWidth, TEXT_FORMAT } from "./cellFormats";
import { a1, fittedTableWidth, queueWidths } from "./tableWriter";

export interface ChartPlan {
  type: "Line" | "LineMarkers" | "ColumnClustered" | "BarClustered";
  title: string;
  /** The column that gives the categories (x axis). */
  category: string;
  /** The columns drawn, one series each (at most 6). */
  series: string[];
  /**
   * Drawn across instead: one series per body row (at most 6, named by these labels, in order),
   * over the `series` columns (adjacent), whose headers are the categories. A lag curve runs over
   * its Day columns, one line per action.
   */
  rows?: string[];
  /** Only the table's first body rows (more categories than a client reads); none: the whole body, following the table. */
  firstRows?: number;
}

const MAX_SERIES = 6;
/** Categories of a column chart over the table's rows a client still reads (three bars each). */
const MAX_CATEGORIES = 12;
const TIME = ["Day", "Week", "Month"];

function has(table: TypedTable, name: string): boolean {
  return table.columns.some((c) => c.name === name);
}

function first(table: TypedTable, names: readonly string[]): string | undefined {
  return names.find((n) => has(table, n));
}

/** The first of `names` whose column holds a value in some row: an empty column labels nothing. */
function firstFilled(table: TypedTable, names: readonly string[]): string | undefined {
  return names.find((n) => {
    const c = table.columns.findIndex((col) => col.name === n);
    return c >= 0 && table.rows.some((r) => r[c] !== null && r[c] !== "");
  });
}

/** Columns of a numeric kind whose name matches, in the table's order. */
function measures(table: TypedTable, test: (name: string) => boolean): string[] {
  return table.columns
    .filter((c) => ["integer", "number", "currency", "percent"].includes(c.kind) && test(c.name))
    .map((c) => c.name)
    .slice(0, MAX_SERIES);
}

/** The kinds that may have a chart (chartFor's cases); the others are read better as rows. */
export const CHART_KINDS: ReadonlySet<SheetSourceKind> = new Set<SheetSourceKind>([
  "impressions",
  "lag",
  "audience",
  "campaignsPerformance",
  "estimatedSpendByDay",
  "incrementality",
]);

/**
 * The chart over the table's own columns, for the kinds a sum would not say better (the lag curve,
 * incremental % with its interval); impressions too, which the self-test draws this way. The
 * others are drawn from sums (chartSummary.ts, ensureReportChart). Null where rows say it better.
 */
export function chartFor(
  kind: SheetSourceKind,
  table: TypedTable,
  /** Names the workbook knows objects by (knownNames.ts): a lag row's Object ID is named by them. */
  names: ReadonlyMap<string, string> = new Map(),
): ChartPlan | null {
  if (table.rows.length === 0) return null;
  const plan = ((): ChartPlan | null => {
    switch (kind) {
      case "impressions": {
        const time = first(table, TIME);
        const spend = measures(table, (n) => n === "Spend");
        const impressions = measures(table, (n) => /Impressions$/.test(n)).slice(0, 1);
        if (time)
          return {
            type: "LineMarkers",
            title: "Spend and impressions over time",
            category: time,
            series: [...spend, ...impressions],
          };
        const by = first(table, ["Campaign", "Show", "Publisher", "Advertiser"]);
        return by
          ? {
              type: "BarClustered",
              title: `Impressions by ${by.toLowerCase()}`,
              category: by,
              series: impressions,
            }
          : null;
      }
      case "lag": {
        // Days along the x axis, a line per action (and object): the curve of actions after the impression.
        const days = table.columns.filter((c) => /^Day \d+$/.test(c.name)).map((c) => c.name);
        // A row is named as a client knows it: its action, and its object's name where a report in the
        // workbook shows one (a campaign's, a publisher's, a show's), else the service's id.
        const at = (n: string) => table.columns.findIndex((c) => c.name === n);
        const label = (r: CellValue[]) =>
          [r[at("Action")], r[at("Object ID")]]
            .filter((v) => v !== null && v !== undefined && v !== "")
            .map((v, k) => (k === 1 ? (names.get(String(v)) ?? String(v)) : String(v)))
            .join(" · ");
        return {
          type: "LineMarkers",
          // A line for each of the first rows only: the title says so when there are more.
          title:
            table.rows.length > MAX_SERIES
              ? `Lag: actions by day after the impression (the first ${MAX_SERIES} of ${table.rows.length} rows)`
              : "Lag: actions by day after the impression",
          category: "Action",
          series: days,
          rows: table.rows.slice(0, MAX_SERIES).map(label),
        };
      }
      case "incrementality": {
        // Every level has every column: at channel level Campaign and Publisher are empty.
        const by = firstFilled(table, ["Campaign", "Publisher", "Channel type", "Action"]);
        const many = table.rows.length > MAX_CATEGORIES;
        return by
          ? {
              type: "ColumnClustered",
              title: many
                ? `Incremental % with its confidence interval (the first ${MAX_CATEGORIES} of ${table.rows.length} rows)`
                : "Incremental % with its confidence interval",
              category: by,
              series: measures(table, (n) => /^Incremental %( CI (lower|upper))?$/.test(n)),
              ...(many ? { firstRows: MAX_CATEGORIES } : {}),
            }
          : null;
      }
      default:
        return null;
    }
  })();
  return plan && plan.series.length > 0 && has(table, plan.category) ? plan : null;
}

/** The chart's name: the table's, so it is found again at each refresh. */
export const chartName = (tableName: string) => `${tableName} chart`;

/** What identifies a plan: when it changes (other columns), the chart is made again. */
function planKey(plan: ChartPlan): string {
  // A chart drawn across names its rows in its title (the first 6 of n): a new count makes it again.
  return JSON.stringify([
    plan.type,
    plan.category,
    plan.series,
    ...(plan.rows || plan.firstRows ? [plan.rows ?? plan.firstRows, plan.title] : []),
  ]);
}

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
  const rows = Math.min(plan.firstRows ?? at.bodyRows, at.bodyRows);
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

/** Points of columns a 1366-pixel screen shows beside the task pane (about 935 px of the grid). */
export const FIRST_SCREEN_PT = 700;
/** What a chart beside the table takes: a gap column and eight columns, at Excel's default width. */
const BESIDE_PT = 9 * DEFAULT_COLUMN_PT;
/** Rows kept above a table too wide for a chart beside it within the first screen; the chart's size there. */
export const BAND_ROWS = 14;
const BAND_WIDTH_PT = 600;
/** A chart beside the table: eight columns of the default width. */
const BESIDE_CHART_PT = 8 * DEFAULT_COLUMN_PT;
const ROW_PT = 15;

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
function queuePlace(chart: Excel.Chart, band: Band | undefined, beside: { row: number; col: number }): void {
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
function queueColumnPast(sheet: Excel.Worksheet): (pt: number) => number {
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

/** The first line of a summary block: what it is, so a planner knows not to type into it. */
export const SUMMARY_NOTE = "Chart data: sums of the report table, rewritten at each refresh";

const KIND_FORMATS: Partial<Record<ColumnKind, string>> = {
  integer: "#,##0",
  number: "#,##0.00",
  currency: "$#,##0.00",
  datetime: "yyyy-mm-dd",
};
const formatOfKind = (kind: ColumnKind) => KIND_FORMATS[kind] ?? "General";
/** Rows of the sheet a chart beside the table covers, from the table's first body row; the summary block starts under them. */
const CHART_ROWS = 18;

/** What identifies a summary chart: when it changes (other series, points or place), the chart is made again. */
function summaryKey(s: ChartSummary, data: string): string {
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
const datedPoints = (s: ChartSummary) => s.categoryKind === "date" || s.categoryKind === "datetime";

/** Whether a block of sums runs across: in the rows kept above the table for the chart, when it fits them. */
const runsAcross = (s: ChartSummary, band: Band | undefined): boolean =>
  band !== undefined && blockSize(s, true).rows <= band.rows;

/** Rows and columns a summary block takes, its note included. */
function blockSize(s: ChartSummary, across: boolean): { rows: number; cols: number } {
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
function queueSummaryBlock(
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

/**
 * Queues the chart over a summary block at `origin`: a series per block column (or row, when the
 * points run across), money on the secondary axis.
 */
function queueSummaryChart(
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
  const chart = on.charts.add(
    s.type as Excel.ChartType,
    body(1),
    (across ? "Rows" : "Columns") as Excel.ChartSeriesBy,
  );
  const firstSeries = chart.series.getItemAt(0);
  firstSeries.name = s.series[0].name;
  firstSeries.setXAxisValues(body(0));
  queueSeriesLook(firstSeries, s.type, 0, s.series[0].name);
  s.series.slice(1).forEach((x, i) => {
    const added = chart.series.add(x.name);
    added.setValues(body(i + 2));
    added.setXAxisValues(body(0));
    if (x.axis === "secondary") added.axisGroup = "Secondary" as Excel.ChartAxisGroup;
    queueSeriesLook(added, s.type, i + 1, x.name);
  });
  // Bars of one measure carry their values: a client reads the figure, not the gridline.
  if (s.type === "BarClustered" && s.series.length === 1) firstSeries.hasDataLabels = true;
  chart.title.text = s.title;
  chart.legend.visible = s.series.length > 1;
  const primary = s.series.find((x) => x.axis === "primary");
  chart.axes.valueAxis.title.text = s.valueTitle;
  if (primary) chart.axes.valueAxis.numberFormat = formatOfKind(primary.kind);
  const secondary = s.series.find((x) => x.axis === "secondary");
  if (secondary && s.secondaryTitle) {
    const axis = chart.axes.getItem("Value" as Excel.ChartAxisType, "Secondary" as Excel.ChartAxisGroup);
    axis.title.text = s.secondaryTitle;
    axis.numberFormat = formatOfKind(secondary.kind);
  }
  queueCategoryAxis(chart, s, widthPt);
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

/** The width a chart is made at: the planner's (a chart made again where they left it), else its place's. */
const chartWidth = (band: Band | undefined, existing: Excel.Chart): number =>
  !existing.isNullObject ? existing.width : band ? BAND_WIDTH_PT : BESIDE_CHART_PT;

/** A range's address without its sheet ("Sheet1!B2:C3" → "B2:C3"), as blocks are recorded. */
const localAddress = (r: Excel.Range) => r.address.slice(r.address.lastIndexOf("!") + 1);

interface Place {
  row: number;
  col: number;
}

/**
 * Where the block of sums goes: under the chart, right of the table, unless a cell there holds
 * something that is not the old block's (the planner's notes or totals are never overwritten); then
 * where the old block was, if that is still free; else right of everything on the sheet.
 */
async function blockOrigin(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  at: { natural: Place; rows: number; cols: number; old?: Excel.Range },
): Promise<Place> {
  const old = at.old && { row: at.old.rowIndex, col: at.old.columnIndex };
  const inOld = (r: number, c: number) =>
    at.old !== undefined &&
    r >= at.old.rowIndex &&
    r < at.old.rowIndex + at.old.rowCount &&
    c >= at.old.columnIndex &&
    c < at.old.columnIndex + at.old.columnCount;
  const candidates = [
    at.natural,
    ...(old && (old.row !== at.natural.row || old.col !== at.natural.col) ? [old] : []),
  ];
  const cells = candidates.map((p) => {
    const r = sheet.getRange(a1(p.row, p.col, at.rows, at.cols));
    r.load("formulas");
    return r;
  });
  const used = sheet.getUsedRangeOrNullObject(true);
  used.load("columnIndex,columnCount");
  await context.sync();
  const free = candidates.find((p, i) =>
    cells[i].formulas.every((row, r) =>
      row.every((f, c) => f === "" || f === null || inOld(p.row + r, p.col + c)),
    ),
  );
  if (free) return free;
  return {
    row: at.natural.row,
    col: used.isNullObject ? at.natural.col : used.columnIndex + used.columnCount + 1,
  };
}

/**
 * Queues the loads that find the old block of sums: where it was recorded, or (beside a table that
 * gained or lost columns, in its rows) where the cells Excel shifted took it. After the sync, the
 * returned function gives the block if it is still ours: its note still there and its cells as
 * written (cells the table has grown into, or a total that moved in when a row was deleted, are
 * never cleared).
 */
function queueOldBlock(
  sheet: Excel.Worksheet,
  opts: { previousData?: string; previousHash?: string; columnShift?: number },
): () => Excel.Range | undefined {
  const blocks = opts.previousData
    ? [
        sheet.getRange(opts.previousData),
        ...(opts.columnShift ? [sheet.getRange(opts.previousData).getOffsetRange(0, opts.columnShift)] : []),
      ]
    : [];
  for (const b of blocks) b.load("address,rowIndex,columnIndex,rowCount,columnCount,values");
  return () =>
    blocks.find(
      (b) =>
        b.values[0][0] === SUMMARY_NOTE &&
        (opts.previousHash === undefined || blockAsWritten(b.values.slice(1), opts.previousHash)),
    );
}

/**
 * Writes the block of sums and keeps or makes its chart: beside the table under its chart; when the
 * chart is above the table, in the rows kept for it, the points running across (rows above the
 * header never move when the table gains a column: Excel shifts the cells right of a table in its
 * rows only). The chart is kept while its series, points and block are the same, else made again
 * where the planner left it.
 */
async function syncSummaryChart(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  at: {
    tableName: string;
    summary: ChartSummary;
    system: DateSystem;
    /** The table's range, loaded. */
    table: Excel.Range;
    existing: Excel.Chart;
    ours: Excel.Range | undefined;
    band: Band | undefined;
    /** The first column right of a chart above the table (queueColumnPast). */
    pastChart?: number;
    previousKey: string | undefined;
  },
): Promise<ChartState> {
  const { summary, table, existing, ours, band } = at;
  const across = runsAcross(summary, band);
  const size = blockSize(summary, across);
  const origin = await blockOrigin(context, sheet, {
    natural: {
      row: band && across ? band.row : table.rowIndex + 1 + CHART_ROWS + 1,
      // Right of the table, and of the chart above it: never half under the chart.
      col: Math.max(table.columnIndex + table.columnCount + 1, at.pastChart ?? 0),
    },
    ...size,
    old: ours,
  });
  const data = a1(origin.row, origin.col, size.rows, size.cols);
  const key = summaryKey(summary, data);
  const keep = !existing.isNullObject && key === at.previousKey;
  if (!keep) {
    if (ours && localAddress(ours) !== data) ours.clear();
    if (!existing.isNullObject) existing.delete();
  }
  const dataHash = queueSummaryBlock(sheet, summary, origin, at.system, across);
  if (!keep) {
    const chart = queueSummaryChart(sheet, sheet, summary, origin, across, chartWidth(band, existing));
    chart.name = chartName(at.tableName);
    queuePlace(chart, band, { row: table.rowIndex + 1, col: origin.col });
    if (!existing.isNullObject) {
      // Where the planner left it, at the size they gave it.
      chart.top = existing.top;
      chart.left = existing.left;
      chart.width = existing.width;
      chart.height = existing.height;
    }
  }
  await context.sync();
  return { key, data, dataHash };
}

export interface ChartState {
  /** The key of what the chart was made from; null when there is no chart. */
  key: string | null;
  /** The planner deleted the chart the last refresh made: none is made again (its block of sums is cleared). */
  deleted?: boolean;
  /** Where its summary block is, for a summary chart. */
  data?: string;
  /** The fingerprint of the block's cells as written (blockFingerprint). */
  dataHash?: string;
}

interface ChartTarget {
  sheetName: string;
  tableName: string;
  kind: SheetSourceKind;
  table: TypedTable;
  /** The table's dates are the workbook's (read back from the sheet), not the 1900 system's: moved into it before summing. */
  datesInWorkbook?: boolean;
  /** The report's dates (1900 system, reportPeriod.ts): a time chart's axis spans them. */
  period?: ReportPeriod;
}

/**
 * Makes the report's chart agree with its data: none when switched off or when the report has no
 * chart. A report with a summary (chartSummary.ts) gets its block of sums (syncSummaryChart), rewritten
 * at each refresh; the chart over it is kept while its series and points are the same, else made
 * again where the planner left it. Other charts read the table's columns and follow it by themselves.
 */
export async function ensureReportChart(
  excel: ExcelHost,
  target: ChartTarget,
  opts: {
    enabled: boolean;
    previousKey?: string;
    previousData?: string;
    previousHash?: string;
    /** The rows kept above the table for the chart, on a sheet that has them. */
    band?: Band;
    /** Columns the refresh added to the table (removed: negative): cells right of it in its rows moved so. */
    columnShift?: number;
    /**
     * A refresh, not the planner's switch: a chart the last refresh made (previousKey) that is gone
     * was deleted by the planner, and stays deleted.
     */
    keepDeleted?: boolean;
  },
): Promise<ChartState> {
  const system = await dateSystemOf(excel);
  // A table read back holds the workbook's serials: summed in the 1900 system as every other is.
  const table = target.datesInWorkbook ? tableFromSystem(target.table, system) : target.table;
  const summary = opts.enabled ? chartSummary(target.kind, table, target.period) : null;
  // A kind drawn from sums has no chart when it has nothing to sum (a blank table read back).
  const names = target.kind === "lag" && opts.enabled ? await knownNames(excel, target.sheetName) : undefined;
  const plan = opts.enabled && !SUMMARY_KINDS.has(target.kind) ? chartFor(target.kind, table, names) : null;
  return excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(target.sheetName);
    const existing = sheet.charts.getItemOrNullObject(chartName(target.tableName));
    existing.load("top,left,width,height");
    const t = sheet.tables.getItem(target.tableName);
    const range = t.getRange();
    range.load("rowIndex,columnIndex,rowCount,columnCount");
    const header = t.getHeaderRowRange();
    header.load("values");
    const oldBlock = queueOldBlock(sheet, opts);
    const columnPast = opts.band ? queueColumnPast(sheet) : undefined;
    await context.sync();
    const ours = oldBlock();
    if (opts.keepDeleted && opts.previousKey && existing.isNullObject && (summary || plan)) {
      // Deleted by the planner: its sums, which nothing draws now, go too (only when still as written).
      ours?.clear();
      await context.sync();
      return { key: null, deleted: true };
    }
    if (summary) {
      return syncSummaryChart(context, sheet, {
        tableName: target.tableName,
        summary,
        system,
        table: range,
        existing,
        ours,
        band: opts.band,
        // The chart as it is now: a refresh that widened a column it spans stretched it with its cells.
        pastChart: columnPast?.(
          Math.max(BAND_WIDTH_PT, existing.isNullObject ? 0 : existing.left + existing.width),
        ),
        previousKey: opts.previousKey,
      });
    }
    ours?.clear();
    const key = plan && planKey(plan);
    if (!existing.isNullObject && key === opts.previousKey) return { key };
    if (!existing.isNullObject) existing.delete();
    if (plan) {
      const chart = queueReportChart(
        sheet,
        target.tableName,
        plan,
        header.values[0].map(String),
        {
          row: range.rowIndex,
          col: range.columnIndex,
          bodyRows: range.rowCount - 1,
        },
        opts.band,
      );
      if (!existing.isNullObject) {
        // Made again over other columns or rows: where the planner left it, at the size they gave it.
        chart.top = existing.top;
        chart.left = existing.left;
        chart.width = existing.width;
        chart.height = existing.height;
      }
    }
    await context.sync();
    return { key };
  });
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
