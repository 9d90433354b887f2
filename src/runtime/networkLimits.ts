/**
 * The two limits every exchange with the service is held to (docs/network.md), as the planner sets
 * them on the Connect tab: the no-progress limit and the whole-exchange deadline, in seconds.
 */
// Checked by hand, not with zod: this module is in the page's first load (the Connect tab), and
// zod's core (61 KiB even through zod/mini, shared with the full zod the client loads later) is not.
import { DEFAULT_DEADLINE_MS, DEFAULT_STALL_MS } from "../api/networkDefaults";

export interface NetworkLimits {
  /** Longest wait for an answer to start, or between two pieces of it. */
  stallSeconds: number;
  /** Every attempt of one request ends by then. */
  deadlineSeconds: number;
}

export const DEFAULT_LIMITS: NetworkLimits = {
  stallSeconds: DEFAULT_STALL_MS / 1000,
  deadlineSeconds: DEFAULT_DEADLINE_MS / 1000,
};

const RANGES = {
  stallSeconds: { label: "No-progress limit", min: 5, max: 600 },
  deadlineSeconds: { label: "Request deadline", min: 10, max: 3600 },
} as const;

type Field = keyof NetworkLimits;
type Errors = Partial<Record<Field, string>>;

export type LimitsCheck = { ok: true; limits: NetworkLimits } | { ok: false; errors: Errors };

/** Whole seconds in the field's range, from a number or a number's text; else the field's message. */
function seconds(field: Field, value: unknown): number | string {
  const { label, min, max } = RANGES[field];
  const text = typeof value === "string" ? value.trim() : value;
  const n = typeof text === "number" ? text : typeof text === "string" && text !== "" ? Number(text) : NaN;
  return Number.isInteger(n) && n >= min && n <= max
    ? n
    : `${label}: enter whole seconds from ${min} to ${max}`;
}

/** Both limits read from `input` (typed text or stored numbers): each error names its field. */
function readLimits(input: Record<Field, unknown>): LimitsCheck {
  const stall = seconds("stallSeconds", input.stallSeconds);
  const deadline = seconds("deadlineSeconds", input.deadlineSeconds);
  const errors: Errors = {};
  if (typeof stall === "string") errors.stallSeconds = stall;
  if (typeof deadline === "string") errors.deadlineSeconds = deadline;
  else if (typeof stall === "number" && deadline < stall)
    errors.deadlineSeconds = "Request deadline: at least as long as the no-progress limit";
  if (typeof stall === "number" && typeof deadline === "number" && !errors.deadlineSeconds)
    return { ok: true, limits: { stallSeconds: stall, deadlineSeconds: deadline } };
  return { ok: false, errors };
}

/** The form's two fields (as typed) checked: each error names its field. */
export function checkLimits(input: { stallSeconds: string; deadlineSeconds: string }): LimitsCheck {
  return readLimits(input);
}

/** Limits read back from storage: anything unreadable or out of range gives the defaults. */
export function storedLimits(text: string | null | undefined): NetworkLimits {
  try {
    const stored: unknown = JSON.parse(text ?? "null");
    if (typeof stored !== "object" || stored === null) return DEFAULT_LIMITS;
    const checked = readLimits(stored as Record<Field, unknown>);
    return checked.ok ? checked.limits : DEFAULT_LIMITS;
  } catch {
    return DEFAULT_LIMITS;
  }
}

/** As the client takes them. */
export function clientLimits(limits: NetworkLimits): { stallMs: number; deadlineMs: number } {
  return { stallMs: limits.stallSeconds * 1000, deadlineMs: limits.deadlineSeconds * 1000 };
}
