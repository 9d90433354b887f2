/**
 * Relative date ranges ("last 3 months") kept as presets in a report's definition and resolved again
 * at each refresh, in the user's local date. Pure: `today` is passed in.
 */
import { z } from "zod";

export const datePresetSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("last"),
    count: z.number().int().min(1).max(3650),
    unit: z.enum(["days", "weeks", "months"]),
  }),
  z.object({
    kind: z.enum(["monthToDate", "previousMonth", "quarterToDate", "yearToDate", "serviceDefault"]),
  }),
  z.object({ kind: z.literal("custom"), startDate: z.string().optional(), endDate: z.string().optional() }),
]);

export type DatePreset = z.infer<typeof datePresetSchema>;

export interface DateRange {
  startDate?: string;
  endDate?: string;
}

const pad = (n: number) => String(n).padStart(2, "0");
export const ymd = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;

/** The same day `months` months earlier, clamped to the end of a shorter month (31 March − 1 month = 29 Feb in a leap year). */
function minusMonths(d: Date, months: number): Date {
  const y = d.getFullYear();
  const m = d.getMonth() - months;
  const last = new Date(y, m + 1, 0).getDate();
  return new Date(y, m, Math.min(d.getDate(), last));
}

/** Resolves a preset against `today` (local date): the range ends today for "last"/"to date" presets. */
export function resolvePreset(preset: DatePreset, today: Date = new Date()): DateRange {
  const t = new Date(today.getFullYear(), today.getMonth(), today.getDate());
  switch (preset.kind) {
    case "last": {
      const start =
        preset.unit === "days"
          ? new Date(t.getFullYear(), t.getMonth(), t.getDate() - (preset.count - 1))
          : preset.unit === "weeks"
            ? new Date(t.getFullYear(), t.getMonth(), t.getDate() - (preset.count * 7 - 1))
            : // The day after the same day N months back, so N months hold no extra day (as N days
              // hold exactly N): on 31 March, "last 1 month" is 1–31 March.
              ((m) => new Date(m.getFullYear(), m.getMonth(), m.getDate() + 1))(minusMonths(t, preset.count));
      return { startDate: ymd(start), endDate: ymd(t) };
    }
    case "monthToDate":
      return { startDate: ymd(new Date(t.getFullYear(), t.getMonth(), 1)), endDate: ymd(t) };
    case "previousMonth":
      return {
        startDate: ymd(new Date(t.getFullYear(), t.getMonth() - 1, 1)),
        endDate: ymd(new Date(t.getFullYear(), t.getMonth(), 0)),
      };
    case "quarterToDate":
      return {
        startDate: ymd(new Date(t.getFullYear(), Math.floor(t.getMonth() / 3) * 3, 1)),
        endDate: ymd(t),
      };
    case "yearToDate":
      return { startDate: ymd(new Date(t.getFullYear(), 0, 1)), endDate: ymd(t) };
    case "serviceDefault":
      return {};
    case "custom":
      return { startDate: preset.startDate || undefined, endDate: preset.endDate || undefined };
  }
}

/** Short label for lists and sheet notes. */
export function presetLabel(p: DatePreset): string {
  switch (p.kind) {
    case "last":
      return `Last ${p.count} ${p.count === 1 ? p.unit.replace(/s$/, "") : p.unit}`;
    case "custom":
      return `${p.startDate ?? "…"} to ${p.endDate ?? "…"}`;
    case "serviceDefault":
      return "Service default dates";
    default:
      return p.kind
        .replace(/([A-Z])/g, " $1")
        .replace(/^./, (c) => c.toUpperCase())
        .replace("To Date", "to date");
  }
}
