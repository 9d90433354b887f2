/**
 * An advertiser as a card (ADS.ADVERTISERCARD), from what the service offers about one: its detected
 * ads (POST /advertisers/individual-ads, one page of the most recent, Pro users with API access).
 * The card counts every ad the service detected (pagination.total) and, over the ads of that page,
 * the shows they ran on (a nested table, most ads first), the platforms, the estimated spend and
 * impressions (podcast ads only: the spec's estimated_spend), and the first and latest ad dates.
 */
import type { DateSystem } from "../../api/excelDates";
import type { IndividualAdsResponse } from "../../api/schemas";
import {
  arrayValue,
  entityValue,
  FieldSet,
  numberValue,
  textValue,
  COUNT_FORMAT,
  type CardNumberKind,
  type CardSection,
} from "./cellValues";

/** Ads the card reads: the service's largest page, one request. */
export const ADVERTISER_CARD_ADS = 1000;
/** Shows the nested table lists, most ads first. */
const MOST_SHOWS = 25;

const ADVERTISER_CARD_SECTIONS: readonly CardSection[] = [
  {
    title: "Ads",
    properties: ["Ads detected", "Ads read", "Host-read share", "First ad", "Latest ad"],
  },
  { title: "Shows", properties: ["Shows", "Top shows", "Platforms"] },
  { title: "Spend", properties: ["Estimated spend", "Estimated impressions"] },
];

const ADVERTISER_CARD_ICON = "Briefcase";

type Row = IndividualAdsResponse["data"][number];

const text = (row: Row, key: string): string | null => {
  const v = row[key];
  return typeof v === "string" && v.trim() !== "" ? v : null;
};

/** Each value's count, most first (ties in the order first seen). */
function tally(values: (string | null)[]): [string, number][] {
  const counts = new Map<string, number>();
  for (const v of values) if (v !== null) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1]);
}

/** The sum of a numeric column over the rows, or null when no row has a number there. */
function sumOf(rows: Row[], key: string): number | null {
  const nums = rows.map((r) => r[key]).filter((v): v is number => typeof v === "number");
  return nums.length ? nums.reduce((a, b) => a + b, 0) : null;
}

export function advertiserCard(
  name: string,
  ads: IndividualAdsResponse,
  kind: CardNumberKind,
  system: DateSystem,
): Excel.EntityCellValue {
  const rows = ads.data;
  const shows = tally(rows.map((r) => text(r, "podcast_title")));
  const dates = rows
    .map((r) => text(r, "published_at"))
    .filter((d): d is string => d !== null)
    .sort();
  const reads = rows.map((r) => text(r, "read_type")).filter((v): v is string => v !== null);
  const hostReads = reads.filter((r) => /host/i.test(r)).length;
  const f = new FieldSet(kind, system)
    .text("Name", name)
    .count("Ads detected", ads.pagination.total)
    .count("Ads read", rows.length)
    .number("Host-read share", reads.length ? hostReads / reads.length : null, "0.00%")
    .date("First ad", dates[0])
    .date("Latest ad", dates[dates.length - 1])
    .count("Shows", shows.length || null)
    .put(
      "Top shows",
      shows.length
        ? arrayValue([
            [textValue("Show"), textValue("Ads")],
            ...shows
              .slice(0, MOST_SHOWS)
              .map(([show, n]): Excel.CellValue[] => [textValue(show), numberValue(kind, n, COUNT_FORMAT)]),
          ])
        : null,
    )
    .text(
      "Platforms",
      tally(rows.map((r) => text(r, "media_type")))
        .map(([p]) => p)
        .join(", "),
    )
    .money("Estimated spend", sumOf(rows, "estimated_spend"))
    .count("Estimated impressions", sumOf(rows, "estimated_impressions"));
  return entityValue(name, f.fields, ADVERTISER_CARD_SECTIONS, {
    icon: ADVERTISER_CARD_ICON,
    titleField: "Name",
  });
}
