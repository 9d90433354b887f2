/**
 * The figure groups of GET /series/episodes/{id}, each from the show's episodes and ads: downloads by
 * platform, ad shares and top advertisers, similar shows, social profiles and content risk, and one
 * episode as the page lists it.
 */
import { hash, pick, rng, round } from "../random";
import { DAY, EPISODE_EVERY_DAYS, type Episode, type Platform, type Show, type World } from "../world";

export const EPISODES_A_MONTH = 30 / EPISODE_EVERY_DAYS;
const DIRECT_RESPONSE = /code|link/i;

/** A show's audience as three shares (age, income, city), from its own generator. */
function audienceProfile(show: Show): number[] {
  const r = rng(hash(`audience|${show.index}`));
  // Shows of one genre draw listeners alike: half the profile is the genre's.
  const g = rng(hash(`audience-genre|${show.genre}`));
  return [0, 1, 2].map(() => (r() + g()) / 2);
}

/** How alike two shows' topics are (shared over all, 0–1). */
function topicSimilarity(a: readonly string[], b: readonly string[]): number {
  const shared = a.filter((t) => b.includes(t)).length;
  return shared / new Set([...a, ...b]).size;
}

/**
 * Up to 50 other podcasts, most similar first: content similarity from the topics and genre the two
 * shows share, audience similarity from their audience profiles, and the listeners they share, so
 * each show has its own list.
 */
export function similarShows(world: World, show: Show) {
  const topics = world.topics(show);
  const profile = audienceProfile(show);
  return world.shows
    .filter((s) => s.platform === "Podcast" && s.index !== show.index)
    .map((s) => {
      const sr = rng(hash(`sim|${show.index}|${s.index}`));
      const content = round(
        0.6 * topicSimilarity(topics, world.topics(s)) + (s.genre === show.genre ? 0.25 : 0) + 0.15 * sr(),
        3,
      );
      const other = audienceProfile(s);
      const alike = 1 - profile.reduce((n, v, k) => n + Math.abs(v - other[k]), 0) / 3;
      const overlap = round(Math.max(0, alike - 0.5) * 2 * (10 + 30 * content), 2);
      return { s, content, alike, overlap, sr };
    })
    .sort((a, b) => b.content - a.content || a.s.index - b.s.index)
    .slice(0, 50)
    .map(({ s, content, alike, overlap, sr }) => ({
      seriesId: s.seriesId,
      title: s.title,
      contentSimilarity: content,
      audienceSimilarityThirdParty: round(alike, 3),
      audienceSimilaritySocial: round(Math.min(1, Math.max(0, alike + (sr() - 0.5) * 0.2)), 3),
      audienceSimilarityOverlap: overlap,
      // The same shared listeners, as a share of the other show's audience.
      audienceSimilarityOverlapReverse: round(
        Math.min(100, (overlap * show.monthlyListeners) / Math.max(1, s.monthlyListeners)),
        2,
      ),
    }));
}

/** Monthly downloads (the sum of the platforms') and the average per episode, of all and by platform. */
export function downloadFigures(all: Episode[]) {
  const avg = (p: Platform | "all") =>
    all.length ? Math.round(all.reduce((n, e) => n + e.downloads[p][0], 0) / all.length) : 0;
  const monthly = (p: Platform) => Math.round(avg(p) * EPISODES_A_MONTH);
  return {
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
  };
}

/** Direct-response share (last 6 months), host-read share, count of ads and the 25 top advertisers. */
export function adFigures(world: World, show: Show, all: Episode[]) {
  const ads = all.flatMap((e) => e.ads);
  const sixMonths = all
    .filter((_, i) => world.publishTimes(show)[i] > world.newestEpisode - 182 * DAY)
    .flatMap((e) => e.ads);
  const counts = new Map<string, number>();
  for (const a of ads) counts.set(a.advertiser, (counts.get(a.advertiser) ?? 0) + 1);
  return {
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
  };
}

/**
 * Social profiles, fans and content risk: drawn from the show's own generator, in this order (the
 * Gamma opt-in and the Alpha fans draw only for a show with Gamma video or an Alpha channel).
 */
export function socialFigures(show: Show, alphaShow: Show | null) {
  const r = rng(hash(`show|${show.index}`));
  return {
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
  };
}

/** An episode of the page: its downloads (total, at 30 and at 7 days) by platform, and its ads. */
export function episodeRow(e: Episode) {
  return {
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
  };
}
