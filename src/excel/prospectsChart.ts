/**
 * The Prospects sheet's chart (issue #48): the first 15 rows of its table (the table is sorted by
 * Score at each refresh, so the top 15), net new listeners against ad load, a series a show so each
 * point is named by its show (the legend). Drawn when the sheet is made and again after each refresh,
 * in the rows kept for it above the table (under the weights, from column A: where the planner looks
 * first, not right of an 18-column table); the old chart is replaced.
 */
import type { ExcelHost } from "./host";
import { BAND_ROWS } from "./reportCharts";

/** The chart's size in the rows kept for it: 600 points wide, as tall as the rows (15 points a row). */
const WIDTH_PT = 600;
const ROW_PT = 15;

const TOP = 15;
const chartName = (tableName: string) => `${tableName} top ${TOP}`;

/** Draws (or draws again) the chart of the table's first 15 rows; nothing when the table has no rows. */
export async function drawProspectsChart(
  excel: ExcelHost,
  sheetName: string,
  tableName: string,
): Promise<void> {
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
    const [x, y, show] = ["Ad load", "Net new listeners", "Show"].map((n) => names.indexOf(n));
    const rows = body.values
      .slice(0, TOP)
      .filter((r) => typeof r[y] === "number" && typeof r[x] === "number");
    if (x < 0 || y < 0 || show < 0 || rows.length === 0) return void (await context.sync());
    const chart = sheet.charts.add(
      "XYScatter" as Excel.ChartType,
      body.getCell(0, y),
      "Columns" as Excel.ChartSeriesBy,
    );
    chart.name = chartName(tableName);
    chart.title.text = `Top ${rows.length} by Score: net new listeners against ad load`;
    rows.forEach((r, i) => {
      const s = i === 0 ? chart.series.getItemAt(0) : chart.series.add(String(r[show]));
      s.name = String(r[show]);
      if (i > 0) s.setValues(body.getCell(i, y));
      s.setXAxisValues(body.getCell(i, x));
    });
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
