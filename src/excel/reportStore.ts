/**
 * Where report definitions live: on their own worksheet, as custom properties, so the definition
 * travels with the sheet (copy, move, save). The JSON is split into 250-character parts because a
 * custom property value is limited (we assume 255 characters, the documented limit for document
 * properties). Keys: AdsReport.n (number of parts) and AdsReport.0 … AdsReport.{n-1}.
 */
import { BOUND_DEFINITION_VERSION, definitionSchema, type ReportDefinition } from "../reports/definition";
import { newerMessage, readStoredDefinition } from "../reports/definitionVersions";
import { mergeRecord, revisionOf, type RecordPatch, type RecordWriter } from "../reports/recordOwners";
import type { BoundCell } from "../reports/boundParams";
import { adoptedLine, renderStatusLine } from "../reports/statusLine";
import { fingerprint } from "../api/fingerprint";
import { queueBoundCells } from "./boundCells";
import { listedSets, setJsons, type ListedSet } from "./setRecords";
import { recordsChanging, writesSoFar } from "./recordsWritten";
import { dateSystemOf } from "./dateSystem";
import type { DateSystem } from "../api/excelDates";
import type { ExcelHost } from "./host";
import { SHOW_STATUS_CELL } from "./showLayout";

/**
 * A definition as read from its sheet: today's shape, and where it came from when it was stored by
 * an earlier version (what the next refresh assumes) or a later one (read-only). `origin` is never stored.
 */
export type StoredReport = ReportDefinition & {
  origin?: { from: string; assumptions: string[] } | { newer: number };
};

/** The later version a definition was stored by, if it was: then nothing may refresh, edit or overwrite it. */
export const newerVersionOf = (def: StoredReport): number | undefined =>
  def.origin && "newer" in def.origin ? def.origin.newer : undefined;

const PROPERTY_PREFIX = "AdsReport";
export const PART_LENGTH = 250;

export function splitParts(json: string): string[] {
  const parts: string[] = [];
  for (let i = 0; i < json.length; i += PART_LENGTH) parts.push(json.slice(i, i + PART_LENGTH));
  return parts.length ? parts : [""];
}

/**
 * The definition as stored: version 2, or version 3 when a parameter is bound to a cell (an add-in
 * that reads up to version 2 then lists the sheet read-only instead of refreshing it without its cells).
 */
function storedJson(def: ReportDefinition): string {
  const parsed = definitionSchema.parse(def);
  return JSON.stringify(parsed.bindings?.length ? { ...parsed, version: BOUND_DEFINITION_VERSION } : parsed);
}

/** Writes the definition's properties on a worksheet (queued; the caller syncs). */
function queueSaveDefinition(sheet: Excel.Worksheet, def: ReportDefinition, previousParts = 0): void {
  const parts = splitParts(storedJson(def));
  parts.forEach((p, i) => sheet.customProperties.add(`${PROPERTY_PREFIX}.${i}`, p));
  for (let i = parts.length; i < previousParts; i++)
    sheet.customProperties.getItemOrNullObject(`${PROPERTY_PREFIX}.${i}`).delete();
  sheet.customProperties.add(`${PROPERTY_PREFIX}.n`, String(parts.length));
}

/** Reads a definition from a worksheet's loaded custom properties; null when the sheet is no report, or unreadable. */
function definitionFromProperties(items: readonly { key: string; value: string }[]): {
  def: StoredReport | null;
  parts: number;
  /** A later version's definition is there (whether or not it could be read). */
  newer?: number;
} {
  const map = new Map(items.map((p) => [p.key, p.value]));
  const n = Number(map.get(`${PROPERTY_PREFIX}.n`));
  if (!Number.isInteger(n) || n < 1) return { def: null, parts: 0 };
  const json = Array.from({ length: n }, (_, i) => map.get(`${PROPERTY_PREFIX}.${i}`) ?? "").join("");
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return { def: null, parts: n };
  }
  const stored = readStoredDefinition(raw);
  switch (stored.state) {
    case "unreadable":
      return { def: null, parts: n };
    case "current":
      return { def: stored.def, parts: n };
    case "migrated":
      return {
        def: { ...stored.def, origin: { from: stored.from, assumptions: stored.assumptions } },
        parts: n,
      };
    case "newer":
      return { def: { ...stored.def, origin: { newer: stored.version } }, parts: n, newer: stored.version };
  }
}

/**
 * Stores `def` whole over whatever record the sheet holds (never a later version's), one revision on.
 * For tests that set a workbook up as an earlier state had it: the add-in itself writes through
 * createRecord and writeReport, which never overwrite a newer record.
 */
export async function saveDefinition(excel: ExcelHost, def: ReportDefinition): Promise<void> {
  recordsChanging();
  await excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(def.sheetName);
    const before = queueReadBefore(sheet);
    await context.sync();
    const { def: there, parts, newer } = before();
    if (newer !== undefined) throw new Error(newerMessage(newer));
    queueSaveDefinition(sheet, { ...def, revision: (there ? revisionOf(there) : 0) + 1 }, parts);
    await context.sync();
  });
}

/**
 * Stores the record of a report on a sheet that has none yet (a new report): revision 1. A sheet
 * already holding a record is changed only by writeReport, which merges into the newest one.
 */
export async function createRecord(excel: ExcelHost, def: ReportDefinition): Promise<void> {
  recordsChanging();
  await excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(def.sheetName);
    // customProperties is a navigation property: it needs no load of its own.
    // eslint-disable-next-line office-addins/call-sync-before-read, office-addins/load-object-before-read
    const props = sheet.customProperties;
    props.load("items/key,items/value");
    await context.sync();
    const { def: there, parts, newer } = definitionFromProperties(props.items);
    // A later version's definition is never overwritten.
    if (newer !== undefined) throw new Error(newerMessage(newer));
    if (there) throw new Error(`"${def.sheetName}" already holds a report: nothing was changed`);
    queueSaveDefinition(sheet, { ...def, revision: 1 }, parts);
    await context.sync();
  });
}

export async function readDefinition(excel: ExcelHost, sheetName: string): Promise<StoredReport | null> {
  return excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItemOrNullObject(sheetName);
    await context.sync();
    if (sheet.isNullObject) return null;
    sheet.customProperties.load("items/key,items/value");
    await context.sync();
    const { def } = definitionFromProperties(sheet.customProperties.items);
    // The sheet may have been renamed since: its current name wins.
    return def ? { ...def, sheetName } : null;
  });
}

/** Every report sheet of the workbook, in sheet order. */
export async function listDefinitions(excel: ExcelHost): Promise<StoredReport[]> {
  return excel.run(definitionsIn);
}

/** Every report sheet's record, in two syncs. */
async function definitionsIn(context: Excel.RequestContext): Promise<StoredReport[]> {
  const sheets = context.workbook.worksheets;
  sheets.load("items/name");
  await context.sync();
  const props = sheets.items.map((s) => {
    s.customProperties.load("items/key,items/value");
    return s;
  });
  await context.sync();
  const defs: StoredReport[] = [];
  for (const s of props) {
    const { def } = definitionFromProperties(s.customProperties.items);
    if (def) defs.push({ ...def, sheetName: s.name });
  }
  return defs;
}

/** Forgets a sheet's definition: the data stays, it just stops being a refreshable report. */
export async function removeDefinition(excel: ExcelHost, sheetName: string): Promise<void> {
  recordsChanging();
  await excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    // customProperties is a navigation property: it needs no load of its own.
    // eslint-disable-next-line office-addins/call-sync-before-read, office-addins/load-object-before-read
    const props = sheet.customProperties;
    props.load("items/key,items/value");
    await context.sync();
    for (const p of props.items) {
      if (p.key.startsWith(`${PROPERTY_PREFIX}.`)) sheet.customProperties.getItemOrNullObject(p.key).delete();
    }
    await context.sync();
  });
}

/*
 * The store's writes (issue #44). Every change to a report's record goes through writeReport (or a
 * refresh's commit, queueRefreshCommit): the writer says which record it read and what it changes
 * (fields it owns: src/reports/recordOwners.ts); the change is laid over the newest record, one
 * revision on, and the status line is rendered from the result. Within one runtime the writes take
 * turns; across runtimes (the pane, the ribbon, the functions in Excel) each write reads the record
 * again in its own last sync, before its change lands, and puts back a change it finds it overwrote.
 */

let turn: Promise<unknown> = Promise.resolve();

/** Runs `fn` when this runtime's earlier store writes have ended; the next waits for it. */
export function withStoreTurn<T>(fn: () => Promise<T>): Promise<T> {
  recordsChanging();
  const run = () => {
    recordsChanging();
    return fn();
  };
  const mine = turn.then(run, run);
  turn = mine.catch(() => undefined);
  return mine;
}

/** Where a record is: the sheet of its table (so a sheet renamed since is found), else its sheet by name. */
async function recordSheet(
  context: Excel.RequestContext,
  at: Pick<ReportDefinition, "sheetName" | "tableName" | "kind">,
): Promise<Excel.Worksheet | null> {
  const byName = context.workbook.worksheets.getItemOrNullObject(at.sheetName);
  const table =
    at.tableName && at.kind !== "show" ? context.workbook.tables.getItemOrNullObject(at.tableName) : null;
  table?.worksheet.load("name");
  byName.load("name");
  await context.sync();
  if (table && !table.isNullObject) return context.workbook.worksheets.getItem(table.worksheet.name);
  return byName.isNullObject ? null : byName;
}

/** The record of `at` as it is now (found by its table when its sheet was renamed), or null. */
export async function readReport(
  excel: ExcelHost,
  at: Pick<ReportDefinition, "sheetName" | "tableName" | "kind">,
): Promise<StoredReport | null> {
  return excel.run(async (context) => {
    const sheet = await recordSheet(context, at);
    if (!sheet) return null;
    sheet.load("name");
    sheet.customProperties.load("items/key,items/value");
    await context.sync();
    const { def } = definitionFromProperties(sheet.customProperties.items);
    return def ? { ...def, sheetName: sheet.name } : null;
  });
}

/** Whether the sheet's first cell holds the status line the add-in last wrote (by the record's fingerprint). */
export function lineIsOurs(def: Pick<ReportDefinition, "statusHash">, first: unknown): boolean {
  if (typeof first !== "string") return false;
  if (def.statusHash !== undefined) return fingerprint(first) === def.statusHash;
  // Sheets stored before fingerprints: by how every status line began.
  return /^(Last refreshed |Not refreshed yet|Refresh failed )/.test(first);
}

/**
 * The status line's cell: a report table sheet's over its table's first column, a show sheet's under
 * its title (showLayout.ts); null where the sheet has none.
 */
async function statusCell(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  def: ReportDefinition,
): Promise<Excel.Range | null> {
  if (!def.statusLine) return null;
  if (def.kind === "show") {
    const cell = sheet.getCell(SHOW_STATUS_CELL.row, SHOW_STATUS_CELL.col);
    cell.load("values");
    await context.sync();
    return cell;
  }
  if (!def.tableName) return null;
  const table = sheet.tables.getItemOrNullObject(def.tableName);
  await context.sync();
  if (table.isNullObject) return null;
  const range = table.getRange();
  range.load("columnIndex");
  await context.sync();
  const cell = sheet.getCell(0, range.columnIndex);
  cell.load("values");
  await context.sync();
  return cell;
}

/** Queues the record with its status line rendered, where the first cell still holds the add-in's line. */
function queueWithLine(
  sheet: Excel.Worksheet,
  record: ReportDefinition,
  cell: Excel.Range | null,
  parts: number,
  /** Other records whose line the add-in wrote (the one read, one written by another runtime meanwhile). */
  others: readonly ReportDefinition[] = [],
): ReportDefinition {
  let stored = record;
  const first: unknown = cell?.values[0][0];
  if (cell && typeof first === "string" && [record, ...others].some((r) => lineIsOurs(r, first))) {
    // A line written before records knew their line (or in other words) keeps saying what it said of the data.
    const known = record.fetchedLine === undefined ? { ...record, fetchedLine: adoptedLine(first) } : record;
    const line = renderStatusLine(known);
    if (line !== first) cell.values = [[line]];
    stored = { ...known, statusHash: fingerprint(line) };
  }
  queueSaveDefinition(sheet, stored, parts);
  return stored;
}

/** The record a sheet held just before a write in the same sync (queued first, so read before it). */
function queueReadBefore(sheet: Excel.Worksheet): () => ReturnType<typeof definitionFromProperties> {
  const props = sheet.customProperties;
  props.load("items/key,items/value");
  return () => definitionFromProperties(props.items);
}

/**
 * Changes a report's record: `patch` (fields `writer` owns) laid over the newest record, whose status
 * line is rendered again. `base` is the record the writer read. Refused in words, before anything
 * changes, where someone else changed a field of the patch since `base`. Returns the stored record.
 */
export function writeReport(
  excel: ExcelHost,
  base: StoredReport,
  writer: RecordWriter,
  patch: RecordPatch,
): Promise<StoredReport> {
  return withStoreTurn(() =>
    excel.run(async (context) => {
      const sheet = await recordSheet(context, base);
      if (!sheet)
        throw new Error(
          `no sheet holds the report "${base.sheetName}" any more (deleted): nothing was changed`,
        );
      sheet.load("name");
      sheet.customProperties.load("items/key,items/value");
      await context.sync();
      const { def: newest, newer } = definitionFromProperties(sheet.customProperties.items);
      if (newer !== undefined) throw new Error(newerMessage(newer));
      if (!newest) throw new Error(`"${sheet.name}" holds no report any more: nothing was changed`);
      const merged = mergeRecord(base, { ...newest, sheetName: sheet.name }, writer, patch);
      if ("refused" in merged) throw new Error(merged.refused);
      const cell = await statusCell(context, sheet, merged.record);
      const before = queueReadBefore(sheet);
      const stored = {
        ...queueWithLine(sheet, merged.record, cell, splitParts(storedJson(newest)).length, [newest]),
        sheetName: sheet.name,
      };
      await context.sync();
      return repairIfOverwritten(context, sheet, { newest, writer, patch, stored }, before());
    }),
  );
}

/**
 * Another runtime wrote the record between this write's read and its own write (found in the same
 * sync, read before the write landed): its change is put back under ours, or, where both changed the
 * same field, its record is put back whole and ours refused in words.
 */
async function repairIfOverwritten(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  ours: { newest: ReportDefinition; writer: RecordWriter; patch: RecordPatch; stored: ReportDefinition },
  found: { def: StoredReport | null; parts: number },
): Promise<StoredReport> {
  const theirs = found.def;
  if (!theirs || revisionOf(theirs) === revisionOf(ours.newest)) return ours.stored;
  const merged = mergeRecord(ours.newest, theirs, ours.writer, ours.patch);
  const parts = splitParts(storedJson(ours.stored)).length;
  const cell = await statusCell(context, sheet, "refused" in merged ? theirs : merged.record);
  const stored = queueWithLine(sheet, "refused" in merged ? theirs : merged.record, cell, parts, [
    theirs,
    ours.stored,
  ]);
  await context.sync();
  if ("refused" in merged) throw new Error(merged.refused);
  return { ...stored, sheetName: ours.stored.sheetName };
}

/**
 * A refresh's commit, queued into the sync that writes its data (both land or neither): `record` is
 * what the refresh made of the newest record it read (`newest`). Returns the check to run once that
 * sync is done: a record another runtime wrote in between is merged with the refresh's part again.
 */
export function queueRefreshCommit(
  sheet: Excel.Worksheet,
  newest: StoredReport,
  record: ReportDefinition,
): (excel: ExcelHost) => Promise<StoredReport> {
  recordsChanging();
  const before = queueReadBefore(sheet);
  const stored = { ...record, revision: revisionOf(newest) + 1 };
  queueSaveDefinition(sheet, stored, splitParts(storedJson(newest)).length);
  return async (excel) => {
    const found = before();
    if (!found.def || revisionOf(found.def) === revisionOf(newest)) return stored;
    const patch = refreshPart(record);
    return excel.run(async (context) => {
      const again = context.workbook.worksheets.getItem(newest.sheetName);
      return repairIfOverwritten(context, again, { newest, writer: "refresh", patch, stored }, found);
    });
  };
}

/** What a refresh fetched and wrote, as a patch (the fields a refresh owns). */
function refreshPart(record: ReportDefinition): RecordPatch {
  const {
    params,
    bindings,
    datePreset,
    rowCount,
    columns,
    rowMarks,
    lastRefresh,
    status,
    lastError,
    failedAt,
    notes,
    summary,
    totals,
    tables,
    statusLine,
    statusHash,
    fetchedLine,
  } = record;
  return {
    params,
    bindings,
    datePreset,
    rowCount,
    columns,
    rowMarks,
    lastRefresh,
    status,
    lastError,
    failedAt,
    notes,
    summary,
    totals,
    tables,
    statusLine,
    statusHash,
    // What the line says of the data: without it, a repair over another runtime's write would
    // render the line of the data before this refresh (found by the one-record property on a CI
    // rehearsal, seed -1731409853).
    fetchedLine,
  };
}

/** The stale mark a record gets for `changed` (none when empty), and whether it already says it. */
function staleMark(base: StoredReport, changed: readonly string[]) {
  const stale = changed.length ? { against: base.lastRefresh ?? "", changed: [...changed] } : undefined;
  const now = base.stale && base.stale.against === (base.lastRefresh ?? "") ? base.stale : undefined;
  return { stale, same: JSON.stringify(now) === JSON.stringify(stale) };
}

/**
 * The Sheets tab found a report's bound cells giving other values than its data was fetched with
 * (`changed`, each naming its cell), or the same again (empty): the record says so and its status
 * line is rendered again. Writes nothing when the record already says it. Owner: stale marking.
 */
export async function markReportStale(
  excel: ExcelHost,
  base: StoredReport,
  changed: readonly string[],
): Promise<StoredReport> {
  const { stale, same } = staleMark(base, changed);
  if (same) return base;
  return writeReport(excel, base, "stale marking", { stale });
}

/** A record found for a batched write: its sheet, its table's first cell's range and its properties. */
interface Located {
  byName: Excel.Worksheet;
  table: Excel.Table | null;
  tableSheet: Excel.Worksheet | null;
  columnIndex: Excel.Range | null;
}

function queueLocate(context: Excel.RequestContext, at: StoredReport): Located {
  const byName = context.workbook.worksheets.getItemOrNullObject(at.sheetName);
  byName.load("name");
  byName.customProperties.load("items/key,items/value");
  if (!at.tableName || at.kind === "show")
    return { byName, table: null, tableSheet: null, columnIndex: null };
  const table = context.workbook.tables.getItemOrNullObject(at.tableName);
  // worksheet is a navigation property: it needs no load of its own (loaded with the rest below).
  // eslint-disable-next-line office-addins/call-sync-before-read
  const tableSheet = table.worksheet;
  tableSheet.load("name");
  tableSheet.customProperties.load("items/key,items/value");
  const columnIndex = table.getRange();
  columnIndex.load("columnIndex");
  return { byName, table, tableSheet, columnIndex };
}

/**
 * Several reports' stale marks (markReportStale for each) written in three syncs whatever their number
 * (the records found; their status lines' cells; the writes), each merged into its newest record as
 * writeReport does, a record another runtime wrote meanwhile repaired. Returns each report's record
 * after it, or the refusal in words; those whose record already says it are not written at all.
 */
export async function markReportsStale(
  excel: ExcelHost,
  marks: readonly { base: StoredReport; changed: readonly string[] }[],
): Promise<(StoredReport | Error)[]> {
  const todo = marks.map((m) => ({ ...m, ...staleMark(m.base, m.changed) }));
  if (todo.every((t) => t.same)) return marks.map((m) => m.base);
  return withStoreTurn(() =>
    excel.run(async (context) => {
      const found = todo.map((t) => (t.same ? null : queueLocate(context, t.base)));
      await context.sync();
      const planned = todo.map((t, i) => planStaleWrite(context, t.base, found[i], { stale: t.stale }));
      await context.sync();
      const written = planned.map((p) => (p && !(p instanceof Error) ? p.write() : p));
      await context.sync();
      const out: (StoredReport | Error)[] = [];
      for (const [i, w] of written.entries()) {
        if (!w) out.push(todo[i].base);
        else if (w instanceof Error) out.push(w);
        else
          out.push(
            await w.check(context).catch((e: unknown) => (e instanceof Error ? e : new Error(String(e)))),
          );
      }
      return out;
    }),
  );
}

/** One stale mark merged into the newest record found, its status line's cell queued: the write to queue next. */
function planStaleWrite(
  context: Excel.RequestContext,
  base: StoredReport,
  at: Located | null,
  patch: RecordPatch,
) {
  if (!at) return null;
  const viaTable = at.table && !at.table.isNullObject;
  const sheet = viaTable ? at.tableSheet! : at.byName.isNullObject ? null : at.byName;
  if (!sheet)
    return new Error(`no sheet holds the report "${base.sheetName}" any more (deleted): nothing was changed`);
  const { def: newest, newer } = definitionFromProperties(sheet.customProperties.items);
  if (newer !== undefined) return new Error(newerMessage(newer));
  if (!newest) return new Error(`"${sheet.name}" holds no report any more: nothing was changed`);
  const merged = mergeRecord(base, { ...newest, sheetName: sheet.name }, "stale marking", patch);
  if ("refused" in merged) return new Error(merged.refused);
  const cell = viaTable && merged.record.statusLine ? sheet.getCell(0, at.columnIndex!.columnIndex) : null;
  cell?.load("values");
  return {
    write: () => {
      const before = queueReadBefore(sheet);
      const parts = splitParts(storedJson(newest)).length;
      const stored = { ...queueWithLine(sheet, merged.record, cell, parts, [newest]), sheetName: sheet.name };
      return {
        check: (ctx: Excel.RequestContext) =>
          repairIfOverwritten(ctx, sheet, { newest, writer: "stale marking", patch, stored }, before()),
      };
    },
  };
}

/** Every report and set of the workbook with the cells they take their inputs from, as read in one batch. */
export interface ReportsRead {
  reports: StoredReport[];
  /** Each report's bound cells by parameter, in the order of `reports`. */
  cells: Map<string, BoundCell>[];
  /** The workbook's date system (the cells' dates are read in it). */
  system: DateSystem;
  /** Every readable report set (reportSets.ts runs them). */
  sets: ListedSet[];
  /** Each current set's range of values, by the set's id. */
  setCells: Map<string, BoundCell>;
  /** The names in use: sheets, and tables with defined names (workbookNames.takenNames). */
  taken: { sheets: Set<string>; tables: Set<string> };
}

/**
 * Every report and set of the workbook with their cells, in three syncs whatever their number (the
 * sheets, the workbook's properties and names; each sheet's record; every bound name with its cells),
 * and one more the first time a runtime asks for the workbook's date system.
 */
async function readEverything(excel: ExcelHost): Promise<ReportsRead> {
  const system = await dateSystemOf(excel);
  return excel.run(async (context) => {
    const { worksheets, tables, names } = context.workbook;
    const custom = context.workbook.properties.custom;
    worksheets.load("items/name");
    tables.load("items/name");
    names.load("items/name");
    custom.load("items/key,items/value");
    await context.sync();
    for (const s of worksheets.items) s.customProperties.load("items/key,items/value");
    await context.sync();
    const reports = worksheets.items.flatMap((s) => {
      const { def } = definitionFromProperties(s.customProperties.items);
      return def ? [{ ...def, sheetName: s.name }] : [];
    });
    const sets = listedSets(setJsons(custom.items));
    const current = sets.flatMap((s) => (s.state === "current" ? [s.set] : []));
    const read = queueBoundCells(context, [
      ...reports.map((r) => (newerVersionOf(r) === undefined ? (r.bindings ?? []) : [])),
      ...current.map((set) => [{ param: "values", ...set.values }]),
    ]);
    if (reports.some((r) => r.bindings?.length) || current.length) await context.sync();
    const all = read();
    const setCells = new Map(current.map((set, i) => [set.id, all[reports.length + i].get("values")!]));
    const taken = {
      sheets: new Set(worksheets.items.map((s) => s.name)),
      tables: new Set([...tables.items.map((t) => t.name), ...names.items.map((n) => n.name)]),
    };
    return { reports, cells: all.slice(0, reports.length), system, sets, setCells, taken };
  });
}

let shared: { excel: ExcelHost; written: number; read: Promise<ReportsRead> } | null = null;

/**
 * Every report and set of the workbook with their cells, in three syncs whatever their number
 * (readEverything). Callers that ask while a read is under way and nothing was written since it
 * began share it (the Sheets tab's lists of reports and of sets, mounted together, read once).
 */
export function readAllReports(excel: ExcelHost): Promise<ReportsRead> {
  if (shared && shared.excel === excel && shared.written === writesSoFar()) return shared.read;
  const entry = { excel, written: writesSoFar(), read: readEverything(excel) };
  shared = entry;
  const done = () => {
    if (shared === entry) shared = null;
  };
  entry.read.then(done, done);
  return entry.read;
}
