/**
 * A native Excel chart beside each report where a picture says more than rows: spend and
 * impressions over time, the lag curve, the audience decay d15–d60, campaign performance by
 * campaign, spend by day, incrementality with its interval. The chart's series read whole columns
 * of the report table's body, so the chart follows the table when a refresh grows or shrinks it, and
 * keeps its name and the planner's styling; it is made again only when the columns it reads change.
 */
import type { DateSystem } from "../api/excelDates";
import { fingerprint } from "../api/fingerprint";
import type { CellValue, ColumnKind, TypedTable } from "../api/table";
import { chartSummary, SUMMARY_KINDS, type ChartSummary } from "../reports/chartSummary";
import type { SheetSourceKind } from "../reports/definition";
import { dateSystemOf, toWorkbookSerial } from "./dateSystem";
import type { ExcelHost } from "./host";
import { fittedWidth, TEXT_FORMAT } from "./cellFormats";
import { a1, queueWidths } from "./tableWriter";

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
}

const MAX_SERIES = 6;
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
export function chartFor(kind: SheetSourceKind, table: TypedTable): ChartPlan | null {
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
        const label = (r: CellValue[]) =>
          ["Action", "Object ID"]
            .map((n) => r[table.columns.findIndex((c) => c.name === n)])
            .filter((v) => v !== null && v !== undefined && v !== "")
            .join(" · ");
        return {
          type: "LineMarkers",
          title: "Lag: actions by day after the impression",
          category: "Action",
          series: days,
          rows: table.rows.slice(0, MAX_SERIES).map(label),
        };
      }
      case "incrementality": {
        // Every level has every column: at channel level Campaign and Publisher are empty.
        const by = firstFilled(table, ["Campaign", "Publisher", "Channel type", "Action"]);
        return by
          ? {
              type: "ColumnClustered",
              title: "Incremental % with its confidence interval",
              category: by,
              series: measures(table, (n) => /^Incremental %( CI (lower|upper))?$/.test(n)),
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
  return JSON.stringify([plan.type, plan.category, plan.series, ...(plan.rows ? [plan.rows] : [])]);
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
): void {
  const column = (name: string) => at.col + headers.indexOf(name);
  const chart = plan.rows
    ? queueRowSeries(sheet, plan, plan.rows, column, at)
    : queueColumnSeries(sheet, plan, column, at);
  chart.name = chartName(tableName);
  chart.title.text = plan.title;
  chart.legend.visible = (plan.rows ?? plan.series).length > 1;
  // From the first body row down: the header row is frozen (the rows above it too), and a chart
  // that crosses the freeze line is split in two when the sheet scrolls (its title hidden).
  const left = at.col + headers.length + 1;
  chart.setPosition(a1(at.row + 1, left), a1(at.row + 18, left + 7));
}

/** A series per planned column over its whole body, the category column along the x axis. */
function queueColumnSeries(
  sheet: Excel.Worksheet,
  plan: ChartPlan,
  column: (name: string) => number,
  at: { row: number; bodyRows: number },
): Excel.Chart {
  const body = (name: string) => sheet.getRange(a1(at.row + 1, column(name), at.bodyRows, 1));
  const [firstSeries, ...more] = plan.series;
  // The first series comes with the chart: its column, header included (the header names it).
  const chart = sheet.charts.add(
    plan.type as Excel.ChartType,
    sheet.getRange(a1(at.row, column(firstSeries), at.bodyRows + 1, 1)),
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
  sheet: Excel.Worksheet,
  plan: ChartPlan,
  labels: readonly string[],
  column: (name: string) => number,
  at: { row: number },
): Excel.Chart {
  const across = (row: number) => sheet.getRange(a1(row, column(plan.series[0]), 1, plan.series.length));
  const chart = sheet.charts.add(
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

/** The first line of a summary block: what it is, so a planner knows not to type into it. */
export const SUMMARY_NOTE = "Chart data: sums of the report table, rewritten at each refresh";
/** Rows of the sheet the chart covers, from the table's first body row; the summary block starts under them. */
const CHART_ROWS = 18;

const KIND_FORMATS: Partial<Record<ColumnKind, string>> = {
  integer: "#,##0",
  number: "#,##0.00",
  currency: "$#,##0.00",
  datetime: "yyyy-mm-dd",
};
const formatOfKind = (kind: ColumnKind) => KIND_FORMATS[kind] ?? "General";

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
  return fingerprint(JSON.stringify(rows.map((r) => r.map((v) => (v === null || v === undefined ? "" : v)))));
}

/**
 * Queues the summary block at `origin` (its note, a header row, a row per point) in the workbook's
 * date system; returns the fingerprint of what it writes under the note.
 */
function queueSummaryBlock(
  sheet: Excel.Worksheet,
  s: ChartSummary,
  origin: { row: number; col: number },
  system: DateSystem,
): string {
  const n = s.categories.length;
  const width = s.series.length + 1;
  const dated = s.categoryKind === "date" || s.categoryKind === "datetime";
  const category = (v: CellValue) =>
    dated && typeof v === "number" ? toWorkbookSerial(v, system) : (v ?? "");
  const formats = [dated ? "yyyy-mm-dd" : TEXT_FORMAT, ...s.series.map((x) => formatOfKind(x.kind))];
  // Formats first: a name such as "007", "12/25" or "-Promo" stays text, not a number or a formula.
  sheet.getRange(a1(origin.row, origin.col, 2, width)).numberFormat = [
    formats.map(() => TEXT_FORMAT),
    formats.map(() => TEXT_FORMAT),
  ];
  sheet.getRange(a1(origin.row + 2, origin.col, n, width)).numberFormat = s.categories.map(() => formats);
  sheet.getRange(a1(origin.row, origin.col)).values = [[SUMMARY_NOTE]];
  const block = sheet.getRange(a1(origin.row + 1, origin.col, n + 1, width));
  const rows = [
    [s.category, ...s.series.map((x) => x.name)],
    ...s.categories.map((c, i) => [category(c), ...s.series.map((x) => x.values[i])]),
  ];
  block.values = rows;
  sheet.getRange(a1(origin.row + 1, origin.col, 1, width)).format.font.bold = true;
  // Wide enough to read: the columns right of the table hold nothing else.
  const widths = new Map<number, number>([
    [origin.col, fittedWidth(s.category, s.categories, dated ? "date" : s.categoryKind)],
  ]);
  s.series.forEach((x, j) =>
    widths.set(origin.col + 1 + j, fittedWidth(x.name, x.values, x.kind, formatOfKind(x.kind))),
  );
  queueWidths(sheet, origin.row, widths);
  return blockFingerprint(rows);
}

/** Queues the chart over a summary block at `origin`: a series per block column, money on the secondary axis. */
function queueSummaryChart(
  sheet: Excel.Worksheet,
  tableName: string,
  s: ChartSummary,
  origin: { row: number; col: number },
): Excel.Chart {
  const n = s.categories.length;
  const body = (j: number) => sheet.getRange(a1(origin.row + 2, origin.col + j, n, 1));
  const chart = sheet.charts.add(
    s.type as Excel.ChartType,
    sheet.getRange(a1(origin.row + 1, origin.col + 1, n + 1, 1)),
    "Columns" as Excel.ChartSeriesBy,
  );
  chart.series.getItemAt(0).setXAxisValues(body(0));
  s.series.slice(1).forEach((x, i) => {
    const added = chart.series.add(x.name);
    added.setValues(body(i + 2));
    added.setXAxisValues(body(0));
    if (x.axis === "secondary") added.axisGroup = "Secondary" as Excel.ChartAxisGroup;
  });
  chart.name = chartName(tableName);
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
  return chart;
}

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

export interface ChartState {
  /** The key of what the chart was made from; null when there is no chart. */
  key: string | null;
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
  /** The table's dates are already the workbook's (read back from the sheet), not the 1900 system's. */
  datesInWorkbook?: boolean;
}

/**
 * Makes the report's chart agree with its data: none when switched off or when the report has no
 * chart. A report with a summary (chartSummary.ts) gets its block of sums under the chart, rewritten
 * at each refresh; the chart over it is kept while its series and points are the same, else made
 * again where the planner left it. Other charts read the table's columns and follow it by themselves.
 */
export async function ensureReportChart(
  excel: ExcelHost,
  target: ChartTarget,
  opts: { enabled: boolean; previousKey?: string; previousData?: string; previousHash?: string },
): Promise<ChartState> {
  const summary = opts.enabled ? chartSummary(target.kind, target.table) : null;
  // A kind drawn from sums has no chart when it has nothing to sum (a blank table read back).
  const plan = opts.enabled && !SUMMARY_KINDS.has(target.kind) ? chartFor(target.kind, target.table) : null;
  // Dates read back from the sheet are already the workbook's: converting from "1900" leaves them.
  const system = target.datesInWorkbook ? "1900" : await dateSystemOf(excel);
  return excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(target.sheetName);
    const existing = sheet.charts.getItemOrNullObject(chartName(target.tableName));
    existing.load("top,left,width,height");
    const t = sheet.tables.getItem(target.tableName);
    const range = t.getRange();
    range.load("rowIndex,columnIndex,rowCount,columnCount");
    const header = t.getHeaderRowRange();
    header.load("values");
    const oldBlock = opts.previousData ? sheet.getRange(opts.previousData) : undefined;
    oldBlock?.load("rowIndex,columnIndex,rowCount,columnCount,values");
    await context.sync();
    // A block of ours is cleared only where its note still is and its cells are as written: cells
    // the table has grown into, or a total that moved into it when a row was deleted, stay.
    const intact = (b: Excel.Range) =>
      b.values[0][0] === SUMMARY_NOTE &&
      (opts.previousHash === undefined || blockFingerprint(b.values.slice(1)) === opts.previousHash);
    const ours = oldBlock && intact(oldBlock) ? oldBlock : undefined;
    const clearOld = () => ours?.clear();
    if (summary) {
      const origin = await blockOrigin(context, sheet, {
        natural: { row: range.rowIndex + 1 + CHART_ROWS + 1, col: range.columnIndex + range.columnCount + 1 },
        rows: summary.categories.length + 2,
        cols: summary.series.length + 1,
        old: ours,
      });
      const data = a1(origin.row, origin.col, summary.categories.length + 2, summary.series.length + 1);
      const key = summaryKey(summary, data);
      const keep = !existing.isNullObject && key === opts.previousKey;
      if (!keep) {
        if (opts.previousData !== data) clearOld();
        if (!existing.isNullObject) existing.delete();
      }
      const dataHash = queueSummaryBlock(sheet, summary, origin, system);
      if (!keep) {
        const chart = queueSummaryChart(sheet, target.tableName, summary, origin);
        chart.setPosition(
          a1(range.rowIndex + 1, origin.col),
          a1(range.rowIndex + CHART_ROWS, origin.col + 7),
        );
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
    clearOld();
    const key = plan && planKey(plan);
    if (!existing.isNullObject && key === opts.previousKey) return { key };
    if (!existing.isNullObject) existing.delete();
    if (plan) {
      queueReportChart(sheet, target.tableName, plan, header.values[0].map(String), {
        row: range.rowIndex,
        col: range.columnIndex,
        bodyRows: range.rowCount - 1,
      });
    }
    await context.sync();
    return { key };
  });
}
