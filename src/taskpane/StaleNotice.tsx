/**
 * Whichever tab the pane shows, a report or report set whose input cells changed is said to be stale
 * as it happens (live staleness, src/excel/inputWatch.ts): one line naming them, until the Sheets tab
 * (which lists them with why, and refreshes them) is opened.
 */
import { useEffect, useState } from "react";
import { PaneMessage } from "./components/PaneMessage";
import { onStale, type StaleTarget } from "../excel/staleListeners";

const named = (t: StaleTarget) => (t.kind === "set" ? `the report set ${t.name}` : t.sheetName);

export function StaleNotice({ onSheetsTab }: { onSheetsTab: boolean }) {
  const [stale, setStale] = useState<string[]>([]);
  useEffect(() => onStale((t) => setStale((old) => (old.includes(named(t)) ? old : [...old, named(t)]))), []);
  useEffect(() => {
    if (onSheetsTab) setStale([]);
  }, [onSheetsTab]);
  if (onSheetsTab || stale.length === 0) return null;
  return (
    <PaneMessage intent="warning" data-testid="stale-notice">
      {`Stale: ${stale.join(", ")} (the cells ${stale.length === 1 ? "it takes" : "they take"} changed). Refresh on the Sheets tab.`}
    </PaneMessage>
  );
}
