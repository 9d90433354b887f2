/**
 * The Dashboard following its reports (issue #54): after a refresh, a chart switched or a sheet
 * renamed, its From and To and the refreshed reports' charts are made again from the reports as they
 * now are (the figures are formulas over the tables and follow them by themselves). Its reads go in
 * one sync (its reports' tables, its charts, the tables a chart copy reads back), its writes in one
 * more with the store's check of its record (the following gives way to a Dashboard made again
 * meanwhile). A Dashboard with a report renamed is made again whole (dashboardSheet.ts).
 */
import { dashboardPlan } from "../reports/dashboard";
import type { ReportDefinition } from "../reports/definition";
import type { DateSystem } from "../api/excelDates";
import { CHART_READ_ROWS, chartColumns, tableReadBack } from "./chartData";
import { charted, queueDashboardCharts, queueTablePlace } from "./dashboardCharts";
import {
  CHARTS_ROW,
  dashboardState,
  labelled,
  makeDashboard,
  queueFigures,
  queueReportsOf,
  type DashboardState,
} from "./dashboardMake";
import { dateSystemOf } from "./dateSystem";
import type { ExcelHost } from "./host";
import { knownNames } from "./knownNames";
import { queueDashboardWrite, queueFindDashboard } from "./store/dashboardStore";
import type { CellValue } from "../api/table";

/**
 * Makes the dashboard again when a report sheet on it was renamed: its link and its column's name
 * still said the old name (the figures follow the tables by themselves). Nothing when none was.
 */
export async function followRenamedReports(excel: ExcelHost): Promise<boolean> {
  const existing = await dashboardState(excel);
  if (!existing?.renamed || existing.newer !== undefined) return false;
  return (await makeDashboard(excel, existing.reports, "dashboard following", false, existing)) !== null;
}

/**
 * Keeps the Dashboard true after reports were refreshed or their chart switched (`changed`, their
 * sheets' names): made again when a report sheet on it was renamed, else the changed reports'
 * From and To and charts made again. Nothing when no dashboard shows them.
 */
export async function followReports(excel: ExcelHost, changed: readonly string[]): Promise<void> {
  const state = await dashboardState(excel);
  if (!state || state.newer !== undefined) return;
  if (state.renamed) {
    await makeDashboard(excel, state.reports, "dashboard following", false, state);
    return;
  }
  if (!state.reports.some((r) => changed.includes(r))) return;
  const prepared = await prepareFollow(excel, state, changed);
  await excel.run(async (context) => {
    const read = queueFollowRead(context, state, prepared);
    await context.sync();
    const check = await queueFollowWrite(context, excel, state, prepared, read());
    await context.sync();
    if (check) await check();
  });
}

/** What a following needs before its reads: the reports on the Dashboard, the changed ones, the names a lag chart shows. */
export interface FollowPrepared {
  /** The reports on the Dashboard with a table, in the Dashboard's order (its charts). */
  defs: ReportDefinition[];
  /** The same in sheet order (its columns of figures). */
  figureDefs: ReportDefinition[];
  only: ReadonlySet<string>;
  system: DateSystem;
  names?: ReadonlyMap<string, string>;
}

async function prepareFollow(
  excel: ExcelHost,
  state: DashboardState,
  changed: readonly string[],
): Promise<FollowPrepared> {
  const system = await dateSystemOf(excel);
  const names = followNeedsNames(state, changed) ? await knownNames(excel) : undefined;
  return preparedFollow(state, changed, system, names);
}

/** Whether a following's charts need the names the workbook knows objects by (a lag report's copy). */
export const followNeedsNames = (state: DashboardState, changed: readonly string[]): boolean =>
  state.listed.some((d) => changed.includes(d.sheetName) && d.kind === "lag" && charted(d));

/** prepareFollow, given the workbook's date system and (for a lag report's copy) the names it knows. */
export function preparedFollow(
  state: DashboardState,
  changed: readonly string[],
  system: DateSystem,
  names?: ReadonlyMap<string, string>,
): FollowPrepared {
  const defs = state.reports.flatMap((n) => state.listed.filter((d) => d.tableName && d.sheetName === n));
  const figureDefs = state.listed.filter((d) => d.tableName && state.reports.includes(d.sheetName));
  return { defs, figureDefs, only: new Set(changed), system, names };
}

/** A following's preparation with a report's record as it now is (a refresh's, once its chart is known). */
export function withRecord(prepared: FollowPrepared, record: ReportDefinition): FollowPrepared {
  const swap = (d: ReportDefinition) => (d.sheetName === record.sheetName ? record : d);
  return { ...prepared, defs: prepared.defs.map(swap), figureDefs: prepared.figureDefs.map(swap) };
}

/** Whether `changed` needs the Dashboard of `state` to follow, in a refresh's own syncs (no rename to follow). */
export const followsIn = (
  state: DashboardState | null,
  changed: readonly string[],
): state is DashboardState =>
  state !== null &&
  state.newer === undefined &&
  !state.renamed &&
  state.reports.some((r) => changed.includes(r));

/**
 * Queues a following's reads (the caller syncs): its reports' columns, the Dashboard's record and
 * charts, each redone report's table place and (not too long) its whole body for its chart's copy.
 */
export function queueFollowRead(
  context: Excel.RequestContext,
  state: DashboardState,
  prepared: FollowPrepared,
) {
  const columns = queueReportsOf(context, prepared.figureDefs);
  const found = queueFindDashboard(context, state.sheetName);
  const dash = context.workbook.worksheets.getItem(state.sheetName);
  dash.charts.load("items/name,items/top,items/left,items/width,items/height");
  const redo = prepared.defs.filter((d) => prepared.only.has(d.sheetName));
  const reads = redo.map((d) => {
    if (!charted(d)) return null;
    const t = context.workbook.worksheets.getItem(d.sheetName).tables.getItem(d.tableName!);
    const place = queueTablePlace(t);
    // A long table is read back in blocks of rows (chartData.ts), by the writes' step.
    const body = (d.rowCount ?? 0) <= CHART_READ_ROWS ? t.getDataBodyRange() : null;
    body?.load("values");
    return { place, body };
  });
  // Read once the caller has synced.
  return () => ({
    columns: columns(),
    found: found(),
    dash,
    // eslint-disable-next-line office-addins/call-sync-before-read, office-addins/load-object-before-read
    charts: dash.charts.items,
    redo,
    reads,
  });
}

/**
 * Queues a following's writes (the caller syncs): the Dashboard's From and To through the store (a
 * Dashboard made again since it was read is not written over), and the redone reports' charts.
 * Returns the check to run after the sync, or null where the following gave way.
 */
export async function queueFollowWrite(
  context: Excel.RequestContext,
  excel: ExcelHost,
  state: DashboardState,
  prepared: FollowPrepared,
  read: ReturnType<ReturnType<typeof queueFollowRead>>,
): Promise<(() => Promise<unknown>) | null> {
  const tables = await Promise.all(
    read.redo.map((d, k) => {
      const r = read.reads[k];
      if (!r) return null;
      if (!r.body) return chartColumns(excel, d);
      return tableReadBack(
        d,
        r.place.header.values[0].map(String),
        r.place.columns.items.map((c) => c.id),
        r.body.values as CellValue[][],
      );
    }),
  );
  const check = queueDashboardWrite(context, read.found, {
    sheetName: state.sheetName,
    base: state.base,
    writer: "dashboard following",
    reports: state.base.reports,
    content: (sheet) => queueFigures(sheet, dashboardPlan(labelled(read.columns))),
    figuresOnly: true,
  });
  if (!check) return null;
  queueDashboardCharts(
    context,
    read.dash,
    prepared.defs,
    CHARTS_ROW,
    {
      charts: read.charts,
      places: read.reads.map((r) => r?.place ?? null),
      tables,
      names: prepared.names,
      system: prepared.system,
    },
    prepared.only,
  );
  return check;
}
