/**
 * A chart series' look in DrawingML (ECMA-376 Part 1, 21.2.2), as the preview draws it
 * (preview/grid/ChartSeries.tsx): its colour, its line, its markers; and the chart group a chart
 * type belongs to.
 */
import { markerOf, type ChartData } from "../chart";
import { THEME_COLORS } from "../chartTheme";
import { el } from "./xml";

/** The chart group (c:barChart, c:lineChart, …) a chart type is written in. */
export type Family = "bar" | "line" | "scatter" | "area" | "stock";

export function familyOf(type: ChartData["type"]): Family {
  if (type === "StockHLC") return "stock";
  if (type.startsWith("Column") || type.startsWith("Bar")) return "bar";
  if (type.startsWith("Line")) return "line";
  if (type.startsWith("XY")) return "scatter";
  return "area";
}

/** A line's width as the preview draws it (2.25 pt, Excel's default), in EMU. */
const LINE_EMU = 28_575;
/** DrawingML's colour of a `#RRGGBB` (the preview's and the add-in's colours), else the theme's k-th. */
const rgb = (color: string | null | undefined, k: number) =>
  el("a:srgbClr", {
    val: (/^#[0-9a-f]{6}$/i.test(color ?? "") ? color! : THEME_COLORS[k % THEME_COLORS.length])
      .slice(1)
      .toUpperCase(),
  });
export const solid = (color: string | null | undefined, k: number) => el("a:solidFill", {}, rgb(color, k));

/** ECMA-376's marker symbol (CT_MarkerStyle) of each marker the workbook draws. */
const SYMBOL = { none: "none", circle: "circle", dash: "dash" } as const;

/**
 * A series' look as the preview draws it: its colour (its own, else the theme's k-th), a 2.25-point
 * line with round joins (none between a stock chart's points: its high-low lines join them), its
 * markers of 7 points (circles or dashes, their own colour, else the theme's), a fill for bars and
 * areas. Without these a chart part leaves each spreadsheet to its own defaults: LibreOffice drew
 * pale dots.
 */
export function seriesLook(chart: ChartData, index: number): { spPr: string; marker: string } {
  const s = chart.series[index];
  const family = familyOf(chart.type);
  if (family === "bar" || family === "area")
    return { spPr: el("c:spPr", {}, solid(s.color, index)), marker: "" };
  const lineless = chart.type === "XYScatter" || family === "stock";
  const line = lineless
    ? el("a:ln", { w: 19050 }, el("a:noFill"))
    : el("a:ln", { w: LINE_EMU, cap: "rnd" }, solid(s.color, index), el("a:round"));
  const shape = markerOf(chart.type, s.markerStyle, index);
  const markerColor = s.markerColor ?? null;
  const marker =
    shape === "none"
      ? el("c:marker", {}, el("c:symbol", { val: "none" }))
      : el(
          "c:marker",
          {},
          el("c:symbol", { val: SYMBOL[shape] }),
          el("c:size", { val: 7 }),
          el(
            "c:spPr",
            {},
            solid(markerColor, index),
            el("a:ln", { w: shape === "dash" ? 19050 : 9525 }, solid(markerColor, index)),
          ),
        );
  return { spPr: el("c:spPr", {}, line), marker };
}
