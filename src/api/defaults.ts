/**
 * The service's documented defaults, as data for the UI to show. The client never sends them: the
 * service applies its own. Where the spec's two variants disagree, both are given (V1 / V2).
 * Impressions: V1 = Day/Week variant, V2 = By Campaign variant. Lag: V1 = Lag Report, V2 = Lag.
 */
import type { ReportKind } from "./schemas/reportKinds";

type DefaultValue = string | number | boolean;

export interface DocumentedDefault {
  /** The default when both variants agree. */
  value?: DefaultValue;
  /** Where the variants disagree. */
  v1?: DefaultValue;
  v2?: DefaultValue;
  /** Short explanation shown beside the field. */
  note: string;
}

export const SHARED_SETTING_DEFAULTS: Record<string, DocumentedDefault> = {
  startDate: { value: "3 months ago", note: "Lag also accepts a timestamp." },
  endDate: { value: "one week forward", note: "Lag also accepts a timestamp." },
  advertiser: {
    value: "all of your advertisers",
    note: "Lag: required; some versions of the service take exactly one name.",
  },
  ytSimulcastConv: {
    value: true,
    note: "Apply simulcast audio conversion rate to Alpha views. Some versions of the lag report ignore it.",
  },
  rSimulcastConv: { v1: false, v2: true, note: "Same for Beta. Some versions of the lag report ignore it." },
  svSimulcastConv: {
    v1: false,
    v2: true,
    note: "Same for Gamma video. Some versions of the lag report ignore it.",
  },
  ytSimulcastConvWeight: { value: 1, note: "A settings profile can override it." },
  rSimulcastConvWeight: { v1: 1, v2: 0.7, note: "A settings profile can override it." },
  svSimulcastConvWeight: { v1: 1, v2: 0.7, note: "A settings profile can override it." },
  includeYtSpend: {
    value: false,
    note: "When off, no spend for Alpha-only and Alpha-views-only simulcast campaigns.",
  },
  spendOnPublishDate: {
    value: true,
    note: "Off prorates baked-in spend over impression delivery in the first 30 days.",
  },
  useSettingsProfiles: {
    value: false,
    note: "Use the advertiser's settings profile; sent parameters still win.",
  },
  attributionWindow: { value: 30, note: "Days between conversion and touch." },
  attributionStreamingWindow: { value: 14, note: "Same for streaming." },
  attributionSaiWindow: { v1: 14, v2: 30, note: "Same for SAI." },
  attributionModel: {
    value: "multi_timedecay",
    note: "How credit is shared among the touches before a conversion.",
  },
  attributionPreset: {
    value: "any",
    note: "Device-graph preset; when omitted resolved per advertiser (mostly any).",
  },
  excludeReferrers: { value: "email + 4 social networks", note: "5 entries by default." },
  excludeUtmMediums: { value: "10 entries", note: "email, sms, social and seven others." },
  excludeUtmSources: { value: "9 entries", note: "email and eight others." },
  excludePriorCustomers: { value: false, note: "Exclude prior customers." },
  excludePriorVisitors: { value: false, note: "Exclude prior visitors." },
  showIncrementalResults: {
    value: false,
    note: "Adds incremental columns (lag: day columns show incremental actions).",
  },
  incrementalDisplayType: {
    v1: "channel",
    v2: "auto_serve_or_channel",
    note: "Some versions of the service accept only channel or campaign.",
  },
  timeRangeConv: { value: false, note: "Keep only conversions from impressions in the report range." },
  timeRangeConvWithWindow: {
    value: false,
    note: "With Only conversions in range: conversions may extend through the window after the end date.",
  },
  useNonPurchasesRevenue: {
    value: false,
    note: "Include revenue of custom events with an order value above zero.",
  },
  campaignTags: { value: "no filter", note: "Filter campaigns by tags." },
  campaignTagsExclude: { value: false, note: "Exclude the campaigns matching the campaign tags instead." },
};

export const IMPRESSIONS_DEFAULTS: Record<string, DocumentedDefault> = {
  fields: { value: "every column not excluded by default", note: "Exact header names, in order." },
  timeGrouping: { value: "day", note: "all, day, week or month." },
  geoGrouping: { value: "none", note: "Disables Alpha modeling and Incrementality Source." },
  weekStartsOn: { value: "monday", note: "monday or sunday." },
  incCiCertainty: { value: 95, note: "1 to 99; needs Show incremental results." },
  aggregateEpisodicBuysPerShow: { value: false, note: "One row per show instead of per episode." },
  skipCampaignTransliteration: { value: false, note: "Keep Unicode in Campaign columns." },
  modelPublicSpaceIps: { value: true, note: "Off rests results on Alpha only." },
  modelOffline: { value: "not shown", note: "Include offline modeling." },
  "formatting.numberFormatting": { value: false, note: "Smart-format currency, percentages and thousands." },
  "formatting.summary": { value: false, note: "Summary block above the table." },
  "formatting.totals": { value: false, note: "Totals row at the bottom (reach is computed, not summed)." },
};

/** The date range a report covers when no dates are sent; null where the spec gives none. */
export interface DateDefaults {
  startDate: DocumentedDefault;
  endDate: DocumentedDefault;
}

const THREE_MONTHS_TO_A_WEEK_AHEAD: DateDefaults = {
  startDate: { value: "3 months ago", note: "" },
  endDate: { value: "one week forward", note: "" },
};

export const REPORT_DATE_DEFAULTS: Record<ReportKind, DateDefaults | null> = {
  impressions: THREE_MONTHS_TO_A_WEEK_AHEAD,
  // The spec gives the audience report no date defaults.
  audience: null,
  lag: THREE_MONTHS_TO_A_WEEK_AHEAD,
  campaignsPerformance: THREE_MONTHS_TO_A_WEEK_AHEAD,
  estimatedSpendByDay: {
    startDate: { value: "12 months ago", note: "" },
    endDate: {
      v1: "today",
      v2: "one week from today",
      note: "The two variants of the by-day endpoint disagree.",
    },
  },
  estimatedSpendByShowByDay: {
    startDate: { value: "12 months ago", note: "" },
    endDate: { value: "one week from today", note: "" },
  },
  impressionListeners: null,
};

export const OTHER_DEFAULTS = {
  individualAds: {
    startDate: { value: "24 months ago", note: "" },
    endDate: { value: "today", note: "" },
    limit: { value: 500, note: "1 to 1000 rows a request." },
    offset: { value: 0, note: "0 to 1,000,000." },
  },
  search: {
    timeFrame: { value: 31, note: "Days to look back." },
    exact: { value: false, note: "" },
    transcriptOnly: { value: false, note: "" },
    excludeAds: { value: false, note: "" },
  },
  showInfo: {
    episodesPageSize: { value: 25, note: "1 to 100; 25 when only the page index is sent." },
    months: { value: 1, note: "1 to 3; only with net new reach advertisers." },
  },
  incrementality: {
    incCiCertainty: { value: 95, note: "1 to 99; higher is wider." },
    startDate: { value: "3 months ago", note: "" },
    endDate: { value: "one week from today", note: "" },
  },
  campaign: {
    currency: { value: "USD", note: "" },
    geo: { value: "GLOBAL", note: "" },
    mediaType: { value: "podcast", note: "" },
    billToPublisher: { value: false, note: "" },
  },
} satisfies Record<string, Record<string, DocumentedDefault>>;

export interface FieldGroup {
  label: string;
  fields: string[];
}

const CONV = ["Visitors", "Visits", "Leads", "Installs", "Signups", "Purchases"];
const DL = [
  "Downloads",
  "New Downloads",
  "New Subscriber Downloads",
  "New Subscribers",
  "Converted Devices",
  "New Conversions",
];
const INC = ["Visitors", "Leads", "Installs", "Signups", "Purchases", "Visits"];

const IMPRESSIONS_GEO_FIELDS = ["Geo", "Country", "DMA Code"];

/** The spec's incrementality columns (V2 only; controlled by showIncrementalResults). */
export const IMPRESSIONS_INCREMENTAL_FIELDS = [
  ...INC.flatMap((x) => [
    `Incremental ${x}`,
    `Incremental ${x} %`,
    `Incremental ${x} Modeled`,
    `Incremental ${x} Modeled %`,
    `${x} Campaign Incremental %`,
    `${x} Channel Incremental %`,
  ]),
  "Incremental Revenue",
  "Incremental Revenue Modeled",
  "Downloads Incremental",
  "Downloads Incremental Modeled",
  "Downloads Campaign Incremental %",
  "Downloads Channel Incremental %",
  ...["Visitor", "Lead", "Install", "Signup", "Purchase"].flatMap((x) => [
    `Cost Per Incremental ${x}`,
    `Cost Per Incremental ${x} Modeled`,
  ]),
  "Incremental ROAS",
  "Incremental ROAS Modeled",
];

/** The spec's confidence-interval columns (V2 only). */
export const IMPRESSIONS_CI_FIELDS = [
  "Visits",
  "Visitors",
  "Signups",
  "Purchases",
  "Installs",
  "Leads",
  "Downloads",
  "Conversions",
].flatMap((x) => [
  `${x} Campaign Confidence Interval (+/- range)`,
  `${x} Channel Confidence Interval (+/- range)`,
]);

/** Default columns of the impressions report, in order (Service Campaign ID is V1 only). */
export const IMPRESSIONS_DEFAULT_FIELDS = [
  "Week",
  "Day",
  "Advertiser",
  "Media Type",
  "Type",
  "Tags",
  "Spend",
  "Publisher",
  "Campaign",
  "Show",
  "Episode",
  "Publish Date",
  "Podcast & Streaming Impressions",
  "Alpha Views",
  "Reach",
  ...CONV,
  "Revenue",
  ...CONV.map((c) => `${c} Modeled`),
  "Revenue Modeled",
  "Promo codes",
  "Clicks",
  "Campaign ID",
  "Campaign Internal ID",
  "Service Campaign ID",
  "Publisher ID",
  "Product",
  "Initiative",
  "Business Line",
  "Beta Impressions",
  "Gamma Video Impressions",
  "Episode GUID",
  "Campaign & Initiative",
  "Campaign Promo",
  "Campaign Start Date",
  "Campaign Expected Date",
  "Campaign End Date",
];

/** The allowed values of `fields`, grouped as the spec groups them. */
export const IMPRESSIONS_FIELD_GROUPS: FieldGroup[] = [
  {
    label: "Conversion metrics",
    fields: CONV.flatMap((c) => [c, `${c} %`, `${c} Modeled`, `${c} Modeled %`]),
  },
  { label: "Download metrics", fields: DL.flatMap((d) => [d, `${d} Modeled`]) },
  {
    label: "Ratios",
    fields: [
      "ROAS",
      "ROAS Modeled",
      "AOV",
      "AOV Modeled",
      ...["Visitor", "Lead", "Install", "Signup", "Purchase"].flatMap((x) => [
        `Cost Per ${x}`,
        `Cost Per ${x} Modeled`,
      ]),
    ],
  },
  {
    label: "Dimensions and totals",
    fields: [
      "Week",
      "Day",
      "Month",
      "Advertiser",
      "Media Type",
      "Type",
      "Tags",
      "Spend",
      "eCPM",
      "CPM",
      "CPA",
      "Publisher",
      "Campaign",
      "Show",
      "Show ID",
      "Genre",
      "Episode",
      "Episode Duration",
      "Ad Servers",
      "AdserverX Campaign ID",
      "Episode ID",
      "Publish Date",
      "Podcast & Streaming Impressions",
      "Delivered Contracted Impressions",
      "Alpha Views",
      "Reach",
      "Frequency",
      "Revenue",
      "Revenue Modeled",
      "Promo codes",
      "Clicks",
      "Campaign ID",
      "Directory ID",
      "Alpha Channel / Playlist ID",
      "Campaign Internal ID",
      "Service Campaign ID",
      "Publisher ID",
      "Product",
      "Initiative",
      "Business Line",
      "Beta Impressions",
      "Gamma Video Impressions",
      "Episode GUID",
      "Campaign & Initiative",
      "Campaign Geo",
      "Incrementality Source",
      "Campaign Promo",
      "Campaign Unit",
      "Campaign Spend",
      "Expected Impressions",
      "Campaign Creatives",
      "Campaign Start Date",
      "Campaign Expected Date",
      "Campaign End Date",
      "Advertiser Industry",
      "Offline Purchases",
      "Online Purchases",
      "Offline Purchases Modeled",
      "Online Purchases Modeled",
      "Offline Revenue",
      "Online Revenue",
      "Offline Revenue Modeled",
      "Online Revenue Modeled",
      "Bill To",
      "Campaign Delivery Issues",
      "Campaign Placement Issues",
      "Alpha Engaged Views",
    ],
  },
  { label: "Geo columns", fields: IMPRESSIONS_GEO_FIELDS },
  { label: "Incrementality (newer versions of the service)", fields: IMPRESSIONS_INCREMENTAL_FIELDS },
  { label: "Confidence intervals (newer versions of the service)", fields: IMPRESSIONS_CI_FIELDS },
];
