/**
 * Who owns which field of a report's record, and how a write is merged into the newest record
 * (issue #44). Pure: src/excel/reportStore.ts reads the newest record and stores the result.
 *
 * A writer read the record at some revision (its base) and changes only fields it owns. Its change is
 * laid over the newest record, so whatever others wrote since is kept. Where a field it changes was
 * also changed by someone else since its base, the write is refused in words, naming the field,
 * before anything is stored: never overwritten silently.
 */
import type { ReportDefinition } from "./definition";
import { mergeOwned, type RecordKind } from "./ownedMerge";

/** The parts of the add-in that write a report's record. */
export type RecordWriter = "planner" | "refresh" | "stale marking";

type Field = Exclude<keyof ReportDefinition, "version" | "revision">;

/**
 * The fields each writer owns. A refresh owns what it fetched; the planner their settings; stale
 * marking the cells found changed. A refresh writes the values bound cells gave it (params) and where
 * the cells are now (bindings), and the planner edits them too: either finds the other's change.
 */
const OWNS: Record<RecordWriter, readonly Field[]> = {
  refresh: [
    "params",
    "bindings",
    "datePreset",
    "rowCount",
    "columns",
    "rowMarks",
    "lastRefresh",
    "status",
    "lastError",
    "failedAt",
    "notes",
    "summary",
    "totals",
    "tables",
    "chart",
    "statusLine",
    "statusHash",
    "stale",
    "fetchedLine",
    "sheetName",
    "tableName",
  ],
  planner: ["sheetName", "bindings", "chart", "refreshOnOpen", "datePreset", "params", "kind", "tableStyle"],
  "stale marking": ["stale"],
};

/** Each field as the planner knows it (refusals name it). */
const FIELD_WORDS: Record<Field, string> = {
  kind: "the report's source",
  params: "the request",
  bindings: "the cells bound to the request",
  datePreset: "the dates",
  sheetName: "the sheet's name",
  tableName: "the table's name",
  lastRefresh: "the time of the last refresh",
  status: "the outcome of the last refresh",
  rowCount: "the rows fetched",
  lastError: "why the last refresh failed",
  refreshOnOpen: '"Refresh when the workbook opens"',
  columns: "the columns fetched",
  statusLine: "the status line",
  statusHash: "the status line",
  rowMarks: "the rows fetched",
  notes: "what the last refresh noted",
  summary: "the summary above the table",
  totals: "the totals row",
  tableStyle: "the table's style",
  chart: "the chart",
  tables: "the tables fetched",
  failedAt: "the time the last refresh failed",
  stale: "the cells found changed",
  fetchedLine: "the status line",
};

/** What each writer was doing, in a refusal. */
const DOING: Record<RecordWriter, string> = {
  planner: "your change",
  refresh: "this refresh",
  "stale marking": "the Sheets tab's check of the bound cells",
};

export type RecordPatch = Partial<Omit<ReportDefinition, "version" | "revision">>;

/** A report's record as the store's one rule reads it (ownedMerge.ts). */
const REPORT_RECORD: RecordKind<ReportDefinition, RecordWriter> = {
  what: (record) => `"${record.sheetName}"`,
  owns: OWNS,
  fieldWords: FIELD_WORDS,
  doing: DOING,
  elsewhere: "another pane, window or refresh",
};

/**
 * `patch` (by `writer`, who read `base`) laid over `newest`, one revision on; or why it is refused.
 * A field the writer does not own is a mistake of the add-in's, refused too.
 */
export function mergeRecord(
  base: ReportDefinition,
  newest: ReportDefinition,
  writer: RecordWriter,
  patch: RecordPatch,
): { record: ReportDefinition } | { refused: string } {
  return mergeOwned<ReportDefinition, RecordWriter>(REPORT_RECORD, base, newest, writer, patch);
}
