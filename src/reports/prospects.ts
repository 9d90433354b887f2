/**
 * Prospects (issue #48): which shows an advertiser should buy next. The parameters, the requests
 * they send (counted before anything is sent), the candidates taken from the seeds' similar shows,
 * and the rows of the ranking. Pure: no Office, no client.
 */
import { z } from "zod";
import { PLATFORMS, SHOW_ID_FORMS, SHOW_ID_PATTERN, type ShowInfo } from "../api/schemas";
import { percentFraction, type CellValue, type ColumnKind, type TypedTable } from "../api/table";

const CONTENT_RISK_LEVELS = ["minimal", "low", "medium", "high", "floor"] as const;
type ContentRiskLevel = (typeof CONTENT_RISK_LEVELS)[number];

const names = (field: string, min: number) =>
  z
    .array(z.string().trim().min(1, `${field}: a name is empty`))
    .min(min, `${field}: give at least ${min === 1 ? "one name" : `${min} names`}`)
    .max(10, `${field}: at most 10 names`);

export const prospectParamsSchema = z.object({
  /** Whose new listeners: several names act as one advertiser (the service's net new reach). */
  advertisers: names("Advertisers", 1),
  /** The shows whose similar shows are the candidates. */
  seeds: z
    .array(z.string().trim().regex(SHOW_ID_PATTERN, `Seed shows: each must be ${SHOW_ID_FORMS}`))
    .min(1, "Seed shows: give at least one show id")
    .max(20, "Seed shows: at most 20 shows"),
  /** How many candidates to look at (each one request). */
  count: z
    .number({ error: "Candidates must be a number" })
    .int("Candidates must be a whole number")
    .min(1, "Candidates: from 1 to 100")
    .max(100, "Candidates: from 1 to 100")
    .default(20),
  months: z.number().int().min(1, "Months: 1 to 3").max(3, "Months: 1 to 3").optional(),
  minListeners: z.number().min(0, "At least … monthly listeners: 0 or more").optional(),
  maxAdLoad: z.number().min(0, "Ad load at most: 0 or more").optional(),
  maxContentRisk: z
    .enum(CONTENT_RISK_LEVELS, { error: "Content risk at most: minimal, low, medium, high or floor" })
    .optional(),
  platforms: z
    .array(z.enum(PLATFORMS, { error: `Platforms: each one of ${PLATFORMS.join(", ")}` }))
    .optional(),
  competitors: names("Competitors", 0).optional(),
});
export type ProspectParams = z.infer<typeof prospectParamsSchema>;

const shows = (n: number) => `${n} ${n === 1 ? "show" : "shows"}`;

/**
 * What a prospect search spends first, counted before anything is sent: one show info a seed, exact.
 * The candidates are counted once the seeds have answered (their similar shows together may be fewer
 * than asked for) and asked for on their own (`candidateSpend`), so what is sent is always what was
 * confirmed.
 */
export function prospectSpend(p: Pick<ProspectParams, "seeds" | "count">): {
  requests: number;
  exact: boolean;
  detail: string;
} {
  const seeds = new Set(p.seeds).size;
  return {
    requests: seeds,
    exact: true,
    detail: `${seeds} seed ${seeds === 1 ? "show" : "shows"}, each with net new reach; the candidates (up to ${p.count}) are counted from their similar shows and asked for next`,
  };
}

/** The candidates' requests, exact: asked for once the seeds have answered, before any is sent. */
export function candidateSpend(
  found: number,
  asked: number,
  seeds: number,
): { action: string; requests: number; exact: true; detail: string } {
  const fewer =
    found < asked
      ? ` (the seeds' similar shows together are ${found}, fewer than the ${asked} asked for)`
      : "";
  return {
    action: "Prospects: candidates",
    requests: found,
    exact: true,
    detail: `${shows(found)} similar to the ${seeds === 1 ? "seed" : `${seeds} seeds`} (whose ${seeds === 1 ? "request was" : `${seeds} requests were`} sent), each with net new reach${fewer}`,
  };
}

/** The most a prospect search can send (a function's upper bound for the spend gate): seeds and count. */
export const prospectMostRequests = (p: Pick<ProspectParams, "seeds" | "count">): number =>
  new Set(p.seeds).size + p.count;

/** A show similar to a seed: the most similar seed it was found from. */
export interface Candidate {
  id: string;
  title: string;
  contentSimilarity: number;
  /** Share of the seed's audience that also listens to this show (percentage points). */
  audienceOverlap: number;
  seedTitle: string;
}

/**
 * The candidates: every seed's similar shows, each kept once with its best similarity to a seed
 * (content first, then audience overlap), seeds left out, most similar first, the first `count`.
 */
export function candidatesOf(seeds: { id: string; info: ShowInfo }[], count: number): Candidate[] {
  const seedIds = new Set(seeds.flatMap(({ id, info }) => [id, String(info.serviceSeriesId)]));
  const best = new Map<string, Candidate>();
  for (const { info } of seeds)
    for (const s of info.similarShows ?? []) {
      const id = String(s.seriesId);
      if (seedIds.has(id)) continue;
      const c: Candidate = {
        id,
        title: s.title,
        contentSimilarity: s.contentSimilarity ?? 0,
        audienceOverlap: s.audienceSimilarityOverlap ?? 0,
        seedTitle: info.title,
      };
      const had = best.get(id);
      if (!had || closer(c, had) < 0) best.set(id, c);
    }
  return [...best.values()].sort((a, b) => closer(a, b) || a.id.localeCompare(b.id)).slice(0, count);
}

const closer = (a: Candidate, b: Candidate): number =>
  b.contentSimilarity - a.contentSimilarity || b.audienceOverlap - a.audienceOverlap;

/** The weights of the Score, as labelled cells above the table hold them to start with. */
export const DEFAULT_WEIGHTS = {
  "Net new listeners": 1,
  "Content similarity": 200_000,
  "Audience overlap": 500_000,
  "Ad load": -2_000_000,
} as const;
export type WeightName = keyof typeof DEFAULT_WEIGHTS;
export const WEIGHT_NAMES = Object.keys(DEFAULT_WEIGHTS) as WeightName[];

/** The table's column each weight multiplies (its header). */
export const WEIGHTED_COLUMN: Record<WeightName, string> = {
  "Net new listeners": "Net new listeners",
  "Content similarity": "Content similarity",
  "Audience overlap": "Audience overlap",
  "Ad load": "Ad load",
};

/**
 * The summary block above the table: a line saying what the weights are for, then one label a
 * weight. The weights themselves sit in the cells right of the labels, the planner's (a refresh
 * rewrites the labels only).
 */
const WEIGHT_LINES: string[][] = [
  ["Score weights: edit a weight to re-rank (the Score column recalculates); each refresh sorts by Score"],
  ...WEIGHT_NAMES.map((k) => [k]),
];

/** The score of a row with these weights: what the sheet's Score formula computes. */
function scoreOf(row: Record<WeightName, number>, weights: Record<WeightName, number>): number {
  return WEIGHT_NAMES.reduce((n, k) => n + (row[k] ?? 0) * weights[k], 0);
}

/**
 * The ids of a row, each named for what it is. A seed is the directory id the planner typed (a similar
 * show comes with no directory id: blank). The service's own show id (serviceSeriesId, a similar show's
 * seriesId) is every row's; its column is stored under the name sheets made before issue 57 wrote,
 * "Show ID", by which a refresh finds it (its formulas, notes and place kept), and the sheet shows it as
 * SERVICE_SHOW_ID, the campaign plan's own word for the same number (prospectsChart.ts names it).
 */
export const DIRECTORY_ID = "Directory id";
export const SERVICE_ID_STORED = "Show ID";
export const SERVICE_SHOW_ID = "Service show id";

export const PROSPECT_COLUMNS: readonly [string, ColumnKind][] = [
  ["Show", "text"],
  [DIRECTORY_ID, "text"],
  [SERVICE_ID_STORED, "text"],
  ["Platform", "text"],
  ["Monthly listeners", "integer"],
  ["Net new reach", "percent"],
  ["Net new listeners", "integer"],
  ["Ad load", "percent"],
  ["Host read", "percent"],
  ["Direct response", "percent"],
  ["Renewal rate", "percent"],
  ["Content risk", "text"],
  ["Content similarity", "number"],
  ["Audience overlap", "percent"],
  ["Most similar to", "text"],
  ["Competitors there", "text"],
  ["Already runs there", "text"],
  ["Marked", "text"],
];
const col = (name: string) => PROSPECT_COLUMNS.findIndex(([n]) => n === name);

/** A show as fetched, with what made it a row: a seed, or a candidate found from one. */
export interface FetchedShow {
  id: string;
  info: ShowInfo;
  candidate?: Candidate;
}

const pct = (x: number | null | undefined): CellValue => percentFraction(x ?? null);

function rowOf(show: FetchedShow, p: ProspectParams): CellValue[] {
  const { info, candidate } = show;
  const top = info.topAdvertisers ?? [];
  const listeners = info.monthlyListeners ?? null;
  const nnr = info.netNewReachPercent ?? null;
  const runs = p.advertisers.some((a) => top.includes(a));
  const competitors = (p.competitors ?? []).filter((c) => top.includes(c));
  const marks = [candidate ? null : "Seed", runs ? "Already runs there" : null].filter((m) => m !== null);
  return [
    info.title,
    // A seed's directory id as typed (digits; an Alpha id is not one); similar shows come with none.
    !candidate && /^\d+$/.test(show.id) ? show.id : null,
    String(info.serviceSeriesId),
    info.platform ?? null,
    listeners,
    pct(nnr),
    listeners !== null && nnr !== null ? Math.round((listeners * nnr) / 100) : null,
    pct(info.adLoad),
    pct(info.hostRead),
    pct(info.directRes),
    pct(info.renewalRate),
    info.contentRisk?.overallScore ?? null,
    candidate?.contentSimilarity ?? null,
    candidate ? pct(candidate.audienceOverlap) : null,
    candidate?.seedTitle ?? null,
    competitors.join(", "),
    runs ? "Yes" : "No",
    marks.join(", "),
  ];
}

/** Whether a candidate passes the filters (seeds always stay, marked). */
function passes(show: FetchedShow, p: ProspectParams): boolean {
  if (!show.candidate) return true;
  const { info } = show;
  const risk = CONTENT_RISK_LEVELS.indexOf((info.contentRisk?.overallScore ?? "") as ContentRiskLevel);
  if (p.minListeners !== undefined && (info.monthlyListeners ?? 0) < p.minListeners) return false;
  if (p.maxAdLoad !== undefined && (info.adLoad ?? 0) > p.maxAdLoad) return false;
  if (p.maxContentRisk !== undefined && risk > CONTENT_RISK_LEVELS.indexOf(p.maxContentRisk)) return false;
  if (p.platforms?.length && !p.platforms.some((x) => x === info.platform)) return false;
  return true;
}

/** The row's figures the Score weighs, as its cells hold them. */
function weighed(row: CellValue[]): Record<WeightName, number> {
  const num = (name: string) => {
    const v = row[col(name)];
    return typeof v === "number" ? v : 0;
  };
  return {
    "Net new listeners": num("Net new listeners"),
    "Content similarity": num("Content similarity"),
    "Audience overlap": num("Audience overlap"),
    "Ad load": num("Ad load"),
  };
}

/**
 * The ranking: a row per show (seeds and candidates), candidates the filters refuse left out (and
 * counted in a note), highest score first with these weights.
 */
export function prospectTable(
  shows: FetchedShow[],
  p: ProspectParams,
  weights: Record<WeightName, number> = DEFAULT_WEIGHTS,
): { table: TypedTable; notes: string[]; scores: number[] } {
  const kept = shows.filter((s) => passes(s, p));
  const scored = kept
    .map((s) => rowOf(s, p))
    .map((row) => ({ row, score: scoreOf(weighed(row), weights) }))
    .sort(
      (a, b) =>
        b.score - a.score ||
        String(a.row[col(SERVICE_ID_STORED)]).localeCompare(String(b.row[col(SERVICE_ID_STORED)])),
    );
  const rows = scored.map(({ row }) => row);
  const out = shows.length - kept.length;
  const notes =
    out > 0
      ? [`${out} of ${shows.filter((s) => s.candidate).length} candidates were left out by the filters.`]
      : [];
  const columns = PROSPECT_COLUMNS.map(([name, kind]) => ({ name, kind }));
  return { table: { columns, rows, summary: WEIGHT_LINES }, notes, scores: scored.map((x) => x.score) };
}
