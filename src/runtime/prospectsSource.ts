/**
 * Fetches a prospect search (issue #48): each seed's show info with net new reach, then each
 * candidate's, a few at a time; the ranking is built by src/reports/prospects.ts. A refused
 * advertiser (403) or a seed with no similar shows fails the whole search in words, before anything
 * is written.
 */
import type { AdsClient } from "../api/client";
import type { ShowInfo } from "../api/schemas";
import type { TypedTable } from "../api/table";
import type { SpendRequest } from "./spendGuard";
import { askToSpend } from "./spendGuard";
import {
  DEFAULT_WEIGHTS,
  candidateSpend,
  candidatesOf,
  prospectParamsSchema,
  prospectTable,
  type FetchedShow,
  type ProspectParams,
} from "../reports/prospects";

/** Requests in flight at once. */
const AT_ONCE = 4;

async function eachFew<T, R>(items: T[], f: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await f(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(AT_ONCE, items.length) }, worker));
  return out;
}

/** A seed the service lists no similar shows for, said in words. */
class NoSimilarShowsError extends Error {
  constructor(id: string, title: string) {
    super(
      `The seed show ${title} (${id}) has no similar shows: the service lists them for podcasts only. Choose another seed; nothing was written.`,
    );
    this.name = "NoSimilarShowsError";
  }
}

/** The planner chose Not now for the candidates: only the seeds' requests were sent. */
export class CandidatesNotSentError extends Error {
  constructor(seeds: number) {
    super(
      `Not sent: the candidates were not asked for (Not now). The ${seeds} seed ${seeds === 1 ? "show's request was" : "shows' requests were"} spent; nothing else was sent and nothing was written.`,
    );
    this.name = "CandidatesNotSentError";
  }
}

/** Confirms a count before it is sent: the spend guard's answer (true sends). */
export type ConfirmSpend = (request: SpendRequest) => Promise<boolean>;

/**
 * Every show a prospect search looks at: the seeds, then the candidates found from them. The seeds
 * were counted before the search began (`prospectSpend`); the candidates are counted from the seeds'
 * answers and confirmed through `confirm` (by default the spend guard) before any is sent, so the
 * requests sent are exactly the counts confirmed, even when the seeds' similar shows are fewer than asked.
 */
export async function fetchProspectShows(
  client: AdsClient,
  p: ProspectParams,
  signal?: AbortSignal,
  confirm: ConfirmSpend = askToSpend,
): Promise<FetchedShow[]> {
  const query = { netNewReachAdvertisers: p.advertisers, months: p.months };
  const get = (id: string): Promise<ShowInfo> => client.shows.get(id, query, signal);
  const seedIds = [...new Set(p.seeds)];
  const seeds = await eachFew(seedIds, async (id) => ({ id, info: await get(id) }));
  const empty = seeds.find((s) => !(s.info.similarShows ?? []).length);
  if (empty) throw new NoSimilarShowsError(empty.id, empty.info.title);
  const candidates = candidatesOf(seeds, p.count);
  if (candidates.length && !(await confirm(candidateSpend(candidates.length, p.count, seeds.length))))
    throw new CandidatesNotSentError(seeds.length);
  const fetched = await eachFew(candidates, async (c) => ({ id: c.id, info: await get(c.id), candidate: c }));
  return [...seeds, ...fetched];
}

/** The ranking of a prospect search, with what the planner should know (candidates filtered out). */
export async function prospectsTable(
  client: AdsClient,
  params: Record<string, unknown>,
  opts: { signal?: AbortSignal; onNote?: (note: string) => void; confirmSpend?: ConfirmSpend } = {},
): Promise<TypedTable> {
  const p = prospectParamsSchema.parse(params);
  const shows = await fetchProspectShows(client, p, opts.signal, opts.confirmSpend);
  const { table, notes } = prospectTable(shows, p, DEFAULT_WEIGHTS);
  for (const n of notes) opts.onNote?.(n);
  return table;
}
