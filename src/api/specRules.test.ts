/**
 * The client refuses exactly what the spec refuses. One table over every request rule: each case
 * quotes the spec's words it rests on, and is either refused before any request (RequestValidationError
 * naming the field) or sent as the spec allows (what the spec leaves open, or says is ignored, is not
 * refused). Readings the spec does not state as rules are held elsewhere: the campaign plan's
 * Validate (campaignRules, which the sandbox applies too) and the forms' warnings; not here.
 */
import { AdsClient } from "./client";
import { RequestValidationError } from "./errors";
import { agentRunStartRequestSchema, type CampaignRequest } from "./schemas";
import { fakeFetch, json, type RecordedCall } from "./testing/fakeFetch";

const TASK = { id: "0b7e4a7e-6f53-4c1f-9d59-0c4f0e6a8a11", status: "pending", url: null };

/** A valid answer for whatever endpoint was called, so accepted requests complete. */
function answer(call: RecordedCall): Response {
  const p = new URL(call.url).pathname;
  if (p.includes("/series/episodes/")) return json(200, { serviceSeriesId: 1, title: "Show" });
  if (p.endsWith("/episode/search")) return json(200, { data: [] });
  if (p.endsWith("/individual-ads"))
    return json(200, { headers: [], data: [], pagination: { limit: 1, offset: 0, total: 0 } });
  if (p.endsWith("/incrementality")) return json(200, []);
  if (p.endsWith("/campaign")) return json(200, { campaigns: [{ id: "c-1", externalId: null }] });
  if (p.endsWith("/advertisers")) return json(200, { advertiserName: "A", lookupName: "a" });
  if (p.endsWith("/invite")) return json(200, { message: "sent" });
  if (p.includes("/ai-chat/agents/")) return json(202, { runId: 1, status: "processing" });
  return json(200, TASK);
}

type Call = (c: AdsClient) => Promise<unknown>;
interface Sent {
  body: Record<string, unknown>;
  query: Record<string, string[]>;
  path: string;
}
type Rule =
  | { name: string; spec: string; call: Call; refused: string; message: RegExp }
  | { name: string; spec: string; call: Call; sent: (s: Sent) => void };

const campaign = (over: Partial<CampaignRequest> = {}): CampaignRequest => ({
  name: "Spring",
  advertiser: "Acme",
  publisher: "pub",
  type: "DAI",
  flights: [{ startDate: "2026-03-01", endDate: "2026-03-31" }],
  ...over,
});
const flight = (over: Record<string, unknown>) => campaign({ flights: [{ ...over }] });

const RULES: Rule[] = [
  // ---- shared settings (impressions and lag) ----
  {
    name: "startDate is a date",
    spec: "startDate | string (date)",
    call: (c) => c.reports.impressions({ startDate: "31/01/2024" }),
    refused: "startDate",
    message: /startDate must be a date/,
  },
  {
    name: "a range ends after it starts",
    spec: 'startDate "start of range"; endDate "end of range"',
    call: (c) => c.reports.campaignsPerformance({ startDate: "2024-02-01", endDate: "2024-01-01" }),
    refused: "endDate",
    message: /endDate must not be before startDate/,
  },
  {
    name: "advertiser is a list of names",
    spec: "advertiser | array of string | advertiser names",
    call: (c) => c.reports.impressions({ advertiser: [" "] }),
    refused: "advertiser[0]",
    message: /advertiser entries must not be empty/,
  },
  {
    name: "simulcast switches are booleans",
    spec: "ytSimulcastConv | boolean",
    call: (c) => c.reports.impressions({ ytSimulcastConv: "yes" as never }),
    refused: "ytSimulcastConv",
    message: /ytSimulcastConv must be true or false/,
  },
  {
    name: "weights are numbers",
    spec: "rSimulcastConvWeight | number",
    call: (c) => c.reports.impressions({ rSimulcastConvWeight: "0.7" as never }),
    refused: "rSimulcastConvWeight",
    message: /rSimulcastConvWeight must be a number/,
  },
  {
    name: "a negative weight or window is not refused (no rule given)",
    spec: "ytSimulcastConvWeight | number | default 1; attributionWindow | number | days between converted_at and touched_at",
    call: (c) => c.reports.impressions({ ytSimulcastConvWeight: -1, attributionWindow: -2 }),
    sent: ({ body }) => expect(body).toMatchObject({ ytSimulcastConvWeight: -1, attributionWindow: -2 }),
  },
  {
    name: "attributionModel",
    spec: "attributionModel | string | one of first, last, multi_linear, multi_timedecay",
    call: (c) => c.reports.impressions({ attributionModel: "linear" as never }),
    refused: "attributionModel",
    message: /attributionModel must be one of first, last, multi_linear, multi_timedecay/,
  },
  {
    name: "attributionPreset",
    spec: "attributionPreset | string | device-graph preset, one of any, all, none",
    call: (c) => c.reports.impressions({ attributionPreset: "some" as never }),
    refused: "attributionPreset",
    message: /attributionPreset must be one of any, all, none/,
  },
  {
    name: "incrementalDisplayType",
    spec: "V2: channel, campaign, auto_serve_or_channel, auto_serve_or_campaign",
    call: (c) => c.reports.impressions({ incrementalDisplayType: "publisher" as never }),
    refused: "incrementalDisplayType",
    message: /incrementalDisplayType must be one of channel, campaign/,
  },
  {
    name: "exclude lists are lists; an empty one is sent",
    spec: "excludeReferrers | array of string | default has 5 entries",
    call: (c) => c.reports.impressions({ excludeReferrers: [] }),
    sent: ({ body }) => expect(body.excludeReferrers).toEqual([]),
  },
  // ---- impressions ----
  {
    name: "name length",
    spec: "name | string | at most 255 characters",
    call: (c) => c.reports.impressions({ name: "x".repeat(256) }),
    refused: "name",
    message: /at most 255 characters/,
  },
  {
    name: "incCiCertainty range",
    spec: "incCiCertainty | integer | 1 to 99",
    call: (c) => c.reports.impressions({ showIncrementalResults: true, incCiCertainty: 100 }),
    refused: "incCiCertainty",
    message: /between 1 and 99/,
  },
  {
    name: "incCiCertainty needs showIncrementalResults",
    spec: "incCiCertainty … requires showIncrementalResults",
    call: (c) => c.reports.impressions({ incCiCertainty: 90 }),
    refused: "incCiCertainty",
    message: /requires showIncrementalResults/,
  },
  {
    name: "timeGrouping",
    spec: "timeGrouping | string | one of all, day, week, month",
    call: (c) => c.reports.impressions({ timeGrouping: "hour" as never }),
    refused: "timeGrouping",
    message: /timeGrouping must be one of all, day, week, month/,
  },
  {
    name: "geoGrouping",
    spec: "geoGrouping | string | one of country, zip, region, DMA",
    call: (c) => c.reports.impressions({ geoGrouping: "city" as never }),
    refused: "geoGrouping",
    message: /geoGrouping must be one of country, zip, region, DMA/,
  },
  {
    name: "weekStartsOn",
    spec: "weekStartsOn | string | monday or sunday",
    call: (c) => c.reports.impressions({ weekStartsOn: "friday" as never }),
    refused: "weekStartsOn",
    message: /weekStartsOn must be one of monday, sunday/,
  },
  {
    name: "formatting switches are booleans",
    spec: "formatting | object | … totals (boolean, default false …)",
    call: (c) => c.reports.impressions({ formatting: { totals: 1 as never } }),
    refused: "formatting.totals",
    message: /formatting.totals must be true or false/,
  },
  {
    name: "Geo needs geoGrouping",
    spec: "Geo, Country (both available when geoGrouping is set)",
    call: (c) => c.reports.impressions({ fields: ["Day", "Geo"] }),
    refused: "fields[1]",
    message: /Geo needs geoGrouping/,
  },
  {
    name: "DMA Code needs geoGrouping DMA",
    spec: "DMA Code (available when geoGrouping is DMA)",
    call: (c) => c.reports.impressions({ fields: ["DMA Code"], geoGrouping: "country" }),
    refused: "fields[0]",
    message: /DMA Code needs geoGrouping DMA/,
  },
  {
    name: "Incrementality Source needs showIncrementalResults",
    spec: "Incrementality Source … must be requested explicitly together with showIncrementalResults",
    call: (c) => c.reports.impressions({ fields: ["Incrementality Source"] }),
    refused: "fields[0]",
    message: /Incrementality Source needs showIncrementalResults/,
  },
  {
    name: "Incrementality Source is unavailable with geoGrouping",
    spec: "[Incrementality Source] is unavailable with geoGrouping",
    call: (c) =>
      c.reports.impressions({
        fields: ["Incrementality Source"],
        showIncrementalResults: true,
        geoGrouping: "country",
      }),
    refused: "fields[0]",
    message: /Incrementality Source is unavailable with geoGrouping/,
  },
  {
    name: "incremental columns need showIncrementalResults",
    spec: "showIncrementalResults … true makes incremental columns available",
    call: (c) => c.reports.impressions({ fields: ["Incremental Visitors"] }),
    refused: "fields[0]",
    message: /Incremental Visitors needs showIncrementalResults/,
  },
  {
    name: "confidence-interval columns need showIncrementalResults",
    spec: "Confidence-interval columns (V2 only) … incCiCertainty … for the confidence-interval columns … requires showIncrementalResults",
    call: (c) => c.reports.impressions({ fields: ["Visits Channel Confidence Interval (+/- range)"] }),
    refused: "fields[0]",
    message: /needs showIncrementalResults/,
  },
  {
    name: "Campaign Incremental % needs a campaign-level incrementalDisplayType",
    spec: "Campaign Incremental % columns need a campaign-level incrementalDisplayType",
    call: (c) =>
      c.reports.impressions({
        fields: ["Visitors Campaign Incremental %"],
        showIncrementalResults: true,
        incrementalDisplayType: "channel",
      }),
    refused: "fields[0]",
    message: /needs a campaign-level incrementalDisplayType/,
  },
  {
    name: "column rules met: sent as asked, in order",
    spec: "fields | array of string | exact CSV column header names to include, in order",
    call: (c) =>
      c.reports.impressions({
        fields: ["DMA Code", "Visitors Campaign Incremental %", "Geo"],
        geoGrouping: "DMA",
        showIncrementalResults: true,
        incrementalDisplayType: "auto_serve_or_campaign",
      }),
    sent: ({ body }) => expect(body.fields).toEqual(["DMA Code", "Visitors Campaign Incremental %", "Geo"]),
  },
  {
    name: "custom action columns and repeated names are not refused",
    spec: "Advertiser-specific custom-action columns '<custom_action>' and '<custom_action> Modeled' may exist",
    call: (c) => c.reports.impressions({ fields: ["Trial Starts", "Spend", "Spend"] }),
    sent: ({ body }) => expect(body.fields).toEqual(["Trial Starts", "Spend", "Spend"]),
  },
  // ---- lag ----
  {
    name: "lag advertiser is required",
    spec: "advertiser … Lag: required",
    call: (c) => c.reports.lag({ groupKey: "series" } as never),
    refused: "advertiser",
    message: /advertiser is required/,
  },
  {
    name: "lag takes several advertisers (only its V2 says exactly one)",
    spec: "Lag: required; V2 says it must contain exactly one name",
    call: (c) => c.reports.lag({ advertiser: ["A", "B"], groupKey: "series" }),
    sent: ({ body }) => expect(body.advertiser).toEqual(["A", "B"]),
  },
  {
    name: "groupKey",
    spec: "groupKey | string | required; one of mediaType, publisher, campaigns, series, genres (V1 and V2), country (V2 only)",
    call: (c) => c.reports.lag({ advertiser: ["A"], groupKey: "weekday" as never }),
    refused: "groupKey",
    message: /groupKey must be one of/,
  },
  {
    name: "lag dates: an ISO date or a timestamp, number or digits",
    spec: "lag accepts an ISO date or a timestamp",
    call: (c) =>
      c.reports.lag({
        advertiser: ["A"],
        groupKey: "series",
        startDate: "1727740800000",
        endDate: 1730419200000,
      }),
    sent: ({ body }) => expect(body).toMatchObject({ startDate: "1727740800000", endDate: 1730419200000 }),
  },
  {
    name: "lag: a timestamp is not compared with an ISO date (its unit is not given)",
    spec: "lag accepts an ISO date or a timestamp",
    call: (c) =>
      c.reports.lag({ advertiser: ["A"], groupKey: "series", startDate: "2026-10-01", endDate: 5 }),
    sent: ({ body }) => expect(body).toMatchObject({ startDate: "2026-10-01", endDate: 5 }),
  },
  {
    name: "lag: other text is not a date",
    spec: "lag accepts an ISO date or a timestamp",
    call: (c) => c.reports.lag({ advertiser: ["A"], groupKey: "series", startDate: "yesterday" }),
    refused: "startDate",
    message: /startDate must be a date/,
  },
  // ---- audience, spend, listeners ----
  {
    name: "impressionGeo",
    spec: "impressionGeo | array of string | two-letter country codes, case-insensitive",
    call: (c) => c.reports.audience({ impressionGeo: ["USA"] }),
    refused: "impressionGeo[0]",
    message: /two-letter country codes/,
  },
  {
    name: "audience mediaType labels are open",
    spec: "Allowed mediaType labels beyond the single example label 'CTV / OTT': not shown",
    call: (c) => c.reports.audience({ mediaType: ["Anything Else"], impressionGeo: ["gb"] }),
    sent: ({ body }) => expect(body).toMatchObject({ mediaType: ["Anything Else"], impressionGeo: ["gb"] }),
  },
  {
    name: "spend advertisers are required",
    spec: "advertisers (array of string, required)",
    call: (c) => c.reports.estimatedSpendByDay({ advertisers: [] }),
    refused: "advertisers",
    message: /advertisers is required/,
  },
  {
    name: "listener episode id",
    spec: "podscribe_episode_id | path | string | required; the service episode id",
    call: (c) => c.reports.impressionListeners({ episodeId: "" }),
    refused: "episodeId",
    message: /episodeId is required/,
  },
  {
    name: "week_lb is a number of weeks",
    spec: "week_lb | query | string | number of weeks back to get data for",
    call: (c) => c.reports.impressionListeners({ episodeId: "1", week_lb: "two" }),
    refused: "week_lb",
    message: /week_lb must be a number of weeks/,
  },
  {
    name: "week_lb 0 is not refused (no minimum given)",
    spec: "week_lb | query | string | number of weeks back to get data for; default: not shown",
    call: (c) => c.reports.impressionListeners({ episodeId: "1", week_lb: 0 }),
    sent: ({ query }) => expect(query.week_lb).toEqual(["0"]),
  },
  // ---- show info ----
  {
    name: "the show id is in one of the three forms the spec names",
    spec: "Path id (string, required): directory id, Alpha channel id or Alpha playlist id",
    call: (c) => c.shows.get("abc"),
    refused: "id",
    message: /id must be a show id: a directory id \(digits\), or an Alpha channel or playlist id/,
  },
  {
    name: "an Alpha channel id is sent as it is",
    spec: "Path id (string, required): directory id, Alpha channel id or Alpha playlist id",
    call: (c) => c.shows.get("UC0000000000000000000001"),
    sent: ({ path }) => expect(path).toBe("/api/public/series/episodes/UC0000000000000000000001"),
  },
  {
    name: "episodesPageIndex",
    spec: "episodesPageIndex | integer | >= 0",
    call: (c) => c.shows.get("1", { episodesPageIndex: -1 }),
    refused: "episodesPageIndex",
    message: /episodesPageIndex must be 0 or more/,
  },
  {
    name: "episodesPageSize",
    spec: "episodesPageSize | integer | 1 to 100",
    call: (c) => c.shows.get("1", { episodesPageSize: 101 }),
    refused: "episodesPageSize",
    message: /between 1 and 100/,
  },
  {
    name: "netNewReachAdvertisers at most 10",
    spec: "netNewReachAdvertisers … at most 10 names",
    call: (c) => c.shows.get("1", { netNewReachAdvertisers: Array.from({ length: 11 }, (_, i) => `a${i}`) }),
    refused: "netNewReachAdvertisers",
    message: /at most 10/,
  },
  {
    name: "netNewReachAdvertisers at least one",
    spec: "netNewReachAdvertisers … at least one when the parameter is present",
    call: (c) => c.shows.get("1", { netNewReachAdvertisers: " , " }),
    refused: "netNewReachAdvertisers",
    message: /at least one/,
  },
  {
    name: "months 1 to 3",
    spec: "months | integer | 1 to 3",
    call: (c) => c.shows.get("1", { netNewReachAdvertisers: ["a"], months: 4 }),
    refused: "months",
    message: /between 1 and 3/,
  },
  {
    name: "months without netNewReachAdvertisers: not refused, not sent",
    spec: "months … applies only together with netNewReachAdvertisers",
    call: (c) => c.shows.get("1", { months: 2 }),
    sent: ({ query }) => expect(query).toEqual({}),
  },
  {
    name: "months with netNewReachAdvertisers is sent",
    spec: "months … applies only together with netNewReachAdvertisers",
    call: (c) => c.shows.get("1", { months: 2, netNewReachAdvertisers: ["a", "b"] }),
    sent: ({ query }) => expect(query).toEqual({ netNewReachAdvertisers: ["a,b"], months: ["2"] }),
  },
  // ---- search ----
  {
    name: "search is required",
    spec: "search | string | required; query",
    call: (c) => c.search.episodes({ search: "  " }),
    refused: "search",
    message: /search is required/,
  },
  {
    name: "timeFrame is an integer",
    spec: "timeFrame | integer | days to look back",
    call: (c) => c.search.episodes({ search: "x", timeFrame: 1.5 }),
    refused: "timeFrame",
    message: /timeFrame must be a whole number of days/,
  },
  {
    name: "timeFrame 0 is not refused (no minimum given)",
    spec: "timeFrame | integer | days to look back; default 31",
    call: (c) => c.search.episodes({ search: "x", timeFrame: 0 }),
    sent: ({ query }) => expect(query.timeFrame).toEqual(["0"]),
  },
  {
    name: "showFilterIds are integers",
    spec: "showFilterIds | array of integer | filter by show ids",
    call: (c) => c.search.episodes({ search: "x", showFilterIds: [1.5] }),
    refused: "showFilterIds",
    message: /showFilterIds must be show ids \(whole numbers\)/,
  },
  {
    name: "exact is a boolean",
    spec: "exact | boolean | default false",
    call: (c) => c.search.episodes({ search: "x", exact: "yes" as never }),
    refused: "exact",
    message: /exact must be true or false/,
  },
  {
    name: "search mediaType values are open",
    spec: "mediaType … values include all, podcast, alpha, radio, radio_show, beta and one further value: not shown",
    call: (c) => c.search.episodes({ search: "x", mediaType: ["podcast", "video_other"] }),
    sent: ({ query }) => expect(query.mediaType).toEqual(["podcast", "video_other"]),
  },
  // ---- individual ads ----
  {
    name: "ads advertiser is required",
    spec: "advertiser | string | required",
    call: (c) => c.ads.individual({ advertiser: "" }),
    refused: "advertiser",
    message: /advertiser is required/,
  },
  {
    name: "limit",
    spec: "limit | integer | rows per request; default 500; 1 to 1000",
    call: (c) => c.ads.individual({ advertiser: "A", limit: 1001 }),
    refused: "limit",
    message: /limit must be between 1 and 1000/,
  },
  {
    name: "offset",
    spec: "offset | integer | rows to skip; default 0; 0 to 1000000",
    call: (c) => c.ads.individual({ advertiser: "A", offset: 1_000_001 }),
    refused: "offset",
    message: /offset must be between 0 and 1000000/,
  },
  // ---- incrementality ----
  {
    name: "incrementality incCiCertainty",
    spec: "incCiCertainty | integer | … default 95 (Limits: 1 to 99)",
    call: (c) => c.incrementality.get({ advertiser: "A", incCiCertainty: 100 }),
    refused: "incCiCertainty",
    message: /between 1 and 99/,
  },
  {
    name: "includeErrors is a boolean",
    spec: "includeErrors | boolean",
    call: (c) => c.incrementality.get({ includeErrors: "yes" as never }),
    refused: "includeErrors",
    message: /includeErrors must be true or false/,
  },
  {
    name: "no incrementality field is required",
    spec: "Required fields and the allowed values of aggregationLevel and channelType: not shown",
    call: (c) => c.incrementality.get({ aggregationLevel: "campaign_level_x" }),
    sent: ({ body }) => expect(body).toEqual({ aggregationLevel: "campaign_level_x" }),
  },
  {
    name: "channelType with another level: not refused, not sent",
    spec: "channelType … applies only with aggregationLevel channel",
    call: (c) =>
      c.incrementality.get({ advertiser: "A", aggregationLevel: "publisher", channelType: "podcast" }),
    sent: ({ body }) => expect(body).toEqual({ advertiser: "A", aggregationLevel: "publisher" }),
  },
  {
    name: "channelType with level channel is sent",
    spec: "channelType … applies only with aggregationLevel channel",
    call: (c) =>
      c.incrementality.get({ advertiser: "A", aggregationLevel: "channel", channelType: "podcast" }),
    sent: ({ body }) => expect(body).toMatchObject({ channelType: "podcast" }),
  },
  // ---- campaign creation ----
  {
    name: "campaign name",
    spec: "name | string | required",
    call: (c) => c.campaigns.create(campaign({ name: "" })),
    refused: "name",
    message: /name is required/,
  },
  {
    name: "campaign advertiser",
    spec: "advertiser | string | required",
    call: (c) => c.campaigns.create(campaign({ advertiser: " " })),
    refused: "advertiser",
    message: /advertiser is required/,
  },
  {
    name: "campaign type",
    spec: "type | string | required; Baked-in, DAI, story, reel, feed",
    call: (c) => c.campaigns.create(campaign({ type: "Radio" as never })),
    refused: "type",
    message: /type must be one of Baked-in, DAI, story, reel, feed/,
  },
  {
    name: "flights are required",
    spec: "flights | array | required",
    call: (c) => c.campaigns.create(campaign({ flights: [] })),
    refused: "flights",
    message: /flights needs at least one flight/,
  },
  {
    name: "currency",
    spec: "currency (USD, EUR or GBP; default USD)",
    call: (c) => c.campaigns.create(flight({ currency: "JPY" })),
    refused: "flights[0].currency",
    message: /currency must be one of USD, EUR, GBP/,
  },
  {
    name: "flight dates are date-times",
    spec: "startDate and endDate (date-time, for DAI), expectedDate (date-time, for baked-in)",
    call: (c) => c.campaigns.create(flight({ expectedDate: "next week" })),
    refused: "flights[0].expectedDate",
    message: /expectedDate must be a date/,
  },
  {
    name: "amounts are numbers",
    spec: "totalCost (number, rate), cpm (number) … expectedImpressions (number)",
    call: (c) => c.campaigns.create(flight({ cpm: "25" })),
    refused: "flights[0].cpm",
    message: /cpm must be a number/,
  },
  {
    name: "unit position",
    spec: "expectedUnits … position (required; pre, mid, post, feed or drop)",
    call: (c) =>
      c.campaigns.create(campaign({ expectedUnits: [{ position: "middle" as never, length: 30 }] })),
    refused: "expectedUnits[0].position",
    message: /position must be one of pre, mid, post, feed, drop/,
  },
  {
    name: "unit length is a required number",
    spec: "expectedUnits … length (required number, seconds)",
    call: (c) => c.campaigns.create(campaign({ expectedUnits: [{ position: "pre" } as never] })),
    refused: "expectedUnits[0].length",
    message: /length must be a number of seconds/,
  },
  {
    name: "publisher unless the show is given",
    spec: "publisher | string | publisher lookup name; optional when the directory/Alpha show id is given",
    call: (c) => c.campaigns.create(campaign({ publisher: undefined })),
    refused: "publisher",
    message: /publisher is required unless itunesOrYtId/,
  },
  {
    name: "landing URL is a URI",
    spec: "expectedLandingUrl | string (uri)",
    call: (c) => c.campaigns.create(campaign({ expectedLandingUrl: "acme dot com" })),
    refused: "expectedLandingUrl",
    message: /expectedLandingUrl must be a web address/,
  },
  {
    name: "billToPublisher is a boolean",
    spec: "billToPublisher | boolean | default false",
    call: (c) => c.campaigns.create(campaign({ billToPublisher: "no" as never })),
    refused: "billToPublisher",
    message: /billToPublisher must be true or false/,
  },
  {
    name: "what the spec reads but does not refuse is sent (the plan's Validate holds it back instead)",
    spec: "flights … startDate and endDate (date-time, for DAI), expectedDate (date-time, for baked-in); story, reel and feed apply to SocialC campaigns; length (required number, seconds)",
    call: (c) =>
      c.campaigns.create(
        campaign({
          type: "reel",
          mediaType: "podcast",
          publisher: undefined,
          itunesOrYtId: "1200000001",
          flights: [{ cpm: -1 }],
          expectedUnits: [{ position: "pre", length: 0 }],
          geo: "PL",
        }),
      ),
    sent: ({ body }) =>
      expect(body).toMatchObject({ type: "reel", flights: [{ cpm: -1 }], expectedUnits: [{ length: 0 }] }),
  },
  // ---- advertisers and invites ----
  {
    name: "advertiser by name or by show, never both",
    spec: "Send either advertiserName or itunesId (a directory id), never both",
    call: (c) => c.advertisers.create({ advertiserName: "A", itunesId: "1" }),
    refused: "itunesId",
    message: /never both/,
  },
  {
    name: "advertiser by name or by show: one of them",
    spec: "Send either advertiserName or itunesId (a directory id)",
    call: (c) => c.advertisers.create({}),
    refused: "advertiserName",
    message: /advertiserName or itunesId is required/,
  },
  {
    name: "invite email",
    spec: "email | string (email) | required; address of the invitee",
    call: (c) => c.users.inviteAdvertiser({ advertiserName: "A", email: "not-an-email" }),
    refused: "email",
    message: /email "not-an-email" has no @/,
  },
  {
    name: "invite tabs",
    spec: "tabs … only the listed tabs: ads, simple_campaigns, simple_overview, tag_debug, simple_overview_show",
    call: (c) =>
      c.users.inviteAdvertiser({ advertiserName: "A", email: "a@b.co", tabs: ["billing" as never] }),
    refused: "tabs[0]",
    message: /tabs must be among/,
  },
  {
    name: "simple_overview_show requires simple_overview",
    spec: "simple_overview_show (which requires simple_overview)",
    call: (c) =>
      c.users.inviteAdvertiser({ advertiserName: "A", email: "a@b.co", tabs: ["simple_overview_show"] }),
    refused: "tabs",
    message: /simple_overview_show requires simple_overview/,
  },
  {
    name: "team members are email addresses",
    spec: "teamMembers | array of string (email)",
    call: (c) => c.users.inviteAdvertiser({ advertiserName: "A", email: "a@b.co", teamMembers: ["bob"] }),
    refused: "teamMembers[0]",
    message: /teamMembers "bob" has no @/,
  },
  // ---- agents ----
  {
    name: "agentId is a whole number",
    spec: "Path agentId: integer, required",
    call: (c) => c.agents.startRun(0),
    refused: "agentId",
    message: /agentId must be 1 or more/,
  },
  {
    name: "runId is a whole number, 1 or more",
    spec: "Path runId: integer >= 1",
    call: (c) => c.agents.runStatus(0),
    refused: "runId",
    message: /runId must be 1 or more/,
  },
  {
    name: "params map names to text",
    spec: "Body: params, a map from string to string",
    call: (c) => c.agents.startRun(1, { n: 1 as unknown as string }),
    refused: "params.n",
    message: /params values must be text/,
  },
];

function setup() {
  const f = fakeFetch(answer);
  return {
    c: new AdsClient({ baseUrl: "https://api.example.com", apiKey: "k", fetch: f.fetch, maxRetries: 0 }),
    calls: f.calls,
  };
}

test.each(RULES.map((r) => [r.name, r] as const))("%s", async (_name, rule) => {
  expect(rule.spec.length).toBeGreaterThan(5);
  const { c, calls } = setup();
  if ("refused" in rule) {
    const err = await rule.call(c).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RequestValidationError);
    expect(err).toMatchObject({ field: rule.refused });
    expect((err as Error).message).toMatch(rule.message);
    expect(calls).toHaveLength(0);
  } else {
    await rule.call(c);
    expect(calls).toHaveLength(1);
    const url = new URL(calls[0].url);
    const query: Record<string, string[]> = {};
    url.searchParams.forEach((v, k) => (query[k] = [...(query[k] ?? []), v]));
    rule.sent({ body: (calls[0].body ?? {}) as Record<string, unknown>, query, path: url.pathname });
  }
});

test("an agent run body without params is valid (the spec does not make it required)", () => {
  expect(agentRunStartRequestSchema.safeParse({}).success).toBe(true);
});
