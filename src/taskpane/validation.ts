/**
 * Per-field validation before anything is sent: the API's own request schemas, their messages keyed
 * by the field they name (nested formatting options as `formatting.<name>`), so each form shows
 * the message under the field it belongs to.
 */
import type { z } from "zod";

export type FieldErrors = Record<string, string>;

export function schemaErrors(schema: z.ZodType, params: unknown): FieldErrors {
  const result = schema.safeParse(params);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const key =
      issue.path.length > 1 && issue.path[0] === "formatting"
        ? `formatting.${String(issue.path[1])}`
        : String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
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
