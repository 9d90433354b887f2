/**
 * A report sheet's definition: what made it (source kind and the parameters the user set, with
 * relative dates kept as a preset), where its data lives, and how its last refresh went. Stored with
 * the sheet (see src/excel/reportStore.ts); never holds the API key.
 */
import { z } from "zod";
import { REPORT_KINDS } from "../api/schemas";
import { datePresetSchema, resolvePreset } from "./relativeDates";

const SOURCE_KINDS = [...REPORT_KINDS, "search", "individualAds", "incrementality", "show"] as const;
export type SheetSourceKind = (typeof SOURCE_KINDS)[number];

/** A column the add-in wrote: its name, its body format, and its table column's id (it stays with the column when the planner renames or moves it). */
const writtenColumnSchema = z.object({
  name: z.string(),
  format: z.string(),
  id: z.number().int().optional(),
});
const boxSchema = z.object({
  row: z.number().int().min(0),
  col: z.number().int().min(0),
  rows: z.number().int().min(0),
  cols: z.number().int().min(0),
});

export const definitionSchema = z.object({
  version: z.literal(1),
  kind: z.enum(SOURCE_KINDS),
  params: z.record(z.string(), z.unknown()),
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
      error: z.string().optional(),
    })
    .optional(),
  /** A show sheet's tables: what the add-in wrote in each. */
  tables: z
    .array(
      z.object({
        name: z.string(),
        columns: z.array(writtenColumnSchema),
        rowCount: z.number().int().min(0),
        totals: z.boolean().optional(),
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
