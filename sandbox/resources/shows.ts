/** GET /series/episodes/{id}: show info with episode paging and net new reach. */
import { showInfoQuerySchema } from "../../src/api/schemas";
import { hash, int, pick, rng, round } from "../random";
import { ACCESSIBLE_ADVERTISERS, World, type Show } from "../world";
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
          return {
            seriesId: s.seriesId,
            title: s.title,
            contentSimilarity: round(0.99 - i * 0.015, 3),
            audienceSimilarityThirdParty: round(sr(), 3),
            audienceSimilaritySocial: round(sr(), 3),
            audienceSimilarityOverlap: round(sr() * 30, 2),
            audienceSimilarityOverlapReverse: round(sr() * 30, 2),
          };
        })
    : [];
  const d = (k: keyof (typeof all)[number]["downloads"]) => all.reduce((n, e) => n + e.downloads[k][0], 0);
  const avg = (k: keyof (typeof all)[number]["downloads"]) =>
    all.length ? Math.round(d(k) / all.length) : 0;
  const counts = new Map<string, number>();
  for (const e of all) for (const a of e.ads) counts.set(a.advertiser, (counts.get(a.advertiser) ?? 0) + 1);
  const info: Record<string, unknown> = {
    serviceSeriesId: show.seriesId,
    title: show.title,
    platform: show.platform,
    monthlyListeners: isPodcast ? show.monthlyListeners : null,
    monthlyDownloads: Math.round(d("all") / Math.max(1, all.length / 8)),
    avgDownloadsPerEpisode: avg("all"),
    ytAvgDownloadsPerEpisode: avg("alpha"),
    ytMonthlyDownloads: Math.round(d("alpha") / 4),
    gammaAvgDownloadsPerEpisode: avg("gamma"),
    gammaMonthlyDownloads: Math.round(d("gamma") / 4),
    betaAvgDownloadsPerEpisode: avg("beta"),
    betaMonthlyDownloads: Math.round(d("beta") / 4),
    podcastAvgDownloadsPerEpisode: avg("podcast"),
    podcastMonthlyDownloads: Math.round(d("podcast") / 4),
    directRes: round(r() * 80, 1),
    hostRead: show.index % 7 === 6 ? null : round(r() * 100, 1),
    countAds: all.reduce((n, e) => n + e.ads.length, 0),
    topAdvertisers: [...counts.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 25)
      .map(([n]) => n),
    similarShows: similar,
    renewalRate: round(r() * 60, 1),
    adLoad: round(r() * 12, 2),
    adLoadYT: round(r() * 8, 2),
    isServicePrefixPlaced: r() < 0.5,
    gammaVideoOptInDate: r() < 0.3 ? "2025-06-01T00:00:00Z" : null,
    socialA: `https://social-a.example.test/${show.index}`,
    socialB: null,
    socialC: r() < 0.5 ? `https://social-c.example.test/${show.index}` : null,
    alpha: `https://alpha.example.test/channel/${show.ids[0]}`,
    socialD: null,
    numSocialAFans: int(r, 100, 90000),
    numSocialBFans: null,
    numSocialCFans: int(r, 100, 90000),
    numAlphaFans: int(r, 100, 900000),
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
      userAgents: [
        { "Podcast App A": Math.round(e.downloads.podcast[0] * 0.6) },
        { "Podcast App B": Math.round(e.downloads.podcast[0] * 0.4) },
      ],
    })),
  };
  if (paging) info.episodesPagination = { pageIndex: index, pageSize: size, rowCount: all.length };
  if (q.netNewReachAdvertisers && isPodcast) {
    info.netNewReachPercent = round(
      30 +
        (hash(`nnr|${show.index}|${q.netNewReachAdvertisers.join(",")}`) % 5000) / 100 -
        (q.months ?? 1) * 2,
      2,
    );
  }
  return info;
}
