/**
 * A report sheet's refresh (relative dates resolved again; parameters bound to cells read now): every
 * check that needs no request first, then the request, then the new data written in place with the
 * record (and its status line) in the same sync, then its chart. A refresh that fails leaves the
 * previous data as it was and records the error on the definition. Fetching is the caller's job (a
 * SheetFetcher): src/excel never talks to the service.
 */
import type { TypedTable } from "../api/table";
import { REPORT_COLUMNS } from "../api/csv/catalogue";
import { REPORT_KINDS, type ReportKind } from "../api/schemas";
import { refusalText, resolveBoundParams } from "../reports/boundParams";
import {
  DEFINITION_VERSION,
  resolveSource,
  type ReportDefinition,
  type ResolvedSource,
  type SheetSourceKind,
} from "../reports/definition";
import { fetchedLineOf } from "../reports/statusLine";
import { withRefreshLock, type RefreshOrigin } from "../runtime/refreshLock";
import { readBoundCells } from "./boundCells";
import { areaOf } from "./columnName";
import { followReports } from "./dashboardSheet";
import { dateSystemOf } from "./dateSystem";
import { errorMessage, type ExcelHost } from "./host";
import { drawProspectsChart } from "./prospectsChart";
import { chartAfter } from "./reportChart";
import { definitionFor, newestOf } from "./reportFor";
import { RefreshError, type SheetFetcher } from "./reportSheetTypes";
import { refreshShow, showTablePrefix } from "./showRefresh";
import { showLayoutState, showTargets } from "./showLayout";
import type { ShowInfo } from "../api/schemas";
import { queueRefreshCommit, writeReport, type StoredReport } from "./store/reportRecords";
import { withStoreTurn } from "./store/turns";
import { checkBeforeRequest, rewriteTable } from "./tableRefresh";

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
  const def = await refreshLocked(excel, sheetName, fetch, opts);
  await followReports(excel, [def.sheetName]).catch(() => undefined);
  return def;
}

/** A refresh under the workbook's refresh lock (refreshLock.ts), without the Dashboard following it. */
export function refreshLocked(
  excel: ExcelHost,
  sheetName: string,
  fetch: SheetFetcher,
  opts: { signal?: AbortSignal; now?: () => Date; origin?: RefreshOrigin },
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
  opts: { signal?: AbortSignal; now?: () => Date },
): Promise<ReportDefinition> {
  const now = opts.now ?? (() => new Date());
  const def = await definitionFor(excel, sheetName, "to refresh");
  try {
    // Every check that needs no request runs before the allowance is spent.
    await checkSheet(excel, def);
    // Parameters bound to cells are read now; a cell that cannot give its value refuses here.
    const { source, def: asked } = await withBoundValues(excel, def, resolveSource(def, now()));
    const data = await fetch(source, opts.signal);
    const fetched: Fetched = { start: def, asked, source, at: now() };
    if (data.type === "table") {
      const done = await refreshTableSheet(excel, fetched, data.table);
      // The Prospects sheet's chart is of its top 15 rows, sorted again by this refresh.
      if (done.kind === "prospects" && done.tableName)
        await drawProspectsChart(excel, done.sheetName, done.tableName).catch(() => undefined);
      return done;
    }
    return await refreshShow(excel, asked, data.show, (newest, tables, rowCount) => {
      const notes = refreshNotes(asked, [], false);
      return {
        ...fetchedRecord(newest, fetched),
        tables,
        rowCount,
        notes: notes.length ? notes : undefined,
      };
    });
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

/** What a refresh read at its start, what it asked the service (bound cells read) and when. */
interface Fetched {
  start: StoredReport;
  asked: StoredReport;
  source: ResolvedSource;
  at: Date;
}

/** The request a record asks, parameters bound in either record aside (they are the cells' to give). */
const requestOf = (d: ReportDefinition, bound: ReadonlySet<string>) => {
  const params = Object.fromEntries(Object.entries(d.params).filter(([k]) => !bound.has(k)));
  return JSON.stringify([d.kind, params, bound.has("startDate") ? null : (d.datePreset ?? null)]);
};

/** Whether the request was edited (Edit request) between two records. */
function requestEdited(a: ReportDefinition, b: ReportDefinition): boolean {
  const bound = new Set([...(a.bindings ?? []), ...(b.bindings ?? [])].map((x) => x.param));
  return requestOf(a, bound) !== requestOf(b, bound);
}

/**
 * The newest record with what the refresh fetched laid over it (the fields a refresh owns): what the
 * planner changed while it waited (their switches, cells bound or freed, the sheet's name) is kept.
 * Throws when the request itself was edited meanwhile: the data fetched no longer answers it.
 */
function fetchedRecord(newest: StoredReport, f: Fetched): ReportDefinition {
  if (requestEdited(newest, f.start))
    throw new Error(
      "the request was edited while this refresh waited for the service: the data it fetched was not written and nothing was changed; refresh again to fetch the edited request",
    );
  const fetchedWith = new Map((f.asked.bindings ?? []).map((b) => [b.param, b]));
  const bindings = newest.bindings?.map((b) => {
    const was = fetchedWith.get(b.param);
    return was && was.name === b.name ? { ...b, address: was.address } : b;
  });
  const params = { ...newest.params };
  // The values the cells gave, for every parameter fetched from a cell (one freed since keeps it, typed).
  for (const param of fetchedWith.keys()) params[param] = f.asked.params[param];
  const datesBound = (bindings ?? []).some((b) => b.param === "startDate" || b.param === "endDate");
  if (datesBound && !fetchedWith.has("startDate") && !fetchedWith.has("endDate")) {
    // Dates bound while the refresh waited: the data is of the dates it asked.
    params.startDate = f.source.params.startDate;
    params.endDate = f.source.params.endDate;
  }
  const { origin: _origin, ...plain } = newest;
  return {
    ...plain,
    version: DEFINITION_VERSION,
    params,
    bindings,
    datePreset: datesBound ? undefined : f.asked.datePreset,
    status: "ok",
    lastRefresh: f.at.toISOString(),
    lastError: undefined,
    failedAt: undefined,
    stale: undefined,
    fetchedLine: undefined,
  };
}

/**
 * The source with every bound parameter read from its cells (src/reports/boundParams.ts), and the
 * definition as it will be stored: the values the data is fetched with and where each cell now is (a
 * bound date replaces the relative range). Throws, naming each bad cell, before any request.
 */
async function withBoundValues(
  excel: ExcelHost,
  def: StoredReport,
  source: ResolvedSource,
): Promise<{ source: ResolvedSource; def: StoredReport }> {
  const bindings = def.bindings ?? [];
  if (bindings.length === 0) return { source, def };
  const cells = await readBoundCells(excel, bindings);
  const resolved = resolveBoundParams(def.kind, source.params, bindings, cells, await dateSystemOf(excel));
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

const isReportKind = (k: SheetSourceKind): k is ReportKind => (REPORT_KINDS as readonly string[]).includes(k);

/** What a refresh says beside its outcome: what a sheet stored by an earlier version made it assume, and what it left. */
function refreshNotes(def: StoredReport, kept: string[], statusSkipped: boolean): string[] {
  const notes = def.origin && "assumptions" in def.origin ? [...def.origin.assumptions] : [];
  if (def.columns === undefined && def.kind !== "show" && kept.length)
    notes.push(`kept as your columns: ${kept.join(", ")}`);
  if (statusSkipped)
    notes.push(
      "the status line was not written: the sheet's first cell holds your text, which stays (the Sheets tab says when the sheet was refreshed)",
    );
  return notes;
}

/**
 * A report, search or ads sheet refreshed with its new table. The record is read again once the data
 * is in (the planner may have changed it while the service answered) and what the refresh fetched is
 * laid over it; it commits with the data, in the same sync, its status line written by its one writer.
 */
async function refreshTableSheet(excel: ExcelHost, f: Fetched, table: TypedTable): Promise<ReportDefinition> {
  const def = f.asked;
  const tableName = def.tableName!;
  const updated = await withStoreTurn(async () => {
    const newest = await newestOf(excel, def);
    const next: ReportDefinition = { ...fetchedRecord(newest, f), rowCount: table.rows.length };
    next.fetchedLine = next.statusLine ? fetchedLineOf(next) : undefined;
    let check: (() => Promise<StoredReport>) | undefined;
    await rewriteTable(excel, { sheetName: newest.sheetName, tableName }, table, {
      // The record goes in the same (last) sync as the data: both commit, or neither.
      commit: (sheet, written) => {
        next.columns = written.table.written;
        next.totals = written.table.totals;
        next.rowMarks = written.table.rowMarks;
        if (written.summary) next.summary = written.summary;
        const kept = [...written.table.kept.calculated, ...written.table.kept.static];
        const commit = queueRefreshCommit(
          sheet.context,
          { sheet, name: newest.sheetName, status: written.status },
          newest,
          next,
          (record, lineWritten) => {
            const notes = [
              ...refreshNotes(def, kept, Boolean(next.statusLine) && !lineWritten),
              ...written.table.misaligned,
            ];
            return { ...record, notes: notes.length ? notes : undefined };
          },
        );
        check = commit.check;
      },
      previous: {
        columns: def.columns,
        rowCount: def.rowCount,
        totals: def.totals,
        summary: def.summary,
        rowMarks: def.rowMarks,
      },
      status: Boolean(next.statusLine),
      reportFields: isReportKind(def.kind) ? Object.keys(REPORT_COLUMNS[def.kind]) : [],
      // The chart's block of sums beside a narrow table is the add-in's own, not a note.
      beside: { own: (def.chart?.data ? [areaOf(def.chart.data)] : []).flatMap((b) => (b ? [b] : [])) },
    });
    return check!();
  });
  return chartAfter(excel, updated, table, def.columns);
}
