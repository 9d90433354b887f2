/**
 * The functions' shared-runtime wiring: one RequestCache and one client per connection, built from
 * the session the task pane fills in. Requests count toward the pane's monthly counter.
 */
import { AdsClient } from "../api/client";
import { countRequest, getConnection, type Connection } from "../runtime/session";
import { createAdsFunctions } from "./adsFunctions";
import { RequestCache } from "./requestCache";

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

export const adsFunctions = createAdsFunctions({ client, cache });

/** Forgets every cached answer (Refresh all, the pane's "Refresh functions" button). */
export function clearFunctionCache(): void {
  cache.clear();
}
