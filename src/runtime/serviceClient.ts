/**
 * The one way the pane, the functions and the ribbon make a service client: the connection, the
 * planner's network limits, and every counted request added to the month's counter.
 */
import { AdsClient } from "../api/client";
import { clientLimits } from "./networkLimits";
import { countRequest, getNetworkLimits, type Connection } from "./session";

export function serviceClient(connection: Connection, limits = getNetworkLimits()): AdsClient {
  return new AdsClient({ ...connection, ...clientLimits(limits), onRequest: () => countRequest() });
}
