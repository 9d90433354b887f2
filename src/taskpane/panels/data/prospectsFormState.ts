/**
 * The Prospects form's state, pure (issue #48): what is typed, what is taken from cells ("Parameters
 * from cells", as the Reports form's: read again at every refresh), and seed shows taken once from a
 * report sheet's column of show ids (Show ID, or a Prospects sheet's Service show id). What the form sends: the typed values, except those taken from cells
 * (the cells give them: src/excel/reportBindings.ts `paramsFromCells`), and the cells' addresses.
 */
import type { TakenCell } from "../reports/CellParams";
import { list, num, text } from "./formValues";

export const PROSPECT_LABELS = {
  advertisers: "Advertisers",
  seeds: "Seed shows",
  count: "Candidates",
  minListeners: "At least monthly listeners",
  maxAdLoad: "Ad load at most (%)",
  maxContentRisk: "Content risk at most",
  platforms: "Platforms",
  competitors: "Competitors",
};

export const EMPTY_PROSPECTS = {
  advertisers: "",
  seeds: "",
  count: "20",
  minListeners: "",
  maxAdLoad: "",
  maxContentRisk: "",
  platforms: "",
  competitors: "",
};
export type ProspectValues = typeof EMPTY_PROSPECTS;
export type ProspectParam = keyof ProspectValues;

/** Every input, in the form's order: each may be typed or taken from cells. */
export const PROSPECT_PARAMS = Object.keys(EMPTY_PROSPECTS) as ProspectParam[];

/** The most seeds a search takes (prospectParamsSchema). */
const MOST_SEEDS = 20;

/** The typed values as the request's parameters (blank: not set). */
function typedParams(v: ProspectValues): Record<string, unknown> {
  return {
    advertisers: list(v.advertisers),
    seeds: list(v.seeds),
    count: num(v.count),
    minListeners: num(v.minListeners),
    maxAdLoad: num(v.maxAdLoad),
    maxContentRisk: text(v.maxContentRisk),
    platforms: list(v.platforms),
    competitors: list(v.competitors),
  };
}

/** What the form sends: typed parameters without the bound ones, the bound ones' addresses, and their names. */
export function prospectRequest(
  v: ProspectValues,
  cells: Readonly<Record<string, TakenCell>>,
): { params: Record<string, unknown>; cells: Record<string, string>; bound: string[] } {
  const bound = Object.keys(cells);
  const params = Object.fromEntries(Object.entries(typedParams(v)).filter(([k]) => !bound.includes(k)));
  return {
    params,
    cells: Object.fromEntries(Object.entries(cells).map(([p, c]) => [p, c.address])),
    bound,
  };
}

/** The cells taken with `param` taken from `taken`, or typed again (null). */
export function withCell(
  cells: Readonly<Record<string, TakenCell>>,
  param: string,
  taken: TakenCell | null,
): Record<string, TakenCell> {
  const next = { ...cells };
  if (taken) next[param] = taken;
  else delete next[param];
  return next;
}

/**
 * Seed shows taken once from a report sheet's column of show ids (`column`, its header: Show ID or
 * Service show id): the Seed shows field holds its first 20 distinct ids (typed from then on; a seed
 * taken from cells is typed again), and a sentence says how many and from where.
 */
export function seedsFromSheet(
  v: ProspectValues,
  cells: Readonly<Record<string, TakenCell>>,
  from: { sheetName: string; column: string },
  ids: readonly string[],
): { values: ProspectValues; cells: Record<string, TakenCell>; note: string } {
  const { sheetName, column } = from;
  const kept = ids.slice(0, MOST_SEEDS);
  const more =
    ids.length > kept.length
      ? ` (the first ${kept.length} of ${ids.length}: a search takes at most ${MOST_SEEDS})`
      : "";
  const note = kept.length
    ? `Seed shows: ${kept.length} show ${kept.length === 1 ? "id" : "ids"} from the ${column} column of ${sheetName}${more}, read now; pick the sheet again to read it again.`
    : `The ${column} column of ${sheetName} is empty: the seed shows were not changed.`;
  if (!kept.length) return { values: v, cells: { ...cells }, note };
  return { values: { ...v, seeds: kept.join(", ") }, cells: withCell(cells, "seeds", null), note };
}
