/**
 * A report sheet's refresh (relative dates resolved again; parameters bound to cells read now): the
 * read before the request (refresh/readBefore.ts: the record and every check that needs no request,
 * in two syncs), the request, then the report table's read, write and following of its chart and
 * Dashboard (tableSheetRefresh.ts: three syncs). A refresh that fails leaves the previous data as it
 * was and records the error on the definition. Fetching is the caller's job (a SheetFetcher):
 * src/excel never talks to the service.
 */
import type { DateSystem } from "../api/excelDates";
import type { ShowInfo } from "../api/schemas";
import { refusalText, resolveBoundParams, type BoundCell } from "../reports/boundParams";
import { resolveSource, type ReportDefinition, type ResolvedSource } from "../reports/definition";
import { withRefreshLock, type RefreshOrigin } from "../runtime/refreshLock";
import { readBoundCells } from "./boundCells";
import { followReports } from "./dashboardSheet";
import { dateSystemOf } from "./dateSystem";
import { errorMessage, type ExcelHost } from "./host";
import { drawProspectsChart } from "./prospectsChart";
import { fetchedRecord, refreshNotes, type Fetched } from "./refresh/fetchedRecord";
import { refuse } from "./refresh/plan";
import { readBeforeRequest } from "./refresh/readBefore";
import { RefreshError, type SheetFetcher } from "./reportSheetTypes";
import { showLayoutState, showTargets } from "./showLayout";
import { refreshShow, showTablePrefix } from "./showRefresh";
import { writeReport, type StoredReport } from "./store/reportRecords";
import { checkBeforeRequest } from "./tableRefresh";
import { refreshTableSheet } from "./tableSheetRefresh";

/**
 * Refreshes one report sheet (one refresh at a time in the workbook: refreshLock.ts), then the
 * Dashboard follows it (its chart of the report made again); returns its updated definition.
 */
export async function refreshReport(
  excel: ExcelHost,
  sheetName: string,
  fetch: SheetFetcher,
  opts: { signal?: AbortSignal; now?: () => Date; origin?: RefreshOrigin } = {},
): Promise<ReportDefinition> {
  const def = await refreshLocked(excel, sheetName, fetch, { ...opts, follow: true });
  // A show sheet is on no Dashboard; a report table's refresh follows it in its own syncs.
  if (def.kind === "show") await followReports(excel, [def.sheetName]).catch(() => undefined);
  return def;
}

/** How a refresh runs: its cancellation and clock; what was read before it (Refresh all reads every report's at once); whether the Dashboard follows in its own syncs. */
export interface RefreshOptions {
  signal?: AbortSignal;
  now?: () => Date;
  before?: Awaited<ReturnType<typeof readBeforeRequest>>;
  follow?: boolean;
}

/** A refresh under the workbook's refresh lock (refreshLock.ts), without the Dashboard following it. */
export function refreshLocked(
  excel: ExcelHost,
  sheetName: string,
  fetch: SheetFetcher,
  opts: RefreshOptions & { origin?: RefreshOrigin },
): Promise<ReportDefinition> {
  return withRefreshLock({ sheetName, origin: opts.origin ?? "pane" }, () =>
    refreshUnlocked(excel, sheetName, fetch, opts),
  );
}

/** A refresh by a caller that already holds the workbook's refresh lock (a report set's run: reportSets.ts). */
export async function refreshUnlocked(
  excel: ExcelHost,
  sheetName: string,
  fetch: SheetFetcher,
  opts: RefreshOptions,
): Promise<ReportDefinition> {
  const now = opts.now ?? (() => new Date());
  // The record and, for a report table, every check that needs no request, read in two syncs (or
  // read for many reports at once by Refresh all).
  const before = opts.before ?? (await readBeforeRequest(excel, sheetName));
  const def = before.def;
  try {
    if ("show" in before) return await refreshShowSheet(excel, def, fetch, opts.signal, now);
    if (before.refused?.[0] === "the definition names no table") throw new Error(before.refused[0]);
    if (before.refused) refuse(before.refused, "before");
    // Parameters bound to cells, read with the record; a cell that cannot give its value refuses here.
    const { source, def: asked } = withBoundValues(
      def,
      resolveSource(def, now()),
      before.cells,
      await dateSystemOf(excel),
    );
    const data = await fetch(source, opts.signal);
    const fetched: Fetched = { start: def, asked, source, at: now() };
    if (data.type !== "table")
      throw new Error("the service answered with a show where a table was asked for");
    const { record: done, followed } = await refreshTableSheet(
      excel,
      fetched,
      data.table,
      before.tables,
      opts.follow ? before.records : undefined,
    );
    // The Prospects sheet's chart is of its top 15 rows, sorted again by this refresh.
    if (done.kind === "prospects" && done.tableName)
      await drawProspectsChart(excel, done.sheetName, done.tableName).catch(() => undefined);
    // A Dashboard the refresh's own syncs could not follow (a report on it renamed: made again whole).
    if (opts.follow && !followed) await followReports(excel, [done.sheetName]).catch(() => undefined);
    return done;
  } catch (err) {
    const message = errorMessage(err);
    // The record says the refresh failed, and the sheet's own status line is rendered from it: it
    // says when the data (left as it was) is from.
    await writeReport(excel, def, "refresh", {
      status: "error",
      lastError: message.slice(0, 1000),
      failedAt: now().toISOString(),
    }).catch(() => undefined);
    throw new RefreshError(sheetName, message, err);
  }
}

/** A show sheet's refresh: its checks (showRefresh.ts's layout), its bound cells, the request, its tables. */
async function refreshShowSheet(
  excel: ExcelHost,
  def: StoredReport,
  fetch: SheetFetcher,
  signal: AbortSignal | undefined,
  now: () => Date,
): Promise<ReportDefinition> {
  // Every check that needs no request runs before the allowance is spent.
  await checkSheet(excel, def);
  const bindings = def.bindings ?? [];
  const cells = bindings.length ? await readBoundCells(excel, bindings) : new Map<string, BoundCell>();
  const { source, def: asked } = withBoundValues(
    def,
    resolveSource(def, now()),
    cells,
    await dateSystemOf(excel),
  );
  const data = await fetch(source, signal);
  const fetched: Fetched = { start: def, asked, source, at: now() };
  if (data.type !== "show") throw new Error("the service answered with a table where a show was asked for");
  return refreshShow(excel, asked, data.show, (newest, tables, rowCount) => {
    const notes = refreshNotes(asked, [], false);
    return {
      ...fetchedRecord(newest, fetched),
      tables,
      rowCount,
      notes: notes.length ? notes : undefined,
    };
  });
}

/**
 * The source with every bound parameter read from its cells (src/reports/boundParams.ts), and the
 * definition as it will be stored: the values the data is fetched with and where each cell now is (a
 * bound date replaces the relative range). Throws, naming each bad cell, before any request.
 */
function withBoundValues(
  def: StoredReport,
  source: ResolvedSource,
  cells: ReadonlyMap<string, BoundCell>,
  system: DateSystem,
): { source: ResolvedSource; def: StoredReport } {
  const bindings = def.bindings ?? [];
  if (bindings.length === 0) return { source, def };
  const resolved = resolveBoundParams(def.kind, source.params, bindings, cells, system);
  if (!resolved.ok) throw new Error(refusalText(resolved.problems));
  const params = { ...def.params };
  for (const b of bindings) params[b.param] = resolved.params[b.param];
  const datesBound = bindings.some((b) => b.param === "startDate" || b.param === "endDate");
  return {
    source: { ...source, params: resolved.params },
    def: {
      ...def,
      params,
      datePreset: datesBound ? undefined : def.datePreset,
      bindings: bindings.map((b) => ({ ...b, address: resolved.addresses[b.param] })),
    },
  };
}

/** The checks that need no request: the tables are there, nothing typed into them, nothing in the way of their growth. */
async function checkSheet(excel: ExcelHost, def: ReportDefinition): Promise<void> {
  if (def.kind !== "show") {
    if (!def.tableName) throw new Error("the definition names no table");
    await checkBeforeRequest(excel, def.sheetName, [
      {
        tableName: def.tableName,
        previous: {
          columns: def.columns,
          rowCount: def.rowCount,
          totals: def.totals,
          rowMarks: def.rowMarks,
        },
      },
    ]);
    return;
  }
  const prefix = def.tableName ?? (await showTablePrefix(excel, def.sheetName));
  if (!prefix || (await showLayoutState(excel, def.sheetName, prefix)) !== "current") return;
  const targets = showTargets(prefix, { serviceSeriesId: 0 } as ShowInfo, def.tables ?? []);
  await checkBeforeRequest(excel, def.sheetName, targets);
}
