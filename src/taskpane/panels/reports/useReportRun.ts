/**
 * Running the Reports form's request: checked field by field before anything is sent, then written
 * to a new sheet in the chosen look (or, under Edit request, to the sheet being edited), one run at
 * a time, with the form's message.
 */
import { useEffect, useRef, useState, type RefObject } from "react";
import { REPORT_ENDPOINTS } from "../../../api/schemas";
import { presetFor } from "../../datePresetOptions";
import { optionWords } from "../../reportForms";
import { rememberNames } from "../../../runtime/recentNames";
import { runSourceToSheet, type RunOutcome, type SheetRequest } from "../../reportActions";
import { refusedAdvertiser } from "../../../api/errorWords";
import { CHART_KINDS } from "../../../excel/charts/chartChoice";
import { DEFAULT_STYLE, type TableStyleId } from "../../../reports/tableStyles";
import { NOT_CONNECTED, useClearNotConnected, type Services } from "../../services";
import { schemaErrors } from "../../validation";
import { firstInvalid, type useFocusAfterRender } from "../../focus";
import type { ReportRequest } from "./useReportRequest";
import { useKept } from "../../paneMemory";

/** The form's message, shown at its top where the eye starts. */
export interface FormMessage {
  intent: "warning" | "error" | "info";
  text: string;
  /** An edit that failed: its request is still in the form for another try. */
  editKept?: boolean;
  /** An edit whose sheet's name no longer says its period: the name offered (Rename / Keep the name). */
  rename?: { from: string; to: string };
}

export interface ReportRun {
  running: boolean;
  message: FormMessage | null;
  setMessage(message: FormMessage | null): void;
  tableStyle: TableStyleId;
  setTableStyle(style: TableStyleId): void;
  chart: boolean;
  setChart(chart: boolean): void;
  run(): Promise<void>;
}

export interface ReportRunOptions {
  services: Services;
  request: ReportRequest;
  editing: SheetRequest | null | undefined;
  onEdited: (() => void) | undefined;
  formRef: RefObject<HTMLFormElement>;
  focusAfterRender: ReturnType<typeof useFocusAfterRender>;
}

/** The form's message once a run ended: a rename offered, or why it failed where the form should say it. */
function afterRun(outcome: RunOutcome, editing: boolean): FormMessage | null {
  if (outcome.ok)
    return outcome.rename
      ? {
          intent: "info",
          text: `The sheet's name, ${outcome.rename.from}, no longer says what it asks for. Rename it to ${outcome.rename.to}?`,
          rename: outcome.rename,
        }
      : null;
  // The advertiser's name is what to fix: the reason (and the close names) stays by the fields. A
  // failed edit stays open too: the sheet kept its old request and data, and the planner can fix the
  // cause (move a note, say) and save again.
  if (outcome.refused || (editing && !outcome.cancelled))
    return { intent: "error", text: outcome.reason, ...(editing ? { editKept: true } : {}) };
  return null;
}

export function useReportRun(options: ReportRunOptions): ReportRun {
  const { services, request, editing, onEdited, formRef, focusAfterRender } = options;
  const { kind, form, preset, labels } = request;
  const [running, setRunning] = useState(false);
  const [message, setMessage] = useState<FormMessage | null>(null);
  useClearNotConnected(services.client, message, () => setMessage(null));
  // How the new sheet looks: kept across runs, so a planner's choice holds for the next report.
  const [tableStyle, setTableStyle] = useKept<TableStyleId>("reports.tableStyle", DEFAULT_STYLE);
  const [chart, setChart] = useKept("reports.chart", true);
  // Whether this form is still on screen when a run ends (it shows a failed edit's reason itself).
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  async function run() {
    setMessage(null);
    if (!services.client) {
      setMessage({ intent: "warning", text: NOT_CONNECTED });
      return;
    }
    const params = request.buildParams();
    const datePreset = form.dates ? presetFor(preset) : undefined;
    const check = schemaErrors(REPORT_ENDPOINTS[kind].schema, params, labels);
    for (const f of form.fields) if (check[f.name]) check[f.name] = optionWords(f, check[f.name]);
    // A parameter taken from a cell is read from it when the report runs (and refused there, named).
    for (const param of Object.keys(request.cells)) delete check[param];
    request.setErrors(check);
    if (Object.keys(check).length) {
      setMessage({ intent: "warning", text: "Nothing was sent: fix the fields marked below." });
      focusAfterRender(firstInvalid(formRef));
      return;
    }
    const cells = Object.fromEntries(Object.entries(request.cells).map(([p, c]) => [p, c.address]));
    const sheetRequest: SheetRequest = { kind, params, datePreset, sheetName: editing?.sheetName, cells };
    // One run at a time from this form: a second click would make a second sheet.
    setRunning(true);
    const outcome = await runSourceToSheet(
      services,
      sheetRequest,
      { tableStyle, chart: CHART_KINDS.has(kind) && chart },
      // A failed edit stays open here with its reason, and so does a refused advertiser (the planner
      // fixes the name here): no toast over the form as well.
      (err) => (Boolean(editing) || refusedAdvertiser(err)) && mounted.current,
    );
    setRunning(false);
    // Names the service took are remembered (a refused one is not offered again as a close name).
    if (outcome.ok)
      for (const f of form.fields)
        if (f.recent && Array.isArray(params[f.name])) rememberNames(params[f.name] as string[]);
    if (outcome.ok && editing) onEdited?.();
    if (mounted.current) setMessage(afterRun(outcome, Boolean(editing)));
  }

  return { running, message, setMessage, tableStyle, setTableStyle, chart, setChart, run };
}
