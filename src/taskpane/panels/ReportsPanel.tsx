/** Reports: a form for each of the seven task endpoints; validation per field before anything is sent. */
import { useRef } from "react";
import { Button, Field, Select } from "@fluentui/react-components";
import { REPORT_ENDPOINTS, REPORT_KINDS, type ReportKind } from "../../api/schemas";
import { RecentNames } from "../components/FormField";
import { renameSheet, type SheetRequest } from "../reportActions";
import { useServices } from "../services";
import { useFocusAfterRender } from "../focus";
import { useReportRequest } from "./reports/useReportRequest";
import { useReportRun } from "./reports/useReportRun";
import { ReportFormMessages, ReportWarnings } from "./reports/ReportFormMessages";
import { ReportDates } from "./reports/ReportDates";
import { ReportFields } from "./reports/ReportFields";
import { NewSheetLook } from "./reports/NewSheetLook";
import { CellParams } from "./reports/CellParams";

export interface ReportsPanelProps {
  /** A definition to edit (Edit request): the form opens pre-filled and refreshes that sheet. */
  editing?: SheetRequest | null;
  onEdited?(): void;
}

/** "Parameters from cells" of the report being built: its dates and every field. */
const cellParamsOf = (r: ReturnType<typeof useReportRequest>) => ({
  kind: r.kind,
  params: [...(r.form.dates ? ["startDate", "endDate"] : []), ...r.form.fields.map((f) => f.name)],
  labels: r.labels,
  cells: r.cells,
  setCell: r.setCell,
});

export function ReportsPanel({ editing, onEdited }: ReportsPanelProps) {
  const services = useServices();
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();
  const request = useReportRequest(editing, formRef, focusAfterRender);
  const reportRun = useReportRun({
    services,
    request,
    editing,
    onEdited,
    formRef,
    focusAfterRender,
  });
  const { running, message, setMessage, run } = reportRun;
  const { kind, form } = request;

  function endEdit() {
    setMessage(null);
    onEdited?.();
  }

  function cancelEdit() {
    // The banner and its button go away with the edit: focus moves to the form's own button.
    submitRef.current?.focus();
    endEdit();
  }

  return (
    <section aria-label="Reports" className="panel">
      <RecentNames />
      <form
        noValidate
        ref={formRef}
        onSubmit={(e) => {
          e.preventDefault();
          // Run report stays focusable while it runs (disabledFocusable): a second Enter sends nothing.
          if (!running) void run();
        }}
        onKeyDown={(e) => {
          // Escape leaves Edit request without saving, as Cancel edit does.
          if (e.key === "Escape" && editing) endEdit();
        }}
      >
        <ReportFormMessages
          editing={editing}
          message={message}
          formError={request.errors.form}
          onCancelEdit={cancelEdit}
          onRename={(to) => {
            const from = message?.rename?.from;
            setMessage(null);
            submitRef.current?.focus();
            if (to && from) void renameSheet(services, from, to);
          }}
        />
        <Field label="Report">
          <Select
            name="reportKind"
            value={kind}
            disabled={Boolean(editing)}
            onChange={(_, d) => request.chooseKind(d.value as ReportKind)}
          >
            {REPORT_KINDS.map((k) => (
              <option key={k} value={k}>
                {REPORT_ENDPOINTS[k].label}
              </option>
            ))}
          </Select>
        </Field>
        {form.dates && <ReportDates request={request} />}
        <ReportFields request={request} />
        <CellParams {...cellParamsOf(request)} />
        {!editing && <NewSheetLook kind={kind} look={reportRun} />}
        <ReportWarnings warnings={request.warnings} />
        <Button appearance="primary" type="submit" disabledFocusable={running} ref={submitRef}>
          {running
            ? "Running… (see Activity below)"
            : editing
              ? `Save and refresh ${editing.sheetName}`
              : "Run report"}
        </Button>
      </form>
    </section>
  );
}
