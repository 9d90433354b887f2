/**
 * The ADS.* functions about one show: its listeners, any field of its info, its episodes, similar
 * shows, its top advertisers and the net new reach of advertisers on it.
 */
import { pointsToFraction } from "../api/decimalShift";
import type { ShowInfo } from "../api/schemas";
import * as arg from "./args";
import type { Arg } from "./args";
import { FunctionError, badArgument } from "./functionError";
import type { FunctionKit } from "./functionKit";
import { formatted, PERCENT_FORMAT, type FormattedNumber } from "../runtime/numberShape";
import * as shape from "./shapes";

/** Episodes asked for per request: the service's largest page. */
const EPISODE_PAGE_SIZE = 100;
/** Episodes the service pages over: the 1,000 most recent. */
const MAX_EPISODES = 1000;

/** The episode fields asked for (all when not given); #VALUE! on one the service does not have. */
function episodeFields(fields: Arg | undefined): string[] {
  const wanted = arg.optionalList(fields, "fields") ?? [...shape.EPISODE_FIELDS];
  for (const f of wanted) {
    if (!(shape.EPISODE_FIELDS as readonly string[]).includes(f)) {
      throw badArgument("fields", `unknown episode field "${f}" (one of ${shape.EPISODE_FIELDS.join(", ")})`);
    }
  }
  return wanted;
}

/**
 * The show with its first `n` episodes, from as many pages as hold them: one held answer for the
 * call, which spends at most a request a page (fewer when the show has fewer episodes).
 */
async function showWithEpisodes(
  kit: FunctionKit,
  id: string,
  n: number,
  signal?: AbortSignal,
): Promise<ShowInfo> {
  const client = kit.connected();
  const most = Math.ceil(Math.min(n, MAX_EPISODES) / EPISODE_PAGE_SIZE);
  const page = (i: number, s: AbortSignal) =>
    client.shows.get(id, { episodesPageIndex: i, episodesPageSize: EPISODE_PAGE_SIZE }, s);
  return kit.cached(
    client,
    `episodes|${id}|${most}`,
    async (s) => {
      // The first page says how many episodes exist: only the pages that hold some are asked for.
      const first = await page(0, s);
      const total = first.episodesPagination?.rowCount ?? n;
      const wanted = Math.min(most, Math.ceil(Math.min(n, total) / EPISODE_PAGE_SIZE));
      const rest = await Promise.all(
        Array.from({ length: Math.max(0, wanted - 1) }, (_, i) => page(i + 1, s)),
      );
      const pages = [first, ...rest];
      return { ...pages[0], episodes: pages.flatMap((p) => p.episodes ?? []) };
    },
    signal,
    most,
  );
}

/** Net new reach of up to 10 advertisers on a show, as a percentage. */
async function netNewReach(
  kit: FunctionKit,
  showId: Arg,
  advertisers: Arg,
  months: Arg | undefined,
  signal?: AbortSignal,
): Promise<FormattedNumber> {
  const id = arg.showId(showId);
  const names = arg.nameList(advertisers, "advertisers");
  if (names.length > 10) throw badArgument("advertisers", "takes at most 10 advertiser names");
  const m = arg.optionalInt(months, "months", 1, 3);
  const client = kit.connected();
  const show = await kit.forAdvertisers(names, () =>
    kit.cached(
      client,
      `nnr|${id}|${names.join(",")}|${m ?? ""}`,
      (s) => client.shows.get(id, { netNewReachAdvertisers: names, months: m }, s),
      signal,
    ),
  );
  if (show.netNewReachPercent === null || show.netNewReachPercent === undefined) {
    throw new FunctionError(
      "#N/A",
      `Net new reach is not available for show ${id} (podcasts with listening data only)`,
    );
  }
  // A fraction, as Excel holds percentages (the service sends 0–100), shown as a percentage.
  return formatted(pointsToFraction(show.netNewReachPercent), PERCENT_FORMAT);
}

export function showFunctions(kit: FunctionKit) {
  const { guarded, showInfo } = kit;
  return {
    SHOWLISTENERS: (showId: Arg, signal?: AbortSignal) =>
      guarded("SHOWLISTENERS", async () =>
        shape.showField(await showInfo(arg.showId(showId), signal), "monthlyListeners"),
      ),

    SHOW: (showId: Arg, field: Arg, signal?: AbortSignal) =>
      guarded("SHOW", async () => {
        const id = arg.showId(showId);
        const name = arg.requiredText(field, "field");
        const canonical = shape.canonicalShowField(name);
        if (!canonical)
          throw badArgument(
            "field",
            `"${name}" is not a show field: on the pane's Data tab, Show lists every field and inserts the formula for it`,
          );
        return shape.showField(await showInfo(id, signal), canonical);
      }),

    EPISODES: (showId: Arg, count?: Arg, fields?: Arg, signal?: AbortSignal) =>
      guarded("EPISODES", async () => {
        const id = arg.showId(showId);
        const n = arg.optionalInt(count, "count", 1, 1000) ?? 25;
        const wanted = episodeFields(fields);
        return shape.episodesGrid(await showWithEpisodes(kit, id, n, signal), n, wanted);
      }),

    SIMILAR: (showId: Arg, count?: Arg, signal?: AbortSignal) =>
      guarded("SIMILAR", async () => {
        const id = arg.showId(showId);
        const n = arg.optionalInt(count, "count", 1, 50) ?? 50;
        return shape.similarGrid(await showInfo(id, signal), n);
      }),

    TOPADVERTISERS: (showId: Arg, signal?: AbortSignal) =>
      guarded("TOPADVERTISERS", async () =>
        shape.topAdvertisersGrid(await showInfo(arg.showId(showId), signal)),
      ),

    NETNEWREACH: (showId: Arg, advertisers: Arg, months?: Arg, signal?: AbortSignal) =>
      guarded("NETNEWREACH", () => netNewReach(kit, showId, advertisers, months, signal)),
  };
}
