/** Building blocks shared by the request and response schemas. */
import { z } from "zod";

/** A date string as the service accepts it: YYYY-MM-DD, or a full ISO 8601 date-time. */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

export function dateString(field: string) {
  return z
    .string()
    .regex(DATE_PATTERN, `${field} must be a date (YYYY-MM-DD) or an ISO 8601 date-time`)
    .refine((s) => {
      // Date.parse rolls 2024-02-30 over to March 1: check the calendar day itself.
      const [y, m, d] = s.slice(0, 10).split("-").map(Number);
      const day = new Date(Date.UTC(y, m - 1, d));
      const real = day.getUTCFullYear() === y && day.getUTCMonth() === m - 1 && day.getUTCDate() === d;
      return real && !Number.isNaN(Date.parse(s.length === 10 ? `${s}T00:00:00Z` : s));
    }, `${field} is not a real date`);
}

/** The optional report display name: at most 255 characters. */
export const reportName = z.string().max(255, "name must be at most 255 characters");

export function nonEmpty(field: string) {
  return z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`);
}

export function intBetween(field: string, min: number, max: number) {
  return z
    .number({ error: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(min, `${field} must be between ${min} and ${max}`)
    .max(max, `${field} must be between ${min} and ${max}`);
}

export function oneOf<T extends readonly [string, ...string[]]>(field: string, values: T) {
  return z.enum(values, { error: `${field} must be one of ${values.join(", ")}` });
}

/** A list of names; each entry must be non-empty. `missing` is the message when the list is absent. */
export function nameList(field: string, missing = `${field} must be a list of names`) {
  return z.array(z.string().trim().min(1, `${field} entries must not be empty`), {
    error: (issue) => (issue.input === undefined ? missing : `${field} must be a list of names`),
  });
}

/**
 * Ids that travel as a path segment. Only the documented shape passes, so nothing the caller types
 * (`..`, `a/b`, an empty string) can change which path is asked for, and an id in none of the forms
 * the spec names ("directory id, Alpha channel id or Alpha playlist id") is refused before it spends
 * a request: a directory id is digits (the directory's numeric ids); an Alpha channel or playlist id
 * starts with its two-letter kind in capitals (UC for a channel; PL, UU, OL, … for playlists)
 * followed by 10 to 64 letters, digits, _ or -.
 */
export const SHOW_ID_PATTERN = /^(?:\d{1,15}|[A-Z]{2}[A-Za-z0-9_-]{10,64})$/;
/** How SHOW_ID_PATTERN reads to a planner. */
export const SHOW_ID_FORMS =
  "a directory id (digits), or an Alpha channel or playlist id (UC, PL, … then 10 to 64 letters, digits, _ or -)";
const EPISODE_ID_PATTERN = /^\d+$/;
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A show id: directory id (digits), Alpha channel id or Alpha playlist id (letters, digits, _ and -). */
export function showId(field: string) {
  return z
    .string({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .regex(SHOW_ID_PATTERN, `${field} must be a show id: ${SHOW_ID_FORMS}`);
}

/** The service episode id (serviceEpisodeId, a number): digits only. */
export function episodeId(field: string) {
  return z
    .union([z.string(), z.number()], { error: `${field} is required` })
    .transform((v) => String(v).trim())
    .refine((v) => v !== "", `${field} is required`)
    .refine((v) => EPISODE_ID_PATTERN.test(v), `${field} must be a service episode id (digits)`);
}

/** A file-processing task id: a uuid. */
export const taskIdSchema = z
  .string({ error: "id must be a task id (uuid)" })
  .regex(UUID_PATTERN, "id must be a task id (uuid)");

/** A lag timestamp: digits, as a number or a string. The spec gives no unit, so it is compared only with another timestamp. */
export const TIMESTAMP_PATTERN = /^\d+$/;
const isTimestamp = (v: string | number) => (typeof v === "number" ? true : TIMESTAMP_PATTERN.test(v));

/**
 * A range whose end comes before its start ("start of range", "end of range"). Two ISO dates, or two
 * timestamps, are compared; an ISO date against a timestamp is not, since the timestamp's unit is unknown.
 */
export function endNotBeforeStart<T extends { startDate?: string | number; endDate?: string | number }>(
  value: T,
  ctx: z.RefinementCtx,
): void {
  const { startDate: a, endDate: b } = value;
  if (a === undefined || b === undefined || isTimestamp(a) !== isTimestamp(b)) return;
  const [start, end] = isTimestamp(a)
    ? [Number(a), Number(b)]
    : [Date.parse(String(a)), Date.parse(String(b))];
  if (end < start)
    ctx.addIssue({ code: "custom", path: ["endDate"], message: "endDate must not be before startDate" });
}
