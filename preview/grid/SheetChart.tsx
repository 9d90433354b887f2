/**
 * A chart of the in-memory workbook drawn as SVG the way Excel lays it out: title on top, legend at
 * the bottom, value gridlines, categories evenly spaced (bar charts list the first category at the
 * bottom, as Excel does), Office theme colours, gaps where a cell is blank. Column, bar, line, area
 * and XY scatter, clustered or stacked: the chart types chart.ts models.
 */
import type { ChartView } from "../memory/chart";

const COLORS = ["#4472C4", "#ED7D31", "#A5A5A5", "#FFC000", "#5B9BD5", "#70AD47"];
const TICK_FONT = 11;
const TITLE_FONT = 14;
const number = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

type Family = "column" | "bar" | "line" | "area" | "scatter";

function family(type: ChartView["type"]): Family {
  if (type.startsWith("Column")) return "column";
  if (type.startsWith("Bar")) return "bar";
  if (type.startsWith("Area")) return "area";
  if (type.startsWith("XYScatter")) return "scatter";
  return "line";
}

/** Round tick values covering [lo, hi] (always including 0 for bars and areas). */
export function niceTicks(lo: number, hi: number, count = 5): number[] {
  if (lo === hi) [lo, hi] = lo === 0 ? [0, 1] : lo > 0 ? [0, hi] : [lo, 0];
  const raw = (hi - lo) / count;
  const pow = 10 ** Math.floor(Math.log10(raw));
  const frac = raw / pow;
  const step = (frac <= 1 ? 1 : frac <= 2 ? 2 : frac <= 5 ? 5 : 10) * pow;
  const ticks: number[] = [];
  for (let v = Math.floor(lo / step) * step; v <= Math.ceil(hi / step) * step + step / 2; v += step)
    ticks.push(Number(v.toPrecision(12)));
  return ticks;
}

/** The extent of line series' values, from 0 (as Excel's automatic axis starts for positive data). */
function lineExtent(series: ChartView["series"], lo: number, hi: number): [number, number] {
  const all = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  return all.length ? [Math.min(0, ...all), Math.max(...all)] : [lo, hi];
}

/** Tick labels in the axis's number format where it is money ($, £, €), else plain grouped numbers. */
function tickFormatter(format: string | null): (t: number) => string {
  // "$"#,##0.00, [$£-809]#,##0, \€#,##0: the symbol, quoted, bracketed or escaped.
  const money = format ? /[$£€]/.exec(format)?.[0] : undefined;
  return money ? (t) => `${t < 0 ? "-" : ""}${money}${number.format(Math.abs(t))}` : (t) => number.format(t);
}

function clip(text: string, px: number): string {
  const max = Math.max(1, Math.floor(px / (TICK_FONT * 0.55)));
  return text.length > max ? `${text.slice(0, Math.max(1, max - 1))}…` : text;
}

export function SheetChart({ chart, width, height }: { chart: ChartView; width: number; height: number }) {
  const kind = family(chart.type);
  const stacked = chart.type.endsWith("Stacked");
  const markers = ["LineMarkers", "XYScatter", "XYScatterLines"].includes(chart.type);
  const joined = kind !== "scatter" || chart.type !== "XYScatter";
  const series = chart.series;
  const n = Math.max(0, ...series.map((s) => s.values.length));
  const categories = series[0]?.categories ?? [];

  // A line chart may draw some series against a secondary value axis (on the right), with its own scale.
  const twoAxes = kind === "line" && series.some((s) => s.secondary) && series.some((s) => !s.secondary);
  const onPrimary = twoAxes ? series.filter((s) => !s.secondary) : series;
  // Value extent: stacked charts add up the positive and the negative values of each category.
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < n; i++) {
    let up = 0;
    let down = 0;
    for (const s of onPrimary) {
      const v = s.values[i];
      if (v === null || v === undefined) continue;
      if (stacked) {
        if (v >= 0) up += v;
        else down += v;
      } else {
        up = Math.max(up, v);
        down = Math.min(down, v);
      }
    }
    hi = Math.max(hi, up);
    lo = Math.min(lo, down);
  }
  if (kind === "line" || kind === "scatter") [lo, hi] = lineExtent(onPrimary, lo, hi);
  const ticks = niceTicks(lo, hi);
  const vLo = ticks[0];
  const vHi = ticks[ticks.length - 1];
  const ticks2 = twoAxes
    ? niceTicks(
        ...lineExtent(
          series.filter((s) => s.secondary),
          0,
          0,
        ),
      )
    : [];
  const tickText = tickFormatter(chart.valueFormat);
  const tickText2 = tickFormatter(chart.secondaryFormat);
  const secondLabelWidth = twoAxes
    ? Math.max(...ticks2.map((t) => tickText2(t).length)) * TICK_FONT * 0.6 +
      6 +
      (chart.secondaryAxisTitle ? 16 : 0)
    : 0;
  const xs = series.flatMap((s) => s.x);
  const xTicks = kind === "scatter" ? niceTicks(Math.min(0, ...xs), Math.max(...xs, 1)) : [];

  // Layout: title, legend at the bottom, axis titles, tick labels, then the plot area.
  const title = chart.title;
  const legend = chart.legend !== null && series.length > 0;
  const valueLabelWidth = Math.max(...ticks.map((t) => tickText(t).length)) * TICK_FONT * 0.6 + 6;
  const categoryLabelWidth =
    kind === "bar"
      ? Math.min(width * 0.35, Math.max(...categories.map((c) => c.length), 1) * TICK_FONT * 0.6 + 6)
      : 0;
  const top = 8 + (title ? TITLE_FONT + 10 : 0);
  const bottom = height - 6 - (legend ? 20 : 0) - (chart.categoryAxisTitle ? 16 : 0) - (TICK_FONT + 8);
  const left = 8 + (chart.valueAxisTitle ? 16 : 0) + (kind === "bar" ? categoryLabelWidth : valueLabelWidth);
  // Bars and scatter charts label their last value tick at the right edge: leave it room.
  const right =
    width - 12 - secondLabelWidth - (kind === "bar" || kind === "scatter" ? valueLabelWidth / 2 : 0);
  const plot = { x: left, y: top, w: Math.max(10, right - left), h: Math.max(10, bottom - top) };

  const valueAt = (v: number) =>
    kind === "bar"
      ? plot.x + ((v - vLo) / (vHi - vLo)) * plot.w
      : plot.y + plot.h - ((v - vLo) / (vHi - vLo)) * plot.h;
  const valueAt2 = (v: number) =>
    plot.y + plot.h - ((v - ticks2[0]) / (ticks2[ticks2.length - 1] - ticks2[0])) * plot.h;
  const band = (kind === "bar" ? plot.h : plot.w) / Math.max(1, n);
  /** Centre of category i along the category axis (bars: the first category at the bottom). */
  const categoryAt = (i: number) =>
    kind === "bar" ? plot.y + plot.h - band * (i + 0.5) : plot.x + band * (i + 0.5);
  const xAt = (x: number) => plot.x + ((x - xTicks[0]) / (xTicks[xTicks.length - 1] - xTicks[0])) * plot.w;

  const shapes = series.map((s, k) => {
    const color = COLORS[k % COLORS.length];
    const drawn = s.values.filter((v) => v !== null).length;
    const base = (i: number) =>
      stacked
        ? series
            .slice(0, k)
            .reduce(
              (sum, o) =>
                sum +
                (o.values[i] ?? 0) * (Math.sign(o.values[i] ?? 0) === Math.sign(s.values[i] ?? 0) ? 1 : 0),
              0,
            )
        : 0;
    if (kind === "column" || kind === "bar") {
      const group = band * 0.62;
      const size = stacked ? group : group / Math.max(1, series.length);
      return (
        <g key={k} data-series={s.name} data-points={drawn} fill={color}>
          {s.values.map((v, i) => {
            if (v === null) return null;
            const from = valueAt(base(i));
            const to = valueAt(base(i) + v);
            const offset = categoryAt(i) - group / 2 + (stacked ? 0 : size * k);
            return kind === "column" ? (
              <rect key={i} x={offset} width={size} y={Math.min(from, to)} height={Math.abs(to - from)} />
            ) : (
              <rect
                key={i}
                y={categoryAt(i) + group / 2 - (stacked ? 0 : size * k) - size}
                height={size}
                x={Math.min(from, to)}
                width={Math.abs(to - from)}
              />
            );
          })}
        </g>
      );
    }
    const scale = twoAxes && s.secondary ? valueAt2 : valueAt;
    const point = (v: number, i: number): [number, number] =>
      kind === "scatter" ? [xAt(s.x[i]), valueAt(v)] : [categoryAt(i), scale(base(i) + v)];
    // A blank cell is a gap: the line restarts after it.
    const runs: [number, number][][] = [[]];
    s.values.forEach((v, i) => {
      if (v === null) runs.push([]);
      else runs[runs.length - 1].push(point(v, i));
    });
    const path = (pts: [number, number][]) => pts.map(([x, y], j) => `${j ? "L" : "M"}${x},${y}`).join("");
    return (
      <g key={k} data-series={s.name} data-points={drawn}>
        {kind === "area"
          ? s.values.length > 0 && (
              <path
                fill={color}
                fillOpacity={0.85}
                d={
                  path(s.values.map((v, i) => point(v ?? 0, i))) +
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
              .map((r, j) => <path key={j} d={path(r)} fill="none" stroke={color} strokeWidth={2.25} />)}
        {markers && runs.flat().map(([x, y], j) => <circle key={j} cx={x} cy={y} r={3.5} fill={color} />)}
      </g>
    );
  });

  const every = Math.max(1, Math.ceil((n * 48) / (kind === "bar" ? plot.h * 2.5 : plot.w)));
  const legendItems = series.map((s, k) => ({ name: s.name, color: COLORS[k % COLORS.length] }));
  const legendWidth = legendItems.reduce(
    (w, l) => w + 18 + Math.min(l.name.length, 24) * TICK_FONT * 0.6 + 10,
    0,
  );

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
      <g stroke="#D9D9D9" strokeWidth={1}>
        {ticks.map((t) =>
          kind === "bar" ? (
            <line key={t} x1={valueAt(t)} x2={valueAt(t)} y1={plot.y} y2={plot.y + plot.h} />
          ) : (
            <line key={t} x1={plot.x} x2={plot.x + plot.w} y1={valueAt(t)} y2={valueAt(t)} />
          ),
        )}
      </g>
      <g fill="#595959">
        {ticks.map((t) =>
          kind === "bar" ? (
            <text key={t} x={valueAt(t)} y={plot.y + plot.h + TICK_FONT + 4} textAnchor="middle">
              {tickText(t)}
            </text>
          ) : (
            <text key={t} x={plot.x - 4} y={valueAt(t) + 4} textAnchor="end">
              {tickText(t)}
            </text>
          ),
        )}
        {ticks2.map((t) => (
          <text
            key={`s${t}`}
            className="secondary-tick"
            x={plot.x + plot.w + 4}
            y={valueAt2(t) + 4}
            textAnchor="start"
          >
            {tickText2(t)}
          </text>
        ))}
        {kind === "scatter"
          ? xTicks.map((t) => (
              <text key={t} x={xAt(t)} y={plot.y + plot.h + TICK_FONT + 4} textAnchor="middle">
                {number.format(t)}
              </text>
            ))
          : categories.map((c, i) =>
              i % every ? null : kind === "bar" ? (
                <text key={i} x={plot.x - 4} y={categoryAt(i) + 4} textAnchor="end">
                  {clip(c, categoryLabelWidth - 6)}
                </text>
              ) : (
                <text key={i} x={categoryAt(i)} y={plot.y + plot.h + TICK_FONT + 4} textAnchor="middle">
                  {clip(c, band * every - 4)}
                </text>
              ),
            )}
      </g>
      <line
        stroke="#BFBFBF"
        x1={plot.x}
        y1={kind === "bar" ? plot.y : valueAt(Math.max(vLo, 0))}
        x2={kind === "bar" ? plot.x : plot.x + plot.w}
        y2={kind === "bar" ? plot.y + plot.h : valueAt(Math.max(vLo, 0))}
      />
      {shapes}
      {chart.valueAxisTitle && (
        <text
          fill="#595959"
          textAnchor="middle"
          {...(kind === "bar"
            ? { x: plot.x + plot.w / 2, y: plot.y + plot.h + TICK_FONT + 18 }
            : { transform: `translate(${10 + TICK_FONT / 2},${plot.y + plot.h / 2}) rotate(-90)` })}
        >
          {chart.valueAxisTitle}
        </text>
      )}
      {twoAxes && chart.secondaryAxisTitle && (
        <text
          fill="#595959"
          textAnchor="middle"
          transform={`translate(${width - 10 - TICK_FONT / 2},${plot.y + plot.h / 2}) rotate(90)`}
        >
          {chart.secondaryAxisTitle}
        </text>
      )}
      {chart.categoryAxisTitle && (
        <text
          fill="#595959"
          textAnchor="middle"
          {...(kind === "bar"
            ? { transform: `translate(${10 + TICK_FONT / 2},${plot.y + plot.h / 2}) rotate(-90)` }
            : { x: plot.x + plot.w / 2, y: plot.y + plot.h + TICK_FONT + 18 })}
        >
          {chart.categoryAxisTitle}
        </text>
      )}
      {legend && (
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
      )}
    </svg>
  );
}
