/** Write endpoints: POST /campaign, POST /advertisers, POST /users/advertisers/invite. */
import { z } from "zod";
import { DATE_PATTERN, nonEmpty } from "./common";

export const CAMPAIGN_TYPES = ["Baked-in", "DAI", "story", "reel", "feed"] as const;
/** story, reel and feed apply to SocialC campaigns; Baked-in and DAI to every other media type. */
const SOCIAL_C_CAMPAIGN_TYPES = ["story", "reel", "feed"] as const;
export const CURRENCIES = ["USD", "EUR", "GBP"] as const;
const UNIT_POSITIONS = ["pre", "mid", "post", "feed", "drop"] as const;
/** Listed geo codes; 25 further values exist that the spec does not show, so other codes pass. */
export const GEOS = [
  "GLOBAL",
  "US",
  "GB",
  "CA",
  "AU",
  "DE",
  "FR",
  "MX",
  "IE",
  "JP",
  "ES",
  "IN",
  "BR",
  "IT",
  "AR",
  "KR",
  "SA",
  "AE",
  "ID",
  "EG",
  "AT",
  "NL",
  "DK",
  "FI",
  "IL",
  "NO",
  "NZ",
  "SE",
  "TR",
  "RU",
] as const;
/** Listed media types (nine more are named after platforms, thirteen are not shown): others pass. */
export const MEDIA_TYPES = [
  "podcast",
  "simulcast",
  "streaming",
  "sai",
  "ott_ctv",
  "display",
  "video",
  "display_video",
  "radio_show",
] as const;
export const INVITE_TABS = [
  "ads",
  "simple_campaigns",
  "simple_overview",
  "tag_debug",
  "simple_overview_show",
] as const;

const dateTime = (field: string) =>
  z.string().regex(DATE_PATTERN, `${field} must be a date or ISO 8601 date-time`);
const amount = (field: string) =>
  z.number({ error: `${field} must be a number` }).finite(`${field} must be a number`);
const url = (field: string) =>
  z.string().refine((s) => {
    try {
      const u = new URL(s);
      return u.protocol === "http:" || u.protocol === "https:";
    } catch {
      return false;
    }
  }, `${field} must be a web address (http:// or https://)`);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** What an address that is not one lacks, in the planner's words ("jane.doe@agency" has no ".com"). */
export function emailProblem(text: string): string {
  const example = "such as jane.doe@agency.com";
  const at = text.indexOf("@");
  if (text === "") return `is empty: write an address, ${example}`;
  if (/\s/.test(text)) return `"${text}" has a space in it: an address has none (${example})`;
  if (at < 0) return `"${text}" has no @: write the whole address, ${example}`;
  const domain = text.slice(at + 1);
  if (at === 0) return `"${text}" has no name before the @ (${example})`;
  if (domain === "") return `"${text}" has nothing after the @ (${example})`;
  if (domain.includes("@")) return `"${text}" has more than one @ (${example})`;
  if (!/\.[^.]+$/.test(domain) || domain.startsWith("."))
    return `"${text}" lacks the end of its domain after the @, such as .com (${example})`;
  return `"${text}" is not a whole email address (${example})`;
}
const email = (field: string) =>
  z
    .string()
    .trim()
    .refine((s) => EMAIL.test(s), { error: (iss) => `${field} ${emailProblem(String(iss.input))}` });

export const flightSchema = z.object({
  startDate: dateTime("startDate").optional(),
  endDate: dateTime("endDate").optional(),
  expectedDate: dateTime("expectedDate").optional(),
  totalCost: amount("totalCost").optional(),
  cpm: amount("cpm").optional(),
  currency: z.enum(CURRENCIES, { error: `currency must be one of ${CURRENCIES.join(", ")}` }).optional(),
  expectedImpressions: amount("expectedImpressions").optional(),
});

const expectedUnitSchema = z.object({
  position: z.enum(UNIT_POSITIONS, { error: `position must be one of ${UNIT_POSITIONS.join(", ")}` }),
  length: z
    .number({ error: "length must be a number of seconds" })
    .finite("length must be a number of seconds"),
});

export const campaignRequestSchema = z
  .object({
    name: nonEmpty("name"),
    publisher: z.string().trim().min(1, "publisher must not be empty").optional(),
    advertiser: nonEmpty("advertiser"),
    type: z.enum(CAMPAIGN_TYPES, { error: `type must be one of ${CAMPAIGN_TYPES.join(", ")}` }),
    flights: z
      .array(flightSchema, { error: "flights is required" })
      .min(1, "flights needs at least one flight"),
    externalId: z.string().optional(),
    itunesOrYtId: z.string().trim().min(1, "itunesOrYtId must not be empty").optional(),
    geo: z.string().trim().min(1, "geo must not be empty").optional(),
    expectedUnits: z.array(expectedUnitSchema).optional(),
    promo: z.string().optional(),
    expectedLandingUrl: url("expectedLandingUrl").optional(),
    product: z.string().optional(),
    initiative: z.string().optional(),
    expectedTalkingPoints: z.array(z.string()).optional(),
    disallowedTalkingPoints: z.array(z.string()).optional(),
    mediaType: z.string().trim().min(1, "mediaType must not be empty").optional(),
    tags: z.array(z.string()).optional(),
    scriptUrl: url("scriptUrl").optional(),
    teamMembers: z.array(z.string()).optional(),
    creativeIds: z.array(z.string()).optional(),
    billToPublisher: z.boolean({ error: "billToPublisher must be true or false" }).optional(),
  })
  .superRefine((v, ctx) => {
    // "publisher lookup name; optional when the directory/Alpha show id is given".
    if (!v.publisher && !v.itunesOrYtId) {
      ctx.addIssue({
        code: "custom",
        path: ["publisher"],
        message: "publisher is required unless itunesOrYtId (the show) is given",
      });
    }
  });

/** A rule of a campaign request beyond its fields' types: where it bites and what it says. */
export interface CampaignRule {
  path: (string | number)[];
  message: string;
}

/**
 * The rules a campaign plan is held to beyond its fields' types, read from the documentation's field
 * notes ("startDate and endDate (date-time, for DAI)", "expectedDate (for baked-in)", "story, reel
 * and feed apply to SocialC campaigns") and the sense of a plan (no negative cost, no unit of 0
 * seconds). The documentation states them as readings, not refusals, so the client's schema does not
 * refuse them; the plan's Validate and Create (every rule at once, each on its cell) and the sandbox
 * apply this one function, so Validate names what Create would be refused. docs/writebacks.md.
 */
export function campaignRules(body: {
  type?: unknown;
  mediaType?: unknown;
  flights?: readonly Partial<Record<keyof z.infer<typeof flightSchema>, unknown>>[];
  expectedUnits?: readonly { length?: unknown }[];
}): CampaignRule[] {
  const out: CampaignRule[] = [];
  const social = (SOCIAL_C_CAMPAIGN_TYPES as readonly string[]).includes(String(body.type));
  if (social && (!body.mediaType || (MEDIA_TYPES as readonly string[]).includes(String(body.mediaType))))
    out.push({
      path: ["mediaType"],
      message: `a ${String(body.type)} campaign is a SocialC campaign: set mediaType to its SocialC media type`,
    });
  const given = (x: unknown) => x !== undefined && x !== null && x !== "";
  body.flights?.forEach((f, i) => {
    const at = (field: string) => ["flights", i, field];
    if (body.type === "DAI") {
      if (!given(f.startDate)) out.push({ path: at("startDate"), message: "a DAI flight needs a startDate" });
      if (!given(f.endDate)) out.push({ path: at("endDate"), message: "a DAI flight needs an endDate" });
    }
    if (body.type === "Baked-in" && !given(f.expectedDate))
      out.push({ path: at("expectedDate"), message: "a Baked-in flight needs an expectedDate" });
    if (typeof f.startDate === "string" && typeof f.endDate === "string")
      if (Date.parse(f.endDate) < Date.parse(f.startDate))
        out.push({ path: at("endDate"), message: "endDate is before startDate" });
    for (const k of ["totalCost", "cpm", "expectedImpressions"] as const)
      if (typeof f[k] === "number" && f[k] < 0) out.push({ path: at(k), message: `${k} must be 0 or more` });
  });
  body.expectedUnits?.forEach((u, i) => {
    if (typeof u.length === "number" && u.length <= 0)
      out.push({ path: ["expectedUnits", i, "length"], message: "length must be more than 0 seconds" });
  });
  return out;
}

export const campaignResponseSchema = z.looseObject({
  campaigns: z.array(z.looseObject({ id: z.string().min(1), externalId: z.string().nullish() })),
});

export const advertiserRequestSchema = z
  .object({
    advertiserName: z.string().trim().min(1, "advertiserName must not be empty").optional(),
    itunesId: z
      .union([z.string(), z.number()])
      .transform((v) => String(v).trim())
      .refine((v) => /^\d+$/.test(v), "itunesId must be a directory id (digits)")
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.advertiserName && v.itunesId) {
      ctx.addIssue({
        code: "custom",
        path: ["itunesId"],
        message: "Send either advertiserName or itunesId, never both",
      });
    }
    if (!v.advertiserName && !v.itunesId) {
      ctx.addIssue({
        code: "custom",
        path: ["advertiserName"],
        message: "advertiserName or itunesId is required",
      });
    }
  });

export const advertiserResponseSchema = z.looseObject({ advertiserName: z.string(), lookupName: z.string() });

export const inviteRequestSchema = z
  .object({
    advertiserName: nonEmpty("advertiserName"),
    email: email("email"),
    tabs: z.array(z.enum(INVITE_TABS, { error: `tabs must be among ${INVITE_TABS.join(", ")}` })).optional(),
    teamMembers: z.array(email("teamMembers")).optional(),
  })
  .superRefine((v, ctx) => {
    if (v.tabs?.includes("simple_overview_show") && !v.tabs.includes("simple_overview")) {
      ctx.addIssue({
        code: "custom",
        path: ["tabs"],
        message: "simple_overview_show requires simple_overview",
      });
    }
  });

export const inviteResponseSchema = z.looseObject({ message: z.string() });

export type CampaignRequest = z.input<typeof campaignRequestSchema>;
export type CampaignResponse = z.infer<typeof campaignResponseSchema>;
export type AdvertiserRequest = z.input<typeof advertiserRequestSchema>;
export type AdvertiserResponse = z.infer<typeof advertiserResponseSchema>;
export type InviteRequest = z.input<typeof inviteRequestSchema>;
export type InviteResponse = z.infer<typeof inviteResponseSchema>;
