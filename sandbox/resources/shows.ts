/**
 * GET /series/episodes/{id}: show info with episode paging and net new reach. Every figure comes from
 * the show's episodes and ads: monthly downloads are the sum of the platforms', hostRead and
 * directRes are shares of its ads, renewalRate follows its advertisers from episode to episode
 * (the figure groups are in showFigures.ts).
 */
import { showInfoQuerySchema } from "../../src/api/schemas";
import { round } from "../random";
import { ACCESSIBLE_ADVERTISERS, DAY, type Show, type World } from "../world";
import {
  EPISODES_A_MONTH,
  adFigures,
  downloadFigures,
  episodeRow,
  similarShows,
  socialFigures,
} from "./showFigures";
import { invalidData, slug, type SandboxApp, type SandboxContext } from "../context";

export function showRoutes(app: SandboxApp, { world }: SandboxContext): void {
  app.get("/api/public/series/episodes/:id", (c) => {
    const q = c.req.query();
    const query = {
      id: c.req.param("id"),
      episodesPageIndex: q.episodesPageIndex === undefined ? undefined : Number(q.episodesPageIndex),
      episodesPageSize: q.episodesPageSize === undefined ? undefined : Number(q.episodesPageSize),
      netNewReachAdvertisers: q.netNewReachAdvertisers,
      months: q.months === undefined ? undefined : Number(q.months),
    };
    const parsed = showInfoQuerySchema.safeParse(query);
    if (!parsed.success) return invalidData(c);
    const show = world.findShow(query.id);
    if (!show) return c.json({ message: "Not found" }, 404);
    const names = parsed.data.netNewReachAdvertisers;
    if (names?.some((n) => !ACCESSIBLE_ADVERTISERS.some((a) => a === n || slug(a) === n)))
      return c.json({ message: "Forbidden" }, 403);
    return c.json(showInfo(world, show, parsed.data));
  });
}

/** Episodes without paging params: the 20 most recent. */
const DEFAULT_EPISODES = 20;

/** Share (0–1) of the show's listeners an advertiser's ads reached in `months` months. */
function exposure(world: World, show: Show, advertiser: string, months: number): number {
  const recent = world.episodes(show).slice(0, Math.round(EPISODES_A_MONTH * months));
  const ads = recent.reduce((n, e) => n + e.ads.filter((a) => a.advertiser === advertiser).length, 0);
  return 1 - Math.exp(-ads / 6);
}

/** Percent of the show's ads with a later ad of the same advertiser within the following 2 months. */
function renewalRate(world: World, show: Show): number {
  const cutoff = world.newestEpisode - 60 * DAY;
  const times = world.publishTimes(show);
  // When each advertiser appears, oldest first.
  const seen = new Map<string, number[]>();
  world.episodes(show).forEach((e, i) => {
    for (const a of e.ads) seen.set(a.advertiser, [times[i], ...(seen.get(a.advertiser) ?? [])]);
  });
  let ads = 0;
  let renewed = 0;
  world.episodes(show).forEach((e, i) => {
    if (times[i] > cutoff) return; // the most recent 2 months are ignored
    for (const ad of e.ads) {
      ads++;
      if (seen.get(ad.advertiser)!.some((t) => t > times[i] && t <= times[i] + 60 * DAY)) renewed++;
    }
  });
  return ads ? round((renewed / ads) * 100, 1) : 0;
}

/** The show's ad load: the average over its episodes (0 without episodes). */
function adLoadOf(world: World, s: Show): number {
  const eps = world.episodes(s);
  return eps.length ? round(eps.reduce((n, e) => n + e.adLoad, 0) / eps.length, 2) : 0;
}

/** Percent of the show's listeners none of the advertisers (one combined advertiser) reached in `months`. */
function netNewReachPercent(world: World, show: Show, names: string[], months: number): number {
  // Several names act as one combined advertiser: reached by any of them is not net new.
  const notReached = names.reduce((p, name) => {
    const advertiser = ACCESSIBLE_ADVERTISERS.find((a) => a === name || slug(a) === name)!;
    return p * (1 - exposure(world, show, advertiser, months));
  }, 1);
  return round(notReached * 100, 2);
}

export function showInfo(
  world: World,
  show: Show,
  q: {
    episodesPageIndex?: number;
    episodesPageSize?: number;
    netNewReachAdvertisers?: string[];
    months?: number;
  },
) {
  const all = world.episodes(show).slice(0, 1000);
  const paging = q.episodesPageIndex !== undefined || q.episodesPageSize !== undefined;
  const index = q.episodesPageIndex ?? 0;
  const size = q.episodesPageSize ?? 25;
  const page = paging ? all.slice(index * size, index * size + size) : all.slice(0, DEFAULT_EPISODES);
  const isPodcast = show.platform === "Podcast";
  const simulcast = show.simulcast === null ? null : world.shows[show.simulcast];
  const alphaShow = show.platform === "Alpha" ? show : simulcast?.platform === "Alpha" ? simulcast : null;
  const info: Record<string, unknown> = {
    serviceSeriesId: show.seriesId,
    title: show.title,
    platform: show.platform,
    monthlyListeners: show.monthlyListeners,
    ...downloadFigures(all),
    ...adFigures(world, show, all),
    similarShows: isPodcast ? similarShows(world, show) : [],
    renewalRate: renewalRate(world, show),
    adLoad: adLoadOf(world, show),
    // The Alpha simulcast's ad load; 0 for a show with no Alpha simulcast.
    adLoadYT: alphaShow ? adLoadOf(world, alphaShow) : 0,
    isServicePrefixPlaced: show.prefixPlaced,
    ...socialFigures(show, alphaShow),
    episodes: page.map(episodeRow),
  };
  if (paging) info.episodesPagination = { pageIndex: index, pageSize: size, rowCount: all.length };
  if (q.netNewReachAdvertisers && isPodcast)
    info.netNewReachPercent = netNewReachPercent(world, show, q.netNewReachAdvertisers, q.months ?? 1);
  return info;
}
