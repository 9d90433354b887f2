/**
 * One report sheet in the Sheets panel: its last refresh and status, Refresh, Edit request, Forget
 * request (with a confirming second click) and its two switches.
 */
import { Button, Checkbox, useId } from "@fluentui/react-components";
import { Text } from "../../components/Prose";
import type { BoundStatus } from "../../../excel/reportBindings";
import {
  refreshOneSheet,
  setRefreshOnOpen,
  setReportChartOn,
  type ReportSheetSummary,
} from "../../reportActions";
import type { Services } from "../../services";
import { localStamp } from "../../../reports/statusLine";
import type { ReportSheets } from "./useReportSheets";

/** "Forget request" (keep the data, stop refreshing), which waits for a confirming second click. */
export interface ForgetRequest {
  /** The sheet whose Forget request waits for its confirmation. */
  confirming: string | null;
  ask(sheetName: string): void;
  cancel(sheetName: string): void;
  confirm(sheetName: string): void;
}

export interface ReportSheetItemProps {
  sheet: ReportSheetSummary;
  services: Services;
  list: Pick<ReportSheets, "switching" | "toggle" | "refreshing" | "busy">;
  forget: ForgetRequest;
}

/** The parameters taken from cells: what the data was fetched with, and whether the cells changed since. */
function BoundCells({ bound }: { bound: BoundStatus }) {
  return (
    <>
      <Text block size={200} className="bound-cells">
        From cells: {bound.fetched.join("; ")}
      </Text>
      {bound.changed.length > 0 && (
        <Text block size={200} className="stale">
          Stale: the cells changed since the last refresh ({bound.changed.join("; ")}). Refresh to fetch with
          them.
        </Text>
      )}
      {bound.problems.length > 0 && (
        <Text block size={200} className="error">
          The next refresh will refuse: {bound.problems.join("; ")}
        </Text>
      )}
    </>
  );
}

export function ReportSheetItem({ sheet: s, services, list, forget }: ReportSheetItemProps) {
  const noteId = useId("sheet-note");
  const { refreshing } = list;
  return (
    <li data-sheet={s.sheetName}>
      <Text weight="semibold">{s.sheetName}</Text>
      <Text block size={200}>
        {s.label} · {s.rowCount.toLocaleString("en-US")} rows · {s.status}
        {/* The same stamp as the sheet's own status line. */}
        {s.lastRefresh ? ` · refreshed ${localStamp(s.lastRefresh)}` : ""}
      </Text>
      {s.lastError && (
        <Text block size={200} className="error">
          {s.readOnly ? "Read-only" : "Last error"}: {s.lastError}
        </Text>
      )}
      {s.bound && <BoundCells bound={s.bound} />}
      {s.notes.length > 0 && (
        <Text block size={200}>
          Last refresh noted: {s.notes.join("; ")}
        </Text>
      )}
      <Button
        size="small"
        aria-label={`Refresh ${s.sheetName}`}
        onClick={list.busy(s.sheetName, () => refreshOneSheet(services, s.sheetName))}
        disabled={!services.client || s.readOnly}
        disabledFocusable={refreshing.has(s.sheetName) || refreshing.has("*")}
      >
        {refreshing.has(s.sheetName) ? "Refreshing…" : "Refresh"}
      </Button>
      <Button
        size="small"
        aria-label={`Edit request of ${s.sheetName}`}
        onClick={() => services.editReport(s.sheetName)}
        // Focusable while unavailable, so its reason (below) is read with it and shown as its tooltip.
        disabledFocusable={!s.editable}
        title={s.editBlocked}
        aria-describedby={s.editBlocked ? `${noteId}-edit` : undefined}
      >
        Edit request
      </Button>
      {s.editBlocked && (
        <Text size={200} id={`${noteId}-edit`} data-testid="edit-blocked">
          {s.editBlocked}
        </Text>
      )}
      <ForgetRequestButtons sheetName={s.sheetName} forget={forget} />
      <SheetSwitches sheet={s} services={services} list={list} />
    </li>
  );
}

/** Forget request…, or in its place its confirmation and Cancel. */
function ForgetRequestButtons({ sheetName, forget }: { sheetName: string; forget: ForgetRequest }) {
  if (forget.confirming !== sheetName)
    return (
      <Button
        size="small"
        aria-label={`Forget request of ${sheetName}`}
        onClick={() => forget.ask(sheetName)}
      >
        Forget request…
      </Button>
    );
  return (
    <>
      <Text block size={200}>
        The data stays on the sheet as it is now; the add-in forgets the request, so the sheet no longer
        refreshes.
      </Text>
      <Button
        size="small"
        appearance="primary"
        aria-label={`Forget request, keep data: ${sheetName}`}
        onClick={() => forget.confirm(sheetName)}
      >
        Forget request, keep data
      </Button>
      <Button size="small" onClick={() => forget.cancel(sheetName)}>
        Cancel
      </Button>
    </>
  );
}

/** Refresh when the workbook opens, and Chart with the table where the sheet can have one. */
function SheetSwitches({ sheet: s, services, list }: Omit<ReportSheetItemProps, "forget">) {
  const { switching, toggle } = list;
  return (
    <>
      <Checkbox
        label="Refresh when the workbook opens"
        checked={switching.get(`${s.sheetName}|open`) ?? s.refreshOnOpen}
        disabled={s.readOnly || switching.has(`${s.sheetName}|open`)}
        onChange={(_, d) =>
          toggle(`${s.sheetName}|open`, Boolean(d.checked), () =>
            setRefreshOnOpen(services, s.sheetName, Boolean(d.checked)),
          )
        }
      />
      {s.chartable && (
        <Checkbox
          label="Chart with the table"
          checked={switching.get(`${s.sheetName}|chart`) ?? s.chart.enabled}
          disabled={switching.has(`${s.sheetName}|chart`)}
          onChange={(_, d) =>
            toggle(`${s.sheetName}|chart`, Boolean(d.checked), () =>
              setReportChartOn(services, s.sheetName, Boolean(d.checked)),
            )
          }
        />
      )}
      {s.chart.deleted && !s.chart.enabled && (
        <Text block size={200} className="chart-deleted">
          Chart: off, because it was deleted on the sheet; refreshes leave it deleted. Switch it on to make it
          again.
        </Text>
      )}
      {s.chart.error && (
        <Text block size={200} className="error">
          Chart: {s.chart.error}
        </Text>
      )}
    </>
  );
}
