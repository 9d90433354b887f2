/**
 * The functions' shared-runtime wiring: one RequestCache and one client per connection, built from
 * the session the task pane fills in. Requests count toward the pane's monthly counter.
 */
import { AdsClient } from "../api/client";
import { countRequest, getConnection, subscribe, type Connection } from "../runtime/session";
import { createAdsFunctions } from "./adsFunctions";
import { RequestCache } from "./requestCache";

/**
 * One cache per runtime: the pane, the commands and the functions are one module graph on the
 * shared-runtime page (webpack.config.js), so this module, and its cache, exists once.
 */
const cache = new RequestCache({ concurrency: 4 });
let current: { connection: Connection; client: AdsClient } | null = null;

function client(): AdsClient | null {
  const connection = getConnection();
  if (!connection) return null;
  if (!current || current.connection !== connection) {
    current = { connection, client: new AdsClient({ ...connection, onRequest: () => countRequest() }) };
  }
  return current.client;
}

// Another key or service, or signing out: the previous connection's answers must never be served
// (another account's data, or a cached "Invalid token" after the right key was entered).
// The session also notifies on every counted request: only a change of connection clears.
let seen = getConnection();
subscribe(() => {
  const now = getConnection();
  if (now === seen) return;
  seen = now;
  current = null;
  cache.clear();
});

/**
 * Whether this Excel takes formatted numbers (dates, percentages) from functions: custom functions
 * data types arrived with CustomFunctionsRuntime 1.4. The preview's in-memory workbook takes them.
 */
let formattedNumbers = (): boolean =>
  (globalThis as { Office?: typeof Office }).Office?.context?.requirements?.isSetSupported(
    "CustomFunctionsRuntime",
    "1.4",
  ) ?? false;

/** The preview says its host takes formatted numbers. */
export function setFormattedNumbers(check: () => boolean): void {
  formattedNumbers = check;
}

export const adsFunctions = createAdsFunctions({ client, cache, formattedNumbers: () => formattedNumbers() });

/** Forgets every cached answer (Refresh all, the pane's "Refresh functions" button). */
export function clearFunctionCache(): void {
  cache.clear();
}
