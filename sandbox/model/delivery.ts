/**
 * A campaign's delivery and conversions on one day, from the world and the request's shared
 * attribution and simulcast settings. Every impressions, lag, campaign-performance and
 * incrementality figure is summed from these days, so a week is the sum of its days, a total the
 * sum of its rows, and a setting that should move a figure moves it (sandbox/README.md lists how).
 */
import { InvalidReport } from "../csv/shared";
import { hash, rng } from "../random";
import { DAY, EPISODE_EVERY_DAYS, SETTINGS_PROFILES, type Campaign, type World } from "../world";
import { bookedBakedInSpend, bookedImpressions, type PlatformImpressions } from "./bookedDelivery";

type Body = Record<string, unknown>;

export type DisplayType = "channel" | "campaign" | "auto_serve_or_channel" | "auto_serve_or_campaign";

/** The shared settings as the sandbox applies them: request values, profile values, then defaults. */
export interface Settings {
  ytConv: boolean;
  rConv: boolean;
  svConv: boolean;
  ytWeight: number;
  rWeight: number;
  svWeight: number;
  includeYtSpend: boolean;
  spendOnPublishDate: boolean;
  window: number;
  streamingWindow: number;
  saiWindow: number;
  model: string;
  preset: string;
  excluded: number;
  excludePriorCustomers: boolean;
  excludePriorVisitors: boolean;
  timeRangeConv: boolean;
  timeRangeConvWithWindow: boolean;
  useNonPurchasesRevenue: boolean;
  showIncrementalResults: boolean;
  displayType: DisplayType;
  modelPublicSpaceIps: boolean;
  modelOffline: boolean;
  incCiCertainty: number;
}

const NON_NEGATIVE = [
  "ytSimulcastConvWeight",
  "rSimulcastConvWeight",
  "svSimulcastConvWeight",
  "attributionWindow",
  "attributionStreamingWindow",
  "attributionSaiWindow",
];
const bool = (v: unknown, fallback: boolean) => (typeof v === "boolean" ? v : fallback);
const num = (v: unknown, fallback: number) => (typeof v === "number" ? v : fallback);
const count = (v: unknown, fallback: number) => (Array.isArray(v) ? v.length : fallback);

/**
 * Defaults follow V1 for impressions (rSimulcastConv and svSimulcastConv off, weights 1, SAI window 14,
 * incrementalDisplayType channel); `lag` follows V2, which ignores the three simulcast switches.
 */
export function settingsOf(body: Body, report: "impressions" | "lag" = "impressions"): Settings {
  // Stricter than the spec (which states no rule): a negative weight or window is refused.
  for (const k of NON_NEGATIVE)
    if (typeof body[k] === "number" && (body[k] as number) < 0) throw new InvalidReport(`${k} is below 0`);
  const advertisers = (body.advertiser as string[] | undefined) ?? [];
  const profile =
    body.useSettingsProfiles === true && advertisers.length ? (SETTINGS_PROFILES[advertisers[0]] ?? {}) : {};
  const single = advertisers.length === 1;
  const lag = report === "lag";
  return {
    ytConv: lag ? false : bool(body.ytSimulcastConv, true),
    rConv: lag ? false : bool(body.rSimulcastConv, false),
    svConv: lag ? false : bool(body.svSimulcastConv, false),
    ytWeight: num(body.ytSimulcastConvWeight, profile.ytSimulcastConvWeight ?? 1),
    rWeight: num(body.rSimulcastConvWeight, 1),
    svWeight: num(body.svSimulcastConvWeight, 1),
    includeYtSpend: bool(body.includeYtSpend, false),
    spendOnPublishDate: bool(body.spendOnPublishDate, true),
    window: num(body.attributionWindow, 30),
    streamingWindow: num(body.attributionStreamingWindow, 14),
    saiWindow: num(body.attributionSaiWindow, lag ? 30 : 14),
    model: (body.attributionModel as string | undefined) ?? "multi_timedecay",
    preset: (body.attributionPreset as string | undefined) ?? "any",
    excluded:
      count(body.excludeReferrers, 5) + count(body.excludeUtmMediums, 10) + count(body.excludeUtmSources, 9),
    excludePriorCustomers: bool(body.excludePriorCustomers, false),
    excludePriorVisitors: bool(body.excludePriorVisitors, false),
    timeRangeConv: bool(body.timeRangeConv, false),
    timeRangeConvWithWindow: bool(body.timeRangeConvWithWindow, false),
    useNonPurchasesRevenue: bool(body.useNonPurchasesRevenue, false),
    showIncrementalResults: bool(body.showIncrementalResults, false),
    displayType:
      (body.incrementalDisplayType as DisplayType | undefined) ?? (lag ? "auto_serve_or_channel" : "channel"),
    modelPublicSpaceIps: bool(body.modelPublicSpaceIps, true),
    modelOffline: bool(body.modelOffline, single ? (profile.modelOffline ?? false) : false),
    incCiCertainty: num(body.incCiCertainty, 95),
  };
}

/** Conversions reached within a window of W days, relative to the 30-day default. */
function windowFactor(days: number): number {
  return Math.max(0, 1 - Math.exp(-days / 10)) / (1 - Math.exp(-3));
}

/** The conversion actions, with the share of visitors that take them. */
export const ACTIONS = {
  Visitors: 1,
  Leads: 0.12,
  Installs: 0.08,
  Signups: 0.1,
  Purchases: 0.06,
} as const;
const CUSTOM_ACTIONS = { "Trial Starts": 0.05, "Newsletter Signups": 0.09 } as const;

const MODELED_BASES = [
  ...Object.keys(ACTIONS),
  "Visits",
  "Revenue",
  "Online Purchases",
  "Offline Purchases",
  "Online Revenue",
  "Offline Revenue",
  "Downloads",
  "New Downloads",
  "New Subscriber Downloads",
  "New Subscribers",
  "Converted Devices",
  "New Conversions",
  ...Object.keys(CUSTOM_ACTIONS),
];
const INCREMENTAL_ACTIONS = [...Object.keys(ACTIONS), "Visits", "Downloads"];
const incrementalKeys = (action: string, suffix: string) =>
  [
    `${action}${suffix}`,
    `Incremental ${action}${suffix}`,
    `Campaign Incremental ${action}${suffix}`,
    `Channel Incremental ${action}${suffix}`,
  ] as const;

/**
 * Every measure of a campaign-day, by index: the names are the impressions columns they feed where a
 * column is a measure ("Campaign Incremental X" and "Channel Incremental X" feed the % columns).
 */
export const MEASURES: readonly string[] = [
  ...new Set([
    "Podcast & Streaming Impressions",
    "Alpha Views",
    "Beta Impressions",
    "Gamma Video Impressions",
    "Alpha Engaged Views",
    "Delivered Contracted Impressions",
    "Impressions",
    "Reach",
    "Clicks",
    "Visits",
    "Promo codes",
    "Spend",
    "Incremental Revenue",
    "Incremental Revenue Modeled",
    ...MODELED_BASES.flatMap((k) => [k, `${k} Modeled`]),
    ...INCREMENTAL_ACTIONS.flatMap((a) => ["", " Modeled"].flatMap((suffix) => incrementalKeys(a, suffix))),
  ]),
];
/** A measure's index in a campaign-day's values. */
export const M: Readonly<Record<string, number>> = Object.fromEntries(MEASURES.map((k, i) => [k, i]));
/** Measures that are counts: rounded to whole numbers where rows are cut (money is not). */
export const COUNT: readonly boolean[] = MEASURES.map((k) => !/Revenue|Spend/.test(k));

const MODELED = MODELED_BASES.map((k) => [M[k], M[`${k} Modeled`]] as const);
const INCREMENTAL = INCREMENTAL_ACTIONS.map((action) => ({
  action,
  keys: ["", " Modeled"].map((suffix) => incrementalKeys(action, suffix).map((k) => M[k])),
}));

interface CampaignConstants {
  visitRate: number;
  aov: number;
}
const constants = new Map<string, CampaignConstants>();
function constantsOf(c: Campaign): CampaignConstants {
  let k = constants.get(c.id);
  if (!k) {
    const cr = rng(hash(`rates|${c.id}`));
    constants.set(c.id, (k = { visitRate: 0.002 + cr() * 0.004, aov: 40 + cr() * 120 }));
  }
  return k;
}

/** One campaign-day: real-valued measures, rounded only where rows are cut (geo cells, buckets). */
export interface Day {
  campaign: Campaign;
  day: number;
  /** Every measure, by its index in MEASURES (M gives the index of a name). */
  m: Float64Array;
  /** Spend is not calculated (an Alpha-only campaign without includeYtSpend). */
  spendMissing: boolean;
}

export interface Rates {
  campaign: number;
  channel: number;
  autoServe: number | null;
}
const ratesCache = new Map<string, Rates>();

/** Incrementality rates of a campaign for an action: its own, its channel's, and AutoServe's. */
export function incrementalRates(c: Campaign, action: string): Rates {
  const key = `${c.id}|${action}`;
  let rates = ratesCache.get(key);
  if (!rates) {
    const r = rng(hash(`inc|${c.id}|${action}`));
    const channel = rng(hash(`inc|${c.advertiser}|${channelOf(c)}|${action}`))();
    rates = {
      campaign: 0.12 + r() * 0.3,
      channel: 0.1 + channel * 0.25,
      autoServe: c.autoServe ? 0.2 + r() * 0.3 : null,
    };
    ratesCache.set(key, rates);
  }
  return rates;
}

const campaignRates = new WeakMap<Campaign, Rates[]>();

/** The rates of every incremental action of a campaign, in INCREMENTAL_ACTIONS order. */
function ratesOf(c: Campaign): Rates[] {
  let rates = campaignRates.get(c);
  if (!rates) campaignRates.set(c, (rates = INCREMENTAL_ACTIONS.map((a) => incrementalRates(c, a))));
  return rates;
}

/** The incrementality channel a campaign counts in (the spec's examples: podcast, streaming). */
export function channelOf(c: Campaign): "podcast" | "streaming" {
  return c.mediaType === "streaming" ? "streaming" : "podcast";
}

export function displayRate(rates: Rates, type: DisplayType): number {
  if (type === "campaign") return rates.campaign;
  if (type === "channel") return rates.channel;
  const fallback = type === "auto_serve_or_campaign" ? rates.campaign : rates.channel;
  return rates.autoServe ?? fallback;
}

/** How the attribution model shares credit: "first" favours early flights, "last" late ones. */
function modelFactor(model: string, c: Campaign): number {
  const lateness = (c.start - Date.UTC(2026, 0, 1)) / (60 * DAY) - 0.5;
  if (model === "first") return 1 - 0.4 * lateness;
  if (model === "last") return 1 + 0.4 * lateness;
  if (model === "multi_linear") return 1;
  return 1 + 0.2 * lateness;
}

const PRESET: Record<string, number> = { any: 1, all: 0.85, none: 0.7 };

const publishCache = new WeakMap<World, Map<string, number[]>>();

/** Publish days of the episodes of the campaign's show that carry a baked-in ad (from the air date on). */
function publishDays(world: World, c: Campaign): number[] {
  let byCampaign = publishCache.get(world);
  if (!byCampaign) publishCache.set(world, (byCampaign = new Map()));
  let days = byCampaign.get(c.id);
  if (!days) {
    days = world
      .episodes(world.shows[c.showIndex])
      .map((e) => Math.floor(Date.parse(e.uploadedAt) / DAY) * DAY)
      .filter((t) => t >= c.airDate && t <= c.end);
    byCampaign.set(c.id, days);
  }
  return days;
}

/** Spend of a baked-in flight on a day: its cost split over the episodes that carry the ad. */
function bakedInSpend(world: World, c: Campaign, day: number, s: Settings): number {
  const days = publishDays(world, c);
  if (!days.length || c.cost === null) return 0;
  const perEpisode = c.cost / days.length;
  // spendOnPublishDate: the episode's share lands on its publish day; otherwise it is prorated over
  // the episode's first 30 days (the spec: by impression delivery over the first 30 days).
  let episodes = 0;
  for (const t of days) if (s.spendOnPublishDate ? t === day : t <= day && day - t < 30 * DAY) episodes++;
  return (s.spendOnPublishDate ? perEpisode : perEpisode / 30) * episodes;
}

/**
 * The day's impressions on each platform the campaign runs on: a share of the show's audience, with
 * one draw of r per platform delivered (none before a baked-in air date), in this order.
 */
function platformImpressions(world: World, c: Campaign, day: number, r: () => number): PlatformImpressions {
  const show = world.shows[c.showIndex];
  const live = day >= (c.type === "baked-in" ? c.airDate : c.start) && day <= c.end;
  const perDay = (share: number) =>
    live ? ((show.audience * share) / EPISODE_EVERY_DAYS) * c.fill * (0.7 + 0.6 * r()) : 0;
  const video = c.mediaType === "simulcast" || c.mediaType === "alpha";
  const podcast = c.mediaType === "alpha" ? 0 : perDay(show.mix.podcast);
  const alpha = video ? perDay(show.mix.alpha) : 0;
  const beta = c.mediaType === "simulcast" ? perDay(show.mix.beta) : 0;
  const gamma = c.mediaType === "simulcast" ? perDay(show.mix.gamma) : 0;
  return { podcast, alpha, beta, gamma };
}

/** How much of the exposed audience the attribution settings count as visitors (1 at the defaults' shape). */
function attributionFactor(c: Campaign, s: Settings): number {
  const window =
    c.mediaType === "streaming" ? s.streamingWindow : c.mediaType === "sai" ? s.saiWindow : s.window;
  return (
    windowFactor(window) *
    modelFactor(s.model, c) *
    (PRESET[s.preset] ?? 1) *
    Math.max(0.5, 1 + 0.02 * (24 - s.excluded)) *
    (s.timeRangeConv ? (s.timeRangeConvWithWindow ? 0.9 : 0.75) : 1)
  );
}

/** The day's visitors: podcast listeners and the simulcasts counted (by weight), with one draw of r. */
function visitorsOf(c: Campaign, p: PlatformImpressions, s: Settings, r: () => number): number {
  const { visitRate } = constantsOf(c);
  const exposed =
    p.podcast * visitRate +
    (s.ytConv ? p.alpha * visitRate * s.ytWeight : 0) +
    (s.rConv ? p.beta * visitRate * s.rWeight : 0) +
    (s.svConv ? p.gamma * visitRate * s.svWeight : 0);
  return exposed * attributionFactor(c, s) * (s.excludePriorVisitors ? 0.85 : 1) * (0.8 + 0.4 * r());
}

/** Impressions, reach and clicks (one draw of r, for reach). */
function setDelivery(m: Float64Array, p: PlatformImpressions, r: () => number): void {
  const impressions = p.podcast + p.alpha + p.beta + p.gamma;
  m[M["Podcast & Streaming Impressions"]] = p.podcast;
  m[M["Alpha Views"]] = p.alpha;
  m[M["Beta Impressions"]] = p.beta;
  m[M["Gamma Video Impressions"]] = p.gamma;
  m[M["Alpha Engaged Views"]] = p.alpha * 0.6;
  m[M["Delivered Contracted Impressions"]] = p.podcast;
  m[M.Impressions] = impressions;
  m[M.Reach] = impressions / (1.3 + 0.5 * r());
  m[M.Clicks] = impressions * 0.0008;
}

/** Visitors, visits (one draw of r), the actions they take, purchases online and offline, and revenue. */
function setConversions(m: Float64Array, c: Campaign, visitors: number, s: Settings, r: () => number): void {
  const { aov } = constantsOf(c);
  const online = visitors * ACTIONS.Purchases * (s.excludePriorCustomers ? 0.8 : 1);
  const offline = s.modelOffline ? online * 0.2 : 0;
  const revenueBoost = s.useNonPurchasesRevenue ? 1.12 : 1;
  m[M.Visitors] = visitors;
  m[M.Visits] = visitors * (1.2 + 0.4 * r());
  m[M.Leads] = visitors * ACTIONS.Leads;
  m[M.Installs] = visitors * ACTIONS.Installs;
  m[M.Signups] = visitors * ACTIONS.Signups;
  m[M["Online Purchases"]] = online;
  m[M["Offline Purchases"]] = offline;
  m[M.Purchases] = online + offline;
  m[M["Online Revenue"]] = online * aov * revenueBoost;
  m[M["Offline Revenue"]] = offline * aov;
  m[M.Revenue] = (online + offline) * aov * revenueBoost;
  m[M["Promo codes"]] = (online + offline) * 0.3;
  for (const [action, share] of Object.entries(CUSTOM_ACTIONS)) m[M[action]] = visitors * share;
}

/** Downloads the ads drove, and the new devices and subscribers among them. */
function setDownloads(m: Float64Array, podcast: number): void {
  const downloads = (m[M.Downloads] = podcast * 0.004);
  m[M["New Downloads"]] = downloads * 0.6;
  const subscriberDownloads = (m[M["New Subscriber Downloads"]] = downloads * 0.35);
  m[M["New Subscribers"]] = subscriberDownloads * 0.7;
  const converted = (m[M["Converted Devices"]] = downloads * 0.25);
  m[M["New Conversions"]] = converted * 0.5;
}

/** The modeled measures, then the incremental shares of every action (of the measures set before). */
function setModeledAndIncremental(m: Float64Array, c: Campaign, s: Settings): void {
  const modeled = s.modelPublicSpaceIps ? 1.35 : 1.1;
  for (const [k, modeledKey] of MODELED) m[modeledKey] = m[k] * modeled;
  // Incremental shares: at the display level, at campaign level and at channel level.
  const allRates = ratesOf(c);
  for (let a = 0; a < INCREMENTAL.length; a++) {
    const { keys } = INCREMENTAL[a];
    const rates = allRates[a];
    const shown = displayRate(rates, s.displayType);
    for (const [base, inc, campaign, channel] of keys) {
      m[inc] = m[base] * shown;
      m[campaign] = m[base] * rates.campaign;
      m[channel] = m[base] * rates.channel;
    }
  }
  const purchaseRate = displayRate(allRates[INCREMENTAL_ACTIONS.indexOf("Purchases")], s.displayType);
  m[M["Incremental Revenue"]] = m[M.Revenue] * purchaseRate;
  m[M["Incremental Revenue Modeled"]] = m[M["Revenue Modeled"]] * purchaseRate;
}

/**
 * The last 3 days of the world (its today and the two before) are estimates, as the spec says of the
 * service ("the last 3 days may contain estimates"): their Alpha engaged views are the typical share
 * of views, before the platform's own analytics arrive (0.5, where a settled day has 0.6). The pane
 * warns of them (src/taskpane/reportAdvice.ts); sandbox/README.md lists it.
 */
const ESTIMATED_DAYS = 3;
const ESTIMATED_ENGAGED_SHARE = 0.5;

/**
 * The measures of a campaign on a day in its flight (zero delivery before a baked-in air date; a
 * campaign created through the service: bookedDelivery.ts). The day's generator is drawn in a fixed
 * order: platforms, visitors, reach, visits.
 */
export function campaignDay(world: World, c: Campaign, day: number, s: Settings): Day {
  const r = rng(hash(`day|${c.booking?.seed ?? c.id}|${day}`));
  const p = c.booking ? bookedImpressions(world, c, day, r) : platformImpressions(world, c, day, r);
  const visitors = visitorsOf(c, p, s, r);
  const m = new Float64Array(MEASURES.length);
  setDelivery(m, p, r);
  setConversions(m, c, visitors, s, r);
  setDownloads(m, p.podcast);
  setModeledAndIncremental(m, c, s);
  if (day > world.newestEpisode - ESTIMATED_DAYS * DAY)
    m[M["Alpha Engaged Views"]] = p.alpha * ESTIMATED_ENGAGED_SHARE;
  const spendMissing = c.mediaType === "alpha" && !s.includeYtSpend;
  const paid = p.podcast + p.beta + p.gamma + (s.includeYtSpend ? p.alpha : 0);
  m[M.Spend] = spendMissing
    ? 0
    : c.type === "dai"
      ? (paid * c.cpm) / 1000
      : c.booking
        ? bookedBakedInSpend(world, c, day, s.spendOnPublishDate)
        : bakedInSpend(world, c, day, s);
  return { campaign: c, day, m, spendMissing };
}
