/**
 * Which keyed requests spent the monthly allowance. The spec says every keyed request but the two
 * status polls counts; a request the service refused before it knew an account with allowance left
 * spent nothing: an unknown key (403 Invalid token), API access switched off, no allowance set, the
 * monthly limit already reached (429), and a request that never reached the service (refused before
 * sending, or no connection). Anything else that reached the service counts, as the sandbox counts
 * it (sandbox/resources/auth.ts): a refusal for a missing permission, a 400, a 404, a 5xx, and a
 * timeout (it most likely arrived). Pure; the client counts by it (core.ts), and so does the key check.
 */
import {
  AuthenticationError,
  ConnectionError,
  RateLimitError,
  RequestValidationError,
  type AuthFailure,
} from "./errors";

/** Refusals that come before the service has an account with allowance to charge. */
const UNCHARGED_REFUSALS: ReadonlySet<AuthFailure> = new Set<AuthFailure>([
  "invalid_token",
  "api_access_disabled",
  "api_limit_not_configured",
]);

/** Whether a keyed request that failed with `err` spent the monthly allowance. */
export function spentAllowance(err: unknown): boolean {
  if (err instanceof RequestValidationError || err instanceof ConnectionError) return false;
  if (err instanceof AuthenticationError) return !UNCHARGED_REFUSALS.has(err.reason);
  if (err instanceof RateLimitError) return err.kind !== "monthly";
  return true;
}
