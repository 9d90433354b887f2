/**
 * The request the Reports form is building: the report kind, its field values, the date range and
 * the fields marked bad; pre-filled from a sheet's definition under Edit request. Also what it says
 * before anything is sent: the field labels and the warnings (which never block).
 */
import type { TakenCell } from "./CellParams";
import { useEffect, useMemo, useState, type RefObject } from "react";
import { REPORT_KINDS, type ReportKind } from "../../../api/schemas";
import { idFor, presetFor, type DatePresetId } from "../../datePresetOptions";
import { formFromParams, paramsFromForm, REPORT_FORMS, type FormValues } from "../../reportForms";
import type { SheetRequest } from "../../reportActions";
import { labelWords } from "../../validation";
import { reportWarnings } from "../../reportAdvice";
import { resolvePreset } from "../../../reports/relativeDates";
import type { useFocusAfterRender } from "../../focus";
import { useKept } from "../../paneMemory";

type ReportForm = (typeof REPORT_FORMS)[ReportKind];

export interface ReportRequest {
  kind: ReportKind;
  form: ReportForm;
  values: FormValues;
  /** Sets one field's value: `set("endDate")("2026-01-31")`. */
  set(name: string): (value: string) => void;
  preset: DatePresetId;
  setPreset(preset: DatePresetId): void;
  errors: Record<string, string>;
  setErrors(errors: Record<string, string>): void;
  /** Each field's label by its request name, dates included. */
  labels: Record<string, string>;
  warnings: string[];
  /** Another report: its form starts empty. */
  chooseKind(kind: ReportKind): void;
  /** The request's parameters, the custom dates included. */
  buildParams(): Record<string, unknown>;
  /** Parameters taken from cells: each one's address and what the cells gave when taken. */
  cells: Record<string, TakenCell>;
  /** Takes `param` from a cell (or types it again, with null). */
  setCell(param: string, taken: TakenCell | null): void;
}

export function useReportRequest(
  editing: SheetRequest | null | undefined,
  formRef: RefObject<HTMLFormElement>,
  focusAfterRender: ReturnType<typeof useFocusAfterRender>,
): ReportRequest {
  // What is typed is the pane's until it closes (paneMemory.tsx): the tab can be left and come back to.
  const [kind, setKind] = useKept<ReportKind>("reports.kind", "impressions");
  const [values, setValues] = useKept<FormValues>("reports.values", {});
  // No preset chosen: the service's own dates (shown below), as when nothing is sent.
  const [preset, setPreset] = useKept<DatePresetId>("reports.preset", "serviceDefault");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [cells, setCells] = useKept<Record<string, TakenCell>>("reports.cells", {});
  // The edit whose request filled the form: coming back to the tab keeps what was typed over it since.
  const [filledFrom, setFilledFrom] = useKept<SheetRequest | null>("reports.filledFrom", null);
  const form = REPORT_FORMS[kind];

  useEffect(() => {
    if (!editing || editing === filledFrom || !(REPORT_KINDS as readonly string[]).includes(editing.kind))
      return;
    setFilledFrom(editing);
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
    setCells(
      Object.fromEntries(
        Object.entries(editing.cells ?? {}).map(([param, address]) => [param, { address, shown: "" }]),
      ),
    );
  }, [editing, filledFrom, setFilledFrom, focusAfterRender]);

  const labels = useMemo<Record<string, string>>(
    () => ({
      ...Object.fromEntries(form.fields.map((f) => [f.name, f.label])),
      startDate: "Start date",
      endDate: "End date",
    }),
    [form],
  );
  const warnings = useMemo(
    () => warningsFor(kind, form, values, preset, labels),
    [form, values, preset, kind, labels],
  );

  return {
    kind,
    form,
    values,
    set: (name) => (v) => setValues((old) => ({ ...old, [name]: v })),
    preset,
    setPreset,
    errors,
    setErrors,
    labels,
    warnings,
    chooseKind: (k) => {
      setKind(k);
      setValues({});
      setErrors({});
      setCells({});
    },
    cells,
    setCell: (param, taken) =>
      setCells((old) => {
        const next = { ...old };
        if (taken) next[param] = taken;
        else delete next[param];
        return next;
      }),
    buildParams: () => {
      const params = paramsFromForm(form.fields, values);
      if (form.dates && preset === "custom") {
        if (values.startDate) params.startDate = values.startDate;
        if (values.endDate) params.endDate = values.endDate;
      }
      return params;
    },
  };
}

/** Warnings never block: the spec's caveats where they bite, and values it gives no rule for. */
function warningsFor(
  kind: ReportKind,
  form: ReportForm,
  values: FormValues,
  preset: DatePresetId,
  labels: Record<string, string>,
): string[] {
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
}
