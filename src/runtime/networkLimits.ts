/**
 * The two limits every exchange with the service is held to (docs/network.md), as the planner sets
 * them on the Connect tab: the no-progress limit and the whole-exchange deadline, in seconds.
 */
import { z } from "zod";
import { DEFAULT_DEADLINE_MS, DEFAULT_STALL_MS } from "../api/core";

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

const STALL = { min: 5, max: 600 };
const DEADLINE = { min: 10, max: 3600 };

const seconds = (label: string, { min, max }: { min: number; max: number }) =>
  z.coerce
    .number({ error: `${label}: enter whole seconds from ${min} to ${max}` })
    .int(`${label}: enter whole seconds from ${min} to ${max}`)
    .min(min, `${label}: enter whole seconds from ${min} to ${max}`)
    .max(max, `${label}: enter whole seconds from ${min} to ${max}`);

const limitsSchema = z
  .object({
    stallSeconds: seconds("No-progress limit", STALL),
    deadlineSeconds: seconds("Request deadline", DEADLINE),
  })
  .refine((l) => l.deadlineSeconds >= l.stallSeconds, {
    path: ["deadlineSeconds"],
    message: "Request deadline: at least as long as the no-progress limit",
  });

export type LimitsCheck =
  { ok: true; limits: NetworkLimits } | { ok: false; errors: Partial<Record<keyof NetworkLimits, string>> };

/** The form's two fields (as typed) checked: each error names its field. */
export function checkLimits(input: { stallSeconds: string; deadlineSeconds: string }): LimitsCheck {
  const blank = (v: string) => (v.trim() === "" ? Number.NaN : v.trim());
  const parsed = limitsSchema.safeParse({
    stallSeconds: blank(input.stallSeconds),
    deadlineSeconds: blank(input.deadlineSeconds),
  });
  if (parsed.success) return { ok: true, limits: parsed.data };
  const errors: Partial<Record<keyof NetworkLimits, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof NetworkLimits;
    errors[field] ??= issue.message;
  }
  return { ok: false, errors };
}

/** Limits read back from storage: anything unreadable or out of range gives the defaults. */
export function storedLimits(text: string | null | undefined): NetworkLimits {
  try {
    const parsed = limitsSchema.safeParse(JSON.parse(text ?? "null"));
    return parsed.success ? parsed.data : DEFAULT_LIMITS;
  } catch {
    return DEFAULT_LIMITS;
  }
}

/** As the client takes them. */
export function clientLimits(limits: NetworkLimits): { stallMs: number; deadlineMs: number } {
  return { stallMs: limits.stallSeconds * 1000, deadlineMs: limits.deadlineSeconds * 1000 };
}
