/**
 * A report's chart kept on its record: made with the sheet, followed after each refresh, switched by
 * the planner. A chart never fails its report: one that cannot be made is recorded on the definition
 * (chart.error) and the data stays.
 */
import type { TypedTable } from "../api/table";
import type { ReportDefinition } from "../reports/definition";
import { reportPeriod } from "../reports/reportPeriod";
import { chartColumns } from "./chartData";
import { followReports } from "./dashboardSheet";
import { errorMessage, type ExcelHost } from "./host";
import {
  ensureReportChart,
  type ChartOptions,
  type ChartState,
  type ChartTarget,
} from "./charts/reportChartSync";
import { definitionFor } from "./reportFor";
import { RefreshError } from "./reportSheetTypes";
import { writeReport } from "./store/reportRecords";

type ChartRecord = NonNullable<ReportDefinition["chart"]>;

/** The chart as its record keeps it, from what was made. */
export function chartRecordOf(state: ChartState, opts: ChartOptions): ChartRecord {
  const { key, data, dataHash, deleted } = state;
  // Deleted in Excel: the switch is off, and the Sheets tab says why.
  if (deleted) return { enabled: false, deleted: true, band: opts.band };
  return { enabled: opts.enabled, plan: key ?? undefined, data, dataHash, band: opts.band };
}

/** The chart as its record keeps it when it could not be made: the data stays, the error is said. */
export function chartFailure(opts: ChartOptions, err: unknown): ChartRecord {
  // The block's address stays recorded: a later refresh or switch still finds it to clear.
  return {
    enabled: opts.enabled,
    data: opts.previousData,
    dataHash: opts.previousHash,
    band: opts.band,
    error: `the chart could not be made: ${errorMessage(err)}`,
  };
}

/** A refresh's chart options, from the record as it stands and the table fetched. */
export function chartOptionsAfter(
  updated: ReportDefinition,
  table: TypedTable,
  previousColumns: ReportDefinition["columns"],
): ChartOptions {
  const was = updated.chart;
  return {
    enabled: was?.enabled ?? true,
    columnShift: previousColumns ? table.columns.length - previousColumns.length : 0,
    previousKey: was?.plan,
    previousData: was?.data,
    previousHash: was?.dataHash,
    band: was?.band,
    keepDeleted: true,
  };
}

/** The report's chart (charts/reportChartSync.ts) as its record keeps it; a failure is recorded, never thrown. */
export async function chartBeside(
  excel: ExcelHost,
  target: ChartTarget,
  opts: ChartOptions,
): Promise<ChartRecord> {
  try {
    return chartRecordOf(await ensureReportChart(excel, target, opts), opts);
  } catch (err) {
    return chartFailure(opts, err);
  }
}

/**
 * Switches a report's chart on or off now, and keeps the choice on its definition so refreshes
 * follow it. On: the chart is chosen from the table as it stands. Returns what the definition now
 * says (a chart that cannot be made is an error there, never a lost report).
 */
export async function setReportChart(
  excel: ExcelHost,
  sheetName: string,
  on: boolean,
): Promise<NonNullable<ReportDefinition["chart"]>> {
  const def = await definitionFor(excel, sheetName, "to chart");
  if (def.kind === "show" || !def.tableName) throw new RefreshError(sheetName, "a show sheet has no chart");
  const table = await chartColumns(excel, def);
  const chart = await chartBeside(
    excel,
    {
      sheetName: def.sheetName,
      tableName: def.tableName,
      kind: def.kind,
      table,
      datesInWorkbook: true,
      period: reportPeriod(def),
    },
    {
      enabled: on,
      previousKey: def.chart?.plan,
      previousData: def.chart?.data,
      previousHash: def.chart?.dataHash,
      band: def.chart?.band,
    },
  );
  await writeReport(excel, def, "planner", { chart });
  await followReports(excel, [def.sheetName]).catch(() => undefined);
  return chart;
}
