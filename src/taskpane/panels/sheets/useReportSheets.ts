/**
 * The Sheets panel's list of report sheets, read again after every action on them, with the
 * refreshes and switches under way (each one at a time, so a second press sends nothing again).
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { listReportSheets, type ReportSheetSummary } from "../../reportActions";
import type { Services } from "../../services";
import { onStale } from "../../../excel/staleListeners";
import { refreshInputWatch } from "../../inputWatchPane";

export interface ReportSheets {
  sheets: ReportSheetSummary[];
  error: string | null;
  reload(): Promise<void>;
  /**
   * Reads the list again when the planner comes back to the pane (a sheet may have been renamed,
   * deleted or made meanwhile in Excel), at most once a second.
   */
  recheck(): void;
  /** A click handler: does `fn`, then reloads the list, however it ended. */
  act(fn: () => Promise<unknown>): () => void;
  /** The switches being set, by "sheet|chart" or "sheet|open", with the value the planner chose. */
  switching: ReadonlyMap<string, boolean>;
  /** Sets switch `key` to `on` with `fn`, unless it is already being set. */
  toggle(key: string, on: boolean, fn: () => Promise<unknown>): void;
  /** The refreshes under way, by sheet name ("*" for Refresh all). */
  refreshing: ReadonlySet<string>;
  /** A click handler: refresh `key` with `fn`, unless it or Refresh all is under way. */
  busy(key: string, fn: () => Promise<unknown>): () => void;
}

/** The least time between two readings of the list on the planner's coming back. */
const RECHECK_MS = 1000;

export function useReportSheets(services: Services): ReportSheets {
  const [sheets, setSheets] = useState<ReportSheetSummary[]>([]);
  const [error, setError] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      setSheets(await listReportSheets(services));
      setError(null);
      // Reports or sets made, bound or moved since: the input watch reads its cells again.
      refreshInputWatch();
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, [services]);

  useEffect(() => {
    void reload();
  }, [reload]);
  // A report or set marked stale as its cells changed (inputWatch.ts): the list says so at once.
  useEffect(() => onStale(() => void reload()), [reload]);
  const lastCheck = useRef(0);
  const later = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (later.current && clearTimeout(later.current)), []);
  const recheck = () => {
    if (later.current) return;
    // Soon after the last reading, the next one waits for the rest of the interval: never dropped.
    const wait = Math.max(0, lastCheck.current + RECHECK_MS - Date.now());
    later.current = setTimeout(() => {
      later.current = null;
      lastCheck.current = Date.now();
      void reload();
    }, wait);
  };

  const act = (fn: () => Promise<unknown>) => () => void fn().finally(() => void reload());
  // A switch being set ("sheet|chart", "sheet|open"): it shows the planner's choice at once, and
  // stays disabled until the workbook says what it now holds (a sync takes a while in Excel).
  const [switching, setSwitching] = useState<ReadonlyMap<string, boolean>>(new Map());
  const toggle = (key: string, on: boolean, fn: () => Promise<unknown>) => {
    if (switching.has(key)) return;
    setSwitching((old) => new Map([...old, [key, on]]));
    void fn()
      .then(reload)
      .finally(() => setSwitching((old) => new Map([...old].filter(([k]) => k !== key))));
  };
  // Refreshes under way ("*" for Refresh all): a second press would send the request again.
  const [refreshing, setRefreshing] = useState<ReadonlySet<string>>(new Set());
  const busy = (key: string, fn: () => Promise<unknown>) => () => {
    if (refreshing.has(key) || refreshing.has("*")) return;
    setRefreshing((old) => new Set([...old, key]));
    void fn().finally(() => {
      setRefreshing((old) => new Set([...old].filter((k) => k !== key)));
      void reload();
    });
  };

  return { sheets, error, reload, recheck, act, switching, toggle, refreshing, busy };
}
