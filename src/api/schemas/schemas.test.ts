/** Spec rules the request schemas enforce beyond types and ranges. */
import { campaignRequestSchema, showInfoQuerySchema } from "./index";
import { dateString } from "./common";

const flight = { startDate: "2026-12-01T00:00:00Z", endDate: "2026-12-31T00:00:00Z" };
const campaign = { name: "Spring", advertiser: "Acme", publisher: "pub", type: "DAI", flights: [flight] };
const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`);

test("impossible calendar days are refused, not rolled over into the next month", () => {
  const d = dateString("startDate");
  expect(d.safeParse("2024-02-29").success).toBe(true);
  expect(d.safeParse("2024-02-30").success).toBe(false);
  expect(d.safeParse("2023-02-29").success).toBe(false);
  expect(d.safeParse("2024-04-31T10:00:00Z").success).toBe(false);
});

test("story, reel and feed need the SocialC media type; the listed media types and the default are not it", () => {
  expect(messages(campaignRequestSchema.safeParse({ ...campaign, type: "reel" }))).toEqual([
    "mediaType: mediaType must be the SocialC media type for a reel campaign (story, reel and feed apply to SocialC campaigns only)",
  ]);
  expect(campaignRequestSchema.safeParse({ ...campaign, type: "story", mediaType: "podcast" }).success).toBe(
    false,
  );
  expect(campaignRequestSchema.safeParse({ ...campaign, type: "feed", mediaType: "SocialC" }).success).toBe(
    true,
  );
  expect(campaignRequestSchema.safeParse(campaign).success).toBe(true);
});

test("net new reach counts the names that are really sent: commas inside entries separate names", () => {
  const names = Array.from({ length: 11 }, (_, i) => `a${i}`);
  expect(showInfoQuerySchema.safeParse({ id: "1", netNewReachAdvertisers: [names.join(",")] }).success).toBe(
    false,
  );
  const ok = showInfoQuerySchema.safeParse({ id: "1", netNewReachAdvertisers: ["a, b", "c"] });
  expect(ok.success && ok.data.netNewReachAdvertisers).toEqual(["a", "b", "c"]);
});
