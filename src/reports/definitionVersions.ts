/**
 * Every stored shape of a report definition, read into today's (pure). Version 1 was written from
 * 2026-11-22 to 2026-11-27 and changed shape eight times without its number changing; each shape
 * counts as a version of its own here (SHAPES, oldest first, with the commit that first wrote it).
 * Every field a shape added was optional, so version 1's schema reads them all; what a shape lacks is
 * filled by one step each, and where nothing can know the answer (which columns were the report's,
 * which rows it wrote) the step says what the next refresh will assume, so the planner hears it. A
 * definition of a later version than this add-in knows is not read as one of ours: it is listed
 * read-only (refresh and edits refuse, naming it) and never overwritten.
 */
import { z } from "zod";
import {
  BOUND_DEFINITION_VERSION,
  DEFINITION_VERSION,
  definitionSchema,
  type ReportDefinition,
} from "./definition";

/** The newest stored version this add-in reads: version 2, and 3 (version 2 with parameters bound to cells). */
const NEWEST_READ = BOUND_DEFINITION_VERSION;

/** Version 1's schema: today's fields, all optional ones of it as the shapes added them, and `version: 1`. */
const versionOneSchema = definitionSchema
  .omit({
    statusHash: true,
    rowMarks: true,
    notes: true,
    revision: true,
    failedAt: true,
    stale: true,
    fetchedLine: true,
  })
  .extend({ version: z.literal(1) });
type VersionOne = z.infer<typeof versionOneSchema>;

/** A shape of version 1: when it was first written, and how to tell it by the fields it has. */
interface Shape {
  name: string;
  commit: string;
  has: (d: VersionOne) => boolean;
}

const isTableSheet = (d: VersionOne) => d.kind !== "show";

/** Version 1's shapes, oldest first; a definition is the newest shape whose fields it has. */
const VERSION_ONE_SHAPES: readonly Shape[] = [
  { name: "1.1 (kind, params and dates only)", commit: "6f81f88", has: () => true },
  {
    name: "1.2 (+ the columns the add-in wrote)",
    commit: "d2b12e9",
    has: (d) => (isTableSheet(d) ? d.columns !== undefined : d.tables !== undefined),
  },
  { name: "1.3 (+ the chart)", commit: "2cc8d02", has: (d) => d.chart !== undefined },
  {
    name: "1.4 (+ the status line and table style)",
    commit: "19c6fb5",
    has: (d) => d.statusLine !== undefined,
  },
  {
    name: "1.5 (+ column ids, the summary block, the totals row)",
    commit: "c6d5452",
    has: (d) =>
      d.totals !== undefined ||
      d.summary !== undefined ||
      (d.columns ?? d.tables?.flatMap((t) => t.columns) ?? []).some((c) => c.id !== undefined),
  },
  { name: "1.6 (+ the chart's block of sums)", commit: "cfc1cf5", has: (d) => d.chart?.data !== undefined },
  {
    name: "1.7 (+ the block's fingerprint)",
    commit: "dad2b1d",
    has: (d) => d.chart?.dataHash !== undefined,
  },
  {
    name: "1.8 (+ the chart's rows above the table)",
    commit: "79fde96",
    has: (d) => d.chart?.band !== undefined,
  },
];

function shapeOf(d: VersionOne): Shape {
  let found = VERSION_ONE_SHAPES[0];
  for (const s of VERSION_ONE_SHAPES) if (s.has(d)) found = s;
  return found;
}

/** What was read from a sheet's stored definition. */
export type StoredDefinition =
  | { state: "current"; def: ReportDefinition }
  /** An earlier version's, read into today's; `assumptions` say what the next refresh cannot know and assumes. */
  | { state: "migrated"; def: ReportDefinition; from: string; assumptions: string[] }
  /** A later version's: shown, never refreshed or overwritten. */
  | { state: "newer"; version: number; def: ReportDefinition }
  | { state: "unreadable" };

/** What each gap of version 1 leaves the next refresh to assume, in a planner's words. */
function stepsFromVersionOne(d: VersionOne): { def: ReportDefinition; assumptions: string[] } {
  const assumptions: string[] = [];
  const def: ReportDefinition = { ...d, version: DEFINITION_VERSION };
  if (isTableSheet(d) && d.columns === undefined)
    assumptions.push(
      "this sheet was made before the add-in recorded which columns it wrote: the columns whose headers the report has are taken as the report's, every other column as yours",
    );
  else if (isTableSheet(d) && d.columns?.some((c) => c.id === undefined))
    assumptions.push(
      "this sheet was made before the add-in recorded its columns' identity: the report's columns are found by their headers, so a report column you renamed is kept as one of yours",
    );
  // A sheet made before report charts gets none unasked: its chart would land among the planner's cells.
  if (isTableSheet(d) && d.chart === undefined) {
    def.chart = { enabled: false };
    assumptions.push(
      "this sheet was made before report charts: switch its chart on in the Sheets tab if you want one",
    );
  }
  return { def, assumptions };
}

/** The version a stored JSON value says it is, if it says one. */
function versionOf(raw: unknown): number | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const v = (raw as { version?: unknown }).version;
  return typeof v === "number" && Number.isInteger(v) && v > 0 ? v : undefined;
}

/** A later version's definition, as far as today's fields read it: enough to list it. */
const newerSchema = z.object({
  kind: definitionSchema.shape.kind.catch("search"),
  params: z.record(z.string(), z.unknown()).catch({}),
  sheetName: z.string().catch(""),
  tableName: z.string().optional().catch(undefined),
  lastRefresh: z.string().optional().catch(undefined),
  rowCount: z.number().int().min(0).catch(0),
});

/** The message a later version's definition shows, and every action on it refuses with. */
export const newerMessage = (version: number) =>
  `this sheet was made by a newer version of the add-in (its report is stored in format ${version}; this version reads up to ${NEWEST_READ}): update the add-in to refresh or edit it. Nothing on the sheet was changed`;

/** Reads a stored definition's JSON value into today's shape, saying how. */
export function readStoredDefinition(raw: unknown): StoredDefinition {
  const version = versionOf(raw);
  if (version === undefined) return { state: "unreadable" };
  if (version > NEWEST_READ) {
    const seen = newerSchema.parse(raw);
    return {
      state: "newer",
      version,
      def: {
        ...seen,
        version: DEFINITION_VERSION,
        status: "error",
        lastError: newerMessage(version),
        refreshOnOpen: false,
      },
    };
  }
  if (version === DEFINITION_VERSION || version === BOUND_DEFINITION_VERSION) {
    // Version 3 is version 2 with `bindings`: read as today's definition, stored again as 3 while bound.
    const parsed = definitionSchema.safeParse({ ...(raw as object), version: DEFINITION_VERSION });
    return parsed.success ? { state: "current", def: parsed.data } : { state: "unreadable" };
  }
  const one = versionOneSchema.safeParse(raw);
  if (!one.success) return { state: "unreadable" };
  const { def, assumptions } = stepsFromVersionOne(one.data);
  return { state: "migrated", def, from: shapeOf(one.data).name, assumptions };
}
