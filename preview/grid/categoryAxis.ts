/**
 * A drawn chart's category axis, as a model a test can check: where each category sits (on a date
 * axis by its date, so a day without data is a gap), and each label the axis draws with its text,
 * its width and the room it has. The rule for "a label is cut": it is drawn shortened, or it is wider
 * than the room to its neighbour (the next label would overlap it). Excel draws a label whole or, when
 * labels would collide, fewer of them (tickLabelSpacing, a date axis's majorUnit); where neither is
 * set, the preview picks the smallest step at which every label fits, as Excel's automatic spacing
 * does. Widths are estimated at 0.6 em a character (TICK_FONT), as the rest of the chart is.
 */
import type { ChartView } from "../memory/chart";
import { formatNumber } from "../memory/numberFormat";
import { clip, TICK_FONT } from "./chartScale";

/** A label's width in px: its characters at 0.6 em, and 6 px between neighbours. */
export const labelPx = (text: string) => text.length * TICK_FONT * 0.6 + 6;

/** One drawn category label: its full text, what is drawn, its centre and the room it has (px). */
export interface AxisLabel {
  text: string;
  drawn: string;
  at: number;
  width: number;
  room: number;
  /** Shortened, or wider than its room: a client cannot read it whole. */
  cut: boolean;
  /** Turned this many degrees anticlockwise (the axis's textOrientation), ending at its category; 0: level. */
  angle: number;
}

/**
 * Turned labels (textOrientation): the height they take under the plot area, at most `most` px,
 * and the length a label may have along its slant in that height (longer ones end in "…").
 */
export function turnedLabels(
  categories: readonly string[],
  angle: number,
  most: number,
): { height: number; length: number } {
  const sin = Math.abs(Math.sin((angle * Math.PI) / 180));
  const cos = Math.abs(Math.cos((angle * Math.PI) / 180));
  const widest = Math.max(0, ...categories.map(labelPx));
  const height = Math.min(most, widest * sin + TICK_FONT * cos);
  return { height, length: sin === 0 ? widest : (height - TICK_FONT * cos) / sin };
}

/** Where the categories sit: slot i's centre, and how many slots the axis has (dates: base units from the first). */
export interface CategorySlots {
  /** The slot of category i (its date's units from the first, or i). */
  slotOf: (i: number) => number;
  slots: number;
  /** The first date (a date axis), as a serial. */
  first: number;
}

const DAY_STEPS = [1, 2, 7, 14, 28, 56, 91, 182, 364];
const MONTH_STEPS = [1, 2, 3, 6, 12, 24, 60];

/** A serial's calendar month count (1900 system, from 1 March 1900; the preview's workbooks start later). */
function monthOf(serial: number): number {
  const d = new Date(Date.UTC(1899, 11, 30) + Math.floor(serial) * 86_400_000);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

/** The serial of the first day of month count `m`. */
const monthStart = (m: number) =>
  Math.round((Date.UTC(Math.floor(m / 12), m % 12, 1) - Date.UTC(1899, 11, 30)) / 86_400_000);

export function categorySlots(chart: ChartView, n: number): CategorySlots {
  const s = chart.series[0];
  if (!chart.categoryAxis.date || !s || s.x.length === 0) return { slotOf: (i) => i, slots: n, first: 0 };
  const first = Math.floor(Math.min(...s.x));
  const months = chart.categoryAxis.baseTimeUnit !== "Days";
  const unit = (x: number) => (months ? monthOf(x) - monthOf(first) : Math.floor(x) - first);
  const slots = Math.max(...s.x.map(unit)) + 1;
  return { slotOf: (i) => unit(s.x[i] ?? first), slots, first };
}

/**
 * The labels along the category axis of a column, line or area chart `plotW` px wide (`at`: a slot's
 * centre); up the side of a bar chart, every category, in `barRoom` px.
 */
export function categoryLabels(
  chart: ChartView,
  categories: readonly string[],
  slots: CategorySlots,
  at: (slot: number) => number,
  plotW: number,
  bars?: { room: number; rowPx: number },
  chartW = Infinity,
  /** Turned labels' length along their slant (turnedLabels). */
  slant = Infinity,
): AxisLabel[] {
  if (bars)
    return categories.map((text, i) => {
      const drawn = clip(text, bars.room - 6);
      const width = labelPx(drawn);
      return {
        text,
        drawn,
        at: at(i),
        width,
        room: bars.room,
        cut: drawn !== text || bars.rowPx < TICK_FONT,
        angle: 0,
      };
    });
  const band = plotW / Math.max(1, slots.slots);
  const a = chart.categoryAxis;
  // Cut: wider than its room to the next label, or running past the chart's edge.
  const label = (text: string, centre: number, room: number): AxisLabel => ({
    text,
    drawn: text,
    at: centre,
    width: labelPx(text),
    room,
    cut:
      labelPx(text) > room ||
      centre + (labelPx(text) - 6) / 2 > chartW ||
      centre - (labelPx(text) - 6) / 2 < 0,
    angle: 0,
  });
  if (a.textOrientation !== 0 && !a.date) return turned(categories, a, band, at, slant);
  if (a.date && chart.series[0]) {
    const format = a.format ?? "m/d/yyyy";
    const months = a.majorTimeUnitScale !== "Days";
    const widest = Math.max(...chart.series[0].x.map((x) => labelPx(formatNumber(x, format))));
    // Room of one step: in days, or in months of about 30.4 days when the base unit is days.
    const perStep = (k: number) => band * k * (months && a.baseTimeUnit === "Days" ? 30.4 : 1);
    const steps = months ? MONTH_STEPS : DAY_STEPS;
    const step = a.majorUnit ?? steps.find((k) => perStep(k) >= widest) ?? steps[steps.length - 1];
    const out: AxisLabel[] = [];
    const lastSlot = slots.slots - 1;
    for (let k = 0; ; k++) {
      const serial = months ? monthStart(monthOf(slots.first) + k * step) : slots.first + k * step;
      const slot = a.baseTimeUnit === "Days" ? serial - slots.first : monthOf(serial) - monthOf(slots.first);
      if (slot > lastSlot) break;
      const text = formatNumber(serial, format);
      out.push(label(text, at(slot), perStep(step)));
    }
    return out;
  }
  const widest = Math.max(0, ...categories.map(labelPx));
  const step = a.tickLabelSpacing ?? Math.max(1, Math.ceil(widest / band));
  return categories.flatMap((text, i) => (i % step ? [] : [label(text, at(i), band * step)]));
}

/**
 * Labels turned `a.textOrientation` degrees: neighbours are a step's room apart across their slant
 * (a label is cut when that is less than a line, or when it is longer than its slant allows).
 * Automatic spacing labels as many as have a line's room.
 */
function turned(
  categories: readonly string[],
  a: ChartView["categoryAxis"],
  band: number,
  at: (slot: number) => number,
  slant: number,
): AxisLabel[] {
  const sin = Math.abs(Math.sin((a.textOrientation * Math.PI) / 180));
  const across = (step: number) => band * step * sin;
  const step = a.tickLabelSpacing ?? Math.max(1, Math.ceil(TICK_FONT / Math.max(1e-9, across(1))));
  return categories.flatMap((text, i) => {
    if (i % step) return [];
    const drawn = clip(text, slant - 6);
    return [
      {
        text,
        drawn,
        at: at(i),
        width: labelPx(drawn),
        room: across(step),
        cut: drawn !== text || across(step) < TICK_FONT,
        angle: a.textOrientation,
      },
    ];
  });
}
