/**
 * POST /campaigns-performance: one row per campaign whose flight overlaps the range, with its
 * delivery in the range summed from campaign-days (model/delivery.ts), rates and costs computed from
 * those sums, and the campaign's own settings as text.
 */
import { REPORT_HEADERS } from "../../src/api/reportHeaders";
import { hash } from "../random";
import { COUNT, M, MEASURES, campaignDay, settingsOf } from "../model/delivery";
import { ratio } from "../model/stats";
import { ADVERTISER_PROFILE, DAY, type Campaign, type World } from "../world";
import { clock, csv, days, iso, range, type Body, type Cell } from "./shared";
import { slug } from "./text";

const PLATFORMS = [
  "Podcast & Streaming Impressions",
  "Alpha Views",
  "Beta Impressions",
  "Gamma Video Impressions",
];
const RESPONSES: [string, string, string, string][] = [
  ["Clicks", "Clicks %", "Cost Per Click", "Clicks"],
  ["Visitors", "Visitor %", "Cost Per Visitor", "Visitors"],
  ["Visits", "Visit %", "Cost Per Visit", "Visits"],
  ["Installs", "Install %", "Cost Per Install", "Installs"],
  ["Signups", "Signup %", "Cost Per Signup", "Signups"],
  ["Leads", "Lead %", "Cost Per Lead", "Leads"],
  ["Convs.", "Conv. %", "Cost Per Conversion", "Purchases"],
];

function airchecks(world: World, c: Campaign, from: number, to: number) {
  const show = world.shows[c.showIndex];
  const eps = world
    .episodes(show)
    .filter((e) => {
      const t = Date.parse(e.uploadedAt);
      return t >= Math.max(from, c.airDate) && t < Math.min(to, c.end) + DAY;
    })
    .slice(0, 3);
  const at = (duration: number) =>
    c.unit === "pre" ? 0 : c.unit === "mid" ? Math.round(duration / 2) : duration - 90;
  return {
    count: eps.length,
    airchecks: eps.map((e) => ({
      showTitle: show.title,
      episodeTitle: e.title,
      episodeGuid: e.guid,
      episodeLength: e.duration,
      adTimestamp: at(e.duration),
      adLength: 60,
      unit: c.unit,
      readBy: c.type === "baked-in" ? "Host" : "Producer",
      readScore: c.type === "baked-in" ? 0.92 : 0.4,
      transcriptUrl: `https://transcripts.example.test/${e.serviceEpisodeId}`,
    })),
    ads: eps.map((e) => ({
      adId: hash(`${c.id}|${e.serviceEpisodeId}`) % 10_000_000,
      episodeId: e.serviceEpisodeId,
      episodeTitle: e.title,
      showTitle: show.title,
      publishedAt: e.uploadedAt.slice(0, 10),
      adDuration: 60,
      startTs: at(e.duration),
      endTs: at(e.duration) + 60,
      platform: show.platform.toLowerCase(),
      episodeDuration: e.duration,
      episodeUrlInFeed: show.mix.podcast > 0 ? e.url : null,
      placementNum: c.unit === "pre" ? 1 : c.unit === "mid" ? 2 : 3,
      placementPercent: Math.round((at(e.duration) / e.duration) * 1000) / 10,
      publicLink: `https://play.example.test/ad/${c.id}/${e.serviceEpisodeId}`,
      transcriptLink: `https://transcripts.example.test/${e.serviceEpisodeId}#${clock(at(e.duration))}`,
    })),
  };
}

function autoServe(c: Campaign): Record<string, Cell> {
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

function campaignRow(world: World, c: Campaign, from: number, to: number, now: number): Cell[] {
  const s = settingsOf({});
  const sum = new Float64Array(MEASURES.length);
  let reachMax = 0;
  let reachSum = 0;
  let spendMissing = true;
  const within: Record<number, number> = { 7: 0, 15: 0, 30: 0, 45: 0, 60: 0 };
  for (const day of days(Math.max(from, c.start), Math.min(to, c.end))) {
    const d = campaignDay(world, c, day, s);
    // Counts are whole each day (as impressions rows are), so the parts and windows add up exactly.
    for (let k = 0; k < sum.length; k++) sum[k] += COUNT[k] ? Math.round(d.m[k]) : d.m[k];
    const reach = Math.round(d.m[M.Reach]);
    reachMax = Math.max(reachMax, reach);
    reachSum += reach;
    spendMissing &&= d.spendMissing;
    const delivered = PLATFORMS.reduce((a, k) => a + Math.round(d.m[M[k]]), 0);
    for (const n of [7, 15, 30, 45, 60]) if (day < c.start + n * DAY) within[n] += delivered;
  }
  const n = (k: string) => Math.round(sum[M[k]]);
  const impressions = PLATFORMS.reduce((a, k) => a + n(k), 0);
  const reach = Math.round(reachMax + 0.35 * (reachSum - reachMax));
  const spend = spendMissing ? null : Math.round(sum[M.Spend] * 100) / 100;
  const cost = (count: number) => (spend === null ? null : ratio(spend, count));
  const show = world.shows[c.showIndex];
  const aired = airchecks(world, c, from, to);
  const share15 = (hash(`f15|${c.id}`) % 300) / 100 + 0.5;
  const values: Record<string, Cell> = {
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
    Unit: c.unit,
    "Campaign Id": c.id,
    "Media Type": c.mediaType,
    Initiative: c.initiative,
    Product: ADVERTISER_PROFILE[c.advertiser].product,
    "Business Line": c.businessLine,
    "Bill To": c.advertiser,
    "Bill to Publisher": "No",
    Promo: c.promo,
    "Vanity URL": `https://${slug(c.advertiser)}.example.test/${c.promo.toLowerCase()}`,
    "Expected landing URL": `https://www.${slug(c.advertiser)}.example.test/`,
    "UTM Source": "podcast",
    "UTM Medium": "audio",
    "Ad Server": c.type === "dai" ? "AdserverX" : null,
    Comments: null,
    "Synced At": `${iso(now)}T06:00:00Z`,
    "Air Date": iso(c.airDate),
    "Expected Impressions": c.expectedImpressions,
    Spend: spend,
    Ads: aired.count,
    Impressions: impressions,
    "Podcast Downloads": n("Podcast & Streaming Impressions"),
    "Alpha Views": n("Alpha Views"),
    "Beta Views": n("Beta Impressions"),
    "Gamma Video Streams": n("Gamma Video Impressions"),
    "Radio Impressions": 0,
    ...Object.fromEntries([7, 15, 30, 45, 60].map((k) => [`${k}d Impressions`, Math.round(within[k])])),
    Reach: reach,
    Freq: ratio(impressions, reach),
    Status: c.fill < 0.2 ? "Under-delivering" : null,
    "Impressions Source": c.type === "dai" ? "Ad server" : "Modeled downloads",
    "Filtered Resolved Status": "Resolved",
    "Resolved Status": "Resolved",
    "Prefix placed": show.prefixPlaced,
    "DAI Impression Pixel": c.type === "dai" ? `https://pixel.example.test/${c.id}` : null,
    "DAI Impression Pixel by Creative":
      c.type === "dai" ? `${slug(c.name)}-creative-1: https://pixel.example.test/${c.id}/1` : null,
    CPM: spend === null || impressions === 0 ? null : `$${((spend / impressions) * 1000).toFixed(2)}`,
    Revenue: Math.round(sum[M.Revenue] * 100) / 100,
    ROAS: spend === null ? null : ratio(sum[M.Revenue], spend),
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
    Airchecks: JSON.stringify(aired.airchecks),
    "Ads (JSON)": JSON.stringify(aired.ads),
    ...autoServe(c),
  };
  for (const [count, rate, costCol, measure] of RESPONSES) {
    values[count] = n(measure);
    values[rate] = ratio(n(measure), impressions, 100);
    values[costCol] = cost(n(measure));
  }
  return REPORT_HEADERS.campaignsPerformance.map((h) => values[h] ?? null);
}

export function campaignsPerformanceCsv(world: World, body: Body, now: number): string {
  const [from, to] = range(body, now, { startMonthsAgo: 3, endDaysAhead: 7 });
  const rows = world
    .campaignsOf(undefined)
    .filter((c) => c.start <= to && c.end >= from)
    .map((c) => campaignRow(world, c, from, to, now));
  return csv(REPORT_HEADERS.campaignsPerformance, rows);
}
