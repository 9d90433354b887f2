/**
 * POST /impressions: rows per period, campaign (and geo), summed from campaign-days, so a week is the
 * sum of its days and a total the sum of its rows; ratios (ROAS, CPM, rates, costs, incremental
 * shares, confidence intervals) are computed from the summed parts, never added up. Honours fields
 * (and their order), fieldMapping, formatting, timeGrouping, weekStartsOn, geoGrouping,
 * aggregateEpisodicBuysPerShow, skipCampaignTransliteration, incCiCertainty, the date range, the
 * advertisers and campaign tags, and every shared attribution and simulcast setting (model/delivery.ts).
 */
import { IMPRESSIONS_DEFAULT_FIELDS, IMPRESSIONS_FIELD_GROUPS } from "../../src/api/defaults";
import { catalogueKind } from "../../src/api/csv";
import type { ColumnKind } from "../../src/api/table";
import { hash } from "../random";
import { COUNT, M, MEASURES, campaignDay, settingsOf, type Settings } from "../model/delivery";
import { ratio, zFor } from "../model/stats";
import { ADVERTISER_PROFILE, GEO_CELLS, PUBLISHERS, type Campaign, type World } from "../world";
import {
  InvalidReport,
  bucket,
  clock,
  csv,
  days,
  formatSmart,
  iso,
  range,
  split,
  type Body,
  type Cell,
} from "./shared";
import { slug, transliterate } from "./text";

/** The sandbox's advertiser-specific custom actions (every advertiser has them here). */
export const SANDBOX_CUSTOM_ACTIONS = ["Trial Starts", "Newsletter Signups"];
const ALLOWED = new Set([
  ...IMPRESSIONS_FIELD_GROUPS.flatMap((g) => g.fields),
  ...SANDBOX_CUSTOM_ACTIONS.flatMap((a) => [a, `${a} Modeled`]),
]);
const EPISODE_COLUMNS = new Set([
  "Episode",
  "Episode GUID",
  "Episode ID",
  "Publish Date",
  "Episode Duration",
]);
/** Campaign text the service does not transliterate when skipCampaignTransliteration is true. */
const CAMPAIGN_TEXT = new Set(["Campaign", "Campaign & Initiative"]);

/** A geo row: the cells it covers. */
interface GeoGroup {
  key: string;
  geo: string | null;
  country: string | null;
  dma: string | null;
  share: number;
}

function geoGroups(grouping: string | undefined): GeoGroup[] {
  if (!grouping) return [{ key: "", geo: null, country: null, dma: null, share: 1 }];
  const groups = new Map<string, GeoGroup>();
  for (const cell of GEO_CELLS) {
    const [key, geo] =
      grouping === "country"
        ? [cell.country, cell.countryName]
        : grouping === "region"
          ? [cell.region, cell.region]
          : grouping === "zip"
            ? [cell.zip, cell.zip]
            : // DMA: cells outside any DMA are one row per country.
              [cell.dma ?? cell.country, cell.dmaName ?? `${cell.countryName} (no DMA)`];
    const g = groups.get(key) ?? {
      key,
      geo,
      country: cell.country,
      dma: grouping === "DMA" ? cell.dma : null,
      share: 0,
    };
    g.share += cell.share;
    groups.set(key, g);
  }
  return [...groups.values()];
}

/** One output row while its days are summed. */
interface Row {
  period: number | null;
  lastDay: number;
  campaign: Campaign;
  geo: GeoGroup;
  /** Summed measures, by index (M). */
  sum: Float64Array;
  reachMax: number;
  reachSum: number;
  spendMissing: boolean;
  campaigns: Set<Campaign>;
}

const newRow = (period: number | null, campaign: Campaign, geo: GeoGroup): Row => ({
  period,
  lastDay: 0,
  campaign,
  geo,
  sum: new Float64Array(MEASURES.length),
  reachMax: 0,
  reachSum: 0,
  spendMissing: true,
  campaigns: new Set([campaign]),
});

function addDay(row: Row, reach: number, d: { day: number; spendMissing: boolean }): void {
  row.reachMax = Math.max(row.reachMax, reach);
  row.reachSum += reach;
  row.spendMissing &&= d.spendMissing;
  row.lastDay = d.day;
}

/** Reach of summed rows: unique listeners, so the largest part plus 35 % of the rest, not the sum. */
const reachOf = (row: Pick<Row, "reachMax" | "reachSum">) =>
  Math.round(row.reachMax + 0.35 * (row.reachSum - row.reachMax));

const CONV = ["Visitors", "Visits", "Leads", "Installs", "Signups", "Purchases"];
/** "Cost Per Visitor" → Visitors. */
const PLURAL: Record<string, string> = {
  Visitor: "Visitors",
  Lead: "Leads",
  Install: "Installs",
  Signup: "Signups",
  Purchase: "Purchases",
};

type Measure = (m: Float64Array, reach: number, spend: number | null) => Cell;

/**
 * How a number column is computed from a row's summed measures (null when its base is 0 or
 * missing). Built once per column: ratios come from the summed parts, so a total is never a sum of ratios.
 */
function measureColumn(col: string, s: Settings): Measure {
  const at = (k: string) => {
    const i = M[k];
    return i === undefined ? () => 0 : (m: Float64Array) => m[i];
  };
  // Totals of parts are the sums of their (rounded) parts, so the parts always add up.
  const sumOf = (...parts: string[]) => {
    const fs = parts.map(at);
    return (m: Float64Array) => fs.reduce((a, f) => a + f(m), 0);
  };
  const impressions = sumOf(
    "Podcast & Streaming Impressions",
    "Alpha Views",
    "Beta Impressions",
    "Gamma Video Impressions",
  );
  /** A measure as its column shows it: Purchases, Revenue and Impressions as the sums of their parts. */
  const part = (k: string) => {
    if (k === "Impressions") return impressions;
    const p = /^(Purchases|Revenue)( Modeled)?$/.exec(k);
    return p ? sumOf(`Online ${p[1]}${p[2] ?? ""}`, `Offline ${p[1]}${p[2] ?? ""}`) : at(k);
  };
  const perSpend = (base: string): Measure => {
    const b = part(base);
    return (m, _r, spend) => (spend === null ? null : ratio(spend, b(m)));
  };
  const share = (of: string, whole: string, scale = 100): Measure => {
    const [a, b] = [part(of), part(whole)];
    return (m) => ratio(a(m), b(m), scale);
  };
  let x: RegExpExecArray | null;
  if ((x = /^(Purchases|Revenue)( Modeled)?$/.exec(col))) {
    const sum = part(col);
    return x[1] === "Purchases" ? sum : (m) => Math.round(sum(m) * 100) / 100;
  }
  if (col === "Spend") return (_m, _r, spend) => spend;
  if (col === "Reach") return (_m, reach) => reach;
  if (col === "Frequency") return (m, reach) => ratio(impressions(m), reach);
  if (col === "eCPM" || col === "CPM") {
    const base = part(col === "eCPM" ? "Impressions" : "Podcast & Streaming Impressions");
    return (m, _r, spend) => (spend === null ? null : ratio(spend, base(m), 1000));
  }
  if (col === "CPA") return perSpend("Purchases");
  if ((x = /^(ROAS|Incremental ROAS)( Modeled)?$/.exec(col))) {
    const revenue = part(`${x[1] === "ROAS" ? "" : "Incremental "}Revenue${x[2] ?? ""}`);
    return (m, _r, spend) => (spend === null ? null : ratio(revenue(m), spend));
  }
  if ((x = /^AOV( Modeled)?$/.exec(col))) return share(`Revenue${x[1] ?? ""}`, `Purchases${x[1] ?? ""}`, 1);
  if ((x = /^Cost Per (Incremental )?(\w+)( Modeled)?$/.exec(col)) && PLURAL[x[2]])
    return perSpend(`${x[1] ? "Incremental " : ""}${PLURAL[x[2]]}${x[3] ?? ""}`);
  if ((x = /^Incremental (\w+)( Modeled)? %$/.exec(col)))
    return share(`Incremental ${x[1]}${x[2] ?? ""}`, `${x[1]}${x[2] ?? ""}`);
  if ((x = /^(\w+) (Campaign|Channel) Incremental %$/.exec(col)))
    return share(`${x[2]} Incremental ${x[1]}`, x[1]);
  if ((x = /^Downloads Incremental( Modeled)?$/.exec(col))) return at(`Incremental Downloads${x[1] ?? ""}`);
  if ((x = /^(\w+) (Campaign|Channel) Confidence Interval \(\+\/- range\)$/.exec(col))) {
    const level = x[2];
    const parts = x[1] === "Conversions" ? ["Leads", "Installs", "Signups", "Purchases"] : [x[1]];
    const counts = parts.map(at);
    const incremental = parts.map((k) => at(`${level} Incremental ${k}`));
    const z = zFor(s.incCiCertainty);
    return (m) => {
      const n = counts.reduce((a, f) => a + f(m), 0);
      if (!(n > 0)) return null;
      const p = incremental.reduce((a, f) => a + f(m), 0) / n;
      // A ± range in percentage points around the incremental share, at incCiCertainty.
      return Math.round(z * Math.sqrt((p * (1 - p)) / n) * 100 * 100) / 100;
    };
  }
  if ((x = /^(\w+)( Modeled)? %$/.exec(col)) && CONV.includes(x[1]))
    return share(`${x[1]}${x[2] ?? ""}`, "Impressions");
  const i = M[col];
  if (i !== undefined) return (m) => (COUNT[i] ? m[i] : Math.round(m[i] * 100) / 100);
  return () => null;
}

function incrementalitySource(c: Campaign, s: Settings): string {
  const campaignLevel = s.displayType === "campaign" || s.displayType === "auto_serve_or_campaign";
  if (s.displayType.startsWith("auto_serve") && c.autoServe) return c.autoServe;
  return campaignLevel ? "Synthetic - Campaign" : "Synthetic - Channel";
}

/** A text (or id) column of a row; undefined for a column that is a measure. */
function textValue(col: string, row: Row, world: World, s: Settings, aggregate: boolean): Cell | undefined {
  const c = row.campaign;
  const show = world.shows[c.showIndex];
  if (aggregate && EPISODE_COLUMNS.has(col)) return null;
  const ep = EPISODE_COLUMNS.has(col) ? world.episodeOn(show, row.lastDay) : undefined;
  const simulcast = show.simulcast === null ? null : world.shows[show.simulcast];
  switch (col) {
    case "Advertiser":
      return c.advertiser;
    case "Media Type":
      return c.mediaType;
    case "Type":
      return c.type;
    case "Tags":
      return c.tags.join(",");
    case "Publisher":
      return c.publisher;
    case "Campaign":
      return c.name;
    case "Show":
      return show.title;
    case "Show ID":
      return show.seriesId;
    case "Directory ID":
      return show.ids[show.ids.length - 1];
    case "Alpha Channel / Playlist ID":
      return show.platform === "Alpha" ? show.ids[0] : (simulcast?.ids[0] ?? null);
    case "Genre":
      return show.genre;
    case "Episode":
      return ep?.title ?? null;
    case "Episode ID":
      return ep?.serviceEpisodeId ?? null;
    case "Publish Date":
      return ep ? ep.uploadedAt.slice(0, 10) : null;
    case "Episode GUID":
      return ep?.guid ?? null;
    case "Episode Duration":
      return ep ? clock(ep.duration) : null;
    case "Ad Servers":
      return c.type === "dai" ? (c.mediaType === "streaming" ? "streaming_adserverx" : "adserverx") : null;
    case "AdserverX Campaign ID":
      return c.type === "dai" ? `AX-${(hash(c.id) % 900000) + 100000}` : null;
    case "Campaign ID":
      return c.id;
    case "Campaign Internal ID":
      return slug(c.name);
    case "Service Campaign ID":
      return `req-${hash(c.id).toString(16)}`;
    case "Publisher ID":
      return `pub-${PUBLISHERS.indexOf(c.publisher) + 1}`;
    case "Product":
      return ADVERTISER_PROFILE[c.advertiser].product;
    case "Advertiser Industry":
      return ADVERTISER_PROFILE[c.advertiser].industry;
    case "Initiative":
      return c.initiative;
    case "Business Line":
      return c.businessLine;
    case "Bill To":
      return c.advertiser;
    case "Campaign & Initiative":
      return `${c.name} / ${c.initiative}`;
    case "Campaign Geo":
      return GEO_CELLS.find((g) => g.country === c.geo)?.countryName ?? c.geo;
    case "Incrementality Source":
      return incrementalitySource(c, s);
    case "Campaign Promo":
      return c.promo;
    case "Campaign Unit":
      return c.unit;
    case "Campaign Creatives":
      return `${slug(c.name)}-creative-1`;
    case "Campaign Start Date":
      return iso(c.start);
    case "Campaign Expected Date":
      return c.type === "baked-in" ? iso(c.airDate) : null;
    case "Campaign End Date":
      return iso(c.end);
    case "Campaign Delivery Issues":
      return c.fill < 0.2 ? "Under-delivering" : "";
    case "Campaign Placement Issues":
      return c.type === "baked-in" && c.airDate - c.start > 14 * 86_400_000 ? "Late placement" : "";
    default:
      return undefined;
  }
}

export function impressionsCsv(world: World, body: Body, now: number): string {
  const fields = (body.fields as string[] | undefined) ?? [...IMPRESSIONS_DEFAULT_FIELDS];
  // The spec's column rules are checked with the request (impressionsRequestSchema); here only
  // what this sandbox knows: the listed columns and its own custom actions.
  for (const f of fields) if (!ALLOWED.has(f)) throw new InvalidReport(`unknown field ${f}`);
  const grouping = body.geoGrouping as string | undefined;
  const columns = [...fields];
  if (grouping && !body.fields)
    columns.splice(3, 0, "Geo", "Country", ...(grouping === "DMA" ? ["DMA Code"] : []));
  const [start, end] = range(body, now, { startMonthsAgo: 3, endDaysAhead: 7 });
  const timeGrouping = (body.timeGrouping as string | undefined) ?? "day";
  const weekStartsOn = (body.weekStartsOn as string | undefined) ?? "monday";
  const s = settingsOf(body);
  const tags = body.campaignTags as string[] | undefined;
  const campaigns = world
    .campaignsOf(body.advertiser as string[] | undefined)
    .filter(
      (c) => !tags?.length || c.tags.some((t) => tags.includes(t)) !== (body.campaignTagsExclude === true),
    );
  const groups = geoGroups(grouping);
  const shares = groups.map((g) => g.share);
  const rows = new Map<string, Row>();
  const rowFor = (period: number | null, c: Campaign, g: GeoGroup) => {
    const key = `${period}|${c.id}|${g.key}`;
    let row = rows.get(key);
    if (!row) rows.set(key, (row = newRow(period, c, g)));
    return row;
  };
  for (const day of days(start, end)) {
    const period = timeGrouping === "all" ? null : bucket(day, timeGrouping, weekStartsOn);
    for (const c of campaigns) {
      if (day < c.start || day > c.end) continue;
      const d = campaignDay(world, c, day, s);
      if (groups.length === 1) {
        const row = rowFor(period, c, groups[0]);
        for (let k = 0; k < d.m.length; k++) row.sum[k] += COUNT[k] ? Math.round(d.m[k]) : d.m[k];
        addDay(row, Math.round(d.m[M.Reach]), d);
        continue;
      }
      const parts = Array.from(d.m, (v, k) => (COUNT[k] ? split(v, shares) : shares.map((x) => v * x)));
      groups.forEach((g, i) => {
        const row = rowFor(period, c, g);
        for (let k = 0; k < parts.length; k++) row.sum[k] += parts[k][i];
        addDay(row, parts[M.Reach][i], d);
      });
    }
  }
  // Money is shown in cents: each row keeps its shown value, so the totals add up what the rows show.
  for (const row of rows.values())
    for (let k = 0; k < row.sum.length; k++) if (!COUNT[k]) row.sum[k] = Math.round(row.sum[k] * 100) / 100;
  const kinds = columns.map((col) => catalogueKind("impressions", col) ?? "integer");
  const measures = columns.map((col) => measureColumn(col, s));
  const aggregate = body.aggregateEpisodicBuysPerShow === true;
  const skipTranslit = body.skipCampaignTransliteration === true;
  const cellsOf = (row: Row, total: boolean): Cell[] =>
    columns.map((col, i) => {
      if (col === "Day" || col === "Week" || col === "Month")
        return row.period === null || total
          ? null
          : iso(
              col === "Day"
                ? row.period
                : bucket(row.period, col === "Week" ? "week" : "month", weekStartsOn),
            );
      if (col === "Geo") return total ? null : row.geo.geo;
      if (col === "Country") return total ? null : row.geo.country;
      if (col === "DMA Code") return total ? null : row.geo.dma;
      if (col === "Campaign Spend" || col === "Expected Impressions")
        return [...row.campaigns].reduce<number | null>((a, c) => {
          const v = col === "Expected Impressions" ? c.expectedImpressions : c.cost;
          return v === null ? a : (a ?? 0) + v;
        }, null);
      const text = textValue(col, row, world, s, aggregate);
      if (text !== undefined) {
        if (total) return null;
        return typeof text === "string" && !(skipTranslit && CAMPAIGN_TEXT.has(col))
          ? transliterate(text)
          : text;
      }
      const spend = row.spendMissing ? null : Math.round(row.sum[M.Spend] * 100) / 100;
      return numberOf(kinds[i], measures[i](row.sum, reachOf(row), spend));
    });
  const out = [...rows.values()].map((r) => cellsOf(r, false));
  const formatting =
    (body.formatting as { numberFormatting?: boolean; summary?: boolean; totals?: boolean } | undefined) ??
    {};
  if (formatting.totals) {
    const all = newRow(null, campaigns[0], groups[0]);
    all.campaigns = new Set();
    for (const r of rows.values()) {
      for (let k = 0; k < r.sum.length; k++) all.sum[k] += r.sum[k];
      const reach = reachOf(r);
      all.reachMax = Math.max(all.reachMax, reach);
      all.reachSum += reach;
      all.spendMissing &&= r.spendMissing;
      all.campaigns.add(r.campaign);
    }
    const totals = cellsOf(all, true);
    totals[0] = "Total";
    out.push(totals);
  }
  const mapping = (body.fieldMapping as Record<string, string> | undefined) ?? {};
  const shown = formatting.numberFormatting
    ? out.map((row) => row.map((v, i) => formatSmart(kinds[i], v)))
    : out;
  let text = csv(
    // Own keys only: a column named like an Object property (constructor, toString) is not renamed.
    columns.map((c) => (Object.hasOwn(mapping, c) ? mapping[c] : c)),
    shown,
  );
  if (formatting.summary) {
    const advertisers = (body.advertiser as string[] | undefined)?.join("; ") ?? "All advertisers";
    text =
      csv(
        ["Report", (body.name as string | undefined) ?? "Impressions"],
        [
          ["Advertiser", advertisers],
          ["Dates", `${iso(start)} to ${iso(end)}`],
        ],
      ) +
      "\r\n\r\n" +
      text;
  }
  return text;
}

/** Rounds a number to its column's kind (whole counts, cents, two decimals). */
function numberOf(kind: ColumnKind, v: Cell): Cell {
  if (typeof v !== "number") return v;
  return kind === "integer" ? Math.round(v) : Math.round(v * 100) / 100;
}
