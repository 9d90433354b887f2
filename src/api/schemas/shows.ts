/** GET /series/episodes/{id}: show info query and response. */
import { z } from "zod";
import { intBetween, showId } from "./common";

/** Platforms the spec lists (9 values: Podcast, radio and the video/social platforms); 4 more exist unshown. */
export const PLATFORMS = [
  "Podcast",
  "radio",
  "Alpha",
  "Beta",
  "Gamma",
  "SocialA",
  "SocialB",
  "SocialC",
  "SocialD",
] as const;

// The names travel comma-joined in the query, so a comma inside an array entry is a separator too:
// split every entry, so the 10-name limit counts what is really sent.
const advertiserNames = z
  .union([z.string(), z.array(z.string())])
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((s) => s.split(","))
      .map((s) => s.trim())
      .filter((s) => s.length > 0),
  )
  .pipe(
    z
      .array(z.string())
      .min(1, "netNewReachAdvertisers needs at least one advertiser name")
      .max(10, "netNewReachAdvertisers takes at most 10 advertiser names"),
  );

/**
 * Show info query. `months` "applies only together with netNewReachAdvertisers": without them it is
 * dropped (not sent, not refused).
 */
export const showInfoQuerySchema = z
  .object({
    id: showId("id"),
    episodesPageIndex: z
      .number({ error: "episodesPageIndex must be a number" })
      .int("episodesPageIndex must be a whole number")
      .min(0, "episodesPageIndex must be 0 or more")
      .optional(),
    episodesPageSize: intBetween("episodesPageSize", 1, 100).optional(),
    netNewReachAdvertisers: advertiserNames.optional(),
    months: intBetween("months", 1, 3).optional(),
  })
  .transform(({ months, ...rest }) => ({
    ...rest,
    months: rest.netNewReachAdvertisers === undefined ? undefined : months,
  }));

const n = z.number().nullish();
const s = z.string().nullish();

const adSchema = z.looseObject({
  adId: z.number(),
  advertiser: z.string(),
  startTs: n,
  endTs: n,
  placementGroupNum: n,
  placementNum: n,
  placementNumInGroup: n,
  placementUnit: s,
});

const episodeSchema = z.looseObject({
  title: z.string(),
  serviceEpisodeId: z.number(),
  description: s,
  downloads: n,
  downloadsAt30Days: n,
  downloadsAt7Days: n,
  podcastDownloads: n,
  podcastDownloadsAt30Days: n,
  podcastDownloadsAt7Days: n,
  alphaDownloads: n,
  alphaDownloadsAt30Days: n,
  alphaDownloadsAt7Days: n,
  gammaDownloads: n,
  gammaDownloadsAt30Days: n,
  gammaDownloadsAt7Days: n,
  betaDownloads: n,
  betaDownloadsAt30Days: n,
  betaDownloadsAt7Days: n,
  duration: n,
  uploadedAt: s,
  url: s,
  guid: s,
  adLoad: n,
  ads: z.array(adSchema).nullish(),
  userAgents: z.array(z.record(z.string(), z.number())).nullish(),
});

const similarShowSchema = z.looseObject({
  seriesId: z.number(),
  title: z.string(),
  contentSimilarity: n,
  audienceSimilarityThirdParty: n,
  audienceSimilaritySocial: n,
  audienceSimilarityOverlap: n,
  audienceSimilarityOverlapReverse: n,
});

const contentRiskSchema = z.looseObject({
  seriesId: n,
  overallScore: z.string().nullish(),
  scoreByCategory: z.record(z.string(), z.string()).nullish(),
});

export const showInfoSchema = z.looseObject({
  serviceSeriesId: z.number(),
  title: z.string(),
  platform: s,
  monthlyListeners: n,
  monthlyDownloads: n,
  avgDownloadsPerEpisode: n,
  ytAvgDownloadsPerEpisode: n,
  ytMonthlyDownloads: n,
  gammaAvgDownloadsPerEpisode: n,
  gammaMonthlyDownloads: n,
  betaAvgDownloadsPerEpisode: n,
  betaMonthlyDownloads: n,
  podcastAvgDownloadsPerEpisode: n,
  podcastMonthlyDownloads: n,
  directRes: n,
  hostRead: n,
  countAds: n,
  topAdvertisers: z.array(z.string()).max(25).nullish(),
  similarShows: z.array(similarShowSchema).max(50).nullish(),
  renewalRate: n,
  adLoad: n,
  adLoadYT: n,
  isServicePrefixPlaced: z.boolean().nullish(),
  gammaVideoOptInDate: s,
  socialA: s,
  socialB: s,
  socialC: s,
  alpha: s,
  socialD: s,
  numSocialAFans: n,
  numSocialBFans: n,
  numSocialCFans: n,
  numAlphaFans: n,
  numSocialDFans: n,
  contentRisk: contentRiskSchema.nullish(),
  episodes: z.array(episodeSchema).nullish(),
  episodesPagination: z
    .looseObject({ pageIndex: z.number().int(), pageSize: z.number().int(), rowCount: z.number().int() })
    .nullish(),
  netNewReachPercent: z.number().min(0).max(100).nullish(),
});

export type ShowInfoQuery = z.input<typeof showInfoQuerySchema>;
export type ShowInfo = z.infer<typeof showInfoSchema>;
