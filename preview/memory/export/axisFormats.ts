/**
 * The number format each value axis of a chart is written with (`c:numFmt`, ECMA-376 Part 1,
 * 21.2.2.121), so a spreadsheet opening the file draws the labels the preview draws: the preview's
 * own ticks and tick texts (preview/grid/chartFrame.ts, chartScale.ts `tickFormatter`) are read, and
 * the format code that shows them is written. The preview draws money and percentages with at most
 * two decimals, trailing zeros dropped ("$200,000" on an axis whose format is `$#,##0.00`), and
 * plain numbers grouped ("800,000" where the cells are General). A format code cannot drop trailing
 * zeros one label at a time: the code shows the most decimals any label has ("5.0%" beside "5.2%"
 * where the preview draws "5%").
 *
 * `sourceLinked` (Excel's "Linked to source": "the number format changes in the labels when it
 * changes in the cells", VBA TickLabels.NumberFormatLinked, learn.microsoft.com/office/vba/api/
 * excel.ticklabels.numberformatlinked) is set only where the preview itself follows the source (a
 * value axis without a format of its own takes its first series' cells' format, chart.ts) and that
 * format draws every tick as the preview does: Excel then keeps following the cells, and
 * LibreOffice 7.4, which does not link (it draws the `formatCode` given), draws the same.
 */
import { chartFrame } from "../../grid/chartFrame";
import { lineExtent, niceTicks, tickFormatter } from "../../grid/chartScale";
import type { ChartData, ChartView } from "../chart";
import { formatNumber } from "../numberFormat";

export interface AxisNumberFormat {
  formatCode: string;
  sourceLinked: boolean;
}

/** The value axes' formats (the secondary one where series are on it) and a scatter's x axis's. */
export interface ChartAxisFormats {
  value: AxisNumberFormat | null;
  secondaryValue: AxisNumberFormat | null;
  x: AxisNumberFormat | null;
}

/** A tick label as tickFormatter writes it: a sign, a currency symbol ($, £, €), grouped digits, decimals, a percent sign. */
const LABEL = /^-?([$£€]?)\d{1,3}(?:,\d{3})*(?:\.(\d+))?(%?)$/;

/**
 * The format code that draws `labels` (texts of one axis's ticks): their currency symbol (quoted, so
 * any locale reads it as text), digits grouped as the preview's grouped numbers are, the most decimals
 * a label has, the percent sign. Null when a label is not one tickFormatter writes.
 */
export function labelFormat(labels: readonly string[]): string | null {
  let symbol = "";
  let decimals = 0;
  let percent = false;
  for (const label of labels) {
    const m = LABEL.exec(label);
    if (!m) return null;
    symbol ||= m[1];
    decimals = Math.max(decimals, m[2]?.length ?? 0);
    percent ||= m[3] === "%";
  }
  const quoted = symbol ? `"${symbol}"` : "";
  return `${quoted}#,##0${decimals ? `.${"0".repeat(decimals)}` : ""}${percent ? "%" : ""}`;
}

/**
 * One axis: the code drawing the preview's texts of `ticks`; linked to the source when `source` (the
 * cells' format the preview took, the axis having none of its own) draws every tick the same.
 */
function axisFormat(
  ticks: readonly number[],
  text: (t: number) => string,
  source: string | null,
): AxisNumberFormat | null {
  const code = labelFormat(ticks.map(text));
  if (code === null) return null;
  const linked = source !== null && ticks.every((t) => formatNumber(t, source) === formatNumber(t, code));
  return linked ? { formatCode: source, sourceLinked: true } : { formatCode: code, sourceLinked: false };
}

/** The formats of `chart`'s axes, from what the preview draws of it (`view`: chart.ts chartViews). */
export function chartAxisFormats(chart: ChartData, view: ChartView): ChartAxisFormats {
  const frame = chartFrame(view, view.width, view.height);
  const ownValue = chart.axisFormats?.value !== undefined;
  const ownSecondary = chart.axisFormats?.secondaryValue !== undefined;
  const onSecondary = view.series.filter((s) => s.secondary);
  // The preview draws a secondary axis only on a line chart with series on both; elsewhere its ticks
  // are the ones it would draw, from those series' values.
  const ticks2 = frame.ticks2.length ? frame.ticks2 : niceTicks(...lineExtent(onSecondary, 0, 0));
  return {
    value: axisFormat(frame.ticks, frame.tickText, ownValue ? null : view.valueFormat),
    secondaryValue: onSecondary.length
      ? axisFormat(ticks2, tickFormatter(view.secondaryFormat), ownSecondary ? null : view.secondaryFormat)
      : null,
    x: frame.kind === "scatter" ? axisFormat(frame.xTicks, frame.xTickText, null) : null,
  };
}
