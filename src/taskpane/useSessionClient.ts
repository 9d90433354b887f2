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

/** Loads the client's code once (a failed load is tried again on the next call). */
export function loadServiceClient(): Promise<ClientModule> {
  return import(/* webpackChunkName: "client" */ "../runtime/serviceClient").then((m) => (loaded = m));
}

/** The client, or null while not connected (or while its code is still loading). */
export function useSessionClient(): AdsClient | null {
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
    // A failed load shows where the client is needed: the tab that waits for it says so (App.tsx).
    if (connection && !module) loadServiceClient().then(setModule, () => undefined);
  }, [connection, module]);
  return useMemo(
    () => (connection && module ? module.serviceClient(connection, limits) : null),
    [connection, limits, module],
  );
}
