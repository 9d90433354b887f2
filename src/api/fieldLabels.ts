/**
 * The planner's words for the service's field names, in one table: what a spilled header shows
 * (`Monthly listeners`, not `monthlyListeners`; `Published`, not `published_at`). The API's own name
 * is what a formula asks for (=ADS.EPISODES(id, 50, "title,downloads")); only headers use these.
 * A field missing here is spelt out from its name (camelCase and snake_case split into words).
 */
import type { INDIVIDUAL_AD_COLUMNS } from "./schemas/ads";

/** Readable headers for individual ads (the service's keys are snake_case): the Ads sheet and ADS.ADS. */
export const INDIVIDUAL_AD_HEADERS: Record<(typeof INDIVIDUAL_AD_COLUMNS)[number][0], string> = {
  published_at: "Published",
  download_at: "Downloaded by the service",
  network: "Network",
  position: "Position",
  read_type: "Read type",
  read_score: "Read score",
  podcast_title: "Show",
  episode_title: "Episode",
  transcript: "Transcript",
  start_time: "Ad start",
  end_time: "Ad end",
  ad_length: "Ad length",
  genre: "Genre",
  episode_duration: "Episode length",
  podcast_rank: "Show rating",
  directory_podcast_id: "Directory ID",
  product: "Product",
  link: "Ad link",
  estimated_impressions: "Estimated impressions",
  estimated_spend: "Estimated spend",
  media_type: "Platform",
  podcast_show_id: "Podcast show ID",
  alpha_show_id: "Alpha show ID",
  alpha_video_views: "Alpha video views",
  episode_url_in_feed: "Episode URL",
  show_first_transcribed_at: "Monitored since",
};

const LABELS: Readonly<Record<string, string>> = {
  // Request fields, as forms, messages and the campaign plan's headers name them
  itunesId: "iTunes id",
  itunesOrYtId: "iTunes or YouTube id",
  incCiCertainty: "Confidence level",
  week_lb: "Weeks back",
  billToPublisher: "Bill to publisher",
  expectedUnits: "Expected ad units",
  // Episodes (ADS.EPISODES)
  title: "Title",
  serviceEpisodeId: "Episode ID",
  uploadedAt: "Uploaded",
  duration: "Duration",
  downloads: "Downloads",
  downloadsAt30Days: "Downloads at 30 days",
  downloadsAt7Days: "Downloads at 7 days",
  podcastDownloads: "Podcast downloads",
  alphaDownloads: "Alpha views",
  gammaDownloads: "Gamma views",
  betaDownloads: "Beta views",
  adLoad: "Ad load",
  ads: "Ads",
  url: "URL",
  guid: "GUID",
  description: "Description",
  // Similar shows (ADS.SIMILAR)
  seriesId: "Show ID",
  contentSimilarity: "Content similarity",
  audienceSimilarityThirdParty: "Audience similarity (third-party data)",
  audienceSimilaritySocial: "Audience similarity (social)",
  audienceSimilarityOverlap: "Audience overlap",
  audienceSimilarityOverlapReverse: "Audience overlap (reverse)",
  // Individual ads (ADS.ADS, and the Ads sheet's headers)
  ...INDIVIDUAL_AD_HEADERS,
  // Show info (ADS.SHOW's fields, as the Data tab's "Field for a formula" offers them)
  serviceSeriesId: "Service show ID",
  platform: "Platform",
  avgDownloadsPerEpisode: "Average downloads per episode",
  ytAvgDownloadsPerEpisode: "Alpha average views per episode",
  ytMonthlyDownloads: "Alpha monthly views",
  gammaAvgDownloadsPerEpisode: "Gamma average downloads per episode",
  gammaMonthlyDownloads: "Gamma monthly downloads",
  betaAvgDownloadsPerEpisode: "Beta average downloads per episode",
  betaMonthlyDownloads: "Beta monthly downloads",
  podcastAvgDownloadsPerEpisode: "Podcast average downloads per episode",
  podcastMonthlyDownloads: "Podcast monthly downloads",
  directRes: "Direct response ads (%)",
  hostRead: "Host-read ads (%)",
  countAds: "Ads detected",
  renewalRate: "Renewal rate (%)",
  adLoadYT: "Ad load of the Alpha simulcast (%)",
  isServicePrefixPlaced: "Service prefix placed",
  gammaVideoOptInDate: "Gamma video opt-in date",
  socialA: "SocialA link",
  socialB: "SocialB link",
  socialC: "SocialC link",
  socialD: "SocialD link",
  alpha: "Alpha link",
  numSocialAFans: "SocialA followers",
  numSocialBFans: "SocialB followers",
  numSocialCFans: "SocialC followers",
  numSocialDFans: "SocialD followers",
  numAlphaFans: "Alpha subscribers",
  contentRisk: "Content risk",
};

/** `monthlyListeners` → "Monthly listeners", `read_type` → "Read type", `ytSomethingNew` → "YT something new". */
function spelledOut(name: string): string {
  const words = name
    .replace(/_/g, " ")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/([A-Z]+)([A-Z][a-z])/g, "$1 $2")
    .trim()
    .split(/\s+/)
    .map((w, i) => (/^(yt|id|url)$/i.test(w) ? w.toUpperCase() : i === 0 ? w : w.toLowerCase()));
  const text = words.join(" ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** The header a planner reads for the service's field `name`. */
export function fieldLabel(name: string): string {
  return Object.hasOwn(LABELS, name) ? LABELS[name] : spelledOut(name);
}

const PLATFORMS = ["Alpha", "Beta", "Gamma"] as const;

/**
 * Report CSV headers that are the service's field names (the audience report's `uploadedAt`,
 * `avgFrequency`, `d15 Alpha`, …) in a planner's words. Other report headers are already words
 * and stay as the service writes them.
 */
const REPORT_LABELS: Readonly<Record<string, string>> = {
  uploadedAt: LABELS.uploadedAt,
  reach: "Reach",
  avgFrequency: "Average frequency",
  ads: "Ads detected",
  // The campaign report's list of ads, shown as words (jsonCells.ts), not JSON.
  "Ads (JSON)": "Ads aired",
  ...Object.fromEntries(
    [15, 30, 45, 60].flatMap((n) => [
      [`d${n}`, `RSS impressions in ${n} days`],
      ...PLATFORMS.map((p) => [`d${n} ${p}`, `${p} impressions in ${n} days`]),
    ]),
  ),
};

/** The header a report sheet shows for the service's CSV header `name`. */
export function reportHeaderLabel(name: string): string {
  return Object.hasOwn(REPORT_LABELS, name) ? REPORT_LABELS[name] : name;
}
