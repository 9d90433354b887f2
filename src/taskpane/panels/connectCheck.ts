/**
 * Connecting's one request: a cheap keyed search proves the key before the session keeps it. Loaded
 * when Connect is first pressed (useConnectForm.ts), with the client it needs.
 */
import { AdsClient } from "../../api/client";
import {
  AuthenticationError,
  ConnectionError,
  MaybeCountedError,
  RateLimitError,
  RequestValidationError,
  TimeoutError,
} from "../../api/errors";
import { plannerMessage } from "../../api/errorWords";
import { clientLimits } from "../../runtime/networkLimits";
import { countRequest, getNetworkLimits } from "../../runtime/session";
import { spentAllowance } from "../../runtime/allowance";

/** Why connecting failed, in a planner's words, with the service's own message kept. */
function connectFailure(failure: unknown, baseUrl: string): string {
  // The key check may have counted; what the planner needs is why it failed.
  const err = failure instanceof MaybeCountedError ? failure.cause : failure;
  const said = err instanceof Error ? err.message : String(err);
  if (err instanceof AuthenticationError)
    return err.reason === "invalid_token"
      ? "The service did not accept this API key: it does not know it. Check the key, or ask whoever manages your account for one."
      : `The service did not accept this API key. ${plannerMessage(err)}`;
  if (err instanceof RateLimitError) return `This key has no requests left this month: ${said}`;
  if (err instanceof ConnectionError || err instanceof TimeoutError)
    // The client's own "Could not reach the service for GET … (…)" is said once, with the address.
    return `Could not reach the service at ${baseUrl} (${said.replace(/^Could not reach the service(?: for [A-Z]+ \S+)? \((.*)\)$/s, "$1")}). Check the address and your connection.`;
  return said;
}

export type KeyCheck =
  { ok: true; baseUrl: string } | { ok: false; field: "serviceAddress" | "form"; message: string };

/** Proves `key` at `baseUrl` with one request, counted by its outcome (runtime/allowance.ts). */
export async function checkKey(baseUrl: string, key: string): Promise<KeyCheck> {
  try {
    const client = new AdsClient({
      baseUrl,
      apiKey: key,
      maxRetries: 0,
      ...clientLimits(getNetworkLimits()),
    });
    await client.search.episodes({ search: "connection check", timeFrame: 1 });
    countRequest("checks");
    return { ok: true, baseUrl: client.baseUrl };
  } catch (err) {
    // A key the service refused spent none of the allowance; one it may have answered did.
    if (spentAllowance(err)) countRequest("checks");
    // The client refuses an address it may not send the key to (plain http off this computer).
    if (err instanceof RequestValidationError && err.field === "baseUrl")
      return { ok: false, field: "serviceAddress", message: `Service address: ${err.message}` };
    return { ok: false, field: "form", message: connectFailure(err, baseUrl) };
  }
}
