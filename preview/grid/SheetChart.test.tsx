/** Charts drawn as SVG: every modelled type draws each series' points, blanks are gaps, bars list the first category at the bottom. */
import { DOMParser } from "@xmldom/xmldom";
import { renderToStaticMarkup } from "react-dom/server";
import { CHART_TYPES, markerOf, type ChartView } from "../memory/chart";
import { chartFrame } from "./chartFrame";
import { SheetChart } from "./SheetChart";

function view(
  type: ChartView["type"],
  values: (number | null)[][] = [
    [1, 2, 3],
    [3, 2, 1],
  ],
): ChartView {
  return {
    name: "C",
    type,
    title: "Title",
    legend: "Bottom",
    categoryAxisTitle: null,
    valueAxisTitle: "Downloads",
    secondaryAxisTitle: null,
    valueFormat: null,
    secondaryFormat: null,
    top: 0,
    left: 0,
    width: 360,
    height: 216,
    categoryAxis: {
      date: false,
      baseTimeUnit: "Days",
      majorUnit: null,
      majorTimeUnitScale: "Days",
      format: null,
      tickLabelSpacing: null,
      textOrientation: 0,
      tickLabelPosition: "NextToAxis",
    },
    series: values.map((v, i) => ({
      name: `S${i + 1}`,
      values: v,
      categories: v.map((_, j) => `cat ${j + 1}`),
      x: v.map((_, j) => j + 1),
      datedCategories: false,
      valueTexts: v.map((x) => (x === null ? "" : String(x))),
      categoryFormat: null,
      secondary: false,
      color: null,
      markerColor: null,
      dataLabels: false,
      marker: markerOf(type, undefined, i),
    })),
  };
}

function draw(chart: ChartView): Document {
  const html = renderToStaticMarkup(<SheetChart chart={chart} width={480} height={288} />);
  return new DOMParser().parseFromString(html, "image/svg+xml") as unknown as Document;
}

const series = (doc: Document) =>
  [...Array.from(doc.getElementsByTagName("g"))]
    .filter((g) => g.getAttribute("data-series"))
    .map((g) => [g.getAttribute("data-series"), Number(g.getAttribute("data-points"))]);

test.each(CHART_TYPES.map((t) => [t]))(
  "a %s chart draws every series with its points, a title, a legend and an axis title",
  (type) => {
    const doc = draw(view(type));
    expect(series(doc)).toEqual([
      ["S1", 3],
      ["S2", 3],
    ]);
    const texts = Array.from(doc.getElementsByTagName("text")).map((t) => t.textContent);
    expect(texts).toEqual(expect.arrayContaining(["Title", "S1", "S2", "Downloads"]));
  },
);

test("a blank cell is a gap: a line restarts after it", () => {
  const doc = draw(view("Line", [[1, 2, null, 3, 4]]));
  expect(series(doc)).toEqual([["S1", 4]]);
  const paths = Array.from(doc.getElementsByTagName("path")).filter((p) => p.getAttribute("stroke"));
  expect(paths).toHaveLength(2);
});

test("columns grow from the axis up; bars list the first category at the bottom, as Excel does", () => {
  const rects = (doc: Document) =>
    Array.from(doc.getElementsByTagName("g"))
      .filter((g) => g.getAttribute("data-series"))
      .flatMap((g) => Array.from(g.getElementsByTagName("rect")));
  const columns = rects(draw(view("ColumnClustered", [[1, 2]])));
  expect(Number(columns[1].getAttribute("height"))).toBeCloseTo(
    2 * Number(columns[0].getAttribute("height")),
    5,
  );
  const bars = rects(draw(view("BarClustered", [[1, 2]])));
  expect(Number(bars[0].getAttribute("y"))).toBeGreaterThan(Number(bars[1].getAttribute("y")));
  expect(Number(bars[1].getAttribute("width"))).toBeCloseTo(2 * Number(bars[0].getAttribute("width")), 5);
});

test("stacked columns put each series on top of the previous one", () => {
  const doc = draw(view("ColumnStacked", [[1], [2]]));
  const [first, second] = Array.from(doc.getElementsByTagName("g"))
    .filter((g) => g.getAttribute("data-series"))
    .map((g) => g.getElementsByTagName("rect")[0]);
  const bottomOfSecond = Number(second.getAttribute("y")) + Number(second.getAttribute("height"));
  expect(bottomOfSecond).toBeCloseTo(Number(first.getAttribute("y")), 5);
});

test("a series on the secondary axis gets its own scale on the right, in its money format", () => {
  const chart = view("LineMarkers", [
    [100000, 200000, 300000],
    [10, 20, 30],
  ]);
  chart.series[1].secondary = true;
  chart.secondaryAxisTitle = "Spend";
  chart.secondaryFormat = '"$"#,##0.00';
  const doc = draw(chart);
  const secondTicks = Array.from(doc.getElementsByTagName("text"))
    .filter((t) => t.getAttribute("class") === "secondary-tick")
    .map((t) => t.textContent);
  expect(secondTicks).toEqual(expect.arrayContaining(["$0", "$30"]));
  const texts = Array.from(doc.getElementsByTagName("text")).map((t) => t.textContent);
  expect(texts).toContain("Spend");
  // Both lines span the plot's height: the smaller one is not flat against the axis.
  const heights = Array.from(doc.getElementsByTagName("g"))
    .filter((g) => g.getAttribute("data-series"))
    .map((g) => {
      const ys = Array.from(g.getElementsByTagName("circle")).map((c) => Number(c.getAttribute("cy")));
      return Math.max(...ys) - Math.min(...ys);
    });
  expect(Math.min(...heights)).toBeGreaterThan(0.5 * Math.max(...heights));
});

test("a legend too long for one row goes on to the next rows, as Excel's does: every series is named", () => {
  const chart = view("Line", [[1], [2], [3], [4], [5], [6], [7]]);
  chart.series.forEach((s, i) => (s.name = `Acme Mattress Q${i} Campaign ${i}`));
  const doc = draw(chart);
  const legend = Array.from(doc.getElementsByTagName("g")).find(
    (g) => g.getAttribute("class") === "chart-legend",
  )!;
  const entries = Array.from(legend.getElementsByTagName("text")).map((t) => t.textContent);
  expect(entries).toEqual(chart.series.map((s) => s.name));
  // On more than one row, each within the chart's 480 px.
  const at = Array.from(legend.getElementsByTagName("g")).map((g) =>
    /translate\(([\d.]+),([\d.]+)\)/.exec(g.getAttribute("transform")!)!.slice(1).map(Number),
  );
  expect(new Set(at.map(([, y]) => y)).size).toBeGreaterThan(1);
  expect(Math.max(...at.map(([x]) => x))).toBeLessThan(480);
});

test("a bar chart's value axis title goes under the plot, clear of the legend", () => {
  const doc = draw({ ...view("BarClustered"), valueAxisTitle: "Impressions" });
  const texts = Array.from(doc.getElementsByTagName("text"));
  const title = texts.find((t) => t.textContent === "Impressions")!;
  const legendY = Math.min(
    ...Array.from(doc.getElementsByTagName("g"))
      .filter((g) => g.getAttribute("class") === "chart-legend")
      .flatMap((g) => Array.from(g.getElementsByTagName("g")))
      .map((g) => Number(/,([\d.]+)\)/.exec(g.getAttribute("transform")!)![1])),
  );
  // The legend's text sits at its row's y; its swatch 8 px above: the title's baseline is above that.
  expect(Number(title.getAttribute("y"))).toBeLessThan(legendY - 8);
});

describe("the category axis as drawn (categoryAxis.ts)", () => {
  /** A line chart over `days` (serials), its axis a date axis labelled "mmm d" every `majorUnit` days. */
  function dated(days: number[], majorUnit: number | null): ChartView {
    const v = view("Line", [days.map((_, i) => i + 1)]);
    v.width = 600;
    v.categoryAxis = { ...v.categoryAxis, date: true, majorUnit, format: "mmm d" };
    v.series[0] = { ...v.series[0], x: days, categories: days.map(String), datedCategories: true };
    return v;
  }

  test("a date axis places points by date: seven days spread over a month are not drawn as consecutive", () => {
    const days = [46327, 46328, 46335, 46340, 46341, 46350, 46356];
    const frame = chartFrame(dated(days, 7), 800, 288);
    const xs = days.map((_, i) => frame.categoryAt(i));
    const perDay = (xs[1] - xs[0]) / 1;
    // The gap of 7 days is seven times the gap of one.
    expect((xs[2] - xs[1]) / perDay).toBeCloseTo(7, 5);
    expect(frame.labels.map((l) => l.text)).toEqual(["Nov 1", "Nov 8", "Nov 15", "Nov 22", "Nov 29"]);
    expect(frame.labels.some((l) => l.cut)).toBe(false);
  });

  test("a label every day of two months does not fit: the model says they are cut; automatic spacing draws fewer, whole", () => {
    const days = Array.from({ length: 60 }, (_, i) => 46300 + i);
    expect(chartFrame(dated(days, 1), 800, 288).labels.filter((l) => l.cut).length).toBeGreaterThan(0);
    const auto = chartFrame(dated(days, null), 800, 288).labels;
    expect(auto.length).toBeLessThan(20);
    expect(auto.some((l) => l.cut)).toBe(false);
  });

  test("a bar chart labels every bar, and says when a name is too long for its room", () => {
    const v = view("BarClustered", [Array.from({ length: 11 }, (_, i) => i + 1)]);
    const labels = chartFrame(v, 800, 288).labels;
    expect(labels).toHaveLength(11);
    expect(labels.some((l) => l.cut)).toBe(false);
    v.series[0].categories[3] = "A campaign name far longer than a third of the chart's width can show";
    expect(chartFrame(v, 480, 288).labels[3].cut).toBe(true);
  });
});

describe("a scatter's x axis scales to its data, as Excel's automatic bounds do", () => {
  const scatter = (xs: number[]) => {
    const v = view("XYScatter", [xs.map((_, i) => 1000 * (i + 1))]);
    v.series[0].x = xs;
    return chartFrame(v, 480, 288);
  };

  test("ad loads of 2–12% run from 0 to the first major unit above 12.5% (0.15), not to 1", () => {
    const ticks = scatter([0.02, 0.05, 0.08, 0.12]).xTicks;
    expect(ticks[0]).toBe(0);
    expect(ticks[ticks.length - 1]).toBe(0.15);
  });

  test("its labels in the x axis's number format: 0% shows 0.04 as 4%", () => {
    const v = view("XYScatter", [[1, 2]]);
    v.series[0].x = [0.02, 0.05];
    v.categoryAxis = { ...v.categoryAxis, format: "0%" };
    const frame = chartFrame(v, 480, 288);
    expect(frame.xTicks.map(frame.xTickText)).toEqual(["0%", "2%", "4%", "6%"]);
  });

  test("values close together (min at least 5/6 of max) do not start at 0", () => {
    const ticks = scatter([100, 104, 110]).xTicks;
    expect(ticks[0]).toBeGreaterThan(0);
    expect(ticks[0]).toBeLessThanOrEqual(99.5);
    expect(ticks[ticks.length - 1]).toBeGreaterThanOrEqual(110.5);
  });

  test("negative and mixed values keep their sign's side", () => {
    expect(scatter([-0.12, -0.02]).xTicks[0]).toBe(-0.15);
    const mixed = scatter([-3, 7]).xTicks;
    expect(mixed[0]).toBeLessThanOrEqual(-3.5);
    expect(mixed[mixed.length - 1]).toBeGreaterThanOrEqual(7.5);
  });
});

describe("an interval (issue #57): a stock chart's high-low lines, capped, the point on them", () => {
  /** Three results: high, low and point (close) series, caps as dashes and the point as a circle. */
  function interval(): ChartView {
    const v = view("StockHLC", [
      [0.3, 0.2, 0.25],
      [0.1, -0.1, 0.05],
      [0.2, 0.05, 0.15],
    ]);
    v.series = v.series.map((s, k) => ({ ...s, marker: k === 2 ? "circle" : "dash" }));
    v.series.forEach(
      (s) => (s.categories = ["podcast · purchase", "streaming · purchase", "all · purchase"]),
    );
    return v;
  }
  const lines = (doc: Document, className: string) =>
    Array.from(doc.getElementsByTagName("line")).filter(
      (l) => l.getAttribute("class") === className || l.parentElement?.getAttribute("class") === className,
    );

  test("each category's line runs from its high to its low; the bounds are capped and the point is marked on it", () => {
    const v = interval();
    const frame = chartFrame(v, 480, 288);
    const doc = draw(v);
    const hl = lines(doc, "high-low-lines");
    expect(hl).toHaveLength(3);
    hl.forEach((l, i) => {
      expect(Number(l.getAttribute("x1"))).toBeCloseTo(frame.categoryAt(i), 5);
      expect(Number(l.getAttribute("y1"))).toBeCloseTo(frame.valueAt(v.series[0].values[i]!), 5);
      expect(Number(l.getAttribute("y2"))).toBeCloseTo(frame.valueAt(v.series[1].values[i]!), 5);
    });
    // A cap at each end of each line, and the point a circle between them: no bar is drawn.
    const caps = lines(doc, "marker-dash").map((l) => Number(l.getAttribute("y1")));
    expect(caps.sort((a, b) => a - b)).toEqual(
      [...v.series[0].values, ...v.series[1].values].map((x) => frame.valueAt(x!)).sort((a, b) => a - b),
    );
    const points = Array.from(doc.getElementsByTagName("circle"));
    expect(points.map((c) => Number(c.getAttribute("cy")))).toEqual(
      v.series[2].values.map((x) => frame.valueAt(x!)),
    );
    expect(
      Array.from(doc.getElementsByTagName("rect")).filter((r) =>
        r.parentElement?.getAttribute("data-series"),
      ),
    ).toEqual([]);
    // Its points are not joined: an interval is not a line through the results.
    expect(Array.from(doc.getElementsByTagName("path"))).toEqual([]);
  });

  test("labels turned 45° are each drawn, whole, ending at their category, with the axis's title under them", () => {
    const v = interval();
    v.categoryAxis = { ...v.categoryAxis, textOrientation: 45, tickLabelSpacing: 1 };
    v.categoryAxisTitle = "Channel type · Action";
    const frame = chartFrame(v, 480, 288);
    expect(frame.labels.map((l) => [l.text, l.angle, l.cut])).toEqual(
      v.series[0].categories.map((c) => [c, 45, false]),
    );
    // The labels' height is kept under the plot: the longest label's slant, clear of the axis title.
    expect(frame.labelsHeight).toBeGreaterThan(("streaming · purchase".length * 11 * 0.6 + 6) * Math.SQRT1_2);
    const doc = draw(v);
    const texts = Array.from(doc.getElementsByTagName("text"));
    const turned = texts.filter((t) => t.getAttribute("class") === "category-label");
    expect(turned.map((t) => t.getAttribute("transform"))).toEqual(
      frame.labels.map((l) => `rotate(-45 ${l.at} ${frame.plot.y + frame.plot.h + 6})`),
    );
    const title = texts.find((t) => t.textContent === "Channel type · Action")!;
    expect(Number(title.getAttribute("y"))).toBeGreaterThan(frame.plot.y + frame.plot.h + frame.labelsHeight);
    expect(Number(title.getAttribute("y"))).toBeLessThanOrEqual(288);
  });
});
