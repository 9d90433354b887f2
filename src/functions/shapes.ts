/** Turns service answers into what a cell or a spilled range shows. */
import { fieldLabel } from "../api/fieldLabels";
import { SYSTEM_OFFSET_DAYS, type DateSystem } from "../api/excelDates";
import { parseDate, parseDateTime, serialToUtc } from "../api/csv";
import {
  INCREMENTALITY_FIELDS,
  INDIVIDUAL_AD_COLUMNS,
  type IncrementalityResult,
  type IndividualAdsResponse,
  type SearchHit,
  type ShowInfo,
} from "../api/schemas";
import { percentFraction } from "../api/table";
import { FunctionError } from "./functionError";
import {
  DATE_FORMAT,
  formatted,
  PERCENT_FORMAT,
  type FormattedNumber,
  type NumberShape,
} from "../runtime/numberShape";

/** What a function answers: plain values and formatted numbers (numberShape.ts), one or a grid. */
export type Cell = string | number | boolean | FormattedNumber;
export type Grid = Cell[][];

/** A percentage from the service (percentage points) as a formatted fraction; other values as they are. */
function percentCell(v: unknown): Cell {
  return typeof v === "number" ? formatted(percentFraction(v) as number, PERCENT_FORMAT) : cell(v);
}

/** A date or date-time from the service (ISO text) as a formatted serial; text that is no date stays text. */
function dateCell(v: unknown, withTime = false): Cell {
  if (typeof v !== "string") return cell(v);
  const serial = withTime ? parseDateTime(v) : parseDate(v.slice(0, 10));
  if (serial === null) return cell(v);
  // A date-time keeps its time in the value; it shows as its date, which fits a default-width column.
  return formatted(serial, DATE_FORMAT);
}

/**
 * A function's result in the shape this Excel takes formatted numbers (numberShape.ts), its dates
 * as serials of the workbook's date system (as ISO text, where the host takes plain values only).
 */
export function forHost<T extends Cell | Grid>(result: T, kind: NumberShape, system: DateSystem = "1900"): T {
  if (kind === "plain") return plainCells(result);
  const each = (c: Cell): Cell => {
    if (typeof c !== "object") return c;
    const dated = system === "1904" && c.numberFormat === DATE_FORMAT;
    const out = dated ? { ...c, basicValue: c.basicValue - SYSTEM_OFFSET_DAYS } : c;
    return kind === "Double" ? out : { ...out, type: "FormattedNumber" };
  };
  return (Array.isArray(result) ? (result as Grid).map((r) => r.map(each)) : each(result as Cell)) as T;
}

/**
 * What Excel is given when it cannot take formatted numbers from a function: percentages as plain
 * fractions, dates as ISO text (a bare serial would read as a number in a General cell).
 */
function plainCells<T extends Cell | Grid>(result: T): T {
  const plain = (c: Cell): Cell => {
    if (typeof c !== "object") return c;
    if (c.numberFormat !== DATE_FORMAT) return c.basicValue;
    const ms = serialToUtc(c.basicValue);
    if (ms === null) return c.basicValue;
    const iso = new Date(ms).toISOString();
    // A date-time (a serial with a time of day) keeps its time.
    return Number.isInteger(c.basicValue) ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;
  };
  return (Array.isArray(result) ? (result as Grid).map((r) => r.map(plain)) : plain(result as Cell)) as T;
}

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
const PERCENT_SHOW_FIELDS: ReadonlySet<string> = new Set([
  "directRes",
  "hostRead",
  "renewalRate",
  "adLoad",
  "adLoadYT",
]);

/** One scalar field of a show; a null value is #N/A with a message. */
export function showField(show: ShowInfo, field: string): Cell {
  const value =
    field === "contentRisk" ? show.contentRisk?.overallScore : (show as Record<string, unknown>)[field];
  if (value === null || value === undefined) {
    throw new FunctionError("#N/A", `${field} is not available for show ${show.serviceSeriesId}`);
  }
  if (PERCENT_SHOW_FIELDS.has(field)) return percentCell(value);
  if (field === "gammaVideoOptInDate") return dateCell(value, true);
  return cell(value);
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
    fields.map(fieldLabel),
    ...episodes.map((e) =>
      fields.map((f) =>
        f === "ads"
          ? (e.ads?.length ?? 0)
          : f === "adLoad"
            ? percentCell(e.adLoad)
            : f === "uploadedAt"
              ? dateCell(e.uploadedAt, true)
              : cell((e as Record<string, unknown>)[f]),
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
    SIMILAR_COLUMNS.map(fieldLabel),
    ...rows.map((s) =>
      SIMILAR_COLUMNS.map((c) => {
        const v = (s as Record<string, unknown>)[c];
        return c.startsWith("audienceSimilarityOverlap") ? percentCell(v) : cell(v);
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
        dateCell(p.uploadedAt, true),
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

const AD_KINDS = new Map<string, string>(INDIVIDUAL_AD_COLUMNS);

export function adsGrid(pages: IndividualAdsResponse[]): Grid {
  const headers = pages[0]?.headers.map((h) => h.id) ?? [];
  const shape = (key: string, v: unknown): Cell => {
    const kind = AD_KINDS.get(key);
    return kind === "date" ? dateCell(v) : kind === "datetime" ? dateCell(v, true) : cell(v);
  };
  return [
    headers.map(fieldLabel),
    ...pages.flatMap((p) => p.data.map((row) => headers.map((h) => shape(h, row[h])))),
  ];
}

export function incrementalityGrid(results: IncrementalityResult[]): Grid {
  return [
    INCREMENTALITY_FIELDS.map(([, label]) => label),
    ...results.map((r) =>
      INCREMENTALITY_FIELDS.map(([key, , kind]) => {
        const v = (r as Record<string, unknown>)[key];
        return kind === "percent" ? percentCell(v) : kind === "date" ? dateCell(v) : cell(v);
      }),
    ),
  ];
}
