/** The service client of the session's connection and network limits, kept current as they change. */
import { useEffect, useMemo, useState } from "react";
import type { AdsClient } from "../api/client";
import { serviceClient } from "../runtime/serviceClient";
import { getConnection, getNetworkLimits, subscribe } from "../runtime/session";

/** The client, or null while not connected. */
export function useSessionClient(): AdsClient | null {
  const [connection, setConn] = useState(getConnection());
  const [limits, setLimits] = useState(getNetworkLimits());
  useEffect(
    () =>
      subscribe(() => {
        setConn(getConnection());
        setLimits(getNetworkLimits());
      }),
    [],
  );
  return useMemo(() => (connection ? serviceClient(connection, limits) : null), [connection, limits]);
}
