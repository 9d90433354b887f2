/**
 * Charts in the in-memory workbook (docs/excel-fidelity.md, "Charts"): how a source range becomes
 * series, a chart made from a table follows the table's rows and keeps its name, a sheet rename
 * keeps it, deleting its sheet deletes it, and its place follows its cells.
 */
import { InMemoryWorkbook } from "./workbook";

type Ctx = Excel.RequestContext;

async function run<T>(
  w: InMemoryWorkbook,
  batch: (context: Ctx, sheet: Excel.Worksheet) => Promise<T>,
): Promise<T> {
  return w.excel.run((context) => batch(context, context.workbook.worksheets.getItem("Data")));
}

/** A sheet "Data" with a table Shows (A1:C4: Show, Downloads, Listeners) and one chart over it. */
async function tableWithChart(w = new InMemoryWorkbook({ sheets: ["Data", "Other"] })) {
  await run(w, async (context, ws) => {
    ws.getRange("A1:C4").values = [
      ["Show", "Downloads", "Listeners"],
      ["a", 10, 1],
      ["b", 20, 2],
      ["c", 30, 3],
    ];
    ws.tables.add("A1:C4", true).name = "Shows";
    const chart = ws.charts.add(
      "ColumnClustered" as Excel.ChartType,
      ws.tables.getItem("Shows").getRange(),
      "Auto",
    );
    chart.name = "Shows chart";
    await context.sync();
  });
  return w;
}

/** Each series of the chart: name, values and categories, read through the API. */
async function seriesOf(w: InMemoryWorkbook, chartName = "Shows chart", sheet = "Data") {
  return w.excel.run(async (context) => {
    const chart = context.workbook.worksheets.getItem(sheet).charts.getItem(chartName);
    chart.series.load("items/name");
    await context.sync();
    const dims = chart.series.items.map((s) => ({
      name: s.name,
      values: s.getDimensionValues("Values" as Excel.ChartSeriesDimension),
      categories: s.getDimensionValues("Categories" as Excel.ChartSeriesDimension),
    }));
    await context.sync();
    return dims.map((d) => ({ name: d.name, values: d.values.value, categories: d.categories.value }));
  });
}

async function resize(w: InMemoryWorkbook, address: string, values?: { at: string; rows: unknown[][] }) {
  await run(w, async (context, ws) => {
    if (values) ws.getRange(values.at).values = values.rows as string[][];
    ws.tables.getItem("Shows").resize(address);
    await context.sync();
  });
}

describe("a chart made from a table", () => {
  test("reads the header as series names and the text first column as categories", async () => {
    const w = await tableWithChart();
    expect(await seriesOf(w)).toEqual([
      { name: "Downloads", values: ["10", "20", "30"], categories: ["a", "b", "c"] },
      { name: "Listeners", values: ["1", "2", "3"], categories: ["a", "b", "c"] },
    ]);
  });

  test("follows the table when it grows and when it shrinks, and keeps its name", async () => {
    const w = await tableWithChart();
    await resize(w, "A1:C6", {
      at: "A5:C6",
      rows: [
        ["d", 40, 4],
        ["e", 50, 5],
      ],
    });
    let series = await seriesOf(w);
    expect(series[0]).toEqual({
      name: "Downloads",
      values: ["10", "20", "30", "40", "50"],
      categories: ["a", "b", "c", "d", "e"],
    });
    await resize(w, "A1:C3");
    series = await seriesOf(w);
    expect(series.map((s) => s.values)).toEqual([
      ["10", "20"],
      ["1", "2"],
    ]);
    expect(series[0].categories).toEqual(["a", "b"]);
    expect(w.host.charts("Data").map((c) => c.name)).toEqual(["Shows chart"]);
  });

  test("follows rows added through table.rows.add and rows typed under the table", async () => {
    const w = await tableWithChart();
    await run(w, async (context, ws) => {
      ws.tables.getItem("Shows").rows.add(null as unknown as number, [["d", 40, 4]]);
      await context.sync();
    });
    w.host.setInput("Data", 5, 0, "e");
    w.host.setInput("Data", 5, 1, "50");
    expect((await seriesOf(w))[0].values).toEqual(["10", "20", "30", "40", "50"]);
  });

  test("made from whole columns of the table (values only), it follows the table too", async () => {
    const w = await tableWithChart();
    await run(w, async (context, ws) => {
      const chart = ws.charts.add("Line" as Excel.ChartType, ws.getRange("B2:B4"), "Columns");
      chart.name = "Downloads only";
      chart.series.getItemAt(0).setXAxisValues(ws.getRange("A2:A4"));
      await context.sync();
    });
    await resize(w, "A1:C5", { at: "A5:C5", rows: [["d", 40, 4]] });
    expect(await seriesOf(w, "Downloads only")).toEqual([
      { name: "Series1", values: ["10", "20", "30", "40"], categories: ["a", "b", "c", "d"] },
    ]);
  });

  test("made from part of the table's rows, it stays on those cells (stricter reading)", async () => {
    const w = await tableWithChart();
    await run(w, async (context, ws) => {
      ws.charts.add("Line" as Excel.ChartType, ws.getRange("A1:B3"), "Columns").name = "Part";
      await context.sync();
    });
    await resize(w, "A1:C5", { at: "A5:C5", rows: [["d", 40, 4]] });
    expect((await seriesOf(w, "Part"))[0].values).toEqual(["10", "20"]);
  });

  test("a table deleted and made again in the same place is a new table: the chart stays on the old cells", async () => {
    const w = await tableWithChart();
    await run(w, async (context, ws) => {
      ws.tables.getItem("Shows").delete();
      await context.sync();
      ws.getRange("A1:C6").values = [
        ["Show", "Downloads", "Listeners"],
        ["a", 1, 1],
        ["b", 2, 2],
        ["c", 3, 3],
        ["d", 4, 4],
        ["e", 5, 5],
      ];
      ws.tables.add("A1:C6", true).name = "Shows";
      await context.sync();
    });
    expect((await seriesOf(w))[0].values).toEqual(["1", "2", "3"]);
  });
});

describe("a chart and its sheet", () => {
  test("a renamed sheet keeps its chart, and the chart still reads its cells", async () => {
    const w = await tableWithChart();
    await run(w, async (context, ws) => {
      ws.name = "Renamed";
      await context.sync();
    });
    expect((await seriesOf(w, "Shows chart", "Renamed"))[0].values).toEqual(["10", "20", "30"]);
    await w.excel.run(async (context) => {
      const ws = context.workbook.worksheets.getItem("Renamed");
      ws.getRange("A5:C5").values = [["d", 40, 4]];
      ws.tables.getItem("Shows").resize("A1:C5");
      await context.sync();
    });
    expect((await seriesOf(w, "Shows chart", "Renamed"))[0].values).toEqual(["10", "20", "30", "40"]);
  });

  test("deleting the sheet deletes its charts; a chart elsewhere that read it reads nothing (#REF!)", async () => {
    const w = await tableWithChart();
    await w.excel.run(async (context) => {
      const other = context.workbook.worksheets.getItem("Other");
      const data = context.workbook.worksheets.getItem("Data");
      other.charts.add("Line" as Excel.ChartType, data.getRange("A1:C4"), "Columns").name = "Elsewhere";
      await context.sync();
      data.delete();
      await context.sync();
    });
    expect(w.model.charts.map((c) => c.name)).toEqual(["Elsewhere"]);
    expect(await seriesOf(w, "Elsewhere", "Other")).toEqual([
      { name: "", values: [], categories: [] },
      { name: "", values: [], categories: [] },
    ]);
  });

  test("delete() removes the chart; getItemOrNullObject then finds nothing, getItem fails", async () => {
    const w = await tableWithChart();
    const seen = await run(w, async (context, ws) => {
      ws.charts.getItem("Shows chart").delete();
      const gone = ws.charts.getItemOrNullObject("Shows chart");
      ws.charts.load("items/name");
      await context.sync();
      return { gone: gone.isNullObject, count: ws.charts.items.length };
    });
    expect(seen).toEqual({ gone: true, count: 0 });
    await expect(
      run(w, async (context, ws) => {
        ws.charts.getItem("Shows chart").load("name");
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: "ItemNotFound" });
  });
});

describe("how a source range becomes series", () => {
  async function chartOver(values: unknown[][], address: string, by = "Auto") {
    const w = new InMemoryWorkbook({ sheets: ["Data"] });
    await run(w, async (context, ws) => {
      ws.getRange(address).values = values as string[][];
      ws.charts.add("Line" as Excel.ChartType, ws.getRange(address), by as Excel.ChartSeriesBy).name = "C";
      await context.sync();
    });
    return seriesOf(w, "C");
  }

  test("a numeric first column (years) under a text header is a series of its own", async () => {
    const s = await chartOver(
      [
        ["Year", "Sales"],
        [2024, 5],
        [2025, 6],
      ],
      "A1:B3",
    );
    expect(s.map((x) => [x.name, x.values])).toEqual([
      ["Year", ["2024", "2025"]],
      ["Sales", ["5", "6"]],
    ]);
  });

  test("an XY scatter chart takes the first column as X values, numbers or not", async () => {
    const w = new InMemoryWorkbook({ sheets: ["Data"] });
    await run(w, async (context, ws) => {
      ws.getRange("A1:B3").values = [
        ["Day", "Listeners"],
        [15, 5],
        [30, 6],
      ];
      ws.charts.add("XYScatterLines" as Excel.ChartType, ws.getRange("A1:B3"), "Columns").name = "C";
      await context.sync();
    });
    const [only, ...rest] = await seriesOf(w, "C");
    expect(rest).toEqual([]);
    expect(only).toEqual({ name: "Listeners", values: ["5", "6"], categories: ["15", "30"] });
  });

  test("a blank top-left cell makes the first row names and the first column categories", async () => {
    const s = await chartOver(
      [
        ["", "Sales"],
        [2024, 5],
        [2025, 6],
      ],
      "A1:B3",
    );
    expect(s).toEqual([{ name: "Sales", values: ["5", "6"], categories: ["2024", "2025"] }]);
  });

  test("Auto takes series from the rows when there are not more rows than columns; Columns overrides", async () => {
    const wide = [
      ["", "Jan", "Feb", "Mar"],
      ["Spend", 1, 2, 3],
      ["Clicks", 4, 5, 6],
    ];
    expect((await chartOver(wide, "A1:D3")).map((x) => x.name)).toEqual(["Spend", "Clicks"]);
    expect((await chartOver(wide, "A1:D3", "Columns")).map((x) => x.name)).toEqual(["Jan", "Feb", "Mar"]);
  });

  test("more than 255 series is refused", async () => {
    const row = Array.from({ length: 257 }, (_, i) => (i === 0 ? "" : i));
    await expect(chartOver([row, row.map((_, i) => i)], "A1:IW2", "Columns")).rejects.toMatchObject({
      code: "InvalidArgument",
    });
  });
});

describe("the chart object", () => {
  test("type, name, title, legend and axis titles: Excel's defaults, then what the add-in sets", async () => {
    const w = await tableWithChart();
    const seen = await run(w, async (context, ws) => {
      const chart = ws.charts.getItem("Shows chart");
      chart.load("name,chartType");
      chart.title.load("text,visible");
      chart.legend.load("visible,position");
      await context.sync();
      const before = { type: chart.chartType, title: chart.title.text, legend: chart.legend.visible };
      chart.chartType = "line" as Excel.ChartType;
      chart.title.text = "Downloads by show";
      chart.legend.visible = false;
      chart.axes.valueAxis.title.text = "Downloads";
      chart.load("chartType");
      chart.title.load("text");
      chart.legend.load("visible");
      await context.sync();
      return {
        before,
        after: { type: chart.chartType, title: chart.title.text, legend: chart.legend.visible },
      };
    });
    expect(seen).toEqual({
      before: { type: "ColumnClustered", title: "Chart Title", legend: true },
      after: { type: "Line", title: "Downloads by show", legend: false },
    });
    expect(w.host.charts("Data")[0]).toMatchObject({
      title: "Downloads by show",
      legend: null,
      valueAxisTitle: "Downloads",
    });
  });

  test("a value axis without a format of its own shows the numbers as its first series' cells do", async () => {
    const w = await tableWithChart();
    expect(w.host.charts("Data")[0].valueFormat).toBeNull();
    await run(w, async (context, ws) => {
      ws.getRange("B2:B4").numberFormat = [["0.00%"], ["0.00%"], ["0.00%"]];
      await context.sync();
    });
    expect(w.host.charts("Data")[0].valueFormat).toBe("0.00%");
    await run(w, async (context, ws) => {
      ws.charts.getItem("Shows chart").axes.valueAxis.numberFormat = "#,##0";
      await context.sync();
    });
    expect(w.host.charts("Data")[0].valueFormat).toBe("#,##0");
  });

  test("the category axis: a date axis with its base unit, label step and format; a text axis's label spacing; refusals", async () => {
    const w = await tableWithChart();
    await run(w, async (context, ws) => {
      const axis = ws.charts.getItem("Shows chart").axes.categoryAxis;
      axis.tickLabelSpacing = 2;
      axis.categoryType = "DateAxis" as Excel.ChartAxisCategoryType;
      axis.baseTimeUnit = "Months" as Excel.ChartAxisTimeUnit;
      axis.majorUnit = 3;
      axis.majorTimeUnitScale = "Months" as Excel.ChartAxisTimeUnit;
      axis.numberFormat = "mmm yyyy";
      await context.sync();
    });
    expect(w.host.charts("Data")[0].categoryAxis).toEqual({
      date: true,
      baseTimeUnit: "Months",
      majorUnit: 3,
      majorTimeUnitScale: "Months",
      format: "mmm yyyy",
      tickLabelSpacing: 2,
      textOrientation: 0,
      tickLabelPosition: "NextToAxis",
    });
    const refused = (f: (axis: Excel.ChartAxis) => void) =>
      run(w, async (context, ws) => {
        f(ws.charts.getItem("Shows chart").axes.categoryAxis);
        await context.sync();
      });
    await expect(refused((a) => (a.tickLabelSpacing = 0))).rejects.toThrow(/1 to 31999/);
    await expect(refused((a) => (a.majorUnit = 1.5))).rejects.toThrow(/whole number/);
    await expect(refused((a) => (a.categoryType = "Weekly" as Excel.ChartAxisCategoryType))).rejects.toThrow(
      /category type/,
    );
    // A text axis has no time units (stricter than Excel, whose behaviour there is not documented).
    await expect(
      refused((a) => {
        a.categoryType = "TextAxis" as Excel.ChartAxisCategoryType;
        a.baseTimeUnit = "Days" as Excel.ChartAxisTimeUnit;
      }),
    ).rejects.toThrow(/DateAxis/);
  });

  test("series colours (line, fill, markers) and data labels are kept and drawn; a colour is #RRGGBB", async () => {
    const w = await tableWithChart();
    await run(w, async (context, ws) => {
      const s = ws.charts.getItem("Shows chart").series.getItemAt(0);
      s.format.fill.setSolidColor("#0072b2");
      s.markerBackgroundColor = "#E69F00";
      s.hasDataLabels = true;
      await context.sync();
    });
    expect(w.host.charts("Data")[0].series[0]).toMatchObject({
      color: "#0072B2",
      markerColor: "#E69F00",
      dataLabels: true,
      valueTexts: ["10", "20", "30"],
    });
    await expect(
      run(w, async (context, ws) => {
        ws.charts.getItem("Shows chart").series.getItemAt(0).format.line.color = "blue";
        await context.sync();
      }),
    ).rejects.toThrow(/#RRGGBB/);
  });

  test("the legend's position is one of Excel's; another is refused", async () => {
    const w = await tableWithChart();
    const position = await run(w, async (context, ws) => {
      const legend = ws.charts.getItem("Shows chart").legend;
      legend.position = "Right" as Excel.ChartLegendPosition;
      legend.load("position");
      await context.sync();
      return legend.position;
    });
    expect(position).toBe("Right");
    await expect(
      run(w, async (context, ws) => {
        ws.charts.getItem("Shows chart").legend.position = "Middle" as Excel.ChartLegendPosition;
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: "InvalidArgument" });
  });

  test("a one-series chart is titled with its series name and has no legend", async () => {
    const w = await tableWithChart();
    await run(w, async (context, ws) => {
      ws.charts.add("Line" as Excel.ChartType, ws.getRange("A1:B4"), "Columns").name = "One";
      await context.sync();
    });
    expect(w.host.charts("Data")[1]).toMatchObject({ name: "One", title: "Downloads", legend: null });
  });

  test("a chart type the workbook does not model, an empty name and a long series name are refused", async () => {
    const w = await tableWithChart();
    const attempt = (fn: (ws: Excel.Worksheet) => void) =>
      run(w, async (context, ws) => {
        fn(ws);
        await context.sync();
      });
    await expect(
      attempt((ws) => ws.charts.add("Pie" as Excel.ChartType, ws.getRange("A1:B4"))),
    ).rejects.toMatchObject({ code: "InvalidArgument" });
    await expect(attempt((ws) => (ws.charts.getItem("Shows chart").name = ""))).rejects.toMatchObject({
      code: "InvalidArgument",
    });
    await expect(
      attempt((ws) => (ws.charts.getItem("Shows chart").series.getItemAt(0).name = "x".repeat(256))),
    ).rejects.toMatchObject({ code: "InvalidArgument" });
    await expect(
      attempt((ws) => ws.charts.getItem("Shows chart").series.getItemAt(0).setValues(ws.getRange("B2:C4"))),
    ).rejects.toMatchObject({ code: "InvalidArgument" });
  });

  test("names are not unique: getItem returns the first chart of that name", async () => {
    const w = await tableWithChart();
    const seen = await run(w, async (context, ws) => {
      const second = ws.charts.add("Line" as Excel.ChartType, ws.getRange("A1:B4"), "Columns");
      second.name = "Shows chart";
      await context.sync();
      const found = ws.charts.getItem("Shows chart");
      found.load("chartType");
      await context.sync();
      return found.chartType;
    });
    expect(seen).toBe("ColumnClustered");
  });

  test("a property read before load and sync throws PropertyNotLoaded", async () => {
    const w = await tableWithChart();
    await expect(
      run(w, async (context, ws) => {
        const chart = ws.charts.getItem("Shows chart");
        await context.sync();
        return chart.name;
      }),
    ).rejects.toMatchObject({ code: "PropertyNotLoaded" });
  });
});

describe("where a chart sits", () => {
  async function place(w: InMemoryWorkbook, fn: (chart: Excel.Chart, ws: Excel.Worksheet) => void) {
    return run(w, async (context, ws) => {
      const chart = ws.charts.getItem("Shows chart");
      fn(chart, ws);
      chart.load("top,left,width,height");
      await context.sync();
      return { top: chart.top, left: chart.left, width: chart.width, height: chart.height };
    });
  }

  test("a new chart is 360 × 216 pt over A1 until the add-in places it", async () => {
    const w = await tableWithChart();
    expect(await place(w, () => undefined)).toEqual({ top: 0, left: 0, width: 360, height: 216 });
  });

  test("setPosition puts it at a cell (48 pt columns, 15 pt rows) and with an end cell covers it", async () => {
    const w = await tableWithChart();
    expect(await place(w, (c) => c.setPosition("E2"))).toEqual({
      top: 15,
      left: 192,
      width: 360,
      height: 216,
    });
    expect(await place(w, (c) => c.setPosition("E2", "H10"))).toEqual({
      top: 15,
      left: 192,
      width: 192,
      height: 135,
    });
  });

  test("it moves and sizes with its cells: widths set after placing it move it", async () => {
    const w = await tableWithChart();
    await place(w, (c) => c.setPosition("E2", "H10"));
    const after = await place(w, (_c, ws) => {
      ws.getRange("A1").format.columnWidth = 100;
      ws.getRange("F1").format.columnWidth = 96;
    });
    expect(after).toEqual({ top: 15, left: 244, width: 240, height: 135 });
  });

  test("a range's column width reads back in points, null when its columns differ", async () => {
    const w = await tableWithChart();
    const read = await w.excel.run(async (context) => {
      const ws = context.workbook.worksheets.getActiveWorksheet();
      ws.getRange("B1").format.columnWidth = 100;
      ws.getRange("D1:E1").format.columnWidth = 30;
      const ranges = ["A1", "B1", "A1:B1", "D1:E1", "A1:A9"].map((a) => ws.getRange(a).format);
      ranges.forEach((f) => f.load("columnWidth"));
      await context.sync();
      return ranges.map((f) => f.columnWidth);
    });
    expect(read).toEqual([48, 100, null, 30, 48]);
  });

  test("top, left, width and height can be set; a negative size or a cell on another sheet is refused", async () => {
    const w = await tableWithChart();
    expect(
      await place(w, (c) => {
        c.top = 30;
        c.left = 10;
        c.width = 400;
        c.height = 200;
      }),
    ).toEqual({ top: 30, left: 10, width: 400, height: 200 });
    await expect(place(w, (c) => (c.width = -1))).rejects.toMatchObject({ code: "InvalidArgument" });
    await expect(place(w, (c) => c.setPosition("Other!B2"))).rejects.toMatchObject({
      code: "InvalidArgument",
    });
  });
});
