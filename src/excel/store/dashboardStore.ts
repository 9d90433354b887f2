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
import { splitParts } from "../reportStore";
import type { ExcelHost } from "../host";

/** The custom property that marks the dashboard sheet (its value: the reports on it, as JSON). */
const DASHBOARD_PROPERTY = "AdsDashboard";
const REVISION_PROPERTY = "AdsDashboard.rev";

/** The Dashboard's record as read: its sheet, its reports' JSON, its revision, or a later version's. */
export interface DashboardMark {
  sheetName: string;
  json: string;
  newer?: number;
  revision: number;
}

/** Who writes the Dashboard's record. */
export type DashboardWriter = "planner" | "dashboard following";

/**
 * Where a write of the Dashboard that read `base` meets `now` (read again in the write's own run): go
 * on, give way (the following, when the Dashboard was made again since), or refused in words (the
 * planner, when another pane changed its reports since).
 */
export function dashboardWriteCheck(
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

/** The Dashboard's revision and its reports' tables on `sheet`, read in one sync (its properties at once). */
export async function readMarkOn(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
): Promise<{ revision: number; tables: string[] }> {
  const props = sheet.customProperties;
  props.load("items/key,items/value");
  await context.sync();
  const values = new Map(props.items.map((p) => [p.key, p.value]));
  const mark = values.get(DASHBOARD_PROPERTY);
  const n = mark === undefined ? null : PARTS_MARK.exec(mark);
  const json = n
    ? Array.from({ length: Number(n[1]) }, (_, k) => values.get(`${DASHBOARD_PROPERTY}.${k}`) ?? "").join("")
    : (mark ?? "[]");
  return {
    revision: Number(values.get(REVISION_PROPERTY)) || 0,
    tables: markedReports(json).map((m) => m.table ?? m.sheet),
  };
}

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
interface MarkedReport {
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
export const MARK_VERSION = 2;

/** The reports a mark's JSON names: [{ s: sheet, t: table }], or (older marks) sheet names; [] if unreadable. */
export function markedReports(json: string): MarkedReport[] {
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
export function queueMark(
  sheet: Excel.Worksheet,
  reports: readonly DashboardReport[],
  revision: number,
): void {
  const parts = splitParts(JSON.stringify(reports.map((r) => ({ s: r.sheetName, t: r.tableName }))));
  sheet.customProperties.add(DASHBOARD_PROPERTY, `v2:${parts.length}`);
  parts.forEach((part, i) => sheet.customProperties.add(`${DASHBOARD_PROPERTY}.${i}`, part));
  sheet.customProperties.add(REVISION_PROPERTY, String(revision));
}

/** The marked dashboard sheet and its mark's JSON (read from its parts), or null. */
export async function findMark(excel: ExcelHost): Promise<DashboardMark | null> {
  return excel.run(async (context) => {
    const sheets = context.workbook.worksheets;
    sheets.load("items/name");
    await context.sync();
    const marks = sheets.items.map((s) => {
      const p = s.customProperties.getItemOrNullObject(DASHBOARD_PROPERTY);
      p.load("value");
      return p;
    });
    await context.sync();
    const i = marks.findIndex((p) => !p.isNullObject);
    if (i < 0) return null;
    const sheet = sheets.items[i];
    const rev = sheet.customProperties.getItemOrNullObject(REVISION_PROPERTY);
    rev.load("value");
    const version = Number(VERSIONED_MARK.exec(marks[i].value)?.[1] ?? MARK_VERSION);
    if (version > MARK_VERSION) return { sheetName: sheet.name, json: "[]", newer: version, revision: 0 };
    const n = PARTS_MARK.exec(marks[i].value);
    // The revision and the mark's parts in one sync (the parts' count is in the mark).
    const parts = Array.from({ length: n ? Number(n[1]) : 0 }, (_, k) => {
      const p = sheet.customProperties.getItemOrNullObject(`${DASHBOARD_PROPERTY}.${k}`);
      p.load("value");
      return p;
    });
    await context.sync();
    const revision = rev.isNullObject ? 0 : Number(rev.value) || 0;
    if (!n) return { sheetName: sheet.name, json: marks[i].value, revision };
    return {
      sheetName: sheet.name,
      json: parts.map((p) => (p.isNullObject ? "" : p.value)).join(""),
      revision,
    };
  });
}
