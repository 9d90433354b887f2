/** A drawn chart's legend: one swatch and name per series, in a row centred at the bottom. */
import type { ChartFrame } from "./chartFrame";
import { clip, COLORS, TICK_FONT } from "./chartScale";

export function ChartLegend({ frame }: { frame: ChartFrame }) {
  const { chart, width, height } = frame;
  const legendItems = chart.series.map((s, k) => ({ name: s.name, color: COLORS[k % COLORS.length] }));
  const legendWidth = legendItems.reduce(
    (w, l) => w + 18 + Math.min(l.name.length, 24) * TICK_FONT * 0.6 + 10,
    0,
  );
  return (
    <g
      className="chart-legend"
      transform={`translate(${Math.max(8, (width - legendWidth) / 2)},${height - 14})`}
    >
      {
        legendItems.reduce<{ x: number; items: JSX.Element[] }>(
          (acc, l) => {
            const label = clip(l.name, 24 * TICK_FONT * 0.6);
            acc.items.push(
              <g key={acc.items.length} transform={`translate(${acc.x},0)`}>
                <rect y={-8} width={10} height={10} fill={l.color} />
                <text x={14} y={1} fill="#595959">
                  {label}
                </text>
              </g>,
            );
            acc.x += 18 + label.length * TICK_FONT * 0.6 + 10;
            return acc;
          },
          { x: 0, items: [] },
        ).items
      }
    </g>
  );
}
