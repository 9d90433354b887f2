/**
 * Per-field validation before anything is sent: the API's own request schemas, their messages keyed
 * by the field they name (nested formatting options as `formatting.<name>`), so each form shows
 * the message under the field it belongs to.
 */
import type { z } from "zod";

export type FieldErrors = Record<string, string>;

/**
 * `labels` maps request field names to the labels the form shows: messages are written with the
 * API's names ("endDate must not be before startDate"), the planner reads the labels ("End date …").
 */
export function schemaErrors(
  schema: z.ZodType,
  params: unknown,
  labels: Readonly<Record<string, string>> = {},
): FieldErrors {
  const result = schema.safeParse(params);
  if (result.success) return {};
  const errors: FieldErrors = {};
  const worded = labelWords(labels);
  for (const issue of result.error.issues) {
    const key =
      issue.path.length > 1 && issue.path[0] === "formatting"
        ? `formatting.${String(issue.path[1])}`
        : String(issue.path[0] ?? "form");
    errors[key] ??= worded(issue.message);
  }
  return errors;
}

/**
 * Rewrites a message written with request field names in the form's labels. camelCase names
 * (startDate) are renamed wherever they appear; plain words (advertiser, name) only as the message's
 * subject, since "name" or "advertiser" may also be ordinary words.
 */
export function labelWords(labels: Readonly<Record<string, string>>): (message: string) => string {
  const names = Object.keys(labels).sort((a, b) => b.length - a.length);
  const coined = names.filter((n) => /[A-Z.]/.test(n)).map(escapeRegExp);
  const plain = names.filter((n) => !/[A-Z.]/.test(n)).map(escapeRegExp);
  return (message) => {
    let m = message;
    if (coined.length) m = m.replace(new RegExp(`\\b(${coined.join("|")})\\b`, "g"), (n) => labels[n]);
    if (plain.length) m = m.replace(new RegExp(`^(${plain.join("|")})\\b`), (n) => labels[n]);
    return m;
  };
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The parameters without the keys left undefined (what a form sends). */
export function definedOnly(params: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined));
}

/** Props for a Fluent Field: its message and error state. */
export function fieldState(errors: FieldErrors, name: string) {
  const message = errors[name];
  return { validationMessage: message, validationState: message ? ("error" as const) : ("none" as const) };
}
