/**
 * One series of a drawn chart: bars or columns (clustered side by side, or stacked), or a line,
 * area, scatter or stock series with its markers (circles, or dashes across the point); a stock
 * chart's high-low lines. A blank cell is a gap.
 */
import { HIGH_LOW_COLOR } from "../memory/chart";
import type { ChartFrame } from "./chartFrame";
import { COLORS, TICK_FONT } from "./chartScale";

type Series = ChartFrame["chart"]["series"][number];

/** Series k of the chart, as bars or columns, or as a line, an area or scattered points. */
export function ChartSeries({ frame, k }: { frame: ChartFrame; k: number }) {
  return frame.kind === "column" || frame.kind === "bar" ? (
    <BarSeries frame={frame} k={k} />
  ) : (
    <LineSeries frame={frame} k={k} />
  );
}

const drawnPoints = (s: Series) => s.values.filter((v) => v !== null).length;

/** Where series k's value at category i starts: on a stacked chart, on the earlier series' values of the same sign. */
function baseOf(frame: ChartFrame, k: number): (i: number) => number {
  const series = frame.chart.series;
  const s = series[k];
  return (i) =>
    frame.stacked
      ? series
          .slice(0, k)
          .reduce(
            (sum, o) =>
              sum +
              (o.values[i] ?? 0) * (Math.sign(o.values[i] ?? 0) === Math.sign(s.values[i] ?? 0) ? 1 : 0),
            0,
          )
      : 0;
}

/** A series' colour: its own (format.line.color, format.fill), else the theme's k-th. */
const colorOf = (s: Series, k: number) => s.color ?? COLORS[k % COLORS.length];

function BarSeries({ frame, k }: { frame: ChartFrame; k: number }) {
  const { kind, stacked, band, valueAt, categoryAt } = frame;
  const series = frame.chart.series;
  const s = series[k];
  const base = baseOf(frame, k);
  const group = band * 0.62;
  const size = stacked ? group : group / Math.max(1, series.length);
  return (
    <g data-series={s.name} data-points={drawnPoints(s)} fill={colorOf(s, k)}>
      {s.values.map((v, i) => {
        if (v === null) return null;
        const from = valueAt(base(i));
        const to = valueAt(base(i) + v);
        const offset = categoryAt(i) - group / 2 + (stacked ? 0 : size * k);
        const y = categoryAt(i) + group / 2 - (stacked ? 0 : size * k) - size;
        return kind === "column" ? (
          <rect key={i} x={offset} width={size} y={Math.min(from, to)} height={Math.abs(to - from)} />
        ) : (
          <g key={i}>
            <rect y={y} height={size} x={Math.min(from, to)} width={Math.abs(to - from)} />
            {/* A data label at the bar's end, its value as the cell shows it (Excel's outside end). */}
            {s.dataLabels && (
              <text
                className="data-label"
                x={Math.max(from, to) + 4}
                y={y + size / 2 + TICK_FONT / 2 - 2}
                fill="#404040"
              >
                {s.valueTexts[i]}
              </text>
            )}
          </g>
        );
      })}
    </g>
  );
}

const pathOf = (pts: [number, number][]) => pts.map(([x, y], j) => `${j ? "L" : "M"}${x},${y}`).join("");

function LineSeries({ frame, k }: { frame: ChartFrame; k: number }) {
  const { kind, twoAxes, valueAt, valueAt2, categoryAt, xAt, joined } = frame;
  const s = frame.chart.series[k];
  const color = colorOf(s, k);
  // Markers keep the theme's colour unless set themselves (Excel: format.line.color colours the line only).
  const markerColor = s.markerColor ?? COLORS[k % COLORS.length];
  const base = baseOf(frame, k);
  const scale = twoAxes && s.secondary ? valueAt2 : valueAt;
  const point = (v: number, i: number): [number, number] =>
    kind === "scatter" ? [xAt(s.x[i]), valueAt(v)] : [categoryAt(i), scale(base(i) + v)];
  // A blank cell is a gap: the line restarts after it.
  const runs: [number, number][][] = [[]];
  s.values.forEach((v, i) => {
    if (v === null) runs.push([]);
    else runs[runs.length - 1].push(point(v, i));
  });
  return (
    <g data-series={s.name} data-points={drawnPoints(s)}>
      {kind === "area"
        ? s.values.length > 0 && (
            <path
              fill={color}
              fillOpacity={0.85}
              d={
                pathOf(s.values.map((v, i) => point(v ?? 0, i))) +
                s.values
                  .map((_, i) => `L${categoryAt(i)},${valueAt(base(i))}`)
                  .reverse()
                  .join("") +
                "Z"
              }
            />
          )
        : joined &&
          runs
            .filter((r) => r.length > 1)
            .map((r, j) => <path key={j} d={pathOf(r)} fill="none" stroke={color} strokeWidth={2.25} />)}
      {runs
        .flat()
        .map(([x, y], j) =>
          s.marker === "circle" ? (
            <circle key={j} className="marker" cx={x} cy={y} r={3.5} fill={markerColor} />
          ) : s.marker === "dash" ? (
            <line
              key={j}
              className="marker-dash"
              x1={x - DASH_PX / 2}
              x2={x + DASH_PX / 2}
              y1={y}
              y2={y}
              stroke={markerColor}
              strokeWidth={2}
            />
          ) : null,
        )}
    </g>
  );
}

/** A dash marker's width in px: a cap across the interval's end (Excel's default marker is 5 points; a cap reads better wider). */
const DASH_PX = 10;

/** A high-low line's width in px (1.125 points, as the .xlsx writes it). */
const HIGH_LOW_PX = 1.5;

/**
 * A stock chart's high-low lines: at each category, from its first series' value (high) to its
 * second's (low), where both are there.
 */
export function HighLowLines({ frame }: { frame: ChartFrame }) {
  const [high, low] = frame.chart.series;
  if (!high || !low) return null;
  return (
    <g className="high-low-lines" stroke={HIGH_LOW_COLOR} strokeWidth={HIGH_LOW_PX}>
      {high.values.map((h, i) => {
        const l = low.values[i];
        if (h === null || l === null || l === undefined) return null;
        const x = frame.categoryAt(i);
        return <line key={i} x1={x} x2={x} y1={frame.valueAt(h)} y2={frame.valueAt(l)} />;
      })}
    </g>
  );
}
