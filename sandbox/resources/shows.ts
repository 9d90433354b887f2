/**
 * GET /series/episodes/{id}: show info with episode paging and net new reach. Every figure comes from
 * the show's episodes and ads: monthly downloads are the sum of the platforms', hostRead and
 * directRes are shares of its ads, renewalRate follows its advertisers from episode to episode.
 */
import { showInfoQuerySchema } from "../../src/api/schemas";
import { hash, pick, rng, round } from "../random";
import {
  ACCESSIBLE_ADVERTISERS,
  DAY,
  EPISODE_EVERY_DAYS,
  NEWEST_EPISODE,
  type Platform,
  type Show,
  type World,
} from "../world";
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
const EPISODES_A_MONTH = 30 / EPISODE_EVERY_DAYS;
const DIRECT_RESPONSE = /code|link/i;

/** Share (0–1) of the show's listeners an advertiser's ads reached in `months` months. */
function exposure(world: World, show: Show, advertiser: string, months: number): number {
  const recent = world.episodes(show).slice(0, Math.round(EPISODES_A_MONTH * months));
  const ads = recent.reduce((n, e) => n + e.ads.filter((a) => a.advertiser === advertiser).length, 0);
  return 1 - Math.exp(-ads / 6);
}

/** Percent of the show's ads with a later ad of the same advertiser within the following 2 months. */
function renewalRate(world: World, show: Show): number {
  const cutoff = NEWEST_EPISODE - 60 * DAY;
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
  const r = rng(hash(`show|${show.index}`));
  const all = world.episodes(show).slice(0, 1000);
  const paging = q.episodesPageIndex !== undefined || q.episodesPageSize !== undefined;
  const index = q.episodesPageIndex ?? 0;
  const size = q.episodesPageSize ?? 25;
  const page = paging ? all.slice(index * size, index * size + size) : all.slice(0, DEFAULT_EPISODES);
  const isPodcast = show.platform === "Podcast";
  const similar = isPodcast
    ? world.shows
        .filter((s) => s.platform === "Podcast" && s.index !== show.index)
        .slice(0, 50)
        .map((s, i) => {
          const sr = rng(hash(`sim|${show.index}|${s.index}`));
          const overlap = round(sr() * 30, 2);
          return {
            seriesId: s.seriesId,
            title: s.title,
            contentSimilarity: round(0.99 - i * 0.015, 3),
            audienceSimilarityThirdParty: round(sr(), 3),
            audienceSimilaritySocial: round(sr(), 3),
            audienceSimilarityOverlap: overlap,
            // The same shared listeners, as a share of the other show's audience.
            audienceSimilarityOverlapReverse: round(
              Math.min(100, (overlap * show.monthlyListeners) / Math.max(1, s.monthlyListeners)),
              2,
            ),
          };
        })
    : [];
  const avg = (p: Platform | "all") =>
    all.length ? Math.round(all.reduce((n, e) => n + e.downloads[p][0], 0) / all.length) : 0;
  const monthly = (p: Platform) => Math.round(avg(p) * EPISODES_A_MONTH);
  const ads = all.flatMap((e) => e.ads);
  const sixMonths = all
    .filter((_, i) => world.publishTimes(show)[i] > NEWEST_EPISODE - 182 * DAY)
    .flatMap((e) => e.ads);
  const counts = new Map<string, number>();
  for (const a of ads) counts.set(a.advertiser, (counts.get(a.advertiser) ?? 0) + 1);
  const simulcast = show.simulcast === null ? null : world.shows[show.simulcast];
  const alphaShow = show.platform === "Alpha" ? show : simulcast?.platform === "Alpha" ? simulcast : null;
  const adLoadOf = (s: Show) => {
    const eps = world.episodes(s);
    return eps.length ? round(eps.reduce((n, e) => n + e.adLoad, 0) / eps.length, 2) : 0;
  };
  const info: Record<string, unknown> = {
    serviceSeriesId: show.seriesId,
    title: show.title,
    platform: show.platform,
    monthlyListeners: show.monthlyListeners,
    monthlyDownloads: (["podcast", "alpha", "gamma", "beta"] as const).reduce((n, p) => n + monthly(p), 0),
    avgDownloadsPerEpisode: avg("all"),
    ytAvgDownloadsPerEpisode: avg("alpha"),
    ytMonthlyDownloads: monthly("alpha"),
    gammaAvgDownloadsPerEpisode: avg("gamma"),
    gammaMonthlyDownloads: monthly("gamma"),
    betaAvgDownloadsPerEpisode: avg("beta"),
    betaMonthlyDownloads: monthly("beta"),
    podcastAvgDownloadsPerEpisode: avg("podcast"),
    podcastMonthlyDownloads: monthly("podcast"),
    directRes: sixMonths.length
      ? round(
          (sixMonths.filter((a) => DIRECT_RESPONSE.test(a.transcript)).length / sixMonths.length) * 100,
          1,
        )
      : 0,
    hostRead: ads.length ? round((ads.filter((a) => a.readType === "Host").length / ads.length) * 100, 1) : 0,
    countAds: ads.length,
    topAdvertisers: [...counts.entries()]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .slice(0, 25)
      .map(([n]) => n),
    similarShows: similar,
    renewalRate: renewalRate(world, show),
    adLoad: adLoadOf(show),
    // The Alpha simulcast's ad load; 0 for a show with no Alpha simulcast.
    adLoadYT: alphaShow ? adLoadOf(alphaShow) : 0,
    isServicePrefixPlaced: show.prefixPlaced,
    gammaVideoOptInDate: show.mix.gamma > 0 && r() < 0.5 ? "2025-06-01T00:00:00Z" : null,
    socialA: `https://social-a.example.test/${show.index}`,
    socialB: null,
    socialC: r() < 0.5 ? `https://social-c.example.test/${show.index}` : null,
    alpha: alphaShow ? `https://alpha.example.test/channel/${alphaShow.ids[0]}` : null,
    socialD: null,
    numSocialAFans: Math.round(show.audience * (0.05 + r() * 0.2)),
    numSocialBFans: null,
    numSocialCFans: Math.round(show.audience * (0.02 + r() * 0.1)),
    numAlphaFans: alphaShow ? Math.round(alphaShow.audience * (0.3 + r() * 0.5)) : null,
    numSocialDFans: null,
    contentRisk: {
      seriesId: show.seriesId,
      overallScore: pick(r, ["minimal", "low", "medium", "high", "floor"]),
      scoreByCategory: { violence: pick(r, ["minimal", "low"]), language: pick(r, ["low", "medium"]) },
    },
    episodes: page.map((e) => ({
      title: e.title,
      serviceEpisodeId: e.serviceEpisodeId,
      description: e.description,
      downloads: e.downloads.all[0],
      downloadsAt30Days: e.downloads.all[1],
      downloadsAt7Days: e.downloads.all[2],
      podcastDownloads: e.downloads.podcast[0],
      podcastDownloadsAt30Days: e.downloads.podcast[1],
      podcastDownloadsAt7Days: e.downloads.podcast[2],
      alphaDownloads: e.downloads.alpha[0],
      alphaDownloadsAt30Days: e.downloads.alpha[1],
      alphaDownloadsAt7Days: e.downloads.alpha[2],
      gammaDownloads: e.downloads.gamma[0],
      gammaDownloadsAt30Days: e.downloads.gamma[1],
      gammaDownloadsAt7Days: e.downloads.gamma[2],
      betaDownloads: e.downloads.beta[0],
      betaDownloadsAt30Days: e.downloads.beta[1],
      betaDownloadsAt7Days: e.downloads.beta[2],
      duration: e.duration,
      uploadedAt: e.uploadedAt,
      url: e.url,
      guid: e.guid,
      adLoad: e.adLoad,
      ads: e.ads.map(({ readType: _r, transcript: _t, ...a }) => a),
      // The podcast downloads by app, largest first; they add up to podcastDownloads.
      userAgents: [
        { "Podcast App A": Math.round(e.downloads.podcast[0] * 0.6) },
        { "Podcast App B": e.downloads.podcast[0] - Math.round(e.downloads.podcast[0] * 0.6) },
      ],
    })),
  };
  if (paging) info.episodesPagination = { pageIndex: index, pageSize: size, rowCount: all.length };
  if (q.netNewReachAdvertisers && isPodcast) {
    // Several names act as one combined advertiser: reached by any of them is not net new.
    const months = q.months ?? 1;
    const notReached = q.netNewReachAdvertisers.reduce((p, name) => {
      const advertiser = ACCESSIBLE_ADVERTISERS.find((a) => a === name || slug(a) === name)!;
      return p * (1 - exposure(world, show, advertiser, months));
    }, 1);
    info.netNewReachPercent = round(notReached * 100, 2);
  }
  return info;
}
