/**
 * Report task endpoints: the shared attribution/simulcast settings, the seven request bodies and
 * the task object. Every documented limit is a rule here, so bad input is refused before a request.
 */
import { z } from "zod";
import {
  TIMESTAMP_PATTERN,
  UUID_PATTERN,
  dateString,
  endNotBeforeStart,
  episodeId,
  intBetween,
  nameList,
  oneOf,
  reportName,
} from "./common";
import { columnProblems } from "./columnRules";

export const ATTRIBUTION_MODELS = ["first", "last", "multi_linear", "multi_timedecay"] as const;
export const ATTRIBUTION_PRESETS = ["any", "all", "none"] as const;
/** V2's list; V1 accepts only channel and campaign. */
export const INCREMENTAL_DISPLAY_TYPES = [
  "channel",
  "campaign",
  "auto_serve_or_channel",
  "auto_serve_or_campaign",
] as const;
export const TIME_GROUPINGS = ["all", "day", "week", "month"] as const;
export const GEO_GROUPINGS = ["country", "zip", "region", "DMA"] as const;
export const WEEK_STARTS = ["monday", "sunday"] as const;
/** groupKey values the spec lists (country is V2 only; V2 has one more value the spec does not show). */
export const LAG_GROUP_KEYS = ["mediaType", "publisher", "campaigns", "series", "genres", "country"] as const;

const bool = (field: string) => z.boolean({ error: `${field} must be true or false` });
const num = (field: string) =>
  z.number({ error: `${field} must be a number` }).finite(`${field} must be a number`);

/** Settings shared by the impressions and lag endpoints (all optional: the service applies its defaults). */
const sharedReportSettingsShape = {
  startDate: dateString("startDate").optional(),
  endDate: dateString("endDate").optional(),
  advertiser: nameList("advertiser").optional(),
  ytSimulcastConv: bool("ytSimulcastConv").optional(),
  rSimulcastConv: bool("rSimulcastConv").optional(),
  svSimulcastConv: bool("svSimulcastConv").optional(),
  ytSimulcastConvWeight: num("ytSimulcastConvWeight").optional(),
  rSimulcastConvWeight: num("rSimulcastConvWeight").optional(),
  svSimulcastConvWeight: num("svSimulcastConvWeight").optional(),
  includeYtSpend: bool("includeYtSpend").optional(),
  spendOnPublishDate: bool("spendOnPublishDate").optional(),
  useSettingsProfiles: bool("useSettingsProfiles").optional(),
  attributionWindow: num("attributionWindow").optional(),
  attributionStreamingWindow: num("attributionStreamingWindow").optional(),
  attributionSaiWindow: num("attributionSaiWindow").optional(),
  attributionModel: oneOf("attributionModel", ATTRIBUTION_MODELS).optional(),
  attributionPreset: oneOf("attributionPreset", ATTRIBUTION_PRESETS).optional(),
  excludeReferrers: z.array(z.string()).optional(),
  excludeUtmMediums: z.array(z.string()).optional(),
  excludeUtmSources: z.array(z.string()).optional(),
  excludePriorCustomers: bool("excludePriorCustomers").optional(),
  excludePriorVisitors: bool("excludePriorVisitors").optional(),
  showIncrementalResults: bool("showIncrementalResults").optional(),
  incrementalDisplayType: oneOf("incrementalDisplayType", INCREMENTAL_DISPLAY_TYPES).optional(),
  timeRangeConv: bool("timeRangeConv").optional(),
  timeRangeConvWithWindow: bool("timeRangeConvWithWindow").optional(),
  useNonPurchasesRevenue: bool("useNonPurchasesRevenue").optional(),
  campaignTags: z.array(z.string()).optional(),
  campaignTagsExclude: bool("campaignTagsExclude").optional(),
};

const formattingSchema = z.object({
  numberFormatting: bool("formatting.numberFormatting").optional(),
  summary: bool("formatting.summary").optional(),
  totals: bool("formatting.totals").optional(),
});

export const impressionsRequestSchema = z
  .object({
    ...sharedReportSettingsShape,
    fields: z.array(z.string().trim().min(1, "fields entries must not be empty")).optional(),
    fieldMapping: z.record(z.string(), z.string()).optional(),
    formatting: formattingSchema.optional(),
    name: reportName.optional(),
    incCiCertainty: intBetween("incCiCertainty", 1, 99).optional(),
    timeGrouping: oneOf("timeGrouping", TIME_GROUPINGS).optional(),
    geoGrouping: oneOf("geoGrouping", GEO_GROUPINGS).optional(),
    weekStartsOn: oneOf("weekStartsOn", WEEK_STARTS).optional(),
    aggregateEpisodicBuysPerShow: bool("aggregateEpisodicBuysPerShow").optional(),
    skipCampaignTransliteration: bool("skipCampaignTransliteration").optional(),
    modelPublicSpaceIps: bool("modelPublicSpaceIps").optional(),
    modelOffline: bool("modelOffline").optional(),
  })
  .superRefine((v, ctx) => {
    endNotBeforeStart(v, ctx);
    if (v.incCiCertainty !== undefined && v.showIncrementalResults !== true) {
      ctx.addIssue({
        code: "custom",
        path: ["incCiCertainty"],
        message: "incCiCertainty requires showIncrementalResults",
      });
    }
    v.fields?.forEach((f, i) => {
      for (const message of columnProblems(f, v))
        ctx.addIssue({ code: "custom", path: ["fields", i], message });
    });
  });

const REQUIRED_ADVERTISER = "advertiser is required (at least one advertiser name)";
const REQUIRED_ADVERTISERS = "advertisers is required (at least one advertiser name)";

/** Lag accepts "an ISO date or a timestamp": a timestamp is digits, sent as a number or a string. */
const lagDate = (field: string) =>
  z.union([dateString(field), z.number().int().nonnegative(), z.string().regex(TIMESTAMP_PATTERN)], {
    error: `${field} must be a date (YYYY-MM-DD), an ISO 8601 date-time or a timestamp`,
  });

export const lagRequestSchema = z
  .object({
    ...sharedReportSettingsShape,
    startDate: lagDate("startDate").optional(),
    endDate: lagDate("endDate").optional(),
    advertiser: nameList("advertiser", REQUIRED_ADVERTISER).min(1, REQUIRED_ADVERTISER),
    name: reportName.optional(),
    groupKey: oneOf("groupKey", LAG_GROUP_KEYS),
    actions: z.array(z.string().trim().min(1, "actions entries must not be empty")).optional(),
  })
  .superRefine(endNotBeforeStart);

export const audienceRequestSchema = z
  .object({
    name: reportName.optional(),
    startDate: dateString("startDate").optional(),
    endDate: dateString("endDate").optional(),
    show: z.array(z.string().trim().min(1, "show entries must not be empty")).optional(),
    impressionGeo: z
      .array(z.string().regex(/^[A-Za-z]{2}$/, "impressionGeo entries must be two-letter country codes"))
      .optional(),
    mediaType: z.array(z.string().trim().min(1, "mediaType entries must not be empty")).optional(),
  })
  .superRefine(endNotBeforeStart);

export const campaignsPerformanceRequestSchema = z
  .object({
    name: reportName.optional(),
    startDate: dateString("startDate").optional(),
    endDate: dateString("endDate").optional(),
  })
  .superRefine(endNotBeforeStart);

/** Body of both estimated-spend endpoints (by day, and by show by day). */
export const estimatedSpendRequestSchema = z
  .object({
    name: reportName.optional(),
    advertisers: nameList("advertisers", REQUIRED_ADVERTISERS).min(1, REQUIRED_ADVERTISERS),
    startDate: dateString("startDate").optional(),
    endDate: dateString("endDate").optional(),
  })
  .superRefine(endNotBeforeStart);

/**
 * GET /episode/impression-listeners/{podscribe_episode_id}: the path id plus the two query parameters
 * of its table (week_lb, advertiser); nothing else is sent.
 */
export const impressionListenersQuerySchema = z.object({
  episodeId: episodeId("episodeId"),
  week_lb: z
    .union([z.string(), z.number()], { error: "week_lb must be a number of weeks" })
    .transform((v) => String(v).trim())
    .refine((v) => /^\d+$/.test(v), "week_lb must be a number of weeks (a whole number)")
    .optional(),
  advertiser: z.string().trim().min(1, "advertiser must not be empty").optional(),
});

export const taskSchema = z.looseObject({
  id: z.string().regex(UUID_PATTERN, "id must be a uuid"),
  status: z.string(),
  url: z.string().nullish(),
});

export type ImpressionsRequest = z.input<typeof impressionsRequestSchema>;
export type Task = z.infer<typeof taskSchema>;
