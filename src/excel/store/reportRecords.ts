/**
 * Report records: on their own worksheet, as custom properties, so a report's definition travels with
 * its sheet (copy, move, save). The JSON in parts (parts.ts): AdsReport.n and AdsReport.0 …. Every
 * change goes through the store's one write (recordWrite.ts) with the report's owners and words
 * (src/reports/recordOwners.ts), its status line rendered from the record and written by its one
 * writer (statusCell.ts) in the same sync as the record.
 */
import { BOUND_DEFINITION_VERSION, definitionSchema, type ReportDefinition } from "../../reports/definition";
import { newerMessage, readStoredDefinition } from "../../reports/definitionVersions";
import { mergeRecord, type RecordPatch, type RecordWriter } from "../../reports/recordOwners";
import { revisionOf } from "../../reports/ownedMerge";
import type { ExcelHost } from "../host";
import { queueStatusCell, queueStatusLine, type StatusCell } from "../statusCell";
import { joinCounted, partsOf, propertyMap, queueCounted } from "./parts";
import {
  queueChange,
  queueWrite,
  writeRecord,
  writeRecords,
  type Found,
  type StoredKind,
} from "./recordWrite";
import { recordsChanging } from "./turns";

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

const PREFIX = "AdsReport";

/**
 * The definition as stored: version 2, or version 3 when a parameter is bound to a cell (an add-in
 * that reads up to version 2 then lists the sheet read-only instead of refreshing it without its cells).
 */
function storedJson(def: ReportDefinition): string {
  const parsed = definitionSchema.parse(def);
  return JSON.stringify(parsed.bindings?.length ? { ...parsed, version: BOUND_DEFINITION_VERSION } : parsed);
}

/** The parts a record takes as stored. */
const reportParts = (def: ReportDefinition): number => partsOf(storedJson(def));

/** A sheet's report record from its loaded custom properties; null when the sheet is no report, or unreadable. */
export function definitionFromProperties(items: readonly { key: string; value: unknown }[]): {
  def: StoredReport | null;
  parts: number;
  /** A later version's definition is there (whether or not it could be read). */
  newer?: number;
} {
  const joined = joinCounted(propertyMap(items), PREFIX);
  if (!joined) return { def: null, parts: 0 };
  const n = joined.parts;
  let raw: unknown;
  try {
    raw = JSON.parse(joined.json);
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

/** Queues the read of a sheet's record (the caller syncs); after the sync, what its properties hold. */
export function queueSheetReport(sheet: Excel.Worksheet): () => ReturnType<typeof definitionFromProperties> {
  sheet.customProperties.load("items/key,items/value");
  return () => definitionFromProperties(sheet.customProperties.items);
}

/** Queues a record's properties on its sheet (the caller syncs). */
function queueProperties(sheet: Excel.Worksheet, def: ReportDefinition, previousParts: number): void {
  queueCounted(sheet.customProperties, PREFIX, storedJson(def), previousParts);
}

/** Where a report's record is: its sheet (by its table's, so a sheet renamed since is found) and its status cell. */
export interface ReportPlace {
  sheet: Excel.Worksheet;
  name: string;
  status: StatusCell | null;
}

/** What a write finds a report by: the record it read (its sheet, table and kind). */
type ReportAt = Pick<ReportDefinition, "sheetName" | "tableName" | "kind">;

/** Queues the loads that find a report's record now; after the sync, what was found. */
export function queueFindReport(
  context: Excel.RequestContext,
  at: Pick<ReportDefinition, "sheetName" | "tableName" | "kind">,
): () => Found<StoredReport, ReportPlace> {
  const byName = context.workbook.worksheets.getItemOrNullObject(at.sheetName);
  byName.load("name");
  byName.customProperties.load("items/key,items/value");
  const table =
    at.tableName && at.kind !== "show" ? context.workbook.tables.getItemOrNullObject(at.tableName) : null;
  // worksheet is a navigation property: loaded here with the rest, in the one sync.
  const tableSheet = table ? table.worksheet : null;
  tableSheet?.load("name");
  tableSheet?.customProperties.load("items/key,items/value");
  const tableCell = table ? queueStatusCell(byName, at.kind, table) : null;
  const showCell = at.kind === "show" ? queueStatusCell(byName, at.kind, null) : null;
  // Read once the caller has synced (recordWrite.ts).
  return () => {
    const viaTable = table !== null && !table.isNullObject;
    // eslint-disable-next-line office-addins/call-sync-before-read
    const sheet = viaTable ? tableSheet! : byName.isNullObject ? null : byName;
    if (!sheet) return { record: null, parts: 0, place: null };
    const { def, parts, newer } = definitionFromProperties(sheet.customProperties.items);
    const cell = viaTable ? tableCell : showCell;
    const place: ReportPlace = {
      sheet,
      name: sheet.name,
      status: cell ? { cell, value: cell.values[0][0] } : null,
    };
    return {
      record: def ? { ...def, sheetName: sheet.name } : null,
      parts,
      place,
      newer: newer === undefined ? undefined : newerMessage(newer),
    };
  };
}

/**
 * Reports as the store's one write keeps them: each writer's fields (recordOwners.ts), the line saved
 * with the record. `emptyTakes`: the line goes into an empty cell too (a new sheet's), not only over
 * the add-in's own line.
 */
function reportKind(emptyTakes: boolean): StoredKind<StoredReport, RecordWriter, ReportAt> {
  return {
    merge: (base, newest, writer, patch) => mergeRecord(base, newest, writer, patch as RecordPatch),
    queueRead: queueFindReport,
    queueSave(_context, place, record, previousParts, others) {
      const at = place as ReportPlace;
      const { origin: _origin, ...plain } = record;
      const { record: withLine } = queueStatusLine(at.status, plain, others, { emptyTakes });
      queueProperties(at.sheet, withLine, previousParts);
      return { ...withLine, sheetName: at.name };
    },
    missing: (at, found) =>
      found.place
        ? `"${(found.place as ReportPlace).name}" holds no report any more: nothing was changed`
        : `no sheet holds the report "${at.sheetName}" any more (deleted): nothing was changed`,
    taken: (at) => `"${at.sheetName}" already holds a report: nothing was changed`,
  };
}

const REPORT_RECORDS = reportKind(false);

/**
 * Stores the record of a report on a sheet that has none yet (a new report): revision 1, its status
 * line written into its empty cell. A sheet already holding a record is changed only by writeReport.
 */
export async function createRecord(excel: ExcelHost, def: ReportDefinition): Promise<StoredReport> {
  return writeRecord(excel, reportKind(true), { at: def, base: null, writer: "planner", patch: def });
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
  return writeRecord(excel, REPORT_RECORDS, {
    at: base,
    base,
    writer,
    patch: patch as Partial<StoredReport>,
  });
}

/**
 * A change of a report's record queued into the caller's next sync (writeReport in one run with other
 * work): `found` is the record as read in that run. Throws the refusal in words.
 */
export function queueReportChange(
  context: Excel.RequestContext,
  found: Found<StoredReport, ReportPlace>,
  base: StoredReport,
  writer: RecordWriter,
  patch: RecordPatch,
): { stored: StoredReport; check: () => Promise<StoredReport> } {
  recordsChanging();
  return queueChange(
    context,
    REPORT_RECORDS,
    { at: base, base, writer, patch: patch as Partial<StoredReport> },
    found,
  );
}

/**
 * A refresh's commit, queued into the sync that writes its data (both land or neither): `record` is
 * what the refresh made of the newest record it read (`newest`, at `place`). Its status line is
 * written by its one writer, into an empty cell too; `finish` completes the record once it is known
 * whether the line was written (a note where the planner's text kept it out). Returns the record as
 * it will be stored, whether the line was written, and the check to run once that sync is done: a
 * record another runtime wrote in between is merged with the refresh's part again.
 */
export function queueRefreshCommit(
  context: Excel.RequestContext,
  place: ReportPlace,
  newest: StoredReport,
  record: ReportDefinition,
  finish: (record: ReportDefinition, lineWritten: boolean) => ReportDefinition = (r) => r,
): { stored: StoredReport; written: boolean; check: () => Promise<StoredReport> } {
  recordsChanging();
  let written: boolean | undefined;
  const kind: StoredKind<StoredReport, RecordWriter, ReportAt> = {
    ...REPORT_RECORDS,
    queueSave(_ctx, p, rec, parts, others) {
      const at = p as ReportPlace;
      const { origin: _origin, ...plain } = rec;
      const line = queueStatusLine(at.status, plain, others, { emptyTakes: true });
      let saved: ReportDefinition = line.record;
      if (written === undefined) {
        // The refresh's own save: a line kept out by the planner's text is no longer fingerprinted.
        written = line.written;
        saved = finish(line.written ? line.record : { ...line.record, statusHash: undefined }, line.written);
      }
      queueProperties(at.sheet, saved, parts);
      return { ...saved, sheetName: at.name };
    },
  };
  const found: Found<StoredReport, ReportPlace> = { record: newest, parts: reportParts(newest), place };
  const next = { ...record, revision: revisionOf(newest) + 1 };
  const { stored, check } = queueWrite(
    context,
    kind,
    { at: newest, base: newest, writer: "refresh", patch: refreshPart(next) as Partial<StoredReport> },
    found,
    next,
  );
  return { stored, written: written ?? false, check };
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
    chart,
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
    chart,
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
  const [result] = await markReportsStale(excel, [{ base, changed }]);
  if (result instanceof Error) throw result;
  return result;
}

/**
 * Several reports' stale marks written in two syncs whatever their number (the store's one write of
 * many records). Returns each report's record after it, or the refusal in words; those whose record
 * already says it are not written at all.
 */
export async function markReportsStale(
  excel: ExcelHost,
  marks: readonly { base: StoredReport; changed: readonly string[] }[],
): Promise<(StoredReport | Error)[]> {
  const todo = marks.map((m) => ({ ...m, ...staleMark(m.base, m.changed) }));
  const changing = todo.filter((t) => !t.same);
  if (changing.length === 0) return marks.map((m) => m.base);
  const written = await writeRecords(
    excel,
    REPORT_RECORDS,
    changing.map((t) => ({
      at: t.base,
      base: t.base,
      writer: "stale marking" as const,
      patch: { stale: t.stale },
    })),
  );
  let k = 0;
  return todo.map((t) => (t.same ? t.base : written[k++]));
}

/** The record of `at` as it is now (found by its table when its sheet was renamed), or null: one sync. */
export async function readReport(
  excel: ExcelHost,
  at: Pick<ReportDefinition, "sheetName" | "tableName" | "kind">,
): Promise<StoredReport | null> {
  return excel.run(async (context) => {
    const found = queueFindReport(context, at);
    await context.sync();
    return found().record;
  });
}

/** A sheet's record by the sheet's name (null when it is no report, or gone): one sync. */
export async function readDefinition(excel: ExcelHost, sheetName: string): Promise<StoredReport | null> {
  return excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItemOrNullObject(sheetName);
    sheet.customProperties.load("items/key,items/value");
    await context.sync();
    if (sheet.isNullObject) return null;
    const { def } = definitionFromProperties(sheet.customProperties.items);
    // The sheet may have been renamed since: its current name wins.
    return def ? { ...def, sheetName } : null;
  });
}

/** Every report sheet of the workbook, in sheet order: two syncs. */
export async function listDefinitions(excel: ExcelHost): Promise<StoredReport[]> {
  return excel.run(async (context) => {
    const sheets = context.workbook.worksheets;
    sheets.load("items/name");
    await context.sync();
    for (const s of sheets.items) s.customProperties.load("items/key,items/value");
    await context.sync();
    return reportsOfSheets(sheets.items);
  });
}

/** The records of sheets whose custom properties are loaded. */
export function reportsOfSheets(sheets: readonly Excel.Worksheet[]): StoredReport[] {
  return sheets.flatMap((s) => {
    const { def } = definitionFromProperties(s.customProperties.items);
    return def ? [{ ...def, sheetName: s.name }] : [];
  });
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
    // Every part, a damaged record's strays too.
    for (const p of props.items)
      if (p.key.startsWith(`${PREFIX}.`)) props.getItemOrNullObject(p.key).delete();
    await context.sync();
  });
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
    // customProperties is a navigation property: it needs no load of its own.
    // eslint-disable-next-line office-addins/call-sync-before-read, office-addins/load-object-before-read
    const props = sheet.customProperties;
    props.load("items/key,items/value");
    await context.sync();
    const { def: there, parts, newer } = definitionFromProperties(props.items);
    if (newer !== undefined) throw new Error(newerMessage(newer));
    queueProperties(sheet, { ...def, revision: (there ? revisionOf(there) : 0) + 1 }, parts);
    await context.sync();
  });
}
