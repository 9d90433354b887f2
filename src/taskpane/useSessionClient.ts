/**
 * The service client of the session's connection and network limits, kept current as they change.
 * The client (with its schemas and the CSV reader) is not in the page's first load: it is loaded
 * when the session first has a connection, and every tab but Connect waits for it (App.tsx).
 */
import { useEffect, useMemo, useState } from "react";
import type { AdsClient } from "../api/client";
import { getConnection, getNetworkLimits, subscribe } from "../runtime/session";

type ClientModule = typeof import("../runtime/serviceClient");
let loaded: ClientModule | null = null;
/** The hooks waiting for the client's code: any later load that succeeds (a tab's Try again) serves them. */
const waiting = new Set<(m: ClientModule) => void>();

/** Loads the client's code once (a failed load is tried again on the next call). */
export function loadServiceClient(): Promise<ClientModule> {
  return import(/* webpackChunkName: "client" */ "../runtime/serviceClient").then((m) => {
    loaded = m;
    for (const done of waiting) done(m);
    return m;
  });
}

export interface SessionClient {
  /** The client, or null while not connected (or while its code is still loading). */
  client: AdsClient | null;
  /** Whether the session has a connection (its client may still be loading). */
  connected: boolean;
}

export function useSessionClient(): SessionClient {
  const [connection, setConn] = useState(getConnection());
  const [limits, setLimits] = useState(getNetworkLimits());
  const [module, setModule] = useState(loaded);
  useEffect(
    () =>
      subscribe(() => {
        setConn(getConnection());
        setLimits(getNetworkLimits());
      }),
    [],
  );
  useEffect(() => {
    if (module) return;
    waiting.add(setModule);
    // A failed load shows where the client is needed: the tab that waits for it says so, and its
    // Try again loads it again (App.tsx), which serves this hook too.
    if (connection) loadServiceClient().catch(() => undefined);
    return () => void waiting.delete(setModule);
  }, [connection, module]);
  const client = useMemo(
    () => (connection && module ? module.serviceClient(connection, limits) : null),
    [connection, limits, module],
  );
  return { client, connected: connection !== null };
}
