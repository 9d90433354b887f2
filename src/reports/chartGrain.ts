/**
 * How a time chart reads at any range (pure): the grain of its points as a planner would choose it
 * for the span (days up to about six weeks, weeks up to about six months, months beyond), and its
 * date axis: the base unit, the label format ("Nov 27", "Nov 2026") and how often a label is drawn so
 * that every label is whole. The rule for "fits" is written out in docs/excel-fidelity.md ("Chart
 * axis labels").
 */
import { serialToUtc, utcToSerial } from "../api/excelDates";

export type Grain = "day" | "week" | "month";

/**
 * Days shown a point each up to this span; weeks up to WEEKS_UP_TO; months beyond: at most 45 points
 * by day, 27 by week, and a month each (60 of them is five years, the most the gallery checks for).
 */
const DAYS_UP_TO = 45;
const WEEKS_UP_TO = 183;

const ORDER: Grain[] = ["day", "week", "month"];

/**
 * The grain for points from serial `first` to `last` (1900 system), never finer than the table's
 * own (`finest`: a weekly report is never drawn by day).
 */
export function grainFor(first: number, last: number, finest: Grain): Grain {
  const span = Math.floor(last) - Math.floor(first) + 1;
  const bySpan: Grain = span <= DAYS_UP_TO ? "day" : span <= WEEKS_UP_TO ? "week" : "month";
  return ORDER[Math.max(ORDER.indexOf(bySpan), ORDER.indexOf(finest))];
}

/** The serial of the day a time falls on (its time of day dropped). */
const dayOf = (serial: number) => Math.floor(serial);

/**
 * The first day of the period `serial` falls in: the day itself, its week's Monday, or its month's
 * first day (1900 system; a day before March 1900 is left as it is).
 */
export function periodStart(serial: number, grain: Grain): number {
  const day = dayOf(serial);
  if (grain === "day" || day < 61) return day;
  if (grain === "week") {
    // Serial 2 (and every 7th after March 1900) is a Monday in Excel's count.
    return day - ((((day - 2) % 7) + 7) % 7);
  }
  const ms = serialToUtc(day)!;
  const d = new Date(ms);
  return utcToSerial(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1));
}

/** Months from year 0 of a serial: the month index a month axis counts in. */
function monthIndex(serial: number): number {
  const d = new Date(serialToUtc(dayOf(serial)) ?? 0);
  return d.getUTCFullYear() * 12 + d.getUTCMonth();
}

/** A date axis as Excel is told it (ChartAxis: categoryType DateAxis, baseTimeUnit, majorUnit, numberFormat). */
export interface DateAxisPlan {
  baseTimeUnit: "Days" | "Months";
  /** Every how many base units a label (and a major tick) is drawn. */
  majorUnit: number;
  majorTimeUnitScale: "Days" | "Months";
  numberFormat: string;
}

/** The labels' formats: a day ("Nov 27"), a month ("Nov 2026"); a short span across years says the year. */
const DAY_FORMAT = "mmm d";
const DAY_YEAR_FORMAT = "mmm d, yyyy";
const MONTH_FORMAT = "mmm yyyy";

/**
 * Points a label takes at Excel's chart text size (9 pt): characters × 0.6 em (a generous average
 * for Calibri's letters and digits), and 6 points between neighbours. The preview draws labels at
 * 11 px (8.25 pt) with 0.6 em a character, so a label that fits here fits there.
 */
const LABEL_PT_PER_CHAR = 9 * 0.6;
const LABEL_GAP_PT = 6;
const labelWidthPt = (text: string) => text.length * LABEL_PT_PER_CHAR + LABEL_GAP_PT;
/**
 * What the plot area leaves of a chart's width for its categories: the value axis's labels and
 * title on the left (and the secondary axis's on the right), and Excel's inner margins.
 */
const plotWidthPt = (chartWidthPt: number, secondary: boolean) =>
  Math.max(60, chartWidthPt - (secondary ? 150 : 85));

/** Steps a label may skip, in base units: days (a week, a fortnight, four weeks) or months (a quarter, half a year, a year). */
const DAY_STEPS = [1, 2, 7, 14, 28, 56, 91];
const MONTH_STEPS = [1, 2, 3, 6, 12, 24];

/**
 * The date axis of a chart of `grain` points from serial `first` to `last`, `widthPt` wide: the base
 * unit (days for days and weeks, months for months), the label format by span, and the smallest
 * label step at which every label fits its room.
 */
export function dateAxisFor(
  grain: Grain,
  first: number,
  last: number,
  widthPt: number,
  secondary = false,
): DateAxisPlan {
  const months = grain === "month";
  const years =
    new Date(serialToUtc(dayOf(first)) ?? 0).getUTCFullYear() !==
    new Date(serialToUtc(dayOf(last)) ?? 0).getUTCFullYear();
  const numberFormat = months ? MONTH_FORMAT : years ? DAY_YEAR_FORMAT : DAY_FORMAT;
  // The widest label of the format: "Sep 30, 2026", "Sep 2026".
  const sample = months ? "Sep 2026" : years ? "Sep 30, 2026" : "Sep 30";
  const units = months ? monthIndex(last) - monthIndex(first) + 1 : dayOf(last) - dayOf(first) + 1;
  const room = plotWidthPt(widthPt, secondary) / Math.max(1, units);
  const steps = months ? MONTH_STEPS : grain === "week" ? DAY_STEPS.filter((d) => d % 7 === 0) : DAY_STEPS;
  const majorUnit = steps.find((k) => k * room >= labelWidthPt(sample)) ?? steps[steps.length - 1];
  return {
    baseTimeUnit: months ? "Months" : "Days",
    majorUnit,
    majorTimeUnitScale: months ? "Months" : "Days",
    numberFormat,
  };
}

/** Every how many categories of a text axis a label is drawn so that each is whole (tickLabelSpacing). */
export function labelSpacingFor(labels: readonly string[], widthPt: number): number {
  const widest = Math.max(0, ...labels.map(labelWidthPt));
  const room = plotWidthPt(widthPt, false) / Math.max(1, labels.length);
  return Math.max(1, Math.ceil(widest / room));
}
