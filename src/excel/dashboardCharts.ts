/**
 * The reports' charts on the Dashboard, under its KPIs, one a row in the order of the KPI columns:
 * each a copy of its report's chart drawn from the same cells of the report sheet (its block of
 * sums, or its table's columns: queueChartCopy), so it shows what the report's chart shows. A
 * refresh rewrites a block of sums, which may then move or change size: the refreshed reports'
 * copies are made again after it (dashboardSheet.ts, followReports), where the planner left them.
 */
import type { DateSystem } from "../api/excelDates";
import type { TypedTable } from "../api/table";
import type { ReportDefinition } from "../reports/definition";
import { chartColumns, reportNamesOf } from "./chartData";
import type { ExcelHost } from "./host";
import { queueChartCopy } from "./charts/chartDraw";
import { reportPeriod } from "../reports/reportPeriod";
import { dashboardHeader } from "../reports/dashboardHeader";
import { dateSystemOf } from "./dateSystem";
import { knownNames } from "./knownNames";

/** A chart of ours on the Dashboard: its report's table's name, so a rename of the sheet keeps it. */
export const dashboardChartName = (tableName: string) => `${tableName} on the dashboard`;
const OURS = / on the dashboard$/;

/**
 * One chart a row, as wide as a report's own chart above its table: at 1366 × 768 with the pane
 * open about 700 points of columns are in view, too few for two charts whose dates and names read.
 */
const WIDTH_PT = 600;
const HEIGHT_PT = 216;
const GAP_PT = 15;
const ROW_PT = 15;

/** Where the i-th chart goes, in points, the first at row `firstRow` (under the KPIs). */
function chartSlot(i: number, firstRow: number) {
  return { left: 0, top: firstRow * ROW_PT + i * (HEIGHT_PT + GAP_PT), width: WIDTH_PT, height: HEIGHT_PT };
}

/** The last row and the width in points the charts of `count` reports take from `firstRow`: for the print area. */
export function chartsExtent(count: number, firstRow: number): { lastRow: number; widthPt: number } {
  if (count === 0) return { lastRow: firstRow - 1, widthPt: 0 };
  const bottom = chartSlot(count - 1, firstRow);
  return { lastRow: Math.ceil((bottom.top + bottom.height) / ROW_PT), widthPt: WIDTH_PT };
}

/** The reports on the dashboard whose own chart is on and was made. */
export const charted = (d: ReportDefinition) =>
  Boolean(d.tableName && d.chart?.enabled !== false && d.chart?.plan);

/** Where a report's table is and how it is headed, as a chart copy of it needs (read with other work). */
export interface ReportTablePlace {
  range: Excel.Range;
  header: Excel.Range;
  columns: Excel.TableColumnCollection;
}

/** Queues the loads of a report table's place, header and column ids (the caller syncs). */
export function queueTablePlace(table: Excel.Table): ReportTablePlace {
  const range = table.getRange();
  range.load("rowIndex,columnIndex,rowCount");
  const header = table.getHeaderRowRange();
  header.load("values");
  // columns is a navigation property: it needs no load of its own.

  const columns = table.columns;
  columns.load("items/id");
  return { range, header, columns };
}

/** What the charts' writes need, read: the Dashboard's charts, each redone report's table place and its table read back. */
export interface DashboardChartsRead {
  charts: readonly {
    name: string;
    top: number;
    left: number;
    width: number;
    height: number;
    delete(): void;
  }[];
  places: readonly (ReportTablePlace | null)[];
  tables: readonly (TypedTable | null)[];
  names?: ReadonlyMap<string, string>;
  system: DateSystem;
}

/**
 * Queues the charts of the dashboard `dash` for `reports` (all of them, in the dashboard's order), or
 * only for those in `only` (after their refresh): ours among them deleted and made again, in their
 * places under the KPIs (one a row, in the order of the reports that have a chart) or, after a
 * refresh, where the planner left them at the size they gave them; a report whose chart is off, or
 * cannot be copied, has none. A planner's own chart on the sheet is never touched. The caller syncs.
 * Returns how many it made.
 */
export function queueDashboardCharts(
  context: Excel.RequestContext,
  dash: Excel.Worksheet,
  reports: readonly ReportDefinition[],
  firstRow: number,
  read: DashboardChartsRead,
  only?: ReadonlySet<string>,
): number {
  const redo = reports.filter((d) => !only || only.has(d.sheetName));
  const before = new Map(read.charts.filter((c) => OURS.test(c.name)).map((c) => [c.name, c]));
  let made = 0;
  redo.forEach((d, k) => {
    const name = dashboardChartName(d.tableName ?? d.sheetName);
    const old = before.get(name);
    const kept = only && old && { top: old.top, left: old.left, width: old.width, height: old.height };
    old?.delete();
    const place = read.places[k];
    const table = read.tables[k];
    if (!place || !table) return;
    const chart = queueChartCopy(dash, {
      sheet: context.workbook.worksheets.getItem(d.sheetName),
      kind: d.kind,
      table,
      // By the report's names: a column the planner renamed is still the one the chart draws.
      headers: reportNamesOf(
        d,
        place.header.values[0].map(String),
        place.columns.items.map((c) => c.id),
      ),
      at: { row: place.range.rowIndex, col: place.range.columnIndex, bodyRows: place.range.rowCount - 1 },
      data: d.chart?.data,
      band: d.chart?.band,
      widthPt: kept ? kept.width : WIDTH_PT,
      // Its title names the report and whose data it is, as its column's header does.
      report: dashboardHeader(d),
      names: d.kind === "lag" ? read.names : undefined,
      period: reportPeriod(d),
      system: read.system,
    });
    if (!chart) return;
    chart.name = name;
    made++;
    const at = kept ?? chartSlot(reports.filter(charted).indexOf(d), firstRow);
    chart.top = at.top;
    chart.left = at.left;
    chart.width = at.width;
    chart.height = at.height;
  });
  // Ours of reports no longer on the dashboard go too.
  const names = new Set(reports.map((d) => dashboardChartName(d.tableName ?? d.sheetName)));
  for (const [name, c] of before) if (!names.has(name)) c.delete();
  return made;
}

/**
 * Makes the charts of the dashboard `sheetName` again for `reports` (all of them), or only for those
 * in `only` (queueDashboardCharts), reading what they need first. Returns how many it made.
 */
export async function writeDashboardCharts(
  excel: ExcelHost,
  sheetName: string,
  reports: readonly ReportDefinition[],
  firstRow: number,
  only?: ReadonlySet<string>,
): Promise<number> {
  const redo = reports.filter((d) => !only || only.has(d.sheetName));
  // Read back before the run: a report's sums are read in blocks of rows (chartData.ts).
  const tables = await Promise.all(redo.map((d) => (charted(d) ? chartColumns(excel, d) : null)));
  // A lag chart's legend names its objects as the report's own chart does (knownNames.ts).
  const objectNames = redo.some((d) => d.kind === "lag" && charted(d)) ? await knownNames(excel) : undefined;
  // The tables read back hold the workbook's dates (the copy sums them in the 1900 system).
  const system = await dateSystemOf(excel);
  return excel.run(async (context) => {
    const dash = context.workbook.worksheets.getItem(sheetName);
    dash.charts.load("items/name,items/top,items/left,items/width,items/height");
    const places = redo.map((d) =>
      charted(d)
        ? queueTablePlace(context.workbook.worksheets.getItem(d.sheetName).tables.getItem(d.tableName!))
        : null,
    );
    await context.sync();
    const made = queueDashboardCharts(
      context,
      dash,
      reports,
      firstRow,
      {
        // charts is a navigation property, loaded above.
        // eslint-disable-next-line office-addins/load-object-before-read
        charts: dash.charts.items,
        places,
        tables,
        names: objectNames,
        system,
      },
      only,
    );
    await context.sync();
    return made;
  });
}
