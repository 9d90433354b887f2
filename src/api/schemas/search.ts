/** GET /episode/search: query and hits. */
import { z } from "zod";
import { nonEmpty } from "./common";

const oneOrMany = <T extends z.ZodType>(item: T, message: string) =>
  z
    .union([item, z.array(item)], { error: message })
    .transform((v) => (Array.isArray(v) ? v : [v]) as z.infer<T>[]);

export const searchQuerySchema = z.object({
  search: nonEmpty("search"),
  timeFrame: z
    .number({ error: "timeFrame must be a number of days" })
    .int("timeFrame must be a whole number of days")
    .optional(),
  exact: z.boolean({ error: "exact must be true or false" }).optional(),
  transcriptOnly: z.boolean({ error: "transcriptOnly must be true or false" }).optional(),
  excludeAds: z.boolean({ error: "excludeAds must be true or false" }).optional(),
  showFilterIds: oneOrMany(z.number().int(), "showFilterIds must be show ids (whole numbers)").optional(),
  mediaType: oneOrMany(
    z.string().trim().min(1),
    "mediaType must be media types (text), none empty",
  ).optional(),
});

const transcriptHitSchema = z.looseObject({
  phrase: z.string().nullish(),
  startTime: z.number().nullish(),
  term: z.string().nullish(),
  ts: z.number().nullish(),
  context: z.string().nullish(),
});

const searchHitSchema = z.looseObject({
  podcast: z.looseObject({
    id: z.union([z.string(), z.number()]).transform(String),
    title: z.string().nullish(),
    description: z.string().nullish(),
    uploadedAt: z.string().nullish(),
    url: z.string().nullish(),
    seriesId: z.number().nullish(),
    seriesTitle: z.string().nullish(),
    seriesPlatform: z.string().nullish(),
    seriesLogoUrl: z.string().nullish(),
    seriesSmallLogoUrl: z.string().nullish(),
    artist: z.string().nullish(),
    numListens: z.number().nullish(),
    numRatings: z.number().nullish(),
  }),
  highlights: z
    .looseObject({
      title: z.array(z.string()).nullish(),
      description: z.array(z.string()).nullish(),
      transcript: z.array(transcriptHitSchema).nullish(),
    })
    .nullish(),
  score: z.number().nullish(),
});

export const searchResponseSchema = z.looseObject({ data: z.array(searchHitSchema) });

export type SearchQuery = z.input<typeof searchQuerySchema>;
export type SearchHit = z.infer<typeof searchHitSchema>;
export type SearchResponse = z.infer<typeof searchResponseSchema>;
