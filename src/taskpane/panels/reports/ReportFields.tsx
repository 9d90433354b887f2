/** The report's own fields: the basic ones, then the advanced ones folded under Advanced. */
import { useMemo } from "react";
import { FieldPicker } from "../../components/FieldPicker";
import { FormField } from "../../components/FormField";
import type { FieldSpec } from "../../reportForms";
import { labelWords } from "../../validation";
import type { ReportRequest } from "./useReportRequest";

export interface ReportFieldsProps {
  request: Pick<ReportRequest, "form" | "values" | "set" | "errors" | "labels" | "cells">;
}

export function ReportFields({ request }: ReportFieldsProps) {
  const { form, values, set, errors, labels, cells } = request;
  const fieldsValue = useMemo(
    () => (values.fields ? values.fields.split("\n").filter(Boolean) : []),
    [values.fields],
  );
  // The settings the impressions column rules look at, as this form now has them.
  const columnRequest = {
    geoGrouping: values.geoGrouping || undefined,
    showIncrementalResults: values.showIncrementalResults === "true",
    incrementalDisplayType: values.incrementalDisplayType || undefined,
  };

  const basic = form.fields.filter((f) => !f.advanced);
  const advanced = form.fields.filter((f) => f.advanced);
  const renderField = (f: FieldSpec) =>
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
        fromCell={cells[f.name]?.address}
        onChange={set(f.name)}
      />
    );

  return (
    <>
      {basic.map(renderField)}
      {advanced.length > 0 && (
        <details className="advanced">
          <summary>Advanced: attribution and simulcast settings (only changed values are sent)</summary>
          {advanced.map(renderField)}
        </details>
      )}
    </>
  );
}
