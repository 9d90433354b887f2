/**
 * What the planner decides about spending, on the Connect tab, kept on this computer like the network
 * limits: the most one action may spend without asking (50 requests unless changed), the account's
 * monthly allowance when the planner knows it (the service does not say its size), and how old a
 * function answer may grow before the next calculation fetches it again (off: answers are kept
 * until the planner refreshes them).
 */
// Checked by hand, not with zod: this module is in the page's first load (the Connect tab).

export interface SpendSettings {
  /** Requests one action (a recalculation, Refresh all, a Run for each) may send without asking. */
  limit: number;
  /** The account's monthly allowance, as the planner entered it; null when not known. */
  allowance: number | null;
  /** Function answers older than this many hours are fetched again; null: kept until refreshed. */
  freshnessHours: number | null;
}

export const DEFAULT_SPEND_SETTINGS: SpendSettings = { limit: 50, allowance: null, freshnessHours: null };

const RANGES = {
  limit: { label: "Ask before spending more than", min: 0, max: 100_000, unit: "requests" },
  allowance: { label: "Monthly allowance", min: 1, max: 100_000_000, unit: "requests" },
  freshnessHours: { label: "Fetch answers again after", min: 1, max: 8760, unit: "hours" },
} as const;

type Field = keyof SpendSettings;
type Errors = Partial<Record<Field, string>>;
export type SpendSettingsCheck = { ok: true; settings: SpendSettings } | { ok: false; errors: Errors };

/** A whole number in the field's range; blank (for the optional two) is null; else the field's message. */
function whole(field: Field, value: unknown, optional: boolean): number | null | string {
  const { label, min, max, unit } = RANGES[field];
  const text = typeof value === "string" ? value.trim().replace(/,/g, "") : value;
  if (optional && (text === "" || text === null || text === undefined)) return null;
  const n = typeof text === "number" ? text : typeof text === "string" && text !== "" ? Number(text) : NaN;
  return Number.isInteger(n) && n >= min && n <= max
    ? n
    : `${label}: enter whole ${unit} from ${min.toLocaleString("en-US")} to ${max.toLocaleString("en-US")}${optional ? ", or leave it blank" : ""}`;
}

function read(input: Record<Field, unknown>): SpendSettingsCheck {
  const limit = whole("limit", input.limit, false);
  const allowance = whole("allowance", input.allowance, true);
  const freshnessHours = whole("freshnessHours", input.freshnessHours, true);
  const errors: Errors = {};
  if (typeof limit === "string") errors.limit = limit;
  if (typeof allowance === "string") errors.allowance = allowance;
  if (typeof freshnessHours === "string") errors.freshnessHours = freshnessHours;
  if (typeof limit === "number" && typeof allowance !== "string" && typeof freshnessHours !== "string")
    return { ok: true, settings: { limit, allowance, freshnessHours } };
  return { ok: false, errors };
}

/** The form's fields as typed: each error names its field. */
export function checkSpendSettings(input: {
  limit: string;
  allowance: string;
  freshnessHours: string;
}): SpendSettingsCheck {
  return read(input);
}

/** Settings read back from storage: anything unreadable gives the defaults. */
export function storedSpendSettings(text: string | null | undefined): SpendSettings {
  try {
    const stored: unknown = JSON.parse(text ?? "null");
    if (typeof stored !== "object" || stored === null) return DEFAULT_SPEND_SETTINGS;
    const checked = read(stored as Record<Field, unknown>);
    return checked.ok ? checked.settings : DEFAULT_SPEND_SETTINGS;
  } catch {
    return DEFAULT_SPEND_SETTINGS;
  }
}
