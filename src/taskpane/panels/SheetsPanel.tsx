/**
 * Report sheets: every sheet the add-in wrote, with last refresh and status; refresh one or all
 * (Refresh all: the sheets and the ADS functions, asked for once over the planner's limit), edit,
 * forget the request (the data stays); how old the ADS functions' held answers are, and their refresh.
 */
import { useEffect, useRef, useState } from "react";
import { Button } from "@fluentui/react-components";
import { Text } from "../components/Prose";
import { PaneMessage } from "../components/PaneMessage";
import { DashboardSection } from "../components/DashboardSection";
import { refreshAllSheets, removeReportSheet } from "../reportActions";
import { useServices } from "../services";
import { find, useFocusAfterRender } from "../focus";
import { refreshLockState, subscribeRefreshLock, type RefreshOrigin } from "../../runtime/refreshLock";
import { useReportSheets } from "./sheets/useReportSheets";
import { ReportSheetItem, type ForgetRequest } from "./sheets/ReportSheetItem";
import { ReportSets } from "./sheets/ReportSets";
import { FunctionAnswers } from "./sheets/FunctionAnswers";

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
  "report set": "a report set's run",
};

export function SheetsPanel() {
  const services = useServices();
  const lockText = useRefreshLock();
  const list = useReportSheets(services);
  const { sheets, error, reload, act, refreshing } = list;
  /** The sheet whose "Forget request" (keep the data, stop refreshing) waits for a confirming second click. */
  const [confirming, setConfirming] = useState<string | null>(null);
  const root = useRef<HTMLElement>(null);
  const reloadRef = useRef<HTMLButtonElement>(null);
  // "Forget request…" and its confirmation replace each other: focus goes to whichever is shown.
  const focusAfterRender = useFocusAfterRender();
  const button = (label: string) => find(root, `button[aria-label="${CSS.escape(label)}"]`);
  const forget: ForgetRequest = {
    confirming,
    ask: (sheetName) => {
      setConfirming(sheetName);
      focusAfterRender(button(`Forget request, keep data: ${sheetName}`));
    },
    cancel: (sheetName) => {
      setConfirming(null);
      focusAfterRender(button(`Forget request of ${sheetName}`));
    },
    confirm: (sheetName) => {
      setConfirming(null);
      // The sheet leaves the list: focus waits on Reload list.
      reloadRef.current?.focus();
      act(() => removeReportSheet(services, sheetName))();
    },
  };

  return (
    <section
      aria-label="Report sheets"
      className="panel"
      ref={root}
      // Back in the pane from the workbook: a sheet may have been renamed or deleted there.
      onPointerEnter={list.recheck}
      onFocus={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget)) list.recheck();
      }}
    >
      <div className="toolbar">
        <Button
          appearance="primary"
          onClick={list.busy("*", () => refreshAllSheets(services))}
          disabled={!services.client}
          disabledFocusable={refreshing.size > 0}
        >
          {refreshing.has("*") ? "Refreshing all…" : "Refresh all"}
        </Button>
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
            <ReportSheetItem key={s.sheetName} sheet={s} services={services} list={list} forget={forget} />
          ))}
        </ul>
      )}
      <ReportSets services={services} sheets={sheets} />
      <FunctionAnswers excel={services.excel} act={act} />
      <DashboardSection sheets={sheets.filter((s) => s.dashboard).map((s) => s.sheetName)} />
    </section>
  );
}
