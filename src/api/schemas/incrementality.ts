/**
 * POST /incrementality. The spec names only aggregationLevel among the result fields; the other names
 * are the sandbox's choice (sandbox/README.md, "Incrementality field names"). Results stay loose so
 * the real names also pass. Which body fields are required is not shown, so none is.
 */
import { z } from "zod";
import { dateString, endNotBeforeStart, intBetween } from "./common";

/** Result fields in display order, with a label and a kind for tables. */
export const INCREMENTALITY_FIELDS = [
  ["advertiser", "Advertiser", "text"],
  ["aggregationLevel", "Aggregation level", "text"],
  ["channelType", "Channel type", "text"],
  ["action", "Action", "text"],
  ["startDate", "Start date", "date"],
  ["endDate", "End date", "date"],
  ["campaign", "Campaign", "text"],
  ["publisher", "Publisher", "text"],
  ["controlActions", "Control actions", "integer"],
  ["testActions", "Test actions", "integer"],
  ["controlSize", "Control size", "integer"],
  ["testSize", "Test size", "integer"],
  ["lift", "Lift", "number"],
  ["incrementalPercent", "Incremental %", "percent"],
  ["liftCiLower", "Lift % CI lower", "percent"],
  ["liftCiUpper", "Lift % CI upper", "percent"],
  ["incrementalCiLower", "Incremental % CI lower", "percent"],
  ["incrementalCiUpper", "Incremental % CI upper", "percent"],
  ["errorReason", "Reason not calculated", "text"],
] as const;

/**
 * channelType "applies only with aggregationLevel channel": with another level it is dropped (not
 * sent, not refused). Without a level it is kept, since the service's default level is not shown.
 */
export const incrementalityRequestSchema = z
  .object({
    advertiser: z.string().trim().min(1, "advertiser must not be empty").optional(),
    aggregationLevel: z.string().trim().min(1, "aggregationLevel must not be empty").optional(),
    channelType: z.string().trim().min(1, "channelType must not be empty").optional(),
    action: z.string().trim().min(1, "action must not be empty").optional(),
    startDate: dateString("startDate").optional(),
    endDate: dateString("endDate").optional(),
    includeErrors: z.boolean({ error: "includeErrors must be true or false" }).optional(),
    incCiCertainty: intBetween("incCiCertainty", 1, 99).optional(),
  })
  .superRefine(endNotBeforeStart)
  .transform(({ channelType, ...rest }) => ({
    ...rest,
    channelType:
      rest.aggregationLevel === undefined || rest.aggregationLevel === "channel" ? channelType : undefined,
  }));

const v = z.union([z.string(), z.number(), z.boolean()]).nullish();
const incrementalityResultSchema = z.looseObject({
  aggregationLevel: z.string(),
  advertiser: v,
  channelType: v,
  action: v,
  startDate: v,
  endDate: v,
  campaign: v,
  publisher: v,
  controlActions: v,
  testActions: v,
  controlSize: v,
  testSize: v,
  lift: v,
  incrementalPercent: v,
  liftCiLower: v,
  liftCiUpper: v,
  incrementalCiLower: v,
  incrementalCiUpper: v,
  errorReason: v,
});
export const incrementalityResponseSchema = z.array(incrementalityResultSchema);

export type IncrementalityRequest = z.input<typeof incrementalityRequestSchema>;
export type IncrementalityResult = z.infer<typeof incrementalityResultSchema>;
