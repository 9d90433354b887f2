/** Report sheets: every sheet the add-in wrote, with last refresh and status; refresh one or all, edit, forget the request (the data stays). */
import { useCallback, useEffect, useRef, useState } from "react";
import { Button, Checkbox, Text } from "@fluentui/react-components";
import { PaneMessage } from "../components/PaneMessage";
import { DashboardSection } from "../components/DashboardSection";
import {
  listReportSheets,
  refreshAllSheets,
  refreshOneSheet,
  removeReportSheet,
  setRefreshOnOpen,
  setReportChartOn,
  type ReportSheetSummary,
} from "../reportActions";
import { useServices } from "../services";
import { find, useFocusAfterRender } from "../focus";
import { refreshAdsFunctions } from "../../functions/recalculate";
import { localStamp } from "../../reports/statusLine";
import { refreshLockState, subscribeRefreshLock, type RefreshOrigin } from "../../runtime/refreshLock";

/** "Refreshing Spend (started from the ribbon)… 1 more waiting": the workbook's one refresh at a time, whoever started it. */
function useRefreshLock(): string | null {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => {
    const show = () => {
      const { running, waiting } = refreshLockState();
      setText(
        running
          ? `Refreshing ${running.sheetName} (started from ${FROM[running.origin]})…${waiting.length ? ` ${waiting.length} more waiting` : ""}`
          : null,
      );
    };
    show();
    return subscribeRefreshLock(show);
  }, []);
  return text;
}

const FROM: Record<RefreshOrigin, string> = {
  pane: "this pane",
  ribbon: "the ribbon",
  "refresh all": "Refresh all",
  "refresh on open": "opening the workbook",
  "self-test": "the self-test",
};

export function SheetsPanel() {
  const services = useServices();
  const lockText = useRefreshLock();
  const [sheets, setSheets] = useState<ReportSheetSummary[]>([]);
  const [error, setError] = useState<string | null>(null);
  /** The sheet whose "Forget request" (keep the data, stop refreshing) waits for a confirming second click. */
  const [confirming, setConfirming] = useState<string | null>(null);
  const root = useRef<HTMLElement>(null);
  const reloadRef = useRef<HTMLButtonElement>(null);
  // "Forget request…" and its confirmation replace each other: focus goes to whichever is shown.
  const focusAfterRender = useFocusAfterRender();
  const button = (label: string) => find(root, `button[aria-label="${CSS.escape(label)}"]`);

  const reload = useCallback(async () => {
    try {
      setSheets(await listReportSheets(services));
      setError(null);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  }, [services]);

  useEffect(() => {
    void reload();
  }, [reload]);

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

  return (
    <section aria-label="Report sheets" className="panel" ref={root}>
      <div className="toolbar">
        <Button
          appearance="primary"
          onClick={busy("*", () => refreshAllSheets(services))}
          disabled={!services.client || sheets.length === 0}
          disabledFocusable={refreshing.size > 0}
        >
          {refreshing.has("*") ? "Refreshing all…" : "Refresh all"}
        </Button>
        <Button onClick={act(() => refreshAdsFunctions(services.excel))}>Refresh ADS functions</Button>
        <Button onClick={() => void reload()} ref={reloadRef}>
          Reload list
        </Button>
      </div>
      {lockText && (
        <Text block role="status" size={200}>
          {lockText}
        </Text>
      )}
      {error && <PaneMessage intent="error">{error}</PaneMessage>}
      {sheets.length === 0 ? (
        <Text>No report sheets yet: run a report or a search.</Text>
      ) : (
        <ul className="sheets">
          {sheets.map((s) => (
            <li key={s.sheetName} data-sheet={s.sheetName}>
              <Text weight="semibold">{s.sheetName}</Text>
              <Text block size={200}>
                {s.label} · {s.rowCount} rows · {s.status}
                {/* The same stamp as the sheet's own status line. */}
                {s.lastRefresh ? ` · refreshed ${localStamp(s.lastRefresh)}` : ""}
              </Text>
              {s.lastError && (
                <Text block size={200} className="error">
                  Last error: {s.lastError}
                </Text>
              )}
              <Button
                size="small"
                aria-label={`Refresh ${s.sheetName}`}
                onClick={busy(s.sheetName, () => refreshOneSheet(services, s.sheetName))}
                disabled={!services.client}
                disabledFocusable={refreshing.has(s.sheetName) || refreshing.has("*")}
              >
                {refreshing.has(s.sheetName) ? "Refreshing…" : "Refresh"}
              </Button>
              <Button
                size="small"
                aria-label={`Edit request of ${s.sheetName}`}
                onClick={() => services.editReport(s.sheetName)}
                disabled={!s.editable}
              >
                Edit request
              </Button>
              {confirming === s.sheetName ? (
                <>
                  <Text block size={200}>
                    The data stays on the sheet as it is now; the add-in forgets the request, so the sheet no
                    longer refreshes.
                  </Text>
                  <Button
                    size="small"
                    appearance="primary"
                    aria-label={`Forget request, keep data: ${s.sheetName}`}
                    onClick={() => {
                      setConfirming(null);
                      // The sheet leaves the list: focus waits on Reload list.
                      reloadRef.current?.focus();
                      act(() => removeReportSheet(services, s.sheetName))();
                    }}
                  >
                    Forget request, keep data
                  </Button>
                  <Button
                    size="small"
                    onClick={() => {
                      setConfirming(null);
                      focusAfterRender(button(`Forget request of ${s.sheetName}`));
                    }}
                  >
                    Cancel
                  </Button>
                </>
              ) : (
                <Button
                  size="small"
                  aria-label={`Forget request of ${s.sheetName}`}
                  onClick={() => {
                    setConfirming(s.sheetName);
                    focusAfterRender(button(`Forget request, keep data: ${s.sheetName}`));
                  }}
                >
                  Forget request…
                </Button>
              )}
              <Checkbox
                label="Refresh when the workbook opens"
                checked={switching.get(`${s.sheetName}|open`) ?? s.refreshOnOpen}
                disabled={switching.has(`${s.sheetName}|open`)}
                onChange={(_, d) =>
                  toggle(`${s.sheetName}|open`, Boolean(d.checked), () =>
                    setRefreshOnOpen(services, s.sheetName, Boolean(d.checked)),
                  )
                }
              />
              {s.chartable && (
                <Checkbox
                  label="Chart beside the table"
                  checked={switching.get(`${s.sheetName}|chart`) ?? s.chart.enabled}
                  disabled={switching.has(`${s.sheetName}|chart`)}
                  onChange={(_, d) =>
                    toggle(`${s.sheetName}|chart`, Boolean(d.checked), () =>
                      setReportChartOn(services, s.sheetName, Boolean(d.checked)),
                    )
                  }
                />
              )}
              {s.chart.error && (
                <Text block size={200} className="error">
                  Chart: {s.chart.error}
                </Text>
              )}
            </li>
          ))}
        </ul>
      )}
      <DashboardSection sheets={sheets.map((s) => s.sheetName)} />
    </section>
  );
}
