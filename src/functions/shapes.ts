/** Turns service answers into what a cell or a spilled range shows. */
import {
  INCREMENTALITY_FIELDS,
  type IncrementalityResult,
  type IndividualAdsResponse,
  type SearchHit,
  type ShowInfo,
} from "../api/schemas";
import { percentFraction } from "../api/table";
import { FunctionError } from "./functionError";

export type Cell = string | number | boolean;
export type Grid = Cell[][];

/** Scalar fields of show info that ADS.SHOW can return (names are case-insensitive). */
export const SHOW_FIELDS = [
  "serviceSeriesId",
  "title",
  "platform",
  "monthlyListeners",
  "monthlyDownloads",
  "avgDownloadsPerEpisode",
  "ytAvgDownloadsPerEpisode",
  "ytMonthlyDownloads",
  "gammaAvgDownloadsPerEpisode",
  "gammaMonthlyDownloads",
  "betaAvgDownloadsPerEpisode",
  "betaMonthlyDownloads",
  "podcastAvgDownloadsPerEpisode",
  "podcastMonthlyDownloads",
  "directRes",
  "hostRead",
  "countAds",
  "renewalRate",
  "adLoad",
  "adLoadYT",
  "isServicePrefixPlaced",
  "gammaVideoOptInDate",
  "socialA",
  "socialB",
  "socialC",
  "alpha",
  "socialD",
  "numSocialAFans",
  "numSocialBFans",
  "numSocialCFans",
  "numAlphaFans",
  "numSocialDFans",
  "contentRisk",
] as const;

const BY_LOWER = new Map<string, string>(SHOW_FIELDS.map((f) => [f.toLowerCase(), f]));

export function canonicalShowField(field: string): string | undefined {
  return BY_LOWER.get(field.trim().toLowerCase());
}

const cell = (v: unknown): Cell =>
  v === null || v === undefined ? "" : typeof v === "object" ? JSON.stringify(v) : (v as Cell);

/**
 * Show fields the spec gives as percentages: functions return them as fractions (12.5 % is 0.125),
 * as Excel holds percentages, so =ADS.SHOW(id,"adLoad")*Impressions needs no /100.
 */
export const PERCENT_SHOW_FIELDS: ReadonlySet<string> = new Set([
  "directRes",
  "hostRead",
  "renewalRate",
  "adLoad",
  "adLoadYT",
]);

const fraction = (v: unknown): unknown => (typeof v === "number" ? percentFraction(v) : v);

/** One scalar field of a show; a null value is #N/A with a message. */
export function showField(show: ShowInfo, field: string): Cell {
  const value =
    field === "contentRisk" ? show.contentRisk?.overallScore : (show as Record<string, unknown>)[field];
  if (value === null || value === undefined) {
    throw new FunctionError("#N/A", `${field} is not available for show ${show.serviceSeriesId}`);
  }
  return cell(PERCENT_SHOW_FIELDS.has(field) ? fraction(value) : value);
}

export const EPISODE_FIELDS = [
  "title",
  "serviceEpisodeId",
  "uploadedAt",
  "duration",
  "downloads",
  "downloadsAt30Days",
  "downloadsAt7Days",
  "podcastDownloads",
  "alphaDownloads",
  "gammaDownloads",
  "betaDownloads",
  "adLoad",
  "ads",
  "url",
  "guid",
  "description",
] as const;

export function episodesGrid(show: ShowInfo, count: number, fields: readonly string[]): Grid {
  const episodes = (show.episodes ?? []).slice(0, count);
  return [
    [...fields],
    ...episodes.map((e) =>
      fields.map((f) =>
        f === "ads"
          ? (e.ads?.length ?? 0)
          : cell(f === "adLoad" ? fraction(e.adLoad) : (e as Record<string, unknown>)[f]),
      ),
    ),
  ];
}

export const SIMILAR_COLUMNS = [
  "seriesId",
  "title",
  "contentSimilarity",
  "audienceSimilarityThirdParty",
  "audienceSimilaritySocial",
  "audienceSimilarityOverlap",
  "audienceSimilarityOverlapReverse",
] as const;

export function similarGrid(show: ShowInfo, count: number): Grid {
  const rows = (show.similarShows ?? []).slice(0, count);
  return [
    [...SIMILAR_COLUMNS],
    ...rows.map((s) =>
      SIMILAR_COLUMNS.map((c) => {
        const v = (s as Record<string, unknown>)[c];
        return cell(c.startsWith("audienceSimilarityOverlap") ? fraction(v) : v);
      }),
    ),
  ];
}

export function topAdvertisersGrid(show: ShowInfo): Grid {
  const names = show.topAdvertisers ?? [];
  if (names.length === 0)
    throw new FunctionError("#N/A", `No advertisers found for show ${show.serviceSeriesId}`);
  return names.map((n) => [n]);
}

const stripTags = (s: string) => s.replace(/<\/?em>/g, "");

export function searchGrid(hits: SearchHit[]): Grid {
  const header = [
    "Episode",
    "Show",
    "Platform",
    "Uploaded",
    "Score",
    "Listens",
    "Matched text",
    "Episode ID",
    "Show ID",
    "URL",
  ];
  return [
    header,
    ...hits.map((h) => {
      const p = h.podcast;
      const match =
        h.highlights?.transcript?.[0]?.context ??
        h.highlights?.description?.[0] ??
        h.highlights?.title?.[0] ??
        "";
      return [
        cell(p.title),
        cell(p.seriesTitle),
        cell(p.seriesPlatform),
        cell(p.uploadedAt?.slice(0, 10)),
        cell(h.score),
        cell(p.numListens),
        stripTags(match),
        cell(p.id),
        cell(p.seriesId),
        cell(p.url),
      ];
    }),
  ];
}

export function adsGrid(pages: IndividualAdsResponse[]): Grid {
  const headers = pages[0]?.headers.map((h) => h.id) ?? [];
  return [headers, ...pages.flatMap((p) => p.data.map((row) => headers.map((h) => cell(row[h]))))];
}

export function incrementalityGrid(results: IncrementalityResult[]): Grid {
  return [
    INCREMENTALITY_FIELDS.map(([, label]) => label),
    ...results.map((r) =>
      INCREMENTALITY_FIELDS.map(([key, , kind]) => {
        const v = (r as Record<string, unknown>)[key];
        return cell(kind === "percent" ? fraction(v) : v);
      }),
    ),
  ];
}
