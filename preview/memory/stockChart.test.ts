/**
 * A high-low-close stock chart in the in-memory workbook (issue #57, an interval drawn as an
 * interval): made from three series (high, low, close) and refused otherwise, its series fixed; its
 * markers (markerStyle) and its category labels' angle and place (textOrientation,
 * tickLabelPosition) kept as the API sets them, and refused where the workbook does not model them.
 */
import { InMemoryWorkbook } from "./workbook";

type Ctx = Excel.RequestContext;

/** A sheet with categories in A2:A4 and high, low, close in B:D (names in row 1). */
async function book(): Promise<InMemoryWorkbook> {
  const w = new InMemoryWorkbook({ sheets: ["Data"] });
  await w.excel.run(async (context: Ctx) => {
    context.workbook.worksheets.getItem("Data").getRange("A1:D4").values = [
      ["Result", "High", "Low", "Point"],
      ["podcast · purchase", 0.3, 0.1, 0.2],
      ["streaming · purchase", 0.2, -0.1, 0.05],
      ["all · purchase", 0.25, 0.05, 0.15],
    ];
    await context.sync();
  });
  return w;
}

const attempt = (w: InMemoryWorkbook, f: (ws: Excel.Worksheet) => void) =>
  w.excel.run(async (context: Ctx) => {
    f(context.workbook.worksheets.getItem("Data"));
    await context.sync();
  });

async function stock(w: InMemoryWorkbook) {
  await attempt(w, (ws) => {
    const c = ws.charts.add(
      "StockHLC" as Excel.ChartType,
      ws.getRange("A1:D4"),
      "Columns" as Excel.ChartSeriesBy,
    );
    c.name = "Interval";
  });
}

test("a stock chart made from high, low and close reads three series over the categories", async () => {
  const w = await book();
  await stock(w);
  const [chart] = w.host.charts("Data");
  expect(chart.type).toBe("StockHLC");
  expect(chart.series.map((s) => [s.name, s.values])).toEqual([
    ["High", [0.3, 0.2, 0.25]],
    ["Low", [0.1, -0.1, 0.05]],
    ["Point", [0.2, 0.05, 0.15]],
  ]);
  expect(chart.series[0].categories).toEqual([
    "podcast · purchase",
    "streaming · purchase",
    "all · purchase",
  ]);
  // Excel's own look without markers set: no mark at the high or the low, a dash at the close.
  expect(chart.series.map((s) => s.marker)).toEqual(["none", "none", "dash"]);
});

test("a stock chart of other than three series is refused, made or changed to; its series are not added or deleted", async () => {
  const w = await book();
  await expect(
    attempt(w, (ws) =>
      ws.charts.add("StockHLC" as Excel.ChartType, ws.getRange("A1:C4"), "Columns" as Excel.ChartSeriesBy),
    ),
  ).rejects.toThrow(/three series, in this order: high, low, close \(this data has 2\)/);
  await attempt(w, (ws) => {
    ws.charts.add(
      "LineMarkers" as Excel.ChartType,
      ws.getRange("A1:C4"),
      "Columns" as Excel.ChartSeriesBy,
    ).name = "Two";
  });
  await expect(
    attempt(w, (ws) => (ws.charts.getItem("Two").chartType = "StockHLC" as Excel.ChartType)),
  ).rejects.toThrow(/three series/);
  await stock(w);
  await expect(attempt(w, (ws) => ws.charts.getItem("Interval").series.add("Open"))).rejects.toThrow(
    /none is added or deleted/,
  );
  await expect(
    attempt(w, (ws) => ws.charts.getItem("Interval").series.getItemAt(2).delete()),
  ).rejects.toThrow(/none is added or deleted/);
  await expect(
    attempt(
      w,
      (ws) =>
        (ws.charts.getItem("Interval").series.getItemAt(0).axisGroup = "Secondary" as Excel.ChartAxisGroup),
    ),
  ).rejects.toThrow(/share one value axis/);
  expect(w.host.charts("Data").find((c) => c.name === "Interval")!.series).toHaveLength(3);
});

test("markerStyle: Dash and Circle are kept and read back; a style the workbook does not draw is refused", async () => {
  const w = await book();
  await stock(w);
  await attempt(w, (ws) => {
    const series = ws.charts.getItem("Interval").series;
    series.getItemAt(0).markerStyle = "Dash" as Excel.ChartMarkerStyle;
    series.getItemAt(2).markerStyle = "Circle" as Excel.ChartMarkerStyle;
  });
  const read = await w.excel.run(async (context: Ctx) => {
    const series = context.workbook.worksheets.getItem("Data").charts.getItem("Interval").series;
    series.load("items/markerStyle");
    await context.sync();
    return series.items.map((s) => s.markerStyle);
  });
  expect(read).toEqual(["Dash", "Automatic", "Circle"]);
  expect(w.host.charts("Data")[0].series.map((s) => s.marker)).toEqual(["dash", "none", "circle"]);
  await expect(
    attempt(
      w,
      (ws) =>
        (ws.charts.getItem("Interval").series.getItemAt(1).markerStyle = "Square" as Excel.ChartMarkerStyle),
    ),
  ).rejects.toThrow(/marker style modelled here \(Automatic, None, Circle, Dash\)/);
});

test("the category labels' angle (-90 to 90) and place (next to the axis, or low) are kept; others are refused", async () => {
  const w = await book();
  await stock(w);
  await attempt(w, (ws) => {
    const axis = ws.charts.getItem("Interval").axes.categoryAxis;
    axis.textOrientation = 45;
    axis.tickLabelPosition = "Low" as Excel.ChartAxisTickLabelPosition;
  });
  expect(w.host.charts("Data")[0].categoryAxis).toMatchObject({
    textOrientation: 45,
    tickLabelPosition: "Low",
  });
  const refused = (f: (a: Excel.ChartAxis) => void) =>
    attempt(w, (ws) => f(ws.charts.getItem("Interval").axes.categoryAxis));
  await expect(refused((a) => (a.textOrientation = 91))).rejects.toThrow(/-90 to 90/);
  await expect(refused((a) => (a.textOrientation = 180))).rejects.toThrow(/-90 to 90/);
  await expect(refused((a) => (a.textOrientation = 12.5))).rejects.toThrow(/whole number/);
  await expect(
    refused((a) => (a.tickLabelPosition = "High" as Excel.ChartAxisTickLabelPosition)),
  ).rejects.toThrow(/label position modelled here/);
  await expect(
    attempt(w, (ws) => (ws.charts.getItem("Interval").axes.valueAxis.textOrientation = 45)),
  ).rejects.toThrow(/Only the category axis/);
});
