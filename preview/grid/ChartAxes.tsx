/**
 * A drawn chart's axes: value gridlines, tick and category labels (a bar chart's value axis runs
 * along the bottom, its categories up the left), the category axis line, and the axis titles.
 */
import type { ChartFrame } from "./chartFrame";
import { TICK_FONT } from "./chartScale";

export function ValueGridlines({ frame }: { frame: ChartFrame }) {
  const { kind, ticks, plot, valueAt } = frame;
  return (
    <g stroke="#D9D9D9" strokeWidth={1}>
      {ticks.map((t) =>
        kind === "bar" ? (
          <line key={t} x1={valueAt(t)} x2={valueAt(t)} y1={plot.y} y2={plot.y + plot.h} />
        ) : (
          <line key={t} x1={plot.x} x2={plot.x + plot.w} y1={valueAt(t)} y2={valueAt(t)} />
        ),
      )}
    </g>
  );
}

export function AxisLabels({ frame }: { frame: ChartFrame }) {
  const { kind, ticks, ticks2, plot, valueAt, valueAt2, tickText, tickText2 } = frame;
  return (
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
      {kind === "scatter" ? xLabels(frame) : categoryLabels(frame)}
    </g>
  );
}

/** A scatter chart's x axis: its tick values along the bottom. */
function xLabels({ xTicks, plot, xAt, xTickText }: ChartFrame) {
  return xTicks.map((t) => (
    <text key={t} x={xAt(t)} y={plot.y + plot.h + TICK_FONT + 4} textAnchor="middle">
      {xTickText(t)}
    </text>
  ));
}

/** The category labels (categoryAxis.ts), along the bottom (up the left for bars); turned ones end at their category. */
function categoryLabels({ kind, labels, plot }: ChartFrame) {
  return labels.map((l, i) =>
    kind === "bar" ? (
      <text key={i} className="category-label" x={plot.x - 4} y={l.at + 4} textAnchor="end">
        {l.drawn}
      </text>
    ) : l.angle !== 0 ? (
      <text
        key={i}
        className="category-label"
        x={l.at}
        y={plot.y + plot.h + 6}
        dy="0.35em"
        textAnchor="end"
        transform={`rotate(${-l.angle} ${l.at} ${plot.y + plot.h + 6})`}
      >
        {l.drawn}
      </text>
    ) : (
      <text
        key={i}
        className="category-label"
        x={l.at}
        y={plot.y + plot.h + TICK_FONT + 4}
        textAnchor="middle"
      >
        {l.drawn}
      </text>
    ),
  );
}

/** The category axis: at the value 0 (or the axis' lowest value above it); up the left for bars. */
export function CategoryAxisLine({ frame }: { frame: ChartFrame }) {
  const { kind, plot, valueAt, ticks } = frame;
  const vLo = ticks[0];
  return (
    <line
      stroke="#BFBFBF"
      x1={plot.x}
      y1={kind === "bar" ? plot.y : valueAt(Math.max(vLo, 0))}
      x2={kind === "bar" ? plot.x : plot.x + plot.w}
      y2={kind === "bar" ? plot.y + plot.h : valueAt(Math.max(vLo, 0))}
    />
  );
}

export function AxisTitles({ frame }: { frame: ChartFrame }) {
  const { chart, kind, plot, twoAxes, width, labelsHeight } = frame;
  // Rotated up the left, or centred under the plot area (under its labels, turned or not).
  const left = { transform: `translate(${10 + TICK_FONT / 2},${plot.y + plot.h / 2}) rotate(-90)` };
  const below = { x: plot.x + plot.w / 2, y: plot.y + plot.h + labelsHeight + 18 };
  return (
    <>
      {chart.valueAxisTitle && (
        <text fill="#595959" textAnchor="middle" {...(kind === "bar" ? below : left)}>
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
        <text fill="#595959" textAnchor="middle" {...(kind === "bar" ? left : below)}>
          {chart.categoryAxisTitle}
        </text>
      )}
    </>
  );
}
