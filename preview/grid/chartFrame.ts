/**
 * Where a chart's parts go, the way Excel lays it out: title on top, legend at the bottom, axis
 * titles and tick labels around the plot area; and the scales from values, categories and x to px.
 */
import type { ChartView } from "../memory/chart";
import { categoryLabels, categorySlots, labelPx, turnedLabels, type AxisLabel } from "./categoryAxis";
import {
  clip,
  family,
  lineExtent,
  niceTicks,
  tickFormatter,
  TICK_FONT,
  TITLE_FONT,
  autoAxisExtent,
  valueExtent,
  type Family,
} from "./chartScale";

interface Plot {
  x: number;
  y: number;
  w: number;
  h: number;
}

/** The value axes' ticks (the secondary one's on a line chart with two axes) and the x ticks of a scatter chart. */
interface Axes {
  twoAxes: boolean;
  ticks: number[];
  ticks2: number[];
  xTicks: number[];
  tickText: (t: number) => string;
  tickText2: (t: number) => string;
  /** A scatter's x tick labels, in its x (category) axis's number format ("0%" shows 0.04 as 4%). */
  xTickText: (t: number) => string;
}

export interface ChartFrame extends Axes {
  chart: ChartView;
  width: number;
  height: number;
  kind: Family;
  stacked: boolean;
  /** A stock chart: a high-low line at each category, its series' points not joined. */
  stock: boolean;
  /** Whether the points of a line or scatter series are joined by lines. */
  joined: boolean;
  /** The number of categories (the longest series). */
  n: number;
  categories: string[];
  categoryLabelWidth: number;
  plot: Plot;
  /** The room of one category (a date axis: one base unit) along the category axis, in px. */
  band: number;
  /** The category labels as drawn (categoryAxis.ts): each whole, or marked cut. */
  labels: AxisLabel[];
  /** The height the category labels take under the plot area (more when they are turned). */
  labelsHeight: number;
  valueAt: (v: number) => number;
  valueAt2: (v: number) => number;
  /** Centre of category i along the category axis (bars: the first category at the bottom). */
  categoryAt: (i: number) => number;
  xAt: (x: number) => number;
}

export function chartFrame(chart: ChartView, width: number, height: number): ChartFrame {
  const kind = family(chart.type);
  const stacked = chart.type.endsWith("Stacked");
  const series = chart.series;
  const n = Math.max(0, ...series.map((s) => s.values.length));
  const categories = series[0]?.categories ?? [];
  const axes = axesOf(chart, kind, stacked, n);
  const { plot, categoryLabelWidth, turned } = plotArea(chart, kind, axes, categories, width, height);
  const { ticks, ticks2, xTicks } = axes;
  const vLo = ticks[0];
  const vHi = ticks[ticks.length - 1];
  const slots = categorySlots(chart, n);
  const band = (kind === "bar" ? plot.h : plot.w) / Math.max(1, slots.slots);
  const slotAt = (slot: number) =>
    kind === "bar" ? plot.y + plot.h - band * (slot + 0.5) : plot.x + band * (slot + 0.5);
  const labels =
    kind === "scatter"
      ? []
      : categoryLabels(
          chart,
          categories,
          slots,
          slotAt,
          plot.w,
          kind === "bar" ? { room: categoryLabelWidth, rowPx: band } : undefined,
          width,
          turned?.length,
        );
  const stock = chart.type === "StockHLC";
  return {
    ...axes,
    chart,
    width,
    height,
    kind,
    stacked,
    stock,
    joined: !stock && (kind !== "scatter" || chart.type !== "XYScatter"),
    n,
    categories,
    categoryLabelWidth,
    plot,
    band,
    labels,
    labelsHeight: turned?.height ?? TICK_FONT,
    valueAt: (v) =>
      kind === "bar"
        ? plot.x + ((v - vLo) / (vHi - vLo)) * plot.w
        : plot.y + plot.h - ((v - vLo) / (vHi - vLo)) * plot.h,
    valueAt2: (v) => plot.y + plot.h - ((v - ticks2[0]) / (ticks2[ticks2.length - 1] - ticks2[0])) * plot.h,
    categoryAt: (i) => slotAt(slots.slotOf(i)),
    xAt: (x) => plot.x + ((x - xTicks[0]) / (xTicks[xTicks.length - 1] - xTicks[0])) * plot.w,
  };
}

function axesOf(chart: ChartView, kind: Family, stacked: boolean, n: number): Axes {
  const series = chart.series;
  // A line chart may draw some series against a secondary value axis (on the right), with its own scale.
  const twoAxes = kind === "line" && series.some((s) => s.secondary) && series.some((s) => !s.secondary);
  const onPrimary = twoAxes ? series.filter((s) => !s.secondary) : series;
  let [lo, hi] = valueExtent(onPrimary, n, stacked);
  if (kind === "line" || kind === "scatter") [lo, hi] = lineExtent(onPrimary, lo, hi);
  const xs = series.flatMap((s) => s.x);
  return {
    twoAxes,
    ticks: niceTicks(lo, hi),
    ticks2: twoAxes
      ? niceTicks(
          ...lineExtent(
            series.filter((s) => s.secondary),
            0,
            0,
          ),
        )
      : [],
    // Scaled to the x values as Excel's automatic bounds are (not 0 to 1: ad loads of 2–12% spread out).
    xTicks: kind === "scatter" ? niceTicks(...autoAxisExtent(xs)) : [],
    tickText: tickFormatter(chart.valueFormat),
    tickText2: tickFormatter(chart.secondaryFormat),
    xTickText: tickFormatter(chart.categoryAxis.format),
  };
}

/** Layout: title, legend at the bottom, axis titles, tick labels, then the plot area. */
function plotArea(
  chart: ChartView,
  kind: Family,
  axes: Axes,
  categories: string[],
  width: number,
  height: number,
): { plot: Plot; categoryLabelWidth: number; turned?: { height: number; length: number } } {
  const legend = chart.legend !== null && chart.series.length > 0;
  const valueLabelWidth = Math.max(...axes.ticks.map((t) => axes.tickText(t).length)) * TICK_FONT * 0.6 + 6;
  const secondLabelWidth = axes.twoAxes
    ? Math.max(...axes.ticks2.map((t) => axes.tickText2(t).length)) * TICK_FONT * 0.6 +
      6 +
      (chart.secondaryAxisTitle ? 16 : 0)
    : 0;
  const categoryLabelWidth =
    kind === "bar"
      ? Math.min(width * 0.35, Math.max(...categories.map((c) => c.length), 1) * TICK_FONT * 0.6 + 6)
      : 0;
  // A bar chart's value axis runs along the bottom: its title goes under the plot, the categories' up the left.
  const titleBelow = kind === "bar" ? chart.valueAxisTitle : chart.categoryAxisTitle;
  const titleLeft = kind === "bar" ? chart.categoryAxisTitle : chart.valueAxisTitle;
  const top = 8 + (chart.title ? TITLE_FONT + 10 : 0);
  const legendHeight = legend ? legendRows(chart, width).length * LEGEND_ROW : 0;
  const turned = turnedOf(chart, kind, categories, height);
  const bottom =
    height -
    6 -
    (legend ? legendHeight + 4 : 0) -
    (titleBelow ? 16 : 0) -
    ((turned?.height ?? TICK_FONT) + 8);
  const left = 8 + (titleLeft ? 16 : 0) + (kind === "bar" ? categoryLabelWidth : valueLabelWidth);
  // Bars and scatter charts label their last value tick at the right edge: leave it room.
  // The last category's label is centred on its place: half of it must not run past the chart's edge.
  const lastLabel = kind === "bar" || kind === "scatter" || axes.twoAxes ? 0 : EDGE_LABEL_PX;
  const right =
    width -
    12 -
    secondLabelWidth -
    (kind === "bar" || kind === "scatter" ? valueLabelWidth / 2 : 0) -
    lastLabel;
  const x = withinChart(chart, categories, turned, left, right, width);
  return {
    plot: { x: x.left, y: top, w: Math.max(10, x.right - x.left), h: Math.max(10, bottom - top) },
    categoryLabelWidth,
    turned,
  };
}

/** Labels turned (textOrientation) take the height of their slant, at most 40% of the chart's (longer ones end in "…"). */
function turnedOf(chart: ChartView, kind: Family, categories: string[], height: number) {
  const angle = chart.categoryAxis.textOrientation;
  return angle !== 0 && kind !== "bar" && kind !== "scatter" && !chart.categoryAxis.date
    ? turnedLabels(categories, angle, height * 0.4)
    : undefined;
}

/**
 * A label rising to the right reaches left of its category by its slant's width (one falling, right
 * of it): the plot's sides keep the first (last) label inside the chart.
 */
function withinChart(
  chart: ChartView,
  categories: string[],
  turned: { length: number } | undefined,
  left: number,
  right: number,
  width: number,
): { left: number; right: number } {
  const angle = chart.categoryAxis.textOrientation;
  if (!turned || categories.length === 0) return { left, right };
  const cos = Math.abs(Math.cos((angle * Math.PI) / 180));
  const edge = categories[angle > 0 ? 0 : categories.length - 1];
  const reach = Math.min(labelPx(edge), turned.length) * cos;
  const half = (right - left) / categories.length / 2;
  return angle > 0
    ? { left: Math.max(left, reach + 4 - half), right }
    : { left, right: Math.min(right, width - reach - 4 + half) };
}

/** Room kept right of the plot for half of the last category label ("Nov 2026" is about 60 px). */
const EDGE_LABEL_PX = 24;

/** The height of one row of legend entries, in px. */
export const LEGEND_ROW = 16;
/** The longest legend name drawn, in characters, or the chart's width (longer ones end in "…"). */
const LEGEND_CHARS = 40;

export interface LegendEntry {
  label: string;
  k: number;
  width: number;
}

/**
 * The legend's entries in rows, as Excel lays a bottom legend out: as many to a row as fit the
 * chart's width, the rest on the next rows (so every series is named, none cut off at the edge).
 */
export function legendRows(chart: ChartView, width: number): LegendEntry[][] {
  const rows: LegendEntry[][] = [[]];
  let x = 0;
  chart.series.forEach((s, k) => {
    const label = clip(s.name, Math.min(LEGEND_CHARS * TICK_FONT * 0.6, width - 48));
    const w = 18 + label.length * TICK_FONT * 0.6 + 10;
    if (x > 0 && x + w > width - 16) {
      rows.push([]);
      x = 0;
    }
    rows[rows.length - 1].push({ label, k, width: w });
    x += w;
  });
  return rows;
}
