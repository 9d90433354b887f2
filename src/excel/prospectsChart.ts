/**
 * The Prospects sheet's looks after each write (issue #48; issue 57): its id columns named for what they
 * are, and its chart. Both are done when the sheet is made and again after each refresh (the one step
 * the refresh runs after writing a Prospects sheet: drawProspectsChart).
 *
 * The chart: the first 15 rows of its table (sorted by Score at each refresh, so the top 15), net new
 * listeners against ad load, one series whose points are the shows (no legend: a legend of 15 show
 * names said nothing a planner could match to a point), each axis titled with what it measures. It sits
 * in the rows kept for it above the table (under the weights, from column A: where the planner looks
 * first, not right of an 18-column table); the old chart is replaced.
 */
import type { ExcelHost } from "./host";
import { fittedWidth } from "./cellFormats";
import { BAND_ROWS } from "./charts/chartLayout";
import { SERVICE_ID_STORED, SERVICE_SHOW_ID } from "../reports/prospects";

/** The chart's size in the rows kept for it: 600 points wide, as tall as the rows (15 points a row). */
const WIDTH_PT = 600;
const ROW_PT = 15;

const TOP = 15;
const chartName = (tableName: string) => `${tableName} top ${TOP}`;

/** What each axis measures, named as the table's columns the points are read from. */
const X_COLUMN = "Ad load";
const Y_COLUMN = "Net new listeners";

/**
 * The service's show id column shown as the plan names it, "Service show id". A sheet made before
 * issue 57 shows it as "Show ID": renamed once, as the planner would rename it, so Excel renames every
 * formula that names it ([@[Show ID]] → [@[Service show id]]: support, "Using structured references
 * with Excel tables"; TableColumn.name, settable from ExcelApi 1.4) and the refresh keeps the column by
 * its id, the header as the sheet shows it. A header the planner chose stays theirs (only the stored
 * name is renamed). The column is made wide enough for its header (never narrowed): the table was
 * sized for "Show ID".
 */
async function nameIdColumns(excel: ExcelHost, tableName: string): Promise<void> {
  await excel.run(async (context) => {
    const table = context.workbook.tables.getItem(tableName);
    const stored = table.columns.getItemOrNullObject(SERVICE_ID_STORED);
    const shown = table.columns.getItemOrNullObject(SERVICE_SHOW_ID);
    await context.sync();
    if (stored.isNullObject && shown.isNullObject) return;
    const column = shown.isNullObject ? stored : shown;
    if (shown.isNullObject) stored.name = SERVICE_SHOW_ID;
    const header = column.getHeaderRowRange();
    header.format.load("columnWidth");
    await context.sync();
    const wide = fittedWidth(SERVICE_SHOW_ID, [], "text");
    if (header.format.columnWidth < wide) header.format.columnWidth = wide;
    await context.sync();
  });
}

/**
 * Names the sheet's id columns, then draws (or draws again) the chart of the table's first 15 rows;
 * no chart when none of them has both figures.
 */
export async function drawProspectsChart(
  excel: ExcelHost,
  sheetName: string,
  tableName: string,
): Promise<void> {
  await nameIdColumns(excel, tableName);
  await excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    const table = sheet.tables.getItem(tableName);
    const header = table.getHeaderRowRange();
    const body = table.getDataBodyRange();
    // charts is a navigation property: it needs no load of its own.
    // eslint-disable-next-line office-addins/call-sync-before-read, office-addins/load-object-before-read
    const charts = sheet.charts;
    header.load("values,columnIndex,columnCount,rowIndex");
    body.load("values,rowCount");
    charts.load("items/name");
    await context.sync();
    for (const c of charts.items) if (c.name === chartName(tableName)) c.delete();
    const names = header.values[0].map(String);
    const [x, y] = [X_COLUMN, Y_COLUMN].map((n) => names.indexOf(n));
    const rows = body.values.slice(0, TOP);
    const drawn = rows.filter((r) => typeof r[y] === "number" && typeof r[x] === "number").length;
    if (x < 0 || y < 0 || drawn === 0) return void (await context.sync());
    // One series over the first rows, in the table's order: a row without both figures is a gap.
    const column = (c: number) => body.getCell(0, c).getResizedRange(rows.length - 1, 0);
    const chart = sheet.charts.add(
      "XYScatter" as Excel.ChartType,
      column(y),
      "Columns" as Excel.ChartSeriesBy,
    );
    chart.name = chartName(tableName);
    chart.title.text = `Top ${drawn} by Score: net new listeners against ad load`;
    const series = chart.series.getItemAt(0);
    series.name = "Shows, by Score";
    series.setValues(column(y));
    series.setXAxisValues(column(x));
    chart.legend.visible = false;
    // The horizontal (ad load) axis is office.js's category axis, as its 0% format below.
    chart.axes.categoryAxis.title.text = X_COLUMN;
    chart.axes.valueAxis.title.text = Y_COLUMN;
    chart.axes.categoryAxis.numberFormat = "0%";
    // In the rows kept above the table (they end with the blank row before the header); a sheet
    // without them gets the chart beside the table, one column right of its last.
    const bandTop = header.rowIndex - 1 - BAND_ROWS;
    if (bandTop >= 1) {
      chart.setPosition(sheet.getCell(bandTop, header.columnIndex));
      chart.width = WIDTH_PT;
      chart.height = BAND_ROWS * ROW_PT;
    } else {
      const right = sheet.getCell(header.rowIndex, header.columnIndex + header.columnCount + 1);
      chart.setPosition(right, right.getOffsetRange(20, 9));
    }
    await context.sync();
  });
}
