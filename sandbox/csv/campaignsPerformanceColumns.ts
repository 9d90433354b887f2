/**
 * The columns of a campaigns-performance row, by group: the campaign's own settings as text, its
 * delivery in the range, its conversions (counts, rates and costs from the summed days) and its
 * AutoServe setup. Each group is a record by header; the row picks the spec's headers from them.
 */
import { hash } from "../random";
import { M } from "../model/delivery";
import { underDelivering } from "../model/bookedDelivery";
import { unitsText } from "../model/booking";
import { ratio } from "../model/stats";
import { ADVERTISER_PROFILE, type Campaign, type Show, type World } from "../world";
import { iso, type Cell } from "./shared";
import { slug } from "./text";

export const PLATFORMS = [
  "Podcast & Streaming Impressions",
  "Alpha Views",
  "Beta Impressions",
  "Gamma Video Impressions",
];
/** Days from the flight's start of the "Nd Impressions" columns. */
export const WINDOWS = [7, 15, 30, 45, 60];
const RESPONSES: [string, string, string, string][] = [
  ["Clicks", "Clicks %", "Cost Per Click", "Clicks"],
  ["Visitors", "Visitor %", "Cost Per Visitor", "Visitors"],
  ["Visits", "Visit %", "Cost Per Visit", "Visits"],
  ["Installs", "Install %", "Cost Per Install", "Installs"],
  ["Signups", "Signup %", "Cost Per Signup", "Signups"],
  ["Leads", "Lead %", "Cost Per Lead", "Leads"],
  ["Convs.", "Conv. %", "Cost Per Conversion", "Purchases"],
];

/** A campaign's delivery in the range, summed from its days. */
export interface Delivery {
  /** Summed measures, by index (M); counts are whole each day. */
  sum: Float64Array;
  reach: number;
  /** Null when spend is not calculated. */
  spend: number | null;
  /** Platform impressions within each of WINDOWS days of the flight's start. */
  within: Record<number, number>;
}

/** A summed count, whole. */
const countOf = (d: Delivery, k: string) => Math.round(d.sum[M[k]]);
const impressionsOf = (d: Delivery) => PLATFORMS.reduce((a, k) => a + countOf(d, k), 0);
const costOf = (d: Delivery, count: number) => (d.spend === null ? null : ratio(d.spend, count));

/**
 * The campaign's settings, as the service shows them; a campaign created through the service shows
 * what its creation gave (units as `position:seconds`, product, landing URL, bill to publisher).
 */
export function settingColumns(c: Campaign, show: Show, now: number): Record<string, Cell> {
  const b = c.booking;
  return {
    Advertiser: c.advertiser,
    Publisher: c.publisher,
    Campaign: c.name,
    Podcast: show.title,
    Tags: c.tags.join(", "),
    Geo: c.geo,
    "Start date": iso(c.start),
    "End date": iso(c.end),
    Expected: c.type === "baked-in" ? iso(c.airDate) : null,
    Category: ADVERTISER_PROFILE[c.advertiser].industry,
    Unit: b ? unitsText(b.units) : c.unit,
    "Campaign Id": c.id,
    "Media Type": c.mediaType,
    Initiative: c.initiative,
    Product: b?.product ?? ADVERTISER_PROFILE[c.advertiser].product,
    "Business Line": c.businessLine,
    "Bill To": c.advertiser,
    "Bill to Publisher": b?.billToPublisher ? "Yes" : "No",
    Promo: c.promo,
    "Vanity URL": `https://${slug(c.advertiser)}.example.test/${c.promo.toLowerCase()}`,
    "Expected landing URL": b?.landingUrl ?? `https://www.${slug(c.advertiser)}.example.test/`,
    "UTM Source": "podcast",
    "UTM Medium": "audio",
    "Ad Server": c.type === "dai" ? "AdserverX" : null,
    Comments: null,
    "Synced At": `${iso(now)}T06:00:00Z`,
    "Air Date": iso(c.airDate),
    "Expected Impressions": c.expectedImpressions,
  };
}

/** The CPM column: a created campaign's booked cpm where its flight gave one, else spend per thousand. */
function cpmText(c: Campaign, spend: number | null, impressions: number): string | null {
  const booked = c.booking?.cpm;
  if (booked !== undefined && booked !== null) return `$${booked.toFixed(2)}`;
  return spend === null || impressions === 0 ? null : `$${((spend / impressions) * 1000).toFixed(2)}`;
}

/** Spend, impressions by platform and window, reach and how they were delivered. */
export function deliveryColumns(
  world: World,
  c: Campaign,
  show: Show,
  d: Delivery,
  ads: number,
): Record<string, Cell> {
  const impressions = impressionsOf(d);
  const { spend, reach } = d;
  return {
    Spend: spend,
    Ads: ads,
    Impressions: impressions,
    "Podcast Downloads": countOf(d, "Podcast & Streaming Impressions"),
    "Alpha Views": countOf(d, "Alpha Views"),
    "Beta Views": countOf(d, "Beta Impressions"),
    "Gamma Video Streams": countOf(d, "Gamma Video Impressions"),
    "Radio Impressions": 0,
    ...Object.fromEntries(WINDOWS.map((k) => [`${k}d Impressions`, Math.round(d.within[k])])),
    Reach: reach,
    Freq: ratio(impressions, reach),
    Status: underDelivering(world, c) ? "Under-delivering" : null,
    "Impressions Source": c.type === "dai" ? "Ad server" : "Modeled downloads",
    "Filtered Resolved Status": "Resolved",
    "Resolved Status": "Resolved",
    "Prefix placed": show.prefixPlaced,
    "DAI Impression Pixel": c.type === "dai" ? `https://pixel.example.test/${c.id}` : null,
    "DAI Impression Pixel by Creative":
      c.type === "dai" ? `${slug(c.name)}-creative-1: https://pixel.example.test/${c.id}/1` : null,
    CPM: cpmText(c, spend, impressions),
  };
}

/** Revenue, downloads and subscribers: counts and the rates and costs computed from them. */
export function conversionColumns(c: Campaign, d: Delivery): Record<string, Cell> {
  const n = (k: string) => countOf(d, k);
  const cost = (count: number) => costOf(d, count);
  const share15 = (hash(`f15|${c.id}`) % 300) / 100 + 0.5;
  return {
    Revenue: Math.round(d.sum[M.Revenue] * 100) / 100,
    ROAS: d.spend === null ? null : ratio(d.sum[M.Revenue], d.spend),
    CPA: c.targetCpa,
    "Computed CPA": cost(n("Purchases")),
    Downloads: n("Downloads"),
    "Cost Per Download": cost(n("Downloads")),
    "New Converted Devices": n("Converted Devices"),
    "New Converted Device %": ratio(n("Converted Devices"), n("Downloads"), 100),
    "Cost Per New Converted Device": cost(n("Converted Devices")),
    "New Device Downloads": n("New Downloads"),
    "Cost Per New Device Download": cost(n("New Downloads")),
    "New Subscriber Downloads": n("New Subscriber Downloads"),
    "New Subscribers": n("New Subscribers"),
    "New Subscribers %": ratio(n("New Subscribers"), n("New Subscriber Downloads"), 100),
    "Cost Per New Subscriber": cost(n("New Subscribers")),
    "% of impressions to listeners with frequency 15+": `${share15.toFixed(1)}%`,
    "% of listeners with frequency 15+": `${(share15 / 6).toFixed(1)}%`,
  };
}

/** Clicks, visitors and the other responses: count, share of impressions and cost of each. */
export function responseColumns(d: Delivery): Record<string, Cell> {
  const impressions = impressionsOf(d);
  const values: Record<string, Cell> = {};
  for (const [count, rate, costCol, measure] of RESPONSES) {
    values[count] = countOf(d, measure);
    values[rate] = ratio(countOf(d, measure), impressions, 100);
    values[costCol] = costOf(d, countOf(d, measure));
  }
  return values;
}

/** The AutoServe columns of a campaign AutoServe serves (none otherwise). */
export function autoServeColumns(c: Campaign): Record<string, Cell> {
  if (!c.autoServe) return {};
  const name = slug(c.name);
  return {
    "AutoServe Ad Server": "AutoServe",
    "AutoServe Creative": `${name}-a, ${name}-b`,
    "AutoServe Creative Source URL": `https://cdn.example.test/${name}-a.mp3, https://cdn.example.test/${name}-b.mp3`,
    "AutoServe Targeting Profile": `${c.geo} adults 25-54`,
    "AutoServe Banner Name": `${name}-banner-a, ${name}-banner-b`,
    "AutoServe Banner Source URL": `https://cdn.example.test/${name}-a.png; https://cdn.example.test/${name}-b.png`,
    "AutoServe Clickthrough URL": `https://www.${slug(c.advertiser)}.example.test/?utm_source=podcast`,
    "AutoServe Campaign Settings": JSON.stringify({ frequencyCap: 3, pacing: "even", source: c.autoServe }),
    "AutoServe Targeting Profile Settings": JSON.stringify({ countries: [c.geo], ages: [25, 54] }),
    "AutoServe VAST URL": `https://vast.example.test/${c.id}.xml`,
  };
}
