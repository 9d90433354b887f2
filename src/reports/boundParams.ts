/**
 * Report parameters bound to cells (issue #36), pure: what a binding stores, and the values a
 * refresh sends read from the cells' current contents, or the problems that refuse it before any
 * request, each naming the parameter, the cell and what is wrong. src/excel/boundCells.ts reads the
 * cells; the definition stores the bindings (a defined name each, which Excel keeps on its cells as
 * rows and columns are inserted or deleted and the sheet is renamed).
 */
import { z } from "zod";
import { serialToIsoDate, type DateSystem } from "../api/excelDates";
import { fieldLabel } from "../api/fieldLabels";
import {
  REPORT_ENDPOINTS,
  incrementalityRequestSchema,
  individualAdsRequestSchema,
  searchQuerySchema,
} from "../api/schemas";
import { prospectParamsSchema } from "./prospects";

/** One parameter taken from a cell or range: the name Excel keeps on it, and where it was last seen. */
export const paramBindingSchema = z.object({
  /** The request parameter the cell gives (startDate, advertisers, episodeId, …). */
  param: z.string().min(1),
  /** The workbook's defined name over the cell or range: the binding itself (Excel adjusts it). */
  name: z.string().min(1),
  /** Where the name pointed when last read ("Inputs!B2"): shown to the planner, never followed. */
  address: z.string(),
});
export type ParamBinding = z.infer<typeof paramBindingSchema>;

/** What a bound name held when read (src/excel/boundCells.ts). */
export type BoundCell =
  /** The name's cells: their values and Excel's value types (Empty, String, Double, Boolean, Error). */
  | {
      state: "range";
      address: string;
      values: readonly (readonly unknown[])[];
      types: readonly (readonly string[])[];
    }
  /** The name no longer refers to cells (they were deleted: `#REF!`). */
  | { state: "error"; value: string }
  /** The name itself is gone (deleted in Name Manager). */
  | { state: "missing" };

/** How a parameter reads its cells: one date, a list of a range's filled cells, or one value. */
type Shape = "date" | "textList" | "numberList" | "text" | "value";

const DATE_PARAMS: ReadonlySet<string> = new Set(["startDate", "endDate"]);
const TEXT_LISTS: ReadonlySet<string> = new Set([
  "advertiser",
  "advertisers",
  "show",
  "mediaType",
  "impressionGeo",
  "fields",
  "actions",
  "campaignTags",
  "excludeReferrers",
  "excludeUtmMediums",
  "excludeUtmSources",
  // A prospect search's lists (issue #48).
  "seeds",
  "competitors",
  "platforms",
]);
const NUMBER_LISTS: ReadonlySet<string> = new Set(["showFilterIds"]);
/** One value that the service takes as text even when the cell holds a number (an id). */
const TEXT_VALUES: ReadonlySet<string> = new Set([
  "episodeId",
  "search",
  "timeGrouping",
  "geoGrouping",
  "groupKey",
  "weekStartsOn",
  "attributionModel",
  "attributionPreset",
  "aggregationLevel",
  "name",
  "maxContentRisk",
]);

/** The shape of `param`'s value in a request; a kind whose schema takes a single advertiser reads one. */
function shapeOf(kind: string, param: string): Shape {
  if (DATE_PARAMS.has(param)) return "date";
  // The listener, ads and incrementality requests take one advertiser, not a list.
  if (
    param === "advertiser" &&
    (kind === "impressionListeners" || kind === "individualAds" || kind === "incrementality")
  )
    return "text";
  if (TEXT_LISTS.has(param)) return "textList";
  if (NUMBER_LISTS.has(param)) return "numberList";
  return TEXT_VALUES.has(param) ? "text" : "value";
}

const LABELS: Readonly<Record<string, string>> = {
  startDate: "Start date",
  endDate: "End date",
  advertiser: "Advertiser",
  advertisers: "Advertisers",
  showFilterIds: "Show ids",
  show: "Shows",
  episodeId: "Episode id",
  mediaType: "Media type",
  timeGrouping: "Time grouping",
  search: "Search words",
  seeds: "Seed shows",
  count: "Candidates",
  minListeners: "At least monthly listeners",
  maxAdLoad: "Ad load at most",
  maxContentRisk: "Content risk at most",
  platforms: "Platforms",
  competitors: "Competitors",
};

/** A parameter as the planner reads it in the form. */
const paramLabel = (param: string): string => LABELS[param] ?? fieldLabel(param);

/** A bound parameter the refresh refuses: the parameter, its cell, what is wrong. */
export interface BoundProblem {
  param: string;
  cell: string;
  problem: string;
}

export const problemText = (p: BoundProblem): string => `${paramLabel(p.param)} (${p.cell}): ${p.problem}`;

/** The refusal's whole message: every bad cell, and that nothing was asked or changed. */
export const refusalText = (problems: readonly BoundProblem[]): string =>
  `${problems.map(problemText).join("; ")}. Nothing was requested and the data on the sheet was not changed`;

type Read = { ok: true; value: unknown } | { ok: false; problem: string };

const quoted = (v: unknown) =>
  typeof v === "string" ? `"${v.length > 40 ? `${v.slice(0, 40)}…` : v}"` : String(v);

/** The first error among the cells, as the planner sees it ("#N/A"). */
function errorIn(
  values: readonly (readonly unknown[])[],
  types: readonly (readonly string[])[],
): string | undefined {
  for (let r = 0; r < types.length; r++)
    for (let c = 0; c < types[r].length; c++) if (types[r][c] === "Error") return String(values[r][c]);
  return undefined;
}

/** A date cell's value as YYYY-MM-DD: a serial of the workbook's system, or ISO text. */
function readDate(value: unknown, type: string, system: DateSystem): Read {
  if (type === "Double" && typeof value === "number") {
    const iso = value >= 0 ? serialToIsoDate(value, system) : null;
    return iso ? { ok: true, value: iso } : { ok: false, problem: `holds ${value}, which is not a date` };
  }
  if (type === "String" && typeof value === "string") {
    const text = value.trim();
    if (/^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`)))
      return { ok: true, value: text };
    return { ok: false, problem: `holds the text ${quoted(value)} where a date is needed` };
  }
  return { ok: false, problem: `holds ${quoted(value)} where a date is needed` };
}

function readOne(shape: Shape, cell: Extract<BoundCell, { state: "range" }>, system: DateSystem): Read {
  const count = cell.values.reduce((n, row) => n + row.length, 0);
  if (count !== 1) return { ok: false, problem: `is a range of ${count} cells where one cell is needed` };
  const value = cell.values[0][0];
  const type = cell.types[0][0];
  if (type === "Empty" || value === "" || value === null) return { ok: false, problem: "is empty" };
  if (shape === "date") return readDate(value, type, system);
  if (shape === "text") return { ok: true, value: typeof value === "string" ? value.trim() : String(value) };
  return { ok: true, value: typeof value === "string" ? value.trim() : value };
}

function readList(shape: Shape, cell: Extract<BoundCell, { state: "range" }>): Read {
  const out: unknown[] = [];
  cell.values.forEach((row, r) =>
    row.forEach((value, c) => {
      if (cell.types[r][c] === "Empty" || value === "" || value === null) return;
      if (shape === "numberList")
        out.push(typeof value === "string" && /^\d+$/.test(value.trim()) ? Number(value) : value);
      else out.push(typeof value === "string" ? value.trim() : String(value));
    }),
  );
  return out.length ? { ok: true, value: out } : { ok: false, problem: "is empty" };
}

/** One binding's value from its cells, or what is wrong with them. */
export function readBinding(kind: string, binding: ParamBinding, cell: BoundCell, system: DateSystem): Read {
  if (cell.state === "missing")
    return { ok: false, problem: `the name ${binding.name} that held the cell was deleted` };
  if (cell.state === "error")
    return { ok: false, problem: `the cell was deleted (its reference is ${cell.value})` };
  const error = errorIn(cell.values, cell.types);
  if (error !== undefined) return { ok: false, problem: `holds the error ${error}` };
  const shape = shapeOf(kind, binding.param);
  return shape === "textList" || shape === "numberList"
    ? readList(shape, cell)
    : readOne(shape, cell, system);
}

/** Each source's request schema, to name a bound cell whose value the request refuses. */
const SCHEMAS: Readonly<Record<string, z.ZodType | undefined>> = {
  ...Object.fromEntries(Object.entries(REPORT_ENDPOINTS).map(([k, e]) => [k, e.schema])),
  search: searchQuerySchema,
  individualAds: individualAdsRequestSchema,
  incrementality: incrementalityRequestSchema,
  prospects: prospectParamsSchema,
};

/** Where a binding's cells are, as the planner reads it: the current address, else the last seen. */
const cellOf = (binding: ParamBinding, cell: BoundCell | undefined) =>
  cell?.state === "range" ? cell.address : binding.address;

/**
 * The request's parameters with every bound one read from its cells, or the problems that refuse
 * the refresh: a cell that cannot be read (empty, an error, deleted, text where a date is needed), or
 * a value the request's own rules refuse (an end before its start, an empty advertiser list), named
 * by the bound parameter's cell. Parameters not bound are checked elsewhere (the client), as before.
 */
export function resolveBoundParams(
  kind: string,
  params: Record<string, unknown>,
  bindings: readonly ParamBinding[],
  cells: ReadonlyMap<string, BoundCell>,
  system: DateSystem,
):
  | { ok: true; params: Record<string, unknown>; addresses: Record<string, string> }
  | { ok: false; problems: BoundProblem[] } {
  const out = { ...params };
  const addresses: Record<string, string> = {};
  const problems: BoundProblem[] = [];
  for (const b of bindings) {
    const cell = cells.get(b.param) ?? { state: "missing" };
    addresses[b.param] = cellOf(b, cell);
    const read = readBinding(kind, b, cell, system);
    if (read.ok) out[b.param] = read.value;
    else problems.push({ param: b.param, cell: addresses[b.param], problem: read.problem });
  }
  if (problems.length) return { ok: false, problems };
  const schema = SCHEMAS[kind];
  const parsed = schema?.safeParse(out);
  if (parsed && !parsed.success) {
    const bound = new Map(bindings.map((b) => [b.param, b]));
    for (const issue of parsed.error.issues) {
      const b = bound.get(String(issue.path[0]));
      if (b && !problems.some((p) => p.param === b.param))
        problems.push({
          param: b.param,
          cell: addresses[b.param],
          problem: `gives ${quoted(out[b.param])}: ${issue.message}`,
        });
    }
  }
  return problems.length ? { ok: false, problems } : { ok: true, params: out, addresses };
}

/** The bound parameters whose cells now give another value than the one the data was fetched with. */
export function changedBindings(
  fetched: Record<string, unknown>,
  current: Record<string, unknown>,
  bindings: readonly ParamBinding[],
): string[] {
  return bindings
    .filter((b) => JSON.stringify(fetched[b.param] ?? null) !== JSON.stringify(current[b.param] ?? null))
    .map((b) => b.param);
}

/** A bound value as the status line and the Sheets tab show it: "Start date Inputs!B2 = 2026-11-01". */
export function boundValueText(param: string, address: string, value: unknown): string {
  const shown = Array.isArray(value)
    ? value.length > 3
      ? `${value.slice(0, 3).join(", ")} +${value.length - 3}`
      : value.join(", ")
    : String(value ?? "(none)");
  return `${paramLabel(param)} ${address} = ${shown}`;
}
