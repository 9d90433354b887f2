/**
 * A report sheet's definition: what made it (source kind and the parameters the user set, with
 * relative dates kept as a preset), where its data lives, and how its last refresh went. Stored with
 * the sheet (see src/excel/reportStore.ts); never holds the API key.
 */
import { z } from "zod";
import { REPORT_KINDS } from "../api/schemas";
import { datePresetSchema, resolvePreset } from "./relativeDates";
import { paramBindingSchema } from "./boundParams";

const SOURCE_KINDS = [
  ...REPORT_KINDS,
  "search",
  "individualAds",
  "incrementality",
  "show",
  "prospects",
  "delivery",
] as const;
export type SheetSourceKind = (typeof SOURCE_KINDS)[number];

/** A column the add-in wrote: its name, its body format, and its table column's id (it stays with the column when the planner renames or moves it). */
const writtenColumnSchema = z.object({
  name: z.string(),
  format: z.string(),
  id: z.number().int().optional(),
});
/**
 * Which rows of a table the add-in wrote, in order: a mark of each row's key (the values of its key
 * columns, found by their table column ids), two characters a row (src/excel/refresh/rowMarks.ts).
 * Absent where a table held more rows than are marked (ROW_MARKS_MAX) or the sheet predates marks.
 */
const rowMarksSchema = z.object({
  columns: z.array(z.number().int()),
  marks: z.string().regex(/^[A-Za-z0-9_-]*$/),
});
export type RowMarks = z.infer<typeof rowMarksSchema>;
const boxSchema = z.object({
  row: z.number().int().min(0),
  col: z.number().int().min(0),
  rows: z.number().int().min(0),
  cols: z.number().int().min(0),
});

/**
 * The stored format's version. Version 1 was written, in eight shapes, until 2026-11-27
 * (definitionVersions.ts reads each); a definition of a later version than this is read-only.
 */
export const DEFINITION_VERSION = 2;
/**
 * The version a definition with parameters bound to cells is stored as: version 2's fields and
 * `bindings`. Only such a definition is stored as 3, so an add-in that reads up to version 2 lists it
 * read-only (never refreshing it with values its cells no longer hold, never overwriting it) while
 * every other report stays version 2 (docs/stored-formats.md).
 */
export const BOUND_DEFINITION_VERSION = 3;

export const definitionSchema = z.object({
  version: z.literal(DEFINITION_VERSION),
  kind: z.enum(SOURCE_KINDS),
  /** The request's parameters; a bound one holds the value its cell gave the last request. */
  params: z.record(z.string(), z.unknown()),
  /** Parameters taken from cells (issue #36): stored as version 3 (BOUND_DEFINITION_VERSION). */
  bindings: z.array(paramBindingSchema).optional(),
  datePreset: datePresetSchema.optional(),
  sheetName: z.string(),
  /** The Excel table holding the rows (absent for show sheets, which hold several blocks). */
  tableName: z.string().optional(),
  lastRefresh: z.string().optional(),
  status: z.enum(["ok", "error"]),
  rowCount: z.number().int().min(0),
  lastError: z.string().optional(),
  refreshOnOpen: z.boolean(),
  /** The columns the add-in wrote (names and body formats), to tell the planner's work from its own. */
  columns: z.array(writtenColumnSchema).optional(),
  /** The sheet has the status line ("Last refreshed … · rows · request") in its first row. */
  statusLine: z.boolean().optional(),
  /** The fingerprint of the status line as written: a first cell that no longer matches is the planner's. */
  statusHash: z.string().optional(),
  /** The rows the add-in wrote in the table, by their keys' marks. */
  rowMarks: rowMarksSchema.optional(),
  /** What the last refresh said beside its outcome (what it assumed, what it kept as text, …). */
  notes: z.array(z.string()).optional(),
  /** The cells of the summary block the add-in wrote above the table (the next refresh owns these and no others). */
  summary: boxSchema.optional(),
  /** A totals row was written under the table. */
  totals: z.boolean().optional(),
  /** The style the report table was made with (TableStyleLight9 when none was chosen); refreshes keep the table's own. */
  tableStyle: z.string().optional(),
  /** The chart beside the report: on (the default) or off, and what it was made from (its plan's key). */
  chart: z
    .object({
      enabled: z.boolean(),
      plan: z.string().optional(),
      /** Where the chart's summary block is (its sums, under the chart), when it has one. */
      data: z.string().optional(),
      /** The fingerprint of the block's cells as written: a block that no longer matches is not cleared. */
      dataHash: z.string().optional(),
      /**
       * The rows kept above the table for the chart (0-based first row, count), on a sheet whose table
       * was too wide for a chart beside it within the first screen (reportCharts.ts, chartBandRows).
       */
      band: z.object({ row: z.number().int().min(0), rows: z.number().int().min(1) }).optional(),
      /** The planner deleted the chart in Excel: refreshes leave it deleted (switched off) until they switch it on. */
      deleted: z.boolean().optional(),
      error: z.string().optional(),
    })
    .optional(),
  /**
   * The record's revision (issue #44): each write through the store adds one; a writer merges what it
   * owns into the newest record (src/reports/recordOwners.ts). Absent on records stored before it.
   */
  revision: z.number().int().min(0).optional(),
  /**
   * What the status line said of the data when it was written (the refresh's words, or those an earlier
   * version wrote): a failure or a stale mark is said over it, so the line keeps describing the data.
   */
  fetchedLine: z.string().optional(),
  /** When the last refresh failed (its reason is lastError): the status line says it over the data's. */
  failedAt: z.string().optional(),
  /**
   * The bound cells that gave other values than the data was fetched with, as the Sheets tab last read
   * them, and the refresh (lastRefresh) whose data they are stale against: a later refresh ends it.
   */
  stale: z.object({ against: z.string(), changed: z.array(z.string()) }).optional(),
  /** A show sheet's tables: what the add-in wrote in each. */
  tables: z
    .array(
      z.object({
        name: z.string(),
        columns: z.array(writtenColumnSchema),
        rowCount: z.number().int().min(0),
        totals: z.boolean().optional(),
        rowMarks: rowMarksSchema.optional(),
      }),
    )
    .optional(),
});

export type ReportDefinition = z.infer<typeof definitionSchema>;

/** What a refresh asks for: the source with its dates resolved for today. */
export interface ResolvedSource {
  kind: SheetSourceKind;
  params: Record<string, unknown>;
}

/** Kinds whose requests take startDate/endDate. */
const DATED: ReadonlySet<SheetSourceKind> = new Set([
  "impressions",
  "audience",
  "lag",
  "campaignsPerformance",
  "estimatedSpendByDay",
  "estimatedSpendByShowByDay",
  "individualAds",
  "incrementality",
  "delivery",
]);

export function resolveSource(
  def: Pick<ReportDefinition, "kind" | "params" | "datePreset">,
  today: Date = new Date(),
): ResolvedSource {
  const params = { ...def.params };
  if (def.datePreset && DATED.has(def.kind)) {
    delete params.startDate;
    delete params.endDate;
    const range = resolvePreset(def.datePreset, today);
    if (range.startDate) params.startDate = range.startDate;
    if (range.endDate) params.endDate = range.endDate;
  }
  return { kind: def.kind, params };
}
