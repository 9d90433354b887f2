/**
 * The Sheets tab's Dashboard section: the planner ticks report sheets and makes (or makes again)
 * one Dashboard sheet of their KPIs, live formulas over the report tables, and their charts
 * (src/excel/dashboardSheet.ts).
 */
import { useEffect, useState, type Dispatch, type SetStateAction } from "react";
import type { DashboardCandidate } from "../../excel/dashboardSheet";
import { Button, Checkbox } from "@fluentui/react-components";
import { Text } from "./Prose";
import { PaneMessage } from "./PaneMessage";
import { useServices } from "../services";

interface Props {
  /**
   * The report sheets listed in the tab that the Dashboard can summarise (their columns give a KPI:
   * src/reports/dashboard.ts, canSummarise): only these are offered; when they change, the choice is
   * read again.
   */
  sheets: readonly string[];
}

type Message = { intent: "success" | "error"; text: string } | null;
/** The reports unticked (by table), per workbook, while the pane is open. */
const unticked = new WeakMap<object, ReadonlySet<string>>();
const RENAMED = "The Dashboard now uses the report sheets' new names.";

/**
 * The report sheets the dashboard can show and those left off it, read again when the listed sheets
 * change (a report made, renamed or forgotten); a report on it renamed since is named anew first.
 */
function useDashboardChoice(listed: string, setMessage: Dispatch<SetStateAction<Message>>) {
  const { excel } = useServices();
  const [candidates, setCandidates] = useState<DashboardCandidate[]>([]);
  // The reports taken off, by their tables (a renamed sheet stays unticked): every report is on the
  // dashboard until the planner unticks it. Kept for the pane's life: the tab is left and opened again.
  const [off, setOffNow] = useState<ReadonlySet<string>>(() => unticked.get(excel) ?? new Set());
  const setOff: Dispatch<SetStateAction<ReadonlySet<string>>> = (next) =>
    setOffNow((old) => {
      const value = typeof next === "function" ? next(old) : next;
      unticked.set(excel, value);
      return value;
    });
  useEffect(() => {
    let live = true;
    void import("../../excel/dashboardSheet")
      .then(async (m) => {
        const renamed = await m.followRenamedReports(excel).catch(() => false);
        // Said once: the next reading of the list without a rename takes it away.
        if (live)
          setMessage((old) =>
            renamed ? { intent: "success", text: RENAMED } : old?.text === RENAMED ? null : old,
          );
        return Promise.all([m.dashboardCandidates(excel), m.existingDashboard(excel)]);
      })
      .then(([all, made]) => {
        if (!live) return;
        // A sheet whose every KPI would be "–" (a Prospects sheet) is not proposed.
        const offered = listed.split("\n");
        const c = all.filter((x) => offered.includes(x.sheet));
        setCandidates(c);
        // The reports left off the dashboard last time stay unticked.
        if (made) setOff(new Set(c.filter((x) => !made.reports.includes(x.sheet)).map((x) => x.table)));
      })
      .catch(() => live && setCandidates([]));
    return () => {
      live = false;
    };
  }, [excel, listed, setMessage]);
  return { candidates, off, setOff };
}

export function DashboardSection({ sheets }: Props) {
  const { excel } = useServices();
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<Message>(null);
  const { candidates, off, setOff } = useDashboardChoice(sheets.join("\n"), setMessage);

  if (candidates.length === 0) return null;
  const picked = candidates.filter((c) => !off.has(c.table)).map((c) => c.sheet);

  async function make(): Promise<void> {
    setBusy(true);
    setMessage(null);
    try {
      const { writeDashboard } = await import("../../excel/dashboardSheet");
      const made = await writeDashboard(excel, picked);
      setMessage({
        intent: "success",
        text: dashboardMade(made),
      });
    } catch (e) {
      setMessage({ intent: "error", text: e instanceof Error ? e.message : String(e) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <fieldset data-testid="dashboard">
      <legend>Dashboard</legend>
      <Text block size={200}>
        One sheet with the spend, impressions, reach, CPM and conversions of the reports you tick, and their
        last 7 days against the 7 before: live formulas over the report tables.
      </Text>
      {candidates.map((c) => (
        <Checkbox
          key={c.table}
          label={c.sheet}
          checked={!off.has(c.table)}
          onChange={(_, d) =>
            setOff((old) => {
              const next = new Set(old);
              if (d.checked) next.delete(c.table);
              else next.add(c.table);
              return next;
            })
          }
        />
      ))}
      <div className="toolbar">
        <Button onClick={() => void make()} disabledFocusable={busy || picked.length === 0}>
          {busy ? "Making the dashboard…" : "Make dashboard"}
        </Button>
      </div>
      {message && (
        <PaneMessage intent={message.intent} data-testid="dashboard-message">
          {message.text}
        </PaneMessage>
      )}
    </fieldset>
  );
}

/** What the planner is told once the dashboard is made: what it shows, and that it stays true. */
function dashboardMade(made: { sheetName: string; reports: string[]; charts: number }): string {
  const reports = made.reports.length === 1 ? "1 report" : `${made.reports.length} reports`;
  const charts = made.charts === 0 ? "" : made.charts === 1 ? " and 1 chart" : ` and ${made.charts} charts`;
  return `Sheet ${made.sheetName} shows ${reports}${charts}; its figures${charts ? " and charts" : ""} follow every refresh.`;
}
