/** The relative date ranges offered by the forms; stored as presets and resolved again at each refresh. */
import type { DatePreset } from "../reports/relativeDates";

export const DATE_PRESET_OPTIONS = [
  { id: "last7days", label: "Last 7 days", preset: { kind: "last", count: 7, unit: "days" } },
  { id: "last30days", label: "Last 30 days", preset: { kind: "last", count: 30, unit: "days" } },
  { id: "last4weeks", label: "Last 4 weeks", preset: { kind: "last", count: 4, unit: "weeks" } },
  { id: "last3months", label: "Last 3 months", preset: { kind: "last", count: 3, unit: "months" } },
  { id: "last12months", label: "Last 12 months", preset: { kind: "last", count: 12, unit: "months" } },
  { id: "monthToDate", label: "Month to date", preset: { kind: "monthToDate" } },
  { id: "previousMonth", label: "Previous month", preset: { kind: "previousMonth" } },
  { id: "quarterToDate", label: "Quarter to date", preset: { kind: "quarterToDate" } },
  { id: "yearToDate", label: "Year to date", preset: { kind: "yearToDate" } },
  { id: "serviceDefault", label: "Service default dates", preset: { kind: "serviceDefault" } },
  { id: "custom", label: "Custom dates", preset: null },
] as const satisfies readonly { id: string; label: string; preset: DatePreset | null }[];

export type DatePresetId = (typeof DATE_PRESET_OPTIONS)[number]["id"];

export function presetFor(id: DatePresetId): DatePreset | undefined {
  return DATE_PRESET_OPTIONS.find((o) => o.id === id)?.preset ?? undefined;
}

/** The option matching a stored preset (Edit request); custom when none does. */
export function idFor(preset: DatePreset | undefined): DatePresetId {
  if (!preset) return "custom";
  const json = JSON.stringify(preset);
  return DATE_PRESET_OPTIONS.find((o) => o.preset && JSON.stringify(o.preset) === json)?.id ?? "custom";
}
