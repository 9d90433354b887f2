/** Spec rules the request schemas enforce beyond types and ranges. */
import { campaignRequestSchema, campaignRules, showInfoQuerySchema, type CampaignRequest } from "./index";
import { dateString } from "./common";

const flight = { startDate: "2026-12-01T00:00:00Z", endDate: "2026-12-31T00:00:00Z" };
const campaign = { name: "Spring", advertiser: "Acme", publisher: "pub", type: "DAI", flights: [flight] };

test("impossible calendar days are refused, not rolled over into the next month", () => {
  const d = dateString("startDate");
  expect(d.safeParse("2024-02-29").success).toBe(true);
  expect(d.safeParse("2024-02-30").success).toBe(false);
  expect(d.safeParse("2023-02-29").success).toBe(false);
  expect(d.safeParse("2024-04-31T10:00:00Z").success).toBe(false);
});

test("story, reel and feed need a SocialC media type: a plan rule, not a refusal of the client", () => {
  const rules = (over: Partial<CampaignRequest>) =>
    campaignRules({ ...campaign, ...over }).map((a) => a.path.join("."));
  expect(campaignRequestSchema.safeParse({ ...campaign, type: "reel" }).success).toBe(true);
  expect(rules({ type: "reel" })).toEqual(["mediaType"]);
  expect(rules({ type: "story", mediaType: "podcast" })).toEqual(["mediaType"]);
  expect(rules({ type: "feed", mediaType: "SocialC" })).toEqual([]);
  expect(campaignRequestSchema.safeParse({ ...campaign, type: "feed", mediaType: "SocialC" }).success).toBe(
    true,
  );
  expect(rules({})).toEqual([]);
});

test("net new reach counts the names that are really sent: commas inside entries separate names", () => {
  const names = Array.from({ length: 11 }, (_, i) => `a${i}`);
  expect(showInfoQuerySchema.safeParse({ id: "1", netNewReachAdvertisers: [names.join(",")] }).success).toBe(
    false,
  );
  const ok = showInfoQuerySchema.safeParse({ id: "1", netNewReachAdvertisers: ["a, b", "c"] });
  expect(ok.success && ok.data.netNewReachAdvertisers).toEqual(["a", "b", "c"]);
});
