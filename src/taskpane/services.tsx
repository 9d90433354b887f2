/**
 * What every panel needs, through React context: the connected client (or null), the Excel host to
 * pass to src/excel, the activity list and a notifier. The pane and the preview provide it.
 */
import { createContext, useContext, useEffect } from "react";
import type { AdsClient } from "../api/client";

/** The one message every panel gives when a request needs a connection. */
export const NOT_CONNECTED = "Not connected: connect with your API key on the Connect tab first.";

/** Clears a panel's "Not connected" message once the session has its client: it is no longer true. */
export function useClearNotConnected(
  client: AdsClient | null,
  message: { text: string } | null,
  clear: () => void,
): void {
  const stale = client !== null && message?.text === NOT_CONNECTED;
  useEffect(() => {
    if (stale) clear();
  }, [stale, clear]);
}

/** The part of the Excel namespace src/excel uses: the real one in Office, the in-memory one in the preview. */
export interface ExcelHost {
  run: typeof Excel.run;
}

type ActivityStatus = "running" | "done" | "failed" | "cancelled";

export interface ActivityEntry {
  id: number;
  label: string;
  /** What was asked, shown with a failure. */
  request: string;
  status: ActivityStatus;
  startedAt: number;
  endedAt?: number;
  detail?: string;
  /** A failure's Details: the request as the service names it, for support (shown collapsed, copyable). */
  details?: string;
  cancel?: () => void;
  /**
   * Asks once more, where that is safe (errorWords.canTryAgain): a passing failure, or one that left it
   * unknown whether the request reached the service (never re-sent by itself: it counts).
   */
  tryAgain?: () => void;
}

export interface Activity {
  start(label: string, request: string, cancel?: () => void): number;
  update(id: number, patch: Partial<Omit<ActivityEntry, "id">>): void;
}

export type Intent = "success" | "error" | "info" | "warning";

export interface Services {
  client: AdsClient | null;
  excel: ExcelHost;
  activity: Activity;
  notify(message: string, intent?: Intent): void;
  /** Opens the Reports tab with a definition pre-filled (Edit request). */
  editReport(sheetName: string): void;
}

export const ServicesContext = createContext<Services | null>(null);

export function useServices(): Services {
  const s = useContext(ServicesContext);
  if (!s) throw new Error("useServices must be used inside the task pane");
  return s;
}
