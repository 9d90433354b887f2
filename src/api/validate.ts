/** Runs a zod schema at a boundary and turns its first issue into an error that names the field. */
import type { z } from "zod";
import { RequestValidationError, ResponseValidationError } from "./errors";

function fieldOf(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (acc, p) => (typeof p === "number" ? `${acc}[${p}]` : acc ? `${acc}.${String(p)}` : String(p)),
    "",
  );
}

function describe(issue: z.core.$ZodIssue, root = "(body)"): { field: string; message: string } {
  const field = fieldOf(issue.path) || root;
  const last = issue.path.length ? String(issue.path[issue.path.length - 1]) : "";
  const message = last && issue.message.includes(last) ? issue.message : `${field}: ${issue.message}`;
  return { field, message };
}

/** Validates request input; throws RequestValidationError naming the field (`root` for a scalar input). */
export function validateRequest<S extends z.ZodType>(
  schema: S,
  value: unknown,
  endpoint: string,
  root?: string,
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const { field, message } = describe(result.error.issues[0], root);
  throw new RequestValidationError(field, message, endpoint);
}

/** Validates a response; throws ResponseValidationError naming the endpoint and the field. */
export function validateResponse<S extends z.ZodType>(
  schema: S,
  value: unknown,
  endpoint: string,
): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const { field, message } = describe(result.error.issues[0]);
  throw new ResponseValidationError(field, message, endpoint);
}
