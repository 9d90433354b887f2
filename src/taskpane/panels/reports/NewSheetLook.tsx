/** How a new report sheet looks: its table style, and a chart beside the table where the report has one. */
import { Checkbox, Field, Select } from "@fluentui/react-components";
import { Text } from "../../components/Prose";
import type { ReportKind } from "../../../api/schemas";
import { CHART_KINDS } from "../../../excel/charts/chartChoice";
import { TABLE_STYLES, type TableStyleId } from "../../../reports/tableStyles";
import type { ReportRun } from "./useReportRun";

export interface NewSheetLookProps {
  kind: ReportKind;
  look: Pick<ReportRun, "tableStyle" | "setTableStyle" | "chart" | "setChart">;
}

export function NewSheetLook({ kind, look }: NewSheetLookProps) {
  return (
    <fieldset className="sheet-look">
      <legend>New sheet</legend>
      <Field label="Table style">
        <Select
          name="tableStyle"
          value={look.tableStyle}
          onChange={(_, d) => look.setTableStyle(d.value as TableStyleId)}
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
          label="Chart with the table (switch it later in the Sheets tab)"
          checked={look.chart}
          onChange={(_, d) => look.setChart(Boolean(d.checked))}
        />
      ) : (
        <Text block size={200}>
          No chart for this report: its rows say it better.
        </Text>
      )}
    </fieldset>
  );
}
