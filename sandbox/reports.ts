/**
 * Report CSVs with exactly the columns the spec lists for each report, generated from the world.
 * Impressions honours fields (and their order), fieldMapping, formatting (numberFormatting, summary,
 * totals), timeGrouping, weekStartsOn, geoGrouping, aggregateEpisodicBuysPerShow and the date range.
 */
import Papa from "papaparse";
import { IMPRESSIONS_DEFAULT_FIELDS, IMPRESSIONS_FIELD_GROUPS } from "../src/api/defaults";
import { REPORT_COLUMNS, catalogueKind } from "../src/api/csv";
import type { ReportKind } from "../src/api/schemas";
import type { ColumnKind } from "../src/api/table";
import { hash, int, pick, rng, round, type Rng } from "./random";
import { GENRES, PUBLISHERS, World, type Campaign } from "./world";

export class InvalidReport extends Error {}

type Body = Record<string, unknown>;
type Cell = string | number | boolean | null;

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const parseDay = (s: unknown, fallback: number): number => {
  if (typeof s === "number") return Math.floor(s / DAY) * DAY;
  if (typeof s !== "string") return fallback;
  const ms = Date.parse(s.length === 10 ? `${s}T00:00:00Z` : s);
  return Number.isNaN(ms) ? fallback : Math.floor(ms / DAY) * DAY;
};

function range(
  body: Body,
  now: number,
  defaults: { startMonthsAgo: number; endDaysAhead: number },
): [number, number] {
  const today = Math.floor(now / DAY) * DAY;
  const d = new Date(today);
  const defStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - defaults.startMonthsAgo, d.getUTCDate());
  const start = parseDay(body.startDate, defStart);
  const end = parseDay(body.endDate, today + defaults.endDaysAhead * DAY);
  if (end < start) throw new InvalidReport("endDate before startDate");
  if ((end - start) / DAY > 3660) throw new InvalidReport("range too long");
  return [start, end];
}

function days(start: number, end: number): number[] {
  const out: number[] = [];
  for (let t = start; t <= end; t += DAY) out.push(t);
  return out;
}

function bucket(t: number, grouping: string, weekStartsOn: string): number {
  const d = new Date(t);
  if (grouping === "month") return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  if (grouping === "week") {
    const offset = weekStartsOn === "sunday" ? d.getUTCDay() : (d.getUTCDay() + 6) % 7;
    return t - offset * DAY;
  }
  return t;
}

/** A value of the given kind, deterministic for (row key, column). */
function valueOf(kind: ColumnKind, r: Rng, scale: number): Cell {
  switch (kind) {
    case "integer":
      return int(r, 0, Math.round(5000 * scale));
    case "currency":
      return round(r() * 2500, 2);
    case "percent":
      return round(r() * 40, 2);
    case "number":
      return round(r() * 50, 3);
    case "boolean":
      return r() < 0.5;
    default:
      return null;
  }
}

function formatSmart(kind: ColumnKind, v: Cell): Cell {
  if (typeof v !== "number") return v;
  const grouped = (x: number, d: number) =>
    x.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d });
  if (kind === "currency") return `${v < 0 ? "-" : ""}$${grouped(Math.abs(v), 2)}`;
  if (kind === "percent") return `${grouped(v, 1)}%`;
  if (kind === "integer") return grouped(v, 0);
  return v;
}

/** The sandbox's advertiser-specific custom actions (every advertiser has them here). */
export const SANDBOX_CUSTOM_ACTIONS = ["Trial Starts", "Newsletter Signups"];
const ALLOWED_IMPRESSION_FIELDS = new Set([
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

function campaignText(col: string, c: Campaign, world: World, r: Rng): Cell {
  const show = world.shows[c.showIndex];
  const episodes = world.episodes(show);
  const ep = episodes[Math.floor(r() * episodes.length)];
  switch (col) {
    case "Advertiser":
      return c.advertiser;
    case "Media Type":
      return c.mediaType;
    case "Type":
      return c.type;
    case "Tags":
      return pick(r, ["q4,launch", "always-on", "test", ""]);
    case "Publisher":
      return c.publisher;
    case "Campaign":
      return c.name;
    case "Show":
      return show.title;
    case "Episode":
      return ep.title;
    case "Publish Date":
      return ep.uploadedAt.slice(0, 10);
    case "Campaign ID":
      return c.id;
    case "Campaign Internal ID":
      return c.name.toLowerCase().replace(/[^a-z0-9]+/g, "-");
    case "Service Campaign ID":
      return `req-${hash(c.id).toString(16)}`;
    case "Publisher ID":
      return `pub-${PUBLISHERS.indexOf(c.publisher) + 1}`;
    case "Product":
      return pick(r, ["Mattress", "Coffee", "App", "Card"]);
    case "Initiative":
      return pick(r, ["Brand", "Performance"]);
    case "Business Line":
      return pick(r, ["Consumer", "SMB"]);
    case "Episode GUID":
      return ep.guid;
    case "Campaign & Initiative":
      return `${c.name} / Brand`;
    case "Campaign Promo":
      return `${c.advertiser.split(" ")[0].toUpperCase()}20`;
    case "Campaign Start Date":
      return iso(Date.UTC(2026, 0, 1) + (hash(c.id) % 60) * DAY);
    case "Campaign Expected Date":
      return iso(Date.UTC(2026, 2, 1) + (hash(c.id) % 60) * DAY);
    case "Campaign End Date":
      return iso(Date.UTC(2026, 11, 31));
    case "Genre":
      return show.genre;
    case "Show ID":
      return show.seriesId;
    case "Directory ID":
      return show.ids[show.ids.length - 1];
    case "Episode ID":
      return ep.serviceEpisodeId;
    case "Campaign Geo":
      return "United States";
    case "Incrementality Source":
      return pick(r, ["AutoServe", "Synthetic - Campaign", "Synthetic - Channel"]);
    default:
      return null;
  }
}

export function impressionsCsv(world: World, body: Body, now: number): string {
  const fields = (body.fields as string[] | undefined) ?? [...IMPRESSIONS_DEFAULT_FIELDS];
  const geo = body.geoGrouping as string | undefined;
  // The spec's column rules are checked with the request (impressionsRequestSchema); here only
  // what this sandbox knows: the listed columns and its own custom actions.
  for (const f of fields)
    if (!ALLOWED_IMPRESSION_FIELDS.has(f)) throw new InvalidReport(`unknown field ${f}`);
  const columns = [...fields];
  if (geo && !body.fields) columns.splice(3, 0, "Geo", "Country", ...(geo === "DMA" ? ["DMA Code"] : []));
  const [start, end] = range(body, now, { startMonthsAgo: 3, endDaysAhead: 7 });
  const grouping = (body.timeGrouping as string | undefined) ?? "day";
  const weekStartsOn = (body.weekStartsOn as string | undefined) ?? "monday";
  const campaigns = world.campaignsOf(body.advertiser as string[] | undefined);
  const buckets =
    grouping === "all"
      ? [null]
      : [...new Set(days(start, end).map((t) => bucket(t, grouping, weekStartsOn)))];
  const geos = geo ? ["US", "GB"] : [null];
  const kinds = columns.map((c) => catalogueKind("impressions", c) ?? "number");
  const rows: Cell[][] = [];
  for (const t of buckets) {
    for (const c of campaigns) {
      for (const g of geos) {
        const r = rng(hash(`${c.id}|${t}|${g}`));
        rows.push(
          columns.map((col, i) => {
            if (col === "Day" || col === "Week" || col === "Month")
              return t === null
                ? null
                : col === "Week"
                  ? iso(bucket(t, "week", weekStartsOn))
                  : col === "Month"
                    ? iso(bucket(t, "month", weekStartsOn))
                    : iso(t);
            if (col === "Geo") return g === "US" ? "United States" : "United Kingdom";
            if (col === "Country") return g;
            if (col === "DMA Code") return g === "US" ? "501" : null;
            // One row per show: the episode-level columns have no single value.
            if (body.aggregateEpisodicBuysPerShow === true && EPISODE_COLUMNS.has(col)) return null;
            const text = campaignText(col, c, world, r);
            if (text !== null || kinds[i] === "text" || kinds[i] === "date") return text;
            return valueOf(kinds[i], r, 1);
          }),
        );
      }
    }
  }
  const formatting =
    (body.formatting as { numberFormatting?: boolean; summary?: boolean; totals?: boolean } | undefined) ??
    {};
  const mapping = (body.fieldMapping as Record<string, string> | undefined) ?? {};
  const header = columns.map((c) => mapping[c] ?? c);
  let totals: Cell[] | null = null;
  if (formatting.totals) {
    totals = columns.map((col, i) => {
      if (i === 0) return "Total";
      if (!["integer", "currency", "number"].includes(kinds[i])) return null;
      const values = rows.map((row) => (typeof row[i] === "number" ? (row[i] as number) : 0));
      const sum = values.reduce((n, v) => n + v, 0);
      // Reach is unique listeners over the whole report, so it is less than the sum of the rows.
      if (col === "Reach") return Math.round(Math.max(0, ...values) + (sum - Math.max(0, ...values)) * 0.35);
      return round(sum, 2);
    });
  }
  const shown = (row: Cell[]) =>
    formatting.numberFormatting ? row.map((v, i) => formatSmart(kinds[i], v)) : row;
  let csv = Papa.unparse({ fields: header, data: [...rows, ...(totals ? [totals] : [])].map(shown) });
  if (formatting.summary) {
    const advertisers = (body.advertiser as string[] | undefined)?.join("; ") ?? "All advertisers";
    csv =
      Papa.unparse([
        ["Report", (body.name as string | undefined) ?? "Impressions"],
        ["Advertiser", advertisers],
        ["Dates", `${iso(start)} to ${iso(end)}`],
      ]) +
      "\r\n\r\n" +
      csv;
  }
  return csv;
}

function catalogueColumns(kind: ReportKind): [string, ColumnKind][] {
  return Object.entries(REPORT_COLUMNS[kind]);
}

export function audienceCsv(world: World, body: Body, now: number): string {
  const ids = body.show as string[] | undefined;
  const shows = ids?.length
    ? ids.map((id) => world.findShow(id)).filter((s) => s !== undefined)
    : world.shows.slice(0, 10);
  const [start, end] = range(body, now, { startMonthsAgo: 3, endDaysAhead: 7 });
  const cols = catalogueColumns("audience");
  const rows: Cell[][] = [];
  for (const show of shows) {
    for (const ep of world.episodes(show)) {
      const t = Date.parse(ep.uploadedAt);
      if (t < start || t > end + DAY) continue;
      const r = rng(hash(`aud|${ep.serviceEpisodeId}`));
      const d = new Date(t);
      const [rss, alpha, beta, gamma] = [
        ep.downloads.podcast[0],
        ep.downloads.alpha[0],
        ep.downloads.beta[0],
        ep.downloads.gamma[0],
      ];
      rows.push(
        cols.map(([name, kind]) => {
          switch (name) {
            case "Series":
              return show.title;
            case "Episode":
              return ep.title;
            case "uploadedAt":
              return `${String(d.getUTCMonth() + 1).padStart(2, "0")}/${String(d.getUTCDate()).padStart(2, "0")}/${d.getUTCFullYear()}`;
            case "Length":
              return new Date(ep.duration * 1000).toISOString().slice(11, 19);
            case "Total Impressions":
              return rss + alpha + beta + gamma;
            case "RSS Impressions":
              return rss;
            case "Alpha Impressions":
              return alpha;
            case "Beta Impressions":
              return beta;
            case "Gamma Impressions":
              return gamma;
            case "ads":
              return ep.ads.length;
            default:
              return valueOf(kind, r, 1);
          }
        }),
      );
    }
  }
  return Papa.unparse({ fields: cols.map(([n]) => n), data: rows });
}

export function lagCsv(world: World, body: Body): string {
  const keys: Record<string, string[]> = {
    mediaType: ["podcast", "alpha", "streaming"],
    publisher: PUBLISHERS,
    campaigns: world.campaignsOf(body.advertiser as string[]).map((c) => c.id),
    series: world.shows.slice(0, 8).map((s) => String(s.seriesId)),
    genres: GENRES,
    country: ["US", "GB", "CA"],
  };
  const objects = keys[body.groupKey as string] ?? [];
  const actions = (body.actions as string[] | undefined)?.length
    ? (body.actions as string[])
    : ["purchase", "visitor", "signup", "install", "lead"];
  const window = Number(body.attributionWindow ?? 30);
  const dayCols = Array.from({ length: window + 1 }, (_, i) => `Day ${i + 1}`);
  const rows = actions.flatMap((a) =>
    objects.map((o) => {
      const r = rng(hash(`lag|${a}|${o}`));
      return [a, o, ...dayCols.map((_, i) => Math.max(0, Math.round((100 / (i + 1)) * r())))];
    }),
  );
  return Papa.unparse({ fields: ["Action", "Object ID", ...dayCols], data: rows });
}

export function campaignsPerformanceCsv(world: World, _body: Body): string {
  const cols = catalogueColumns("campaignsPerformance");
  const rows = world.campaignsOf(undefined).map((c) => {
    const r = rng(hash(`perf|${c.id}`));
    const show = world.shows[c.showIndex];
    return cols.map(([name, kind]): Cell => {
      switch (name) {
        case "Advertiser":
          return c.advertiser;
        case "Publisher":
          return c.publisher;
        case "Campaign":
          return c.name;
        case "Podcast":
          return show.title;
        case "Campaign Id":
          return c.id;
        case "Media Type":
          return c.mediaType;
        case "Start date":
          return "2026-01-05";
        case "End date":
          return "2026-12-31";
        case "Air Date":
          return "2026-02-01";
        case "Synced At":
          return "2026-11-20T06:00:00Z";
        case "CPM":
          return `$${c.cpm.toFixed(2)}`;
        case "Airchecks":
          return JSON.stringify([
            {
              showTitle: show.title,
              episodeTitle: world.episodes(show)[0].title,
              episodeGuid: "g1",
              episodeLength: 3600,
              adTimestamp: 120,
              adLength: 60,
              unit: "mid",
              readBy: "Host",
              readScore: 0.9,
              transcriptUrl: "https://transcripts.example.test/1",
            },
          ]);
        case "Ads (JSON)":
          return JSON.stringify([
            {
              adId: 1,
              episodeId: 2,
              episodeTitle: "E",
              showTitle: show.title,
              publishedAt: "2026-02-01",
              adDuration: 60,
              startTs: 120,
              endTs: 180,
              platform: "podcast",
              episodeDuration: 3600,
              episodeUrlInFeed: null,
              placementNum: 1,
              placementPercent: 3.3,
              publicLink: "https://x.test/a",
              transcriptLink: "https://x.test/t",
            },
          ]);
        case "AutoServe Campaign Settings":
        case "AutoServe Targeting Profile Settings":
          return JSON.stringify({ frequencyCap: 3 });
        default:
          if (kind === "url") return `https://ads.example.test/${c.id}`;
          if (kind === "text")
            return name === "Status" ? "" : pick(r, ["", "n/a", name.slice(0, 4).toLowerCase()]);
          if (kind === "date") return "2026-03-01";
          return valueOf(kind, r, 1);
      }
    });
  });
  return Papa.unparse({ fields: cols.map(([n]) => n), data: rows });
}

export function spendCsv(world: World, body: Body, now: number, byShow: boolean): string {
  const [start, end] = range(body, now, { startMonthsAgo: 12, endDaysAhead: byShow ? 7 : 0 });
  const advertisers = (body.advertisers as string[]) ?? [];
  const rows: Cell[][] = [];
  for (const t of days(start, end)) {
    for (const a of advertisers) {
      const shows = byShow
        ? world
            .campaignsOf([a])
            .slice(0, 3)
            .map((c) => world.shows[c.showIndex])
        : [null];
      for (const show of shows) {
        for (const readBy of ["Host", "Producer"]) {
          const r = rng(hash(`spend|${a}|${t}|${show?.index}|${readBy}`));
          const spend = round(r() * 900, 2);
          if (byShow) {
            rows.push([
              new Date(t).toISOString(),
              a,
              show!.title,
              spend,
              `https://transcripts.example.test/${show!.index}`,
              int(r, 1, 4),
              int(r, 1, 2),
              show!.genre,
              readBy,
            ]);
          } else rows.push([new Date(t).toISOString(), a, spend, readBy]);
        }
      }
    }
  }
  const fields = byShow
    ? Object.keys(REPORT_COLUMNS.estimatedSpendByShowByDay)
    : Object.keys(REPORT_COLUMNS.estimatedSpendByDay);
  return Papa.unparse({ fields, data: rows });
}

export function listenersCsv(body: Body): string {
  const r = rng(
    hash(
      `listeners|${String(body.episodeId)}|${String(body.advertiser ?? "")}|${String(body.week_lb ?? "")}`,
    ),
  );
  const n = body.advertiser ? 180 : 60;
  const rows = Array.from({ length: n }, (_, i) => [
    `${(hash(`${i}|${String(body.episodeId)}`) >>> 0).toString(16).padStart(8, "0")}-anon`,
    int(r, 1, 9),
  ]);
  return Papa.unparse({ fields: ["User Id", "Frequency"], data: rows });
}

/** The CSV of a report task (used by the server and by benchmarks without HTTP). */
export function generateReportCsv(
  world: World,
  kind: ReportKind,
  body: Body,
  now: number = Date.now(),
): string {
  switch (kind) {
    case "impressions":
      return impressionsCsv(world, body, now);
    case "audience":
      return audienceCsv(world, body, now);
    case "lag":
      return lagCsv(world, body);
    case "campaignsPerformance":
      return campaignsPerformanceCsv(world, body);
    case "estimatedSpendByDay":
      return spendCsv(world, body, now, false);
    case "estimatedSpendByShowByDay":
      return spendCsv(world, body, now, true);
    case "impressionListeners":
      return listenersCsv(body);
  }
}
