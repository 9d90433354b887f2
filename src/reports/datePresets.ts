/**
 * Date presets of refreshable reports (pure), under the name the brief uses. The implementation is
 * `relativeDates.ts`: last N days/weeks/months, month to date, previous month, quarter to date, year to
 * date, the service's default, custom. `resolvePreset(preset, today)` gives YYYY-MM-DD in local date.
 */
export {
  datePresetSchema,
  presetLabel,
  resolvePreset,
  ymd,
  type DatePreset,
  type DateRange,
} from "./relativeDates";
import type { DatePreset } from "./relativeDates";

/** The presets a form offers, in menu order. */
export const COMMON_PRESETS: readonly DatePreset[] = [
  { kind: "last", count: 7, unit: "days" },
  { kind: "last", count: 30, unit: "days" },
  { kind: "last", count: 4, unit: "weeks" },
  { kind: "last", count: 3, unit: "months" },
  { kind: "monthToDate" },
  { kind: "previousMonth" },
  { kind: "quarterToDate" },
  { kind: "yearToDate" },
];
