/** The report's dates: a range worked out again at each refresh, custom dates, or the service's own. */
import { Field, Select } from "@fluentui/react-components";
import { Text } from "../../components/Prose";
import { DATE_PRESET_OPTIONS, type DatePresetId } from "../../datePresetOptions";
import { DateField } from "../../components/FormField";
import { serviceDateText, serviceDatesText } from "../../reportAdvice";
import type { ReportRequest } from "./useReportRequest";

export interface ReportDatesProps {
  request: Pick<ReportRequest, "kind" | "preset" | "setPreset" | "values" | "set" | "errors" | "cells">;
}

export function ReportDates({ request }: ReportDatesProps) {
  const { kind, preset, values, set, errors } = request;
  const serviceDates = serviceDatesText(kind);
  // Dates taken from cells replace the range chosen here (Parameters from cells, below).
  const fromCells = ["startDate", "endDate"].filter((p) => p in request.cells);
  return (
    <fieldset className="dates">
      <legend>Dates</legend>
      <Field
        label="Date range"
        hint={`Relative ranges are worked out again at each refresh. Service default for this report: ${serviceDates}.`}
      >
        <Select
          name="datePreset"
          value={preset}
          onChange={(_, d) => request.setPreset(d.value as DatePresetId)}
        >
          {DATE_PRESET_OPTIONS.map((p) => (
            <option key={p.id} value={p.id}>
              {p.label}
            </option>
          ))}
        </Select>
      </Field>
      {fromCells.length > 0 && (
        <Text block data-testid="dates-from-cells">
          {fromCells.length === 2
            ? "Both dates come"
            : fromCells[0] === "startDate"
              ? "The start date comes"
              : "The end date comes"}{" "}
          from cells (Parameters from cells, below): they replace the range chosen here.
        </Text>
      )}
      {preset === "serviceDefault" && fromCells.length === 0 && (
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
  );
}
