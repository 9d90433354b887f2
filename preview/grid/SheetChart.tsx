/**
 * A chart of the in-memory workbook drawn as SVG the way Excel lays it out: title on top, legend at
 * the bottom, value gridlines, categories evenly spaced (bar charts list the first category at the
 * bottom, as Excel does), Office theme colours, gaps where a cell is blank. Column, bar, line, area
 * and XY scatter, clustered or stacked, and high-low-close stock: the chart types chart.ts models.
 */
import type { ChartView } from "../memory/chart";
import { AxisLabels, AxisTitles, CategoryAxisLine, ValueGridlines } from "./ChartAxes";
import { chartFrame } from "./chartFrame";
import { ChartLegend } from "./ChartLegend";
import { clip, TICK_FONT, TITLE_FONT } from "./chartScale";
import { ChartSeries, HighLowLines } from "./ChartSeries";

// The axis ticks are computed in chartScale.ts; grid.test.ts pins them through this module.
export { niceTicks } from "./chartScale";

export function SheetChart({ chart, width, height }: { chart: ChartView; width: number; height: number }) {
  const frame = chartFrame(chart, width, height);
  const title = chart.title;
  const legend = chart.legend !== null && chart.series.length > 0;
  return (
    <svg
      width={width}
      height={height}
      role="img"
      aria-label={`Chart: ${title ?? chart.name}`}
      fontSize={TICK_FONT}
      fontFamily='"Segoe UI", system-ui, sans-serif'
    >
      <title>{title ?? chart.name}</title>
      <rect width={width} height={height} fill="#FFFFFF" stroke="#D9D9D9" />
      {title && (
        <text
          className="chart-title"
          x={width / 2}
          y={8 + TITLE_FONT}
          textAnchor="middle"
          fontSize={TITLE_FONT}
          fill="#595959"
        >
          {clip(title, width - 16)}
        </text>
      )}
      <ValueGridlines frame={frame} />
      <AxisLabels frame={frame} />
      <CategoryAxisLine frame={frame} />
      {frame.stock && <HighLowLines frame={frame} />}
      {chart.series.map((_, k) => (
        <ChartSeries key={k} frame={frame} k={k} />
      ))}
      <AxisTitles frame={frame} />
      {legend && <ChartLegend frame={frame} />}
    </svg>
  );
}
