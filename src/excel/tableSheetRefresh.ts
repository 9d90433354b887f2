/**
 * A report, search or ads sheet refreshed with its new table, once its answer is in (issue #54), in
 * one run: **read** (one sync: the record found again, the table and its neighbourhood), **plan**
 * (refresh/run.ts, nothing written yet), **write** (the new shape and content with the record and its
 * status line, both land or neither, and in the same sync the reads that verify what they made: the
 * record again, the chart's table and places, the Dashboard's columns and charts), then one more sync
 * in which the chart and the Dashboard follow the new data with the record's part of it. A chart or a
 * Dashboard never fails a refresh.
 */
import { REPORT_COLUMNS } from "../api/csv/catalogue";
import type { TablesBefore } from "./refresh/readOnce";
import type { TypedTable } from "../api/table";
import type { ReportDefinition } from "../reports/definition";
import { reportPeriod } from "../reports/reportPeriod";
import { fetchedLineOf } from "../reports/statusLine";
import {
  namesNeeded,
  preparedChart,
  queueChartReads,
  queueChartWrites,
  type ChartOptions,
  type ChartReads,
  type PreparedChart,
} from "./charts/reportChartSync";
import { areaOf } from "./columnName";
import {
  followNeedsNames,
  followsIn,
  preparedFollow,
  queueFollowRead,
  queueFollowWrite,
  withRecord,
  type FollowPrepared,
} from "./dashboardFollow";
import { dashboardStateOf } from "./dashboardMake";
import { dateSystemOf } from "./dateSystem";
import type { ExcelHost } from "./host";
import { knownNames } from "./knownNames";
import { chartFailure, chartOptionsAfter, chartRecordOf } from "./reportChart";
import { fetchedRecord, isReportKind, refreshNotes, type Fetched } from "./refresh/fetchedRecord";
import type { SheetRecords } from "./store/readAll";
import type { Found } from "./store/recordWrite";
import {
  queueFindReport,
  queueRefreshCommit,
  queueReportChange,
  writeReport,
  type ReportPlace,
  type StoredReport,
} from "./store/reportRecords";
import { withStoreTurn } from "./store/turns";
import { rewriteTableIn, type RewriteOptions } from "./tableRefresh";

/** The chart's step of a refresh, its reads queued in the writes' sync (charts/reportChartSync.ts). */
interface ChartStep {
  opts: ChartOptions;
  prepared: PreparedChart;
  reads: ChartReads;
  /** The record as the writes left it. */
  again: () => Found<StoredReport, ReportPlace>;
}

/** The Dashboard's step of a refresh: what it reads with the writes, and its preparation. */
interface FollowStep {
  prepared: FollowPrepared;
  state: NonNullable<ReturnType<typeof dashboardStateOf>>;
  read: ReturnType<typeof queueFollowRead>;
}

/**
 * Refreshes a report table sheet with `table`, fetched for `f`. `tables` are the sheet's other tables
 * as named before the request and the table's place then; `records` (every sheet's, read then) let the Dashboard follow in the
 * refresh's own syncs where it shows this report. Returns the record as stored, and whether the
 * Dashboard still has to follow (a report on it renamed: it is made again whole, by the caller).
 */
export async function refreshTableSheet(
  excel: ExcelHost,
  f: Fetched,
  table: TypedTable,
  tables: TablesBefore,
  records?: SheetRecords,
): Promise<{ record: ReportDefinition; followed: boolean }> {
  const def = f.asked;
  const tableName = def.tableName!;
  const system = await dateSystemOf(excel);
  const target = { sheetName: def.sheetName, tableName, kind: def.kind, table };
  const state = records ? dashboardStateOf(records) : null;
  const follows = followsIn(state, [def.sheetName]);
  // A lag chart's legend names objects as the workbook's other reports show them (read first).
  const names =
    namesNeeded(target, { enabled: def.chart?.enabled ?? true }) ||
    (follows && followNeedsNames(state, [def.sheetName]))
      ? await knownNames(excel, def.sheetName)
      : undefined;
  const done = await withStoreTurn(() =>
    excel.run(async (context) => {
      // The sheet through its table: a sheet renamed while the service answered is still found.
      const sheet = context.workbook.tables.getItem(tableName).worksheet;
      let found: (() => Found<StoredReport, ReportPlace>) | undefined;
      let newest: StoredReport | undefined;
      let next: ReportDefinition | undefined;
      let check: (() => Promise<StoredReport>) | undefined;
      let chartStep: ChartStep | undefined;
      let followStep: FollowStep | undefined;
      await rewriteTableIn(context, sheet, { sheetName: def.sheetName, tableName }, table, system, {
        once: tables,
        alongside: () => (found = queueFindReport(context, def)),
        afterRead: () => {
          newest = newestFound(found!());
          next = { ...fetchedRecord(newest, f), rowCount: table.rows.length };
          next.fetchedLine = next.statusLine ? fetchedLineOf(next) : undefined;
        },
        // What the writes made, read in their sync: the record again, the chart's table and places,
        // the Dashboard's columns and charts.
        afterWrite: () => {
          const opts = chartOptionsAfter(next!, table, newest!.columns);
          const prepared = preparedChart(system, names, { ...target, period: reportPeriod(next!) }, opts);
          chartStep = {
            opts,
            prepared,
            reads: queueChartReads(sheet, target, opts, prepared, true),
            again: queueFindReport(context, { ...target, sheetName: newest!.sheetName }),
          };
          if (follows) {
            const ready = withRecord(preparedFollow(state, [def.sheetName], system, names), next!);
            followStep = { prepared: ready, state, read: queueFollowRead(context, state, ready) };
          }
        },
        // The record goes in the same (last) sync as the data: both commit, or neither.
        commit: (s, written) => (check = queueCommit(context, s, written, newest!, next!, newest!)),
        // What the add-in wrote last time, as the record read with the table says (a refresh that
        // committed while this one waited wrote what the sheet now holds).
        previous: {
          columns: def.columns,
          rowCount: def.rowCount,
          totals: def.totals,
          summary: def.summary,
          rowMarks: def.rowMarks,
        },
        previousFrom: () => ({
          columns: newest!.columns,
          rowCount: newest!.rowCount,
          totals: newest!.totals,
          summary: newest!.summary,
          rowMarks: newest!.rowMarks,
        }),
        status: Boolean(def.statusLine),
        reportFields: isReportKind(def.kind) ? Object.keys(REPORT_COLUMNS[def.kind]) : [],
        // The chart's block of sums beside a narrow table is the add-in's own, not a note.
        beside: { own: (def.chart?.data ? [areaOf(def.chart.data)] : []).flatMap((b) => (b ? [b] : [])) },
      });
      const stored = await check!();
      return follow(excel, context, sheet, tableName, stored, chartStep!, followStep);
    }),
  );
  // The chart's writes failed with the record's part of them: the record says why (in a turn of its own).
  const record = done.failed
    ? await writeReport(excel, done.stored, "refresh", { chart: done.failed }).catch(() => done.stored)
    : done.stored;
  // Followed here, or nothing to follow; a Dashboard with a report renamed is left to the caller.
  const renamed = state !== null && state.renamed && state.newer === undefined;
  return { record, followed: follows || !renamed };
}

/**
 * The refresh's record queued into the writes' last sync, its status line with it (store/reportRecords.ts):
 * what was written (its columns, rows, totals and summary) and what the refresh says beside it.
 * Returns the check to run once that sync is done.
 */
function queueCommit(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  written: Parameters<NonNullable<RewriteOptions["commit"]>>[1],
  newest: StoredReport,
  record: ReportDefinition,
  def: StoredReport,
): () => Promise<StoredReport> {
  record.columns = written.table.written;
  record.totals = written.table.totals;
  record.rowMarks = written.table.rowMarks;
  if (written.summary) record.summary = written.summary;
  const kept = [...written.table.kept.calculated, ...written.table.kept.static];
  return queueRefreshCommit(
    context,
    { sheet, name: newest.sheetName, status: written.status },
    newest,
    record,
    (rec, lineWritten) => {
      const notes = [
        ...refreshNotes(def, kept, Boolean(record.statusLine) && !lineWritten),
        ...written.table.misaligned,
      ];
      return { ...rec, notes: notes.length ? notes : undefined };
    },
  ).check;
}

/** The record as found again after the wait, or why the refresh stops (nothing written yet). */
function newestFound(found: Found<StoredReport, ReportPlace>): StoredReport {
  if (found.newer !== undefined) throw new Error(found.newer);
  if (!found.record)
    throw new Error(
      "the sheet's report was forgotten or its sheet deleted while the refresh waited: nothing was changed",
    );
  return found.record;
}

/**
 * The chart and the Dashboard follow the new data, in one sync with the record's part of it: a summary
 * chart's sums rewritten (where its reads found their place), a chart over the table's columns kept or
 * made again, the Dashboard's From and To and its copy of the chart. Neither fails a refresh: a chart
 * that cannot be made is said on the record, the data stays.
 */
async function follow(
  excel: ExcelHost,
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  tableName: string,
  stored: StoredReport,
  step: ChartStep,
  dashboard: FollowStep | undefined,
): Promise<{ stored: StoredReport; failed?: NonNullable<ReportDefinition["chart"]> }> {
  const was = stored.chart;
  let chart: NonNullable<ReportDefinition["chart"]>;
  try {
    chart = chartRecordOf(
      await queueChartWrites(context, sheet, { tableName }, step.opts, step.prepared, step.reads),
      step.opts,
    );
  } catch (err) {
    chart = chartFailure(step.opts, err);
  }
  // Still off since the planner deleted it: the Sheets tab keeps saying why.
  if (was?.deleted && !chart.enabled) chart.deleted = true;
  let change: { check: () => Promise<StoredReport> } | null = null;
  if (JSON.stringify(chart) !== JSON.stringify(was)) {
    try {
      change = queueReportChange(context, step.again(), stored, "refresh", { chart });
    } catch {
      // The record changed elsewhere meanwhile: the chart's part is said at the next refresh.
    }
  }
  // The Dashboard's copy of the chart reads the record as it now is (its block of sums, its band).
  const followed = dashboard
    ? await (async () =>
        queueFollowWrite(
          context,
          excel,
          dashboard.state,
          withRecord(dashboard.prepared, { ...stored, chart }),
          dashboard.read(),
        ))().catch(() => null)
    : null;
  try {
    await context.sync();
  } catch (err) {
    return { stored, failed: chartFailure(step.opts, err) };
  }
  await followed?.().catch(() => undefined);
  return { stored: change ? await change.check().catch(() => stored) : stored };
}
