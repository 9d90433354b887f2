/** POST /advertisers/individual-ads: request and the headers/data/pagination response. */
import { z } from "zod";
import { dateString, endNotBeforeStart, intBetween, nonEmpty } from "./common";

/** Column keys of an individual ad row, in the spec's order, with their kind. */
export const INDIVIDUAL_AD_COLUMNS = [
  ["published_at", "date"],
  ["download_at", "datetime"],
  ["network", "text"],
  ["position", "text"],
  ["read_type", "text"],
  ["read_score", "number"],
  ["podcast_title", "text"],
  ["episode_title", "text"],
  ["transcript", "text"],
  ["start_time", "text"],
  ["end_time", "text"],
  ["ad_length", "text"],
  ["genre", "text"],
  ["episode_duration", "text"],
  ["podcast_rank", "number"],
  ["directory_podcast_id", "text"],
  ["product", "text"],
  ["link", "url"],
  ["estimated_impressions", "integer"],
  ["estimated_spend", "currency"],
  ["media_type", "text"],
  ["podcast_show_id", "integer"],
  ["alpha_show_id", "integer"],
  ["alpha_video_views", "integer"],
  ["episode_url_in_feed", "url"],
  ["show_first_transcribed_at", "date"],
] as const;

export const individualAdsRequestSchema = z
  .object({
    advertiser: nonEmpty("advertiser"),
    startDate: dateString("startDate").optional(),
    endDate: dateString("endDate").optional(),
    limit: intBetween("limit", 1, 1000).optional(),
    offset: intBetween("offset", 0, 1_000_000).optional(),
  })
  .superRefine(endNotBeforeStart);

const cell = z.union([z.string(), z.number(), z.boolean()]).nullable();

export const individualAdsResponseSchema = z.looseObject({
  headers: z.array(z.looseObject({ id: z.string(), name: z.string() })),
  data: z.array(z.record(z.string(), cell.optional())),
  pagination: z.looseObject({ limit: z.number().int(), offset: z.number().int(), total: z.number().int() }),
});

export type IndividualAdsRequest = z.input<typeof individualAdsRequestSchema>;
export type IndividualAdsResponse = z.infer<typeof individualAdsResponseSchema>;
