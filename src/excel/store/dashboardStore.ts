/**
 * The store's Dashboard records (issue #44): the workbook's Dashboard is known by its mark, AdsDashboard
 * ("v2:<n>" and its reports' JSON in n parts AdsDashboard.0 …) and its revision, AdsDashboard.rev (added
 * on its first write by this version; a mark without one is at revision 0). A report set's Dashboard of
 * one value is known by AdsSetDashboard ("v1:<set id>"). Owners: the planner owns which reports the
 * Dashboard shows (a write from the pane); the Dashboard's following of refreshes and renames owns what
 * it derives from them (the reports' sheets' names now, their figures and charts). Each write says the
 * revision it read: the planner's is refused in words where another pane changed the reports meanwhile;
 * the following gives way where the Dashboard was made again since it read it (that write already
 * follows the sheets as they are), so both are kept.
 */
import type { DashboardReport } from "../../reports/dashboard";
import type { ExcelHost } from "../host";
import { joinParts, propertyMap, splitParts } from "./parts";
import { queueChange, writeRecord, type Found, type StoredKind } from "./recordWrite";

/** The custom property that marks the dashboard sheet (its value: the reports on it, as JSON). */
const DASHBOARD_PROPERTY = "AdsDashboard";
const REVISION_PROPERTY = "AdsDashboard.rev";

/** Who writes the Dashboard's record. */
export type DashboardWriter = "planner" | "dashboard following";

/**
 * Where a write of the Dashboard that read `base` meets `now` (read again in the write's own run): go
 * on, give way (the following, when the Dashboard was made again since), or refused in words (the
 * planner, when another pane changed its reports since).
 */
function dashboardWriteCheck(
  writer: DashboardWriter,
  base: { revision: number; tables: readonly string[] },
  now: { revision: number; tables: readonly string[] },
  mine: readonly string[],
): "write" | "give way" | { refused: string } {
  if (now.revision === base.revision) return "write";
  if (writer === "dashboard following") return "give way";
  const same = (a: readonly string[], b: readonly string[]) => JSON.stringify(a) === JSON.stringify(b);
  if (same(now.tables, base.tables) || same(now.tables, mine)) return "write";
  return {
    refused:
      "the reports on the Dashboard changed elsewhere (another pane or window) while your change was under way: your change was not saved and nothing was changed; look again and choose once more",
  };
}

/** The Dashboard's record as its sheet's loaded properties hold it: its revision and reports, or a later version's. */
function markFrom(items: readonly { key: string; value: unknown }[]): {
  record: DashboardRecord | null;
  newer?: number;
} {
  const values = propertyMap(items);
  const mark = values.get(DASHBOARD_PROPERTY);
  if (mark === undefined) return { record: null };
  const version = Number(VERSIONED_MARK.exec(mark)?.[1] ?? MARK_VERSION);
  if (version > MARK_VERSION) return { record: null, newer: version };
  const n = PARTS_MARK.exec(mark);
  const json = n ? joinParts(values, DASHBOARD_PROPERTY, Number(n[1])) : mark;
  return {
    record: { revision: Number(values.get(REVISION_PROPERTY)) || 0, reports: markedReports(json) },
  };
}

/** The Dashboard's record: its revision and the reports it shows (their sheets then, and tables). */
export interface DashboardRecord {
  revision: number;
  reports: MarkedReport[];
}

/** The tables a record's reports are known by (a sheet's name for a mark from before tables were kept). */
const markedTables = (r: Pick<DashboardRecord, "reports">): string[] =>
  r.reports.map((m) => m.table ?? m.sheet);

/**
 * The property marking a report set's Dashboard of one value (src/excel/reportSets.ts): "v1:<set id>".
 * Not the workbook's Dashboard mark, so the workbook keeps its one Dashboard; only a sheet so marked
 * by its set is ever cleared by the set.
 */
const SET_DASHBOARD_PROPERTY = "AdsSetDashboard";
const setMarkValue = (setId: string) => `v1:${setId}`;

/** Queues the mark of set `setId`'s Dashboard on `sheet` (the caller syncs). */
export function queueSetMark(sheet: Excel.Worksheet, setId: string): void {
  sheet.customProperties.add(SET_DASHBOARD_PROPERTY, setMarkValue(setId));
}

/** Whether `sheet` is set `setId`'s Dashboard (read in one sync). */
export async function isSetDashboard(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  setId: string,
): Promise<boolean> {
  const p = sheet.customProperties.getItemOrNullObject(SET_DASHBOARD_PROPERTY);
  p.load("value");
  await context.sync();
  return !p.isNullObject && p.value === setMarkValue(setId);
}

/** A report on the dashboard, as its mark keeps it: its sheet's name then, and its table (which a rename keeps). */
export interface MarkedReport {
  sheet: string;
  table?: string;
}

/**
 * The mark's value: "v2:<n>", the reports in n parts of JSON (AdsDashboard.0 …: a custom property holds
 * at most 255 characters, and eight long sheet names with their tables do not fit one).
 */
const PARTS_MARK = /^v2:(\d+)$/;
/**
 * A mark of any version: "v<k>:…". Earlier marks (2026-11-26 and 27) were the JSON itself (sheet
 * names, then `{sheet, table}`); one of a later version than 2 is not ours to read: that Dashboard is
 * never cleared or made again by this version.
 */
const VERSIONED_MARK = /^v(\d+):/;
const MARK_VERSION = 2;

/** The reports a mark's JSON names: [{ s: sheet, t: table }], or (older marks) sheet names; [] if unreadable. */
function markedReports(json: string): MarkedReport[] {
  try {
    const list: unknown = JSON.parse(json);
    if (!Array.isArray(list)) return [];
    return list.flatMap((x): MarkedReport[] => {
      if (typeof x === "string") return [{ sheet: x }];
      const r = x as { s?: unknown; t?: unknown } | null;
      return r && typeof r.s === "string"
        ? [{ sheet: r.s, table: typeof r.t === "string" ? r.t : undefined }]
        : [];
    });
  } catch {
    return [];
  }
}

/**
 * Queues the mark of a dashboard showing `reports`, at `revision` (the caller syncs). The revision is a
 * property of its own (AdsDashboard.rev), so the v2 mark reads as it did in earlier versions.
 */
export function queueMark(sheet: Excel.Worksheet, reports: readonly MarkedReport[], revision: number): void {
  const parts = splitParts(JSON.stringify(reports.map((r) => ({ s: r.sheet, t: r.table }))));
  sheet.customProperties.add(DASHBOARD_PROPERTY, `v2:${parts.length}`);
  parts.forEach((part, i) => sheet.customProperties.add(`${DASHBOARD_PROPERTY}.${i}`, part));
  sheet.customProperties.add(REVISION_PROPERTY, String(revision));
}

/** A dashboard's reports as its mark keeps them. */
export const markOf = (reports: readonly DashboardReport[]): MarkedReport[] =>
  reports.map((r) => ({ sheet: r.sheetName, table: r.tableName }));

/** Who writes the Dashboard, what it read and what it writes: the Dashboard's sheet and its content. */
export interface DashboardWrite {
  sheetName: string;
  base: DashboardRecord;
  writer: DashboardWriter;
  reports: readonly MarkedReport[];
  /** Queues what the write puts on the sheet besides its record. */
  content: (sheet: Excel.Worksheet) => void;
  /** Only figures derived from the reports are written (a refresh followed): the record stays as it is. */
  figuresOnly?: boolean;
}

/**
 * The Dashboard's record through the store's one write: in this runtime's turn, its mark read again,
 * the write checked (dashboardWriteCheck: written, given way, or refused in words), then its content
 * and its mark one revision on saved in one sync. Returns false where the following gave way.
 */
export async function writeDashboardRecord(excel: ExcelHost, write: DashboardWrite): Promise<boolean> {
  const kind = dashboardKind(write);
  try {
    await writeRecord(excel, kind, changeOf(write));
  } catch (err) {
    // Refused after its content landed (another pane wrote the Dashboard in the same moment, and its
    // record was put back): the caller makes that pane's Dashboard again, so nothing of it is lost.
    if (kind.saved()) throw new DashboardOverwritten(err instanceof Error ? err.message : String(err));
    throw err;
  }
  return kind.saved();
}

/** A write's change as the store's one write takes it. */
const changeOf = (write: DashboardWrite) => ({
  at: write.sheetName,
  base: write.base,
  writer: write.writer,
  patch: { reports: [...write.reports] },
});

/** Queues the loads that find the Dashboard's record on `sheetName` (the caller syncs). */
export function queueFindDashboard(
  context: Excel.RequestContext,
  sheetName: string,
): () => Found<DashboardRecord, Excel.Worksheet> {
  const sheet = context.workbook.worksheets.getItemOrNullObject(sheetName);
  sheet.customProperties.load("items/key,items/value");
  // Read once the caller has synced (recordWrite.ts).
  return () => {
    // eslint-disable-next-line office-addins/call-sync-before-read
    if (sheet.isNullObject) return { record: null, parts: 0, place: null };
    // eslint-disable-next-line office-addins/call-sync-before-read
    const { record, newer } = markFrom(sheet.customProperties.items);
    return {
      record,
      parts: 0,
      place: sheet,
      newer: newer === undefined ? undefined : newerDashboardMessage(sheetName, newer),
    };
  };
}

/**
 * A Dashboard write queued into the caller's next sync, from the record `found` read earlier in its
 * run: false where the following gives way (nothing queued), else the check to run after that sync.
 */
export function queueDashboardWrite(
  context: Excel.RequestContext,
  found: Found<DashboardRecord, Excel.Worksheet>,
  write: DashboardWrite,
): false | (() => Promise<unknown>) {
  const kind = dashboardKind(write);
  const { check } = queueChange(context, kind, changeOf(write), found);
  return kind.saved() && check;
}

/** The Dashboard as the store's one write keeps it: dashboardWriteCheck's rule, the content saved with the mark. */
function dashboardKind(
  write: DashboardWrite,
): StoredKind<DashboardRecord, DashboardWriter, string> & { saved: () => boolean } {
  let saved = false;
  return {
    saved: () => saved,
    merge(base, newest, writer, patch) {
      const check = dashboardWriteCheck(
        writer,
        { revision: base.revision, tables: markedTables(base) },
        { revision: newest.revision, tables: markedTables(newest) },
        markedTables({ reports: patch.reports ?? [] }),
      );
      if (check === "give way") return check;
      if (check !== "write") return check;
      // Figures followed from the reports as they are: the record (which reports, its revision) stays.
      if (write.figuresOnly) return { record: newest };
      return { record: { ...newest, ...patch, revision: newest.revision + 1 } };
    },
    queueRead: queueFindDashboard,
    queueSave(_context, place, record) {
      const sheet = place as Excel.Worksheet;
      // The content rides with the write's own save, not with a repair's.
      if (!saved) write.content(sheet);
      saved = true;
      if (!write.figuresOnly) queueMark(sheet, record.reports, record.revision);
      return record;
    },
    missing: (sheetName) => `The Dashboard "${sheetName}" is gone: nothing was changed.`,
    taken: (sheetName) => `"${sheetName}" is already a Dashboard: nothing was changed.`,
  };
}

/** The marked Dashboard among sheets whose custom properties are loaded (the first marked), or null. */
export function dashboardOf(
  sheets: readonly Excel.Worksheet[],
): (DashboardRecord & { sheetName: string; newer?: number }) | null {
  for (const sheet of sheets) {
    const items = sheet.customProperties.items;
    if (!items.some((p) => p.key === DASHBOARD_PROPERTY)) continue;
    const { record, newer } = markFrom(items);
    if (newer !== undefined) return { sheetName: sheet.name, reports: [], revision: 0, newer };
    return { sheetName: sheet.name, ...record! };
  }
  return null;
}

/** A Dashboard write refused once its content had landed over another pane's: that one is to be made again. */
export class DashboardOverwritten extends Error {}

/** Every action on a Dashboard made by a later version refuses with this: it is never cleared or made again. */
export const newerDashboardMessage = (sheetName: string, version: number) =>
  `The Dashboard "${sheetName}" was made by a newer version of the add-in (its format ${version}; this version knows ${MARK_VERSION}): update the add-in to make it again. Nothing was changed.`;
