/** Reports: a form for each of the seven task endpoints; validation per field before anything is sent. */
import { useEffect, useMemo, useRef, useState } from "react";
import { Button, Checkbox, Field, Select, Text } from "@fluentui/react-components";
import { PaneMessage } from "../components/PaneMessage";
import { REPORT_ENDPOINTS, REPORT_KINDS, type ReportKind } from "../../api/schemas";
import { DATE_PRESET_OPTIONS, idFor, presetFor, type DatePresetId } from "../datePresetOptions";
import { FieldPicker } from "../components/FieldPicker";
import { DateField, FormField, RecentNames } from "../components/FormField";
import { formFromParams, paramsFromForm, REPORT_FORMS, type FormValues } from "../reportForms";
import { rememberNames } from "../recentNames";
import { runSourceToSheet, type SheetRequest } from "../reportActions";
import { CHART_KINDS } from "../../excel/reportCharts";
import { DEFAULT_STYLE, TABLE_STYLES, type TableStyleId } from "../../reports/tableStyles";
import { useServices, NOT_CONNECTED } from "../services";
import { labelWords, schemaErrors } from "../validation";
import { reportWarnings, serviceDateText, serviceDatesText } from "../reportAdvice";
import { resolvePreset } from "../../reports/relativeDates";
import { firstInvalid, useFocusAfterRender } from "../focus";

/** The form's message, shown at its top where the eye starts. */
interface FormMessage {
  intent: "warning" | "error";
  text: string;
  /** An edit that failed: its request is still in the form for another try. */
  editKept?: boolean;
}

export interface ReportsPanelProps {
  /** A definition to edit (Edit request): the form opens pre-filled and refreshes that sheet. */
  editing?: SheetRequest | null;
  onEdited?(): void;
}

export function ReportsPanel({ editing, onEdited }: ReportsPanelProps) {
  const services = useServices();
  const [kind, setKind] = useState<ReportKind>("impressions");
  const [running, setRunning] = useState(false);
  const [values, setValues] = useState<FormValues>({});
  // No preset chosen: the service's own dates (shown below), as when nothing is sent.
  const [preset, setPreset] = useState<DatePresetId>("serviceDefault");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<FormMessage | null>(null);
  // How the new sheet looks: kept across runs, so a planner's choice holds for the next report.
  const [tableStyle, setTableStyle] = useState<TableStyleId>(DEFAULT_STYLE);
  const [chart, setChart] = useState(true);
  const form = REPORT_FORMS[kind];
  const formRef = useRef<HTMLFormElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();

  useEffect(() => {
    if (!editing || !(REPORT_KINDS as readonly string[]).includes(editing.kind)) return;
    // Edit request came from the Sheets tab, whose button is gone: focus starts at the form's first field.
    focusAfterRender(() =>
      formRef.current?.querySelector<HTMLElement>("input:not([disabled]), select:not([disabled]), textarea"),
    );
    const k = editing.kind as ReportKind;
    setKind(k);
    const v = formFromParams(REPORT_FORMS[k].fields, editing.params);
    if (typeof editing.params.startDate === "string") v.startDate = editing.params.startDate;
    if (typeof editing.params.endDate === "string") v.endDate = editing.params.endDate;
    setValues(v);
    setPreset(idFor(editing.datePreset));
  }, [editing, focusAfterRender]);

  const fieldsValue = useMemo(
    () => (values.fields ? values.fields.split("\n").filter(Boolean) : []),
    [values.fields],
  );
  const set = (name: string) => (v: string) => setValues((old) => ({ ...old, [name]: v }));

  function buildParams(): Record<string, unknown> {
    const params = paramsFromForm(form.fields, values);
    if (form.dates && preset === "custom") {
      if (values.startDate) params.startDate = values.startDate;
      if (values.endDate) params.endDate = values.endDate;
    }
    return params;
  }

  const labels = useMemo<Record<string, string>>(
    () => ({
      ...Object.fromEntries(form.fields.map((f) => [f.name, f.label])),
      startDate: "Start date",
      endDate: "End date",
    }),
    [form],
  );
  // The settings the impressions column rules look at, as this form now has them.
  const columnRequest = {
    geoGrouping: values.geoGrouping || undefined,
    showIncrementalResults: values.showIncrementalResults === "true",
    incrementalDisplayType: values.incrementalDisplayType || undefined,
  };

  // Warnings never block: the spec's caveats where they bite, and values it gives no rule for.
  const warnings = useMemo(() => {
    const params = paramsFromForm(form.fields, values);
    const chosen = presetFor(preset);
    const dates = chosen
      ? resolvePreset(chosen)
      : { startDate: values.startDate || undefined, endDate: values.endDate || undefined };
    // In the form's words: "End date", not the request's "endDate".
    const worded = labelWords(labels);
    return Object.entries(reportWarnings(kind, { ...params, ...dates }, new Date())).map(
      ([field, text]) => `${labels[field] ?? field}: ${worded(text)}`,
    );
  }, [form, values, preset, kind, labels]);
  const serviceDates = serviceDatesText(kind);

  async function run() {
    setMessage(null);
    if (!services.client) {
      setMessage({ intent: "warning", text: NOT_CONNECTED });
      return;
    }
    const params = buildParams();
    const datePreset = form.dates ? presetFor(preset) : undefined;
    const check = schemaErrors(REPORT_ENDPOINTS[kind].schema, params, labels);
    setErrors(check);
    if (Object.keys(check).length) {
      setMessage({ intent: "warning", text: "Nothing was sent: fix the fields marked below." });
      focusAfterRender(firstInvalid(formRef));
      return;
    }
    for (const f of form.fields)
      if (f.recent && Array.isArray(params[f.name])) rememberNames(params[f.name] as string[]);
    const request: SheetRequest = { kind, params, datePreset, sheetName: editing?.sheetName };
    // One run at a time from this form: a second click would make a second sheet.
    setRunning(true);
    const outcome = await runSourceToSheet(services, request, {
      tableStyle,
      chart: CHART_KINDS.has(kind) && chart,
    });
    setRunning(false);
    if (outcome.ok) {
      if (editing) onEdited?.();
    } else if (editing && !outcome.cancelled) {
      // The sheet kept its old request and data; the edit stays here so the planner can fix the cause
      // (move a note, say) and save again.
      setMessage({ intent: "error", text: outcome.reason, editKept: true });
    }
  }

  function endEdit() {
    setMessage(null);
    onEdited?.();
  }

  function cancelEdit() {
    // The banner and its button go away with the edit: focus moves to the form's own button.
    submitRef.current?.focus();
    endEdit();
  }

  const basic = form.fields.filter((f) => !f.advanced);
  const advanced = form.fields.filter((f) => f.advanced);
  const renderField = (f: (typeof form.fields)[number]) =>
    f.type === "fields" ? (
      <FieldPicker
        key={f.name}
        value={fieldsValue}
        request={columnRequest}
        words={labelWords(labels)}
        error={errors[f.name]}
        onChange={(list) => set("fields")(list.join("\n"))}
      />
    ) : (
      <FormField
        key={f.name}
        spec={f}
        value={values[f.name] ?? ""}
        error={errors[f.name]}
        onChange={set(f.name)}
      />
    );

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
        {editing && (
          <PaneMessage
            intent="info"
            data-testid="edit-banner"
            actions={<Button onClick={cancelEdit}>Cancel edit</Button>}
          >
            Editing the request of sheet <strong>{editing.sheetName}</strong>. Save and refresh updates that
            sheet; Cancel edit leaves it as it is.
          </PaneMessage>
        )}
        {message && (
          <PaneMessage intent={message.intent} role="alert" data-testid="form-message">
            {message.text}
            {message.editKept && (
              <Text block>Your edited request is kept: fix this, then choose Save and refresh again.</Text>
            )}
          </PaneMessage>
        )}
        {/* A rule over several fields has no field of its own: it sits with the message, focusable. */}
        {errors.form && (
          <PaneMessage intent="error" data-invalid tabIndex={-1}>
            {errors.form}
          </PaneMessage>
        )}
        <Field label="Report">
          <Select
            name="reportKind"
            value={kind}
            disabled={Boolean(editing)}
            onChange={(_, d) => {
              setKind(d.value as ReportKind);
              setValues({});
              setErrors({});
            }}
          >
            {REPORT_KINDS.map((k) => (
              <option key={k} value={k}>
                {REPORT_ENDPOINTS[k].label}
              </option>
            ))}
          </Select>
        </Field>
        {form.dates && (
          <fieldset className="dates">
            <legend>Dates</legend>
            <Field
              label="Date range"
              hint={`Relative ranges are worked out again at each refresh. Service default for this report: ${serviceDates}.`}
            >
              <Select
                name="datePreset"
                value={preset}
                onChange={(_, d) => setPreset(d.value as DatePresetId)}
              >
                {DATE_PRESET_OPTIONS.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.label}
                  </option>
                ))}
              </Select>
            </Field>
            {preset === "serviceDefault" && (
              <Text block data-testid="service-dates">
                No dates are sent: the service uses its own, {serviceDates}.
              </Text>
            )}
            {preset === "custom" && (
              <>
                <DateField
                  label="Start date"
                  name="startDate"
                  value={values.startDate ?? ""}
                  onChange={set("startDate")}
                  whenEmpty={serviceDateText(kind, "startDate") ?? "the service's default"}
                  error={errors.startDate}
                />
                <DateField
                  label="End date"
                  name="endDate"
                  value={values.endDate ?? ""}
                  onChange={set("endDate")}
                  whenEmpty={serviceDateText(kind, "endDate") ?? "the service's default"}
                  error={errors.endDate}
                />
              </>
            )}
          </fieldset>
        )}
        {basic.map(renderField)}
        {advanced.length > 0 && (
          <details className="advanced">
            <summary>Advanced: attribution and simulcast settings (only changed values are sent)</summary>
            {advanced.map(renderField)}
          </details>
        )}
        {!editing && (
          <fieldset className="sheet-look">
            <legend>New sheet</legend>
            <Field label="Table style">
              <Select
                name="tableStyle"
                value={tableStyle}
                onChange={(_, d) => setTableStyle(d.value as TableStyleId)}
              >
                {TABLE_STYLES.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.label}
                  </option>
                ))}
              </Select>
            </Field>
            {CHART_KINDS.has(kind) ? (
              <Checkbox
                name="chart"
                label="Chart beside the table (switch it later in the Sheets tab)"
                checked={chart}
                onChange={(_, d) => setChart(Boolean(d.checked))}
              />
            ) : (
              <Text block size={200}>
                No chart for this report: its rows say it better.
              </Text>
            )}
          </fieldset>
        )}
        {warnings.length > 0 && (
          <PaneMessage intent="info" data-testid="report-warnings">
            {warnings.map((w) => (
              <Text key={w} block>
                {w}
              </Text>
            ))}
          </PaneMessage>
        )}
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
