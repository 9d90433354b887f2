/**
 * The one way the pane, the functions and the ribbon make a service client: the connection, the
 * planner's network limits, and every request that spent the allowance added to the month's count
 * under its kind (spendLedger.ts).
 */
import { AdsClient } from "../api/client";
import { clientLimits } from "./networkLimits";
import { countRequest, getNetworkLimits, type Connection } from "./session";
import type { SpendKind } from "./spendLedger";

/** Endpoints that write to the service or start an agent run: the pane's write-backs. */
const WRITES = /^POST \/api\/public\/(campaign|advertisers|users\/advertisers\/invite|ai-chat\/agents\/)/;

/** A pane request's kind by its endpoint: a write-back (campaigns, advertisers, invites, agent runs) or a report. */
export function paneSpendKind(endpoint: string): SpendKind {
  // Individual ads and the two spend reports post under /advertisers/… and are reads.
  if (/^POST \/api\/public\/advertisers\/./.test(endpoint)) return "reports";
  return WRITES.test(endpoint) ? "writebacks" : "reports";
}

/**
 * `kind`: whose requests these are. The functions' client counts every request as the functions';
 * the pane's (and the ribbon's) by endpoint.
 */
export function serviceClient(
  connection: Connection,
  limits = getNetworkLimits(),
  kind: "functions" | "pane" = "pane",
): AdsClient {
  return new AdsClient({
    ...connection,
    ...clientLimits(limits),
    onRequest: (endpoint) => countRequest(kind === "functions" ? "functions" : paneSpendKind(endpoint)),
  });
}
