/**
 * The column catalogue: the kind of every column the spec lists for each report CSV. Columns the
 * catalogue does not know (custom actions, renamed headers) are typed by inference from their values.
 */
import type { ReportKind } from "../schemas";
import type { ColumnKind } from "../table";

type Catalogue = Record<string, ColumnKind>;

function kinds(kind: ColumnKind, names: string[]): Catalogue {
  return Object.fromEntries(names.map((n) => [n, kind]));
}

const CONVERSIONS = ["Visitors", "Visits", "Leads", "Installs", "Signups", "Purchases"];
const DOWNLOADS = [
  "Downloads",
  "New Downloads",
  "New Subscriber Downloads",
  "New Subscribers",
  "Converted Devices",
  "New Conversions",
];

const IMPRESSIONS: Catalogue = {
  ...kinds("date", [
    "Week",
    "Day",
    "Month",
    "Publish Date",
    "Campaign Start Date",
    "Campaign Expected Date",
    "Campaign End Date",
  ]),
  ...kinds("currency", [
    "Spend",
    "eCPM",
    "CPM",
    "CPA",
    "Revenue",
    "Revenue Modeled",
    "Campaign Spend",
    "AOV",
    "AOV Modeled",
    "Offline Revenue",
    "Online Revenue",
    "Offline Revenue Modeled",
    "Online Revenue Modeled",
    "Incremental Revenue",
    "Incremental Revenue Modeled",
    ...["Visitor", "Lead", "Install", "Signup", "Purchase"].flatMap((x) => [
      `Cost Per ${x}`,
      `Cost Per ${x} Modeled`,
      `Cost Per Incremental ${x}`,
      `Cost Per Incremental ${x} Modeled`,
    ]),
  ]),
  ...kinds("number", [
    "ROAS",
    "ROAS Modeled",
    "Incremental ROAS",
    "Incremental ROAS Modeled",
    "Frequency",
    ...CONVERSIONS.map((c) => `${c} Modeled`),
    ...DOWNLOADS.map((d) => `${d} Modeled`),
    "Offline Purchases Modeled",
    "Online Purchases Modeled",
    "Downloads Incremental Modeled",
  ]),
  ...kinds("integer", [
    "Podcast & Streaming Impressions",
    "Alpha Views",
    "Reach",
    ...CONVERSIONS,
    ...DOWNLOADS,
    "Promo codes",
    "Clicks",
    "Beta Impressions",
    "Gamma Video Impressions",
    "Episode ID",
    "Show ID",
    "Expected Impressions",
    "Delivered Contracted Impressions",
    "Alpha Engaged Views",
    "Offline Purchases",
    "Online Purchases",
    "Downloads Incremental",
  ]),
  ...kinds("text", [
    "Advertiser",
    "Media Type",
    "Type",
    "Tags",
    "Publisher",
    "Campaign",
    "Show",
    "Episode",
    "Campaign ID",
    "Campaign Internal ID",
    "Service Campaign ID",
    "Publisher ID",
    "Product",
    "Initiative",
    "Business Line",
    "Episode GUID",
    "Campaign & Initiative",
    "Campaign Promo",
    "Campaign Geo",
    "Incrementality Source",
    "AdserverX Campaign ID",
    "Genre",
    "Episode Duration",
    "Ad Servers",
    "Directory ID",
    "Alpha Channel / Playlist ID",
    "Campaign Unit",
    "Campaign Creatives",
    "Advertiser Industry",
    "Bill To",
    "Campaign Delivery Issues",
    "Campaign Placement Issues",
    "Geo",
    "Country",
    "DMA Code",
  ]),
};

const AUDIENCE: Catalogue = {
  ...kinds("text", ["Series", "Episode", "Length"]),
  uploadedAt: "date",
  avgFrequency: "number",
  ...kinds("integer", [
    "Total Impressions",
    "RSS Impressions",
    "Alpha Impressions",
    "Beta Impressions",
    "Gamma Impressions",
    "reach",
    "ads",
    "Alpha Engaged Impressions",
    ...["d15", "d30", "d45", "d60"].flatMap((d) => [d, `${d} Alpha`, `${d} Beta`, `${d} Gamma`]),
  ]),
};

const LAG: Catalogue = { Action: "text", "Object ID": "text" };

const RESPONSES = [
  ["Clicks", "Clicks %", "Cost Per Click"],
  ["Visitors", "Visitor %", "Cost Per Visitor"],
  ["Visits", "Visit %", "Cost Per Visit"],
  ["Installs", "Install %", "Cost Per Install"],
  ["Signups", "Signup %", "Cost Per Signup"],
  ["Leads", "Lead %", "Cost Per Lead"],
  ["Convs.", "Conv. %", "Cost Per Conversion"],
];

const CAMPAIGNS_PERFORMANCE: Catalogue = {
  ...kinds("text", [
    "Advertiser",
    "Publisher",
    "Campaign",
    "Podcast",
    "Tags",
    "Geo",
    "Category",
    "Unit",
    "Campaign Id",
    "Media Type",
    "Initiative",
    "Product",
    "Business Line",
    "Bill To",
    "Bill to Publisher",
    "Promo",
    "UTM Source",
    "UTM Medium",
    "Ad Server",
    "Comments",
    "Status",
    "Impressions Source",
    "Filtered Resolved Status",
    "Resolved Status",
    "DAI Impression Pixel",
    "DAI Impression Pixel by Creative",
    "AutoServe Ad Server",
    "AutoServe Creative",
    "AutoServe Creative Source URL",
    "AutoServe Targeting Profile",
    "AutoServe Banner Name",
    "AutoServe Banner Source URL",
  ]),
  // "Expected" (a baked-in flight's expected air date) and "CPM" ("$21.79") come as strings
  // (documentation: "CPM (string)"); read as a date and as money where they read so, any other text
  // stays text (docs/service.md), so a planner's =MAX(T[CPM]) and date filters work.
  ...kinds("date", ["Start date", "End date", "Air Date", "Expected"]),
  "Synced At": "datetime",
  ...kinds("url", ["Vanity URL", "Expected landing URL", "AutoServe Clickthrough URL", "AutoServe VAST URL"]),
  ...kinds("integer", [
    "Expected Impressions",
    "Ads",
    "Impressions",
    "Podcast Downloads",
    "Alpha Views",
    "Beta Views",
    "Gamma Video Streams",
    "Radio Impressions",
    "7d Impressions",
    "15d Impressions",
    "30d Impressions",
    "45d Impressions",
    "60d Impressions",
    "Reach",
    "Downloads",
    "New Converted Devices",
    "New Device Downloads",
    "New Subscriber Downloads",
    "New Subscribers",
    ...RESPONSES.map((r) => r[0]),
  ]),
  ...kinds("currency", [
    "Spend",
    "CPM",
    "Revenue",
    "CPA",
    "Computed CPA",
    "Cost Per Download",
    "Cost Per New Converted Device",
    "Cost Per New Device Download",
    "Cost Per New Subscriber",
    ...RESPONSES.map((r) => r[2]),
  ]),
  ...kinds("percent", [
    ...RESPONSES.map((r) => r[1]),
    "New Converted Device %",
    "New Subscribers %",
    "% of impressions to listeners with frequency 15+",
    "% of listeners with frequency 15+",
  ]),
  ...kinds("number", ["Freq", "ROAS"]),
  "Prefix placed": "boolean",
  ...kinds("json", [
    "Airchecks",
    "Ads (JSON)",
    "AutoServe Campaign Settings",
    "AutoServe Targeting Profile Settings",
  ]),
};

const SPEND_BY_DAY: Catalogue = {
  Day: "datetime",
  Advertiser: "text",
  "Estimated Spend": "currency",
  "Read By": "text",
};
/** In the spec's column order. */
const SPEND_BY_SHOW: Catalogue = {
  Day: "datetime",
  Advertiser: "text",
  Show: "text",
  "Estimated Spend": "currency",
  Transcript: "url",
  Ads: "integer",
  Episodes: "integer",
  Genres: "text",
  "Read By": "text",
};
const LISTENERS: Catalogue = { "User Id": "text", Frequency: "integer" };

export const REPORT_COLUMNS: Record<ReportKind, Catalogue> = {
  impressions: IMPRESSIONS,
  audience: AUDIENCE,
  lag: LAG,
  campaignsPerformance: CAMPAIGNS_PERFORMANCE,
  estimatedSpendByDay: SPEND_BY_DAY,
  estimatedSpendByShowByDay: SPEND_BY_SHOW,
  impressionListeners: LISTENERS,
};

/** Pattern rules for families of columns the spec describes by shape rather than by name. */
const PATTERNS: Partial<Record<ReportKind, [RegExp, ColumnKind][]>> = {
  impressions: [
    [/ %$/, "percent"],
    [/Confidence Interval/, "number"],
    [/^Incremental .+ Modeled$/, "number"],
    [/^Incremental /, "number"],
    [/^Extra DAI Impression Pixel/, "text"],
  ],
  lag: [[/^Day \d+$/, "number"]],
  campaignsPerformance: [[/^Extra DAI Impression Pixel by Creative/, "text"]],
};

/** The catalogued kind of a column, or undefined when it must be inferred. */
export function catalogueKind(kind: ReportKind | null, column: string): ColumnKind | undefined {
  if (!kind) return undefined;
  // Own names only: a column called "constructor" or "__proto__" is no catalogued kind.
  const catalogue = REPORT_COLUMNS[kind];
  if (Object.hasOwn(catalogue, column)) return catalogue[column];
  return PATTERNS[kind]?.find(([re]) => re.test(column))?.[1];
}
