/**
 * Whichever tab the pane shows, a report or report set whose input cells changed is said to be stale
 * as it happens (live staleness, src/excel/inputWatch.ts): one line naming them, until the Sheets tab
 * (which lists them with why, and refreshes them) is opened, or until they are no longer stale. Each
 * is checked (inputWatchPane.ts `stillStale`, no request) before it is named, when a refresh or a
 * set's run ends, and when the line would show again: a set refreshed on the Sheets tab, or cells
 * typed back to what was fetched, take it off the line.
 */
import { useCallback, useEffect, useRef, useState } from "react";
import { PaneMessage } from "./components/PaneMessage";
import { onStale, type StaleTarget } from "../excel/staleListeners";
import { refreshLockState, subscribeRefreshLock } from "../runtime/refreshLock";
import { stillStale } from "./inputWatchPane";

const named = (t: StaleTarget) => (t.kind === "set" ? `the report set ${t.name}` : t.sheetName);
const keyOf = (t: StaleTarget) => (t.kind === "set" ? `set:${t.id}` : `report:${t.sheetName}`);

export function StaleNotice({ onSheetsTab }: { onSheetsTab: boolean }) {
  const [stale, setStale] = useState<StaleTarget[]>([]);
  // How many times each target was told stale: a check's answer counts only if none was told since.
  const told = useRef(new Map<string, number>());
  const check = useCallback((targets: readonly StaleTarget[], add: boolean) => {
    for (const t of targets) {
      const key = keyOf(t);
      const at = told.current.get(key);
      void stillStale(t).then((still) => {
        if (told.current.get(key) !== at) return;
        setStale((old) => {
          const others = old.filter((o) => keyOf(o) !== key);
          const had = others.length < old.length;
          return still && (add || had) ? (had ? old : [...old, t]) : others;
        });
      });
    }
  }, []);
  useEffect(
    () =>
      onStale((t) => {
        const key = keyOf(t);
        told.current.set(key, (told.current.get(key) ?? 0) + 1);
        // Shown once its check says it is stale (a cell typed back to what was fetched is not).
        check([t], true);
      }),
    [check],
  );
  // A refresh or a set's run that ended may have taken in what was stale.
  const latest = useRef(stale);
  useEffect(() => {
    latest.current = stale;
  }, [stale]);
  useEffect(
    () =>
      subscribeRefreshLock(() => {
        if (!refreshLockState().running) check(latest.current, false);
      }),
    [check],
  );
  useEffect(() => {
    if (onSheetsTab) setStale([]);
    else check(latest.current, false);
  }, [onSheetsTab, check]);
  if (onSheetsTab || stale.length === 0) return null;
  const names = stale.map(named);
  return (
    <PaneMessage intent="warning" data-testid="stale-notice">
      {`Stale: ${names.join(", ")} (the cells ${names.length === 1 ? "it takes" : "they take"} changed). Refresh on the Sheets tab.`}
    </PaneMessage>
  );
}
