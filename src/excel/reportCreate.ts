/**
 * A new report sheet from fetched data: its table (or a show's tables), its chart, and its record,
 * whose status line the record's one writer writes into the row kept for it (statusCell.ts).
 */
import type { TypedTable } from "../api/table";
import { DEFINITION_VERSION, type ReportDefinition } from "../reports/definition";
import { reportPeriod } from "../reports/reportPeriod";
import { fetchedLineOf } from "../reports/statusLine";
import { bindCells } from "./boundCells";
import { sheetNameFor, tableNameFor, tablePrefixFor } from "./cellFormats";
import { dateSystemOf, tableInSystem } from "./dateSystem";
import type { ExcelHost } from "./host";
import { rowMarksFor } from "./refresh/rowMarks";
import { chartBeside } from "./reportChart";
import { chartBandRows } from "./charts/chartLayout";
import { requestedShowId, type NewReport, type SheetData } from "./reportSheetTypes";
import { writeShowSheet } from "./showLayout";
import { createRecord, type StoredReport } from "./store/reportRecords";
import { writeNewTable } from "./newTableSheet";
import { takenNames } from "./workbookNames";

/** What a new sheet's definition records of what the add-in wrote there (to tell its cells from the planner's). */
type WrittenRecord = Pick<
  ReportDefinition,
  "columns" | "tables" | "chart" | "statusLine" | "tableStyle" | "summary" | "totals" | "rowMarks"
>;

/** A new report table sheet: a row for the status line, the table, its chart; and the record of each. */
async function writeReportTable(
  excel: ExcelHost,
  report: NewReport,
  table: TypedTable,
  names: { sheetName: string; tableName: string },
  now: Date,
): Promise<{ rowCount: number; written: WrittenRecord }> {
  const chartOn = report.chart ?? true;
  const chartRows = report.bandRows ?? chartBandRows(report.kind, table, chartOn);
  const result = await writeNewTable(excel, table, names, {
    statusRow: true,
    tableStyle: report.tableStyle,
    chartRows,
  });
  const lines = 1 + (table.summary?.length ?? 0);
  const chart = await chartBeside(
    excel,
    { ...names, kind: report.kind, table, period: reportPeriod({ ...report, lastRefresh: undefined }, now) },
    { enabled: chartOn, band: chartRows ? { row: lines, rows: chartRows } : undefined },
  );
  const ids = await columnIds(excel, names.sheetName, names.tableName);
  const summary = table.summary ?? [];
  return {
    rowCount: result.rows,
    written: {
      columns: result.written.map((c, j) => ({ ...c, id: ids[j] })),
      chart,
      statusLine: true,
      // The rows as the cells hold them: dates in the workbook's system.
      rowMarks: rowMarksFor(tableInSystem(table, await dateSystemOf(excel)), (j) => ids[j]),
      tableStyle: report.tableStyle,
      summary: { row: 1, col: 0, rows: summary.length, cols: Math.max(0, ...summary.map((l) => l.length)) },
      totals: Boolean(table.totals),
    },
  };
}

/** Writes fetched data to a new sheet and stores its definition there (its status line with it). */
export async function createReportSheet(
  excel: ExcelHost,
  report: NewReport,
  data: SheetData,
  now = new Date(),
): Promise<StoredReport> {
  const taken = await takenNames(excel);
  const sheetName = sheetNameFor(report.label, taken.sheets);
  const tableName =
    data.type === "table"
      ? tableNameFor(report.label, taken.tables)
      : tablePrefixFor(report.label, taken.tables);
  let rowCount: number;
  let written: WrittenRecord;
  const bound = report.cells ? await bindCells(excel, tableName, report.cells) : [];
  const bindings = bound.length ? bound : undefined;
  if (data.type === "table") {
    ({ rowCount, written } = await writeReportTable(
      excel,
      report,
      data.table,
      { sheetName, tableName },
      now,
    ));
  } else {
    const result = await writeShowSheet(excel, data.show, {
      sheetName,
      prefix: tableName,
      requestedId: requestedShowId(report.params),
    });
    rowCount = result.rows;
    written = { tables: result.tables, statusLine: true };
  }
  const def: ReportDefinition = {
    version: DEFINITION_VERSION,
    kind: report.kind,
    params: report.params,
    bindings,
    datePreset: report.datePreset,
    sheetName,
    // For a show sheet: the prefix of its tables (kept on refresh, so their names stay).
    tableName,
    lastRefresh: now.toISOString(),
    status: "ok",
    rowCount,
    refreshOnOpen: false,
    ...written,
  };
  // What the line says of the data: the record's own rendering, from the dates resolved now.
  def.fetchedLine = fetchedLineOf(def);
  return createRecord(excel, def);
}

/** A table's column ids, left to right: the definition keeps each report column's, so it is found again wherever the planner moves it. */
async function columnIds(excel: ExcelHost, sheetName: string, tableName: string): Promise<number[]> {
  return excel.run(async (context) => {
    const columns = context.workbook.worksheets.getItem(sheetName).tables.getItem(tableName).columns;
    columns.load("items/id");
    await context.sync();
    return columns.items.map((c) => c.id);
  });
}
