/**
 * The numbers behind a drawn chart: its family (column, bar, line, area, scatter), the value extent
 * and round tick values of its axes, and how tick labels and long names are written.
 */
import type { ChartView } from "../memory/chart";

/** Excel's series colours in the Office theme (chartTheme.ts, shared with the downloaded workbook's charts). */
export { THEME_COLORS as COLORS } from "../memory/chartTheme";
export const TICK_FONT = 11;
export const TITLE_FONT = 14;
const number = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

export type Family = "column" | "bar" | "line" | "area" | "scatter";

export function family(type: ChartView["type"]): Family {
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

/**
 * Excel's automatic bounds of a value axis that scales to its data (the x axis of an XY scatter chart,
 * where the x values are numbers): with values all ≥ 0, the maximum is the first major unit at or
 * above max + (max − min)/20 and the minimum is 0 while min < 5/6 of max, else the first major unit
 * at or below min − (max − min)/20; all ≤ 0, the same mirrored; across 0, from min to max. Microsoft KB
 * 101939 "How chart axis limits are determined" (docs/excel-fidelity.md); niceTicks rounds the extent
 * out to the major unit.
 */
export function autoAxisExtent(values: readonly number[]): [number, number] {
  if (values.length === 0) return [0, 1];
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  const pad = (hi - lo) / 20;
  if (lo >= 0) return [lo < (5 / 6) * hi || hi === 0 ? 0 : lo - pad, hi + pad];
  if (hi <= 0) {
    const [a, b] = autoAxisExtent(values.map((v) => -v));
    return [-b, -a];
  }
  return [lo - pad, hi + pad];
}

/** The extent of line series' values, from 0 (as Excel's automatic axis starts for positive data). */
export function lineExtent(series: ChartView["series"], lo: number, hi: number): [number, number] {
  const all = series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  return all.length ? [Math.min(0, ...all), Math.max(...all)] : [lo, hi];
}

/**
 * The value extent of the categories, from 0: stacked charts add up the positive and the negative
 * values of each category; others take each category's largest and smallest value.
 */
export function valueExtent(series: ChartView["series"], n: number, stacked: boolean): [number, number] {
  let lo = 0;
  let hi = 0;
  for (let i = 0; i < n; i++) {
    let up = 0;
    let down = 0;
    for (const s of series) {
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
  return [lo, hi];
}

/** Tick labels in the axis's number format where it is money ($, £, €) or a percentage, else plain grouped numbers. */
export function tickFormatter(format: string | null): (t: number) => string {
  // "$"#,##0.00, [$£-809]#,##0, \€#,##0: the symbol, quoted, bracketed or escaped.
  const money = format ? /[$£€]/.exec(format)?.[0] : undefined;
  if (money) return (t) => `${t < 0 ? "-" : ""}${money}${number.format(Math.abs(t))}`;
  // 0.00%: a fraction shown as a percentage (0.2 is 20%), its ticks round.
  if (format && /%/.test(format.replace(/"[^"]*"/g, ""))) return (t) => `${number.format(t * 100)}%`;
  return (t) => number.format(t);
}

export function clip(text: string, px: number): string {
  const max = Math.max(1, Math.floor(px / (TICK_FONT * 0.55)));
  return text.length > max ? `${text.slice(0, Math.max(1, max - 1))}…` : text;
}
