/** A drawn chart's legend: one swatch and name per series, in rows centred at the bottom (legendRows). */
import { legendRows, LEGEND_ROW, type ChartFrame } from "./chartFrame";
import { COLORS } from "./chartScale";

export function ChartLegend({ frame }: { frame: ChartFrame }) {
  const { chart, width, height } = frame;
  const rows = legendRows(chart, width);
  return (
    <g className="chart-legend">
      {rows.map((row, i) => {
        const rowWidth = row.reduce((w, e) => w + e.width, 0);
        let x = Math.max(8, (width - rowWidth) / 2);
        const y = height - 14 - (rows.length - 1 - i) * LEGEND_ROW;
        return row.map((e) => {
          const at = x;
          x += e.width;
          return (
            <g key={e.k} transform={`translate(${at},${y})`}>
              <rect
                y={-8}
                width={10}
                height={10}
                fill={chart.series[e.k].color ?? COLORS[e.k % COLORS.length]}
              />
              <text x={14} y={1} fill="#595959">
                {e.label}
              </text>
            </g>
          );
        });
      })}
    </g>
  );
}
