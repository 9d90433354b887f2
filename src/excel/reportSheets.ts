/**
 * Refreshable report sheets: create one from fetched data, refresh one or all (relative dates
 * resolved again), keeping the table's name and place so formulas that reference it keep working.
 * A refresh that fails leaves the previous data as it was and records the error on the definition.
 * Fetching is the caller's job (a SheetFetcher): src/excel never talks to the service.
 */
import { followRenamedReports, followReports } from "./dashboardSheet";
import type { ShowInfo } from "../api/schemas";
import type { TypedTable } from "../api/table";
import {
  DEFINITION_VERSION,
  resolveSource,
  type ReportDefinition,
  type ResolvedSource,
  type SheetSourceKind,
} from "../reports/definition";
import type { DatePreset } from "../reports/relativeDates";
import { sheetNameFor, tableNameFor, tablePrefixFor } from "./cellFormats";
import { errorMessage, type ExcelHost } from "./host";
import {
  createRecord,
  lineIsOurs,
  listDefinitions,
  newerVersionOf,
  queueRefreshCommit,
  readDefinition,
  readReport,
  removeDefinition,
  withStoreTurn,
  writeReport,
  type StoredReport,
} from "./reportStore";
import { newerMessage } from "../reports/definitionVersions";
import { fingerprint } from "../api/fingerprint";
import { REPORT_COLUMNS } from "../api/csv/catalogue";
import { areaOf } from "./columnName";
import { REPORT_KINDS, type ReportKind } from "../api/schemas";
import { rowMarksFor } from "./refresh/rowMarks";
import { dateSystemOf, tableInSystem } from "./dateSystem";
import { refreshShowSheet, showLayoutState, showRowCount, showTargets, writeShowSheet } from "./showLayout";
import { takenNames } from "./workbookNames";
import { fetchedLineOf, renderStatusLine, statusLine } from "../reports/statusLine";
import { chartBandRows, ensureReportChart } from "./reportCharts";
import { reportPeriod } from "../reports/reportPeriod";
import { chartColumns } from "./chartData";
import { checkBeforeRequest, rewriteTable } from "./tableRefresh";
import { withRefreshLock, type RefreshOrigin } from "../runtime/refreshLock";
import { writeNewTable } from "./tableWriter";
import { drawProspectsChart } from "./prospectsChart";
import { bindCells, readBoundCells } from "./boundCells";
import { refusalText, resolveBoundParams } from "../reports/boundParams";

export type SheetData = { type: "table"; table: TypedTable } | { type: "show"; show: ShowInfo };
export type SheetFetcher = (source: ResolvedSource, signal?: AbortSignal) => Promise<SheetData>;

export interface NewReport {
  kind: SheetSourceKind;
  params: Record<string, unknown>;
  datePreset?: DatePreset;
  /** Readable base for the sheet and table names. */
  label: string;
  /** The table's style, when the planner chose one. */
  tableStyle?: string;
  /** A chart beside the table (on unless the planner switched it off). */
  chart?: boolean;
  /** Rows kept above the table for a chart the sheet's room draws itself (the Prospects chart). */
  bandRows?: number;
  /** Parameters taken from cells (parameter → address): bound by a defined name each (boundCells.ts). */
  cells?: Readonly<Record<string, string>>;
}

/** What a new sheet's definition records of what the add-in wrote there (to tell its cells from the planner's). */
type WrittenRecord = Pick<
  ReportDefinition,
  | "columns"
  | "tables"
  | "chart"
  | "statusLine"
  | "statusHash"
  | "fetchedLine"
  | "tableStyle"
  | "summary"
  | "totals"
  | "rowMarks"
>;

/** A new report table sheet: the status line, the table, its chart; and the record of each. */
async function writeReportTable(
  excel: ExcelHost,
  report: NewReport & Pick<ReportDefinition, "bindings">,
  table: TypedTable,
  names: { sheetName: string; tableName: string },
  now: Date,
): Promise<{ rowCount: number; written: WrittenRecord }> {
  const line = statusLine(
    { ...report, rowCount: table.rows.length, lastRefresh: now.toISOString() },
    resolveSource(report, now).params,
  );
  const chartOn = report.chart ?? true;
  const chartRows = report.bandRows ?? chartBandRows(report.kind, table, chartOn);
  const result = await writeNewTable(excel, table, names, {
    topLines: [[line]],
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
      statusHash: fingerprint(line),
      fetchedLine: line,
      // The rows as the cells hold them: dates in the workbook's system.
      rowMarks: rowMarksFor(tableInSystem(table, await dateSystemOf(excel)), (j) => ids[j]),
      tableStyle: report.tableStyle,
      summary: { row: 1, col: 0, rows: summary.length, cols: Math.max(0, ...summary.map((l) => l.length)) },
      totals: Boolean(table.totals),
    },
  };
}

/** Writes fetched data to a new sheet and stores its definition there. */
export async function createReportSheet(
  excel: ExcelHost,
  report: NewReport,
  data: SheetData,
  now = new Date(),
): Promise<ReportDefinition> {
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
      { ...report, bindings },
      data.table,
      { sheetName, tableName },
      now,
    ));
  } else {
    // The show sheet's status line, as a report's: rendered from what its record will say.
    const line = statusLine({
      ...report,
      bindings,
      rowCount: showRowCount(data.show),
      lastRefresh: now.toISOString(),
    });
    const result = await writeShowSheet(excel, data.show, {
      sheetName,
      prefix: tableName,
      requestedId: requestedShowId(report.params),
      statusLine: line,
    });
    rowCount = result.rows;
    written = { tables: result.tables, statusLine: true, statusHash: fingerprint(line), fetchedLine: line };
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
  await createRecord(excel, def);
  return { ...def, revision: 1 };
}

/**
 * The report's chart (reportCharts.ts), never failing the report: a chart that cannot be made is
 * recorded on the definition (chart.error) and the data stays.
 */
async function chartBeside(
  excel: ExcelHost,
  target: Parameters<typeof ensureReportChart>[1],
  opts: Parameters<typeof ensureReportChart>[2],
): Promise<NonNullable<ReportDefinition["chart"]>> {
  try {
    const { key, data, dataHash, deleted } = await ensureReportChart(excel, target, opts);
    // Deleted in Excel: the switch is off, and the Sheets tab says why.
    if (deleted) return { enabled: false, deleted: true, band: opts.band };
    return { enabled: opts.enabled, plan: key ?? undefined, data, dataHash, band: opts.band };
  } catch (err) {
    // The block's address stays recorded: a later refresh or switch still finds it to clear.
    return {
      enabled: opts.enabled,
      data: opts.previousData,
      dataHash: opts.previousHash,
      band: opts.band,
      error: `the chart could not be made: ${errorMessage(err)}`,
    };
  }
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

/** The show id a show sheet's request asked for (a directory id, an Alpha channel or playlist id). */
function requestedShowId(params: Record<string, unknown>): string | undefined {
  return params.id === undefined || params.id === null ? undefined : String(params.id);
}

class RefreshError extends Error {
  constructor(
    readonly sheetName: string,
    message: string,
    /** What failed (a service error the pane may act on, such as a request that may have counted). */
    cause?: unknown,
  ) {
    super(`${sheetName}: ${message}`, { cause });
    this.name = "RefreshError";
  }
}

/**
 * The sheet's report definition, or the reason there is none in a planner's words: a sheet renamed
 * or deleted since the pane listed it is not "a sheet without a report".
 */
export async function definitionFor(
  excel: ExcelHost,
  sheetName: string,
  what: string,
): Promise<StoredReport> {
  const def = await readDefinition(excel, sheetName);
  // A later version's definition is read-only: every action refuses, naming it, and nothing is saved.
  const newer = def && newerVersionOf(def);
  if (newer !== undefined && newer !== null) throw new RefreshError(sheetName, newerMessage(newer));
  if (def) return def;
  const exists = await excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItemOrNullObject(sheetName);
    await context.sync();
    return !sheet.isNullObject;
  });
  throw new RefreshError(
    sheetName,
    exists
      ? `this sheet has no report definition ${what}`
      : "no sheet has this name any more (renamed or deleted since the list was read): use the sheet's new name in the Sheets list",
  );
}

/** The prefix a show sheet's tables share (`<prefix>_Episodes`, …), read from the sheet itself. */
async function showTablePrefix(excel: ExcelHost, sheetName: string): Promise<string | undefined> {
  return excel.run(async (context) => {
    const tables = context.workbook.worksheets.getItem(sheetName).tables;
    tables.load("items/name");
    await context.sync();
    return tables.items
      .map((t) => t.name)
      .find((n) => n.endsWith("_Episodes"))
      ?.slice(0, -"_Episodes".length);
  });
}

/**
 * A show sheet in the fixed layout refreshed in place; its status line, rendered from the record as
 * it will be stored, is written in its cell where that cell is still the add-in's or empty.
 */
function refreshShowInPlace(
  excel: ExcelHost,
  def: ReportDefinition,
  prefix: string,
  show: ShowInfo,
  updated: (newest: StoredReport, tables: ReportDefinition["tables"], rowCount: number) => ReportDefinition,
): Promise<ReportDefinition> {
  return withStoreTurn(async () => {
    const newest = await newestOf(excel, def);
    let check: ((excel: ExcelHost) => Promise<StoredReport>) | undefined;
    // The status line is the record's rendering (as a report sheet's): the record as it will be
    // stored but for its tables, which only say where the rows went.
    const next = { ...updated(newest, newest.tables, showRowCount(show)), statusLine: true };
    next.fetchedLine = fetchedLineOf(next);
    const line = renderStatusLine(next);
    const names = {
      sheetName: newest.sheetName,
      prefix,
      requestedId: requestedShowId(def.params),
      statusLine: line,
    };
    await refreshShowSheet(
      excel,
      names,
      show,
      def.tables,
      (sheet, tables, statusWritten) => {
        const saved: ReportDefinition = {
          ...next,
          tables,
          statusLine: statusWritten || newest.statusLine,
          statusHash: statusWritten ? fingerprint(line) : undefined,
        };
        if (!statusWritten)
          saved.notes = [
            ...(saved.notes ?? []),
            "the status line was not written: cell A3 holds your text, which stays (the Sheets tab says when the sheet was refreshed)",
          ];
        check = queueRefreshCommit(sheet, newest, saved);
      },
      // The line the add-in last wrote, whoever wrote it; an empty cell takes the line too.
      (first) => lineIsOurs(newest, first) || lineIsOurs(def, first),
    );
    return check!(excel);
  });
}

/**
 * Refreshes a show sheet in place (refreshShowSheet: same sheet, same tables resized, the planner's
 * columns kept, any failure undone); the updated definition commits in the same sync. A sheet made
 * before the fixed layout is left as it is and the show written on a new sheet, the report moved there.
 */
async function refreshShow(
  excel: ExcelHost,
  def: ReportDefinition,
  show: ShowInfo,
  updated: (newest: StoredReport, tables: ReportDefinition["tables"], rowCount: number) => ReportDefinition,
): Promise<ReportDefinition> {
  const prefix = def.tableName ?? (await showTablePrefix(excel, def.sheetName));
  if (!prefix)
    throw new Error(
      "the sheet's tables are not recognised (an Episodes table was renamed or deleted): rename it back, or make a new show sheet (nothing was changed)",
    );
  const state = await showLayoutState(excel, def.sheetName, prefix);
  if (typeof state === "object")
    throw new Error(
      `the sheet's table${state.missing.length > 1 ? "s" : ""} ${state.missing.join(", ")} ${state.missing.length > 1 ? "are" : "is"} missing (renamed or deleted): rename ${state.missing.length > 1 ? "them" : "it"} back, or make a new show sheet (nothing was changed)`,
    );
  if (state === "current") return refreshShowInPlace(excel, def, prefix, show, updated);
  // A sheet of the first layout: what the old code wrote there cannot be told from the planner's
  // cells, so it is left as it is and the show is written on a new sheet, which the report moves to.
  const taken = await takenNames(excel);
  const moved = {
    sheetName: sheetNameFor(def.sheetName, taken.sheets),
    prefix: tablePrefixFor(def.sheetName, taken.tables),
  };
  const record = updated(await newestOf(excel, def), [], showRowCount(show));
  const line = fetchedLineOf(record);
  const { rows, tables } = await writeShowSheet(excel, show, {
    ...moved,
    requestedId: requestedShowId(def.params),
    statusLine: line,
  });
  const was = {
    ...record,
    tables,
    rowCount: rows,
    statusLine: true,
    statusHash: fingerprint(line),
    fetchedLine: line,
  };
  const next: ReportDefinition = {
    ...was,
    ...moved,
    tableName: moved.prefix,
    notes: [
      ...(was.notes ?? []),
      `"${def.sheetName}" was made in the first layout of show sheets (before 2026-11-23), where the add-in's cells cannot be told from yours: the show is refreshed on this new sheet, and "${def.sheetName}" stays as it was (it no longer refreshes)`,
    ],
  };
  await createRecord(excel, next);
  await removeDefinition(excel, def.sheetName);
  return { ...next, revision: 1 };
}

/** The record as it is now (after a refresh's wait: others may have written it), or why it is gone. */
async function newestOf(excel: ExcelHost, def: ReportDefinition): Promise<StoredReport> {
  const newest = await readReport(excel, def);
  if (!newest)
    throw new Error(
      "the sheet's report was forgotten or its sheet deleted while the refresh waited: nothing was changed",
    );
  const newer = newerVersionOf(newest);
  if (newer !== undefined) throw new Error(newerMessage(newer));
  return newest;
}

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
function refreshLocked(
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
  return {
    ...newest,
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
 * laid over it; it commits with the data, in the same sync. The status line is the record's rendering.
 */
async function refreshTableSheet(excel: ExcelHost, f: Fetched, table: TypedTable): Promise<ReportDefinition> {
  const def = f.asked;
  const tableName = def.tableName!;
  const updated = await withStoreTurn(async () => {
    const newest = await newestOf(excel, def);
    const next: ReportDefinition = { ...fetchedRecord(newest, f), rowCount: table.rows.length };
    next.fetchedLine = next.statusLine ? fetchedLineOf(next) : undefined;
    const status = next.statusLine ? renderStatusLine(next) : undefined;
    let check: ((excel: ExcelHost) => Promise<StoredReport>) | undefined;
    await rewriteTable(excel, { sheetName: newest.sheetName, tableName }, table, {
      // The record goes in the same (last) sync as the data: both commit, or neither.
      commit: (sheet, written) => {
        next.columns = written.table.written;
        next.totals = written.table.totals;
        next.rowMarks = written.table.rowMarks;
        next.statusHash = status !== undefined && written.statusWritten ? fingerprint(status) : undefined;
        if (written.summary) next.summary = written.summary;
        const kept = [...written.table.kept.calculated, ...written.table.kept.static];
        const notes = [
          ...refreshNotes(def, kept, status !== undefined && !written.statusWritten),
          ...written.table.misaligned,
        ];
        next.notes = notes.length ? notes : undefined;
        check = queueRefreshCommit(sheet, newest, next);
      },
      previous: {
        columns: def.columns,
        rowCount: def.rowCount,
        totals: def.totals,
        summary: def.summary,
        rowMarks: def.rowMarks,
      },
      statusLine: status,
      // The line the add-in last wrote, whoever wrote it (a stale mark, a failure while this refresh waited).
      statusStillOurs: (first) => lineIsOurs(newest, first) || lineIsOurs(def, first),
      reportFields: isReportKind(def.kind) ? Object.keys(REPORT_COLUMNS[def.kind]) : [],
      // The chart's block of sums beside a narrow table is the add-in's own, not a note.
      beside: { own: (def.chart?.data ? [areaOf(def.chart.data)] : []).flatMap((b) => (b ? [b] : [])) },
    });
    return check!(excel);
  });
  return chartAfter(excel, updated, table, def.columns);
}

/**
 * A summary chart's sums are rewritten; a chart over the table's columns follows it by itself. Either
 * is made again only when what it reads changed, as the newest record's switch says; the record is
 * written again when the chart's part changed (the data is already committed: a chart never fails a
 * refresh, and a chart switched meanwhile by the planner stays theirs).
 */
async function chartAfter(
  excel: ExcelHost,
  updated: StoredReport,
  table: TypedTable,
  previousColumns: ReportDefinition["columns"],
): Promise<StoredReport> {
  const was = updated.chart;
  const chart = await chartBeside(
    excel,
    {
      sheetName: updated.sheetName,
      tableName: updated.tableName!,
      kind: updated.kind,
      table,
      period: reportPeriod(updated),
    },
    {
      enabled: was?.enabled ?? true,
      columnShift: previousColumns ? table.columns.length - previousColumns.length : 0,
      previousKey: was?.plan,
      previousData: was?.data,
      previousHash: was?.dataHash,
      band: was?.band,
      keepDeleted: true,
    },
  );
  // Still off since the planner deleted it: the Sheets tab keeps saying why.
  if (was?.deleted && !chart.enabled) chart.deleted = true;
  if (JSON.stringify(chart) === JSON.stringify(was)) return updated;
  return writeReport(excel, updated, "refresh", { chart }).catch(() => updated);
}

export interface RefreshProgress {
  done: number;
  total: number;
  sheetName: string;
  error?: string;
}

/** Refreshes every report sheet (or those `which` keeps), one after another; failures don't stop the rest. */
export async function refreshAll(
  excel: ExcelHost,
  fetch: SheetFetcher,
  opts: {
    signal?: AbortSignal;
    onProgress?: (p: RefreshProgress) => void;
    which?: (def: ReportDefinition) => boolean;
    now?: () => Date;
    origin?: RefreshOrigin;
  } = {},
): Promise<{ refreshed: string[]; failed: { sheetName: string; error: string }[] }> {
  const defs = (await listDefinitions(excel)).filter(opts.which ?? (() => true));
  const refreshed: string[] = [];
  const failed: { sheetName: string; error: string }[] = [];
  for (const [i, def] of defs.entries()) {
    if (opts.signal?.aborted) break;
    try {
      await refreshLocked(excel, def.sheetName, fetch, { ...opts, origin: opts.origin ?? "refresh all" });
      refreshed.push(def.sheetName);
      opts.onProgress?.({ done: i + 1, total: defs.length, sheetName: def.sheetName });
    } catch (err) {
      failed.push({ sheetName: def.sheetName, error: errorMessage(err) });
      opts.onProgress?.({
        done: i + 1,
        total: defs.length,
        sheetName: def.sheetName,
        error: errorMessage(err),
      });
    }
  }
  // The Dashboard names its reports (a report sheet renamed since is named anew) and copies their
  // charts (made again over their new sums). Its figures never depended on either, so a dashboard
  // that cannot follow is no failure of the refresh.
  await followReports(excel, refreshed).catch(() => undefined);
  return { refreshed, failed };
}

/** The sheets marked "refresh when the workbook opens". */
export function refreshOnOpen(
  excel: ExcelHost,
  fetch: SheetFetcher,
  onProgress?: (p: RefreshProgress) => void,
) {
  return refreshAll(excel, fetch, { onProgress, which: (d) => d.refreshOnOpen, origin: "refresh on open" });
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

/**
 * Renames a report sheet to `wanted` (made unique and valid as a new sheet's name is), its definition
 * with it, and the Dashboard follows (its link and column take the new name). Returns the name given.
 */
export async function renameReportSheet(
  excel: ExcelHost,
  sheetName: string,
  wanted: string,
): Promise<string> {
  const def = await definitionFor(excel, sheetName, "to rename");
  const taken = new Set((await takenNames(excel)).sheets);
  taken.delete(sheetName);
  const name = sheetNameFor(wanted, taken);
  if (name === sheetName) return name;
  await excel.run(async (context) => {
    context.workbook.worksheets.getItem(sheetName).name = name;
    await context.sync();
  });
  await writeReport(excel, { ...def, sheetName: name }, "planner", { sheetName: name });
  await followRenamedReports(excel).catch(() => undefined);
  return name;
}

export async function setRefreshOnOpenFlag(excel: ExcelHost, sheetName: string, on: boolean): Promise<void> {
  const def = await definitionFor(excel, sheetName, "to refresh on open");
  await writeReport(excel, def, "planner", { refreshOnOpen: on });
}

export { listDefinitions, readDefinition, removeDefinition } from "./reportStore";
