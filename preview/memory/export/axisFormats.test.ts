/**
 * Issue 57: a chart's value axes are written in the format the preview draws their labels with
 * (axisFormats.ts), so a spreadsheet opening the file draws the same labels. LibreOffice's reading
 * of it is test/judge/chartsAndTables.test.ts's business.
 */
import { strFromU8, unzipSync } from "fflate";
import { chartFrame } from "../../grid/chartFrame";
import { chartViews } from "../chart";
import { formatNumber } from "../numberFormat";
import { InMemoryWorkbook } from "../workbook";
import { labelFormat } from "./axisFormats";
import { exportXlsx } from "./exportXlsx";

/** A sheet of shows (A), downloads (B) and a load (C), and one chart over them as `build` makes it. */
async function chartBook(
  build: (ws: Excel.Worksheet) => void,
  formats: { downloads?: string; load?: string } = {},
): Promise<InMemoryWorkbook> {
  const wb = new InMemoryWorkbook();
  await wb.excel.run(async (context) => {
    const ws = context.workbook.worksheets.getItem("Sheet1");
    ws.getRange("A1:C4").values = [
      ["Show", "Downloads", "Load"],
      ["A", 120000, 0.044],
      ["B", 640000, 0.051],
      ["C", 815000, 0.047],
    ];
    if (formats.downloads)
      ws.getRange("B2:B4").numberFormat = [[formats.downloads], [formats.downloads], [formats.downloads]];
    if (formats.load) ws.getRange("C2:C4").numberFormat = [[formats.load], [formats.load], [formats.load]];
    build(ws);
    await context.sync();
  });
  return wb;
}

/** The `c:numFmt` of each value axis of the file's first chart, in the order written (primary first). */
function valueAxisFormats(wb: InMemoryWorkbook): { code: string; linked: string }[] {
  const files = unzipSync(exportXlsx(wb.model));
  const chart = strFromU8(files["xl/charts/chart1.xml"]);
  return [...chart.matchAll(/<c:valAx>.*?<\/c:valAx>/g)].map((m) => {
    const f = /<c:numFmt formatCode="([^"]*)" sourceLinked="(\d)"\/>/.exec(m[0])!;
    return { code: f[1].replace(/&quot;/g, '"'), linked: f[2] };
  });
}

/** The preview's tick labels of the first chart's value axis, and its ticks. */
function previewTicks(wb: InMemoryWorkbook): { ticks: number[]; labels: string[] } {
  const view = chartViews(wb.model, wb.model.sheets[0])[0];
  const frame = chartFrame(view, view.width, view.height);
  return { ticks: frame.ticks, labels: frame.ticks.map(frame.tickText) };
}

test("labelFormat: the code that draws the preview's tick labels (money, percentages, grouped numbers, the most decimals)", () => {
  expect(labelFormat(["$0", "$50,000", "$200,000", "-$50,000"])).toBe('"$"#,##0');
  expect(labelFormat(["4.4%", "5%", "5.2%"])).toBe("#,##0.0%");
  expect(labelFormat(["0", "200,000", "800,000"])).toBe("#,##0");
  expect(labelFormat(["-0.5", "0", "0.25"])).toBe("#,##0.00");
  expect(labelFormat(["£1.5", "£3"])).toBe('"£"#,##0.0');
  expect(labelFormat(["Nov 27"])).toBeNull();
});

test("a money axis with a format of its own ($#,##0.00) is written as the preview draws it: $200,000, not $200,000.00", async () => {
  const wb = await chartBook((ws) => {
    const chart = ws.charts.add("ColumnClustered" as Excel.ChartType, ws.getRange("A1:B4"), "Columns");
    chart.axes.valueAxis.numberFormat = "$#,##0.00";
  });
  const [axis] = valueAxisFormats(wb);
  expect(axis).toEqual({ code: '"$"#,##0', linked: "0" });
  const { ticks, labels } = previewTicks(wb);
  expect(labels.at(-1)).toMatch(/^\$[\d,]+$/);
  expect(ticks.map((t) => formatNumber(t, axis.code))).toEqual(labels);
});

test("an axis over General cells is written grouped, as the preview draws it (800,000, not 800000)", async () => {
  const wb = await chartBook((ws) => {
    ws.charts.add("ColumnClustered" as Excel.ChartType, ws.getRange("A1:B4"), "Columns");
  });
  const [axis] = valueAxisFormats(wb);
  expect(axis).toEqual({ code: "#,##0", linked: "0" });
  const { ticks, labels } = previewTicks(wb);
  expect(ticks.map((t) => formatNumber(t, axis.code))).toEqual(labels);
});

test("an axis without a format of its own over cells whose format draws the preview's labels stays linked to them", async () => {
  const wb = await chartBook(
    (ws) => void ws.charts.add("ColumnClustered" as Excel.ChartType, ws.getRange("A1:B4"), "Columns"),
    { downloads: "#,##0" },
  );
  expect(valueAxisFormats(wb)).toEqual([{ code: "#,##0", linked: "1" }]);
});

test("a scatter chart's x axis in 0% is written with the decimals the preview's labels have (4.4%, not 0.044)", async () => {
  const wb = await chartBook((ws) => {
    const chart = ws.charts.add("XYScatter" as Excel.ChartType, ws.getRange("B2:B4"), "Columns");
    chart.series.getItemAt(0).setXAxisValues(ws.getRange("C2:C4"));
    chart.axes.categoryAxis.numberFormat = "0%";
  });
  const [x, y] = valueAxisFormats(wb);
  const view = chartViews(wb.model, wb.model.sheets[0])[0];
  const frame = chartFrame(view, view.width, view.height);
  const labels = frame.xTicks.map(frame.xTickText);
  expect(labels.some((l) => /\.\d%$/.test(l))).toBe(true);
  expect(x).toEqual({ code: labelFormat(labels), linked: "0" });
  expect(x.code).toMatch(/%$/);
  // Each label the preview draws with one decimal is drawn the same by the file's format.
  for (const t of frame.xTicks.filter((_, i) => /\.\d%$/.test(labels[i])))
    expect(formatNumber(t, x.code)).toBe(frame.xTickText(t));
  expect(y).toEqual({ code: "#,##0", linked: "0" });
});
