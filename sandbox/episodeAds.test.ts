/** Ads of campaigns created through the service laid into an episode among its generated ads. */
import { layAds, withAddedAds } from "./episodeAds";
import { World, type Ad } from "./world";

const added = (adId: number, unit: Ad["placementUnit"], length: number): Ad => ({
  adId,
  advertiser: "Acme Mattress",
  startTs: 0,
  endTs: length,
  placementGroupNum: 0,
  placementNum: 0,
  placementNumInGroup: 0,
  placementUnit: unit,
  readType: "Host",
  transcript: "This episode is brought to you by Acme Mattress.",
});

const world = new World();
const episodes = world.episodes(world.shows[5]);

test("with nothing added, every generated episode's ads are laid out as they were generated", () => {
  for (const e of episodes) expect(layAds(e.duration, e.ads, [])).toEqual(e.ads);
});

test("added ads follow the generated ads of their group, never overlap, and the post-rolls end inside the episode", () => {
  for (const e of episodes.slice(0, 40)) {
    const ads = layAds(e.duration, e.ads, [
      added(1, "post", 90),
      added(2, "pre", 30),
      added(3, "mid", 60),
      added(4, "post", 60),
    ]);
    expect(ads.map((a) => a.placementNum)).toEqual(ads.map((_, i) => i + 1));
    const order = ads.map((a) => ["pre", "mid", "post"].indexOf(a.placementUnit));
    expect(order).toEqual([...order].sort((a, b) => a - b));
    for (let i = 1; i < ads.length; i++) expect(ads[i].startTs).toBeGreaterThan(ads[i - 1].endTs);
    expect(ads[ads.length - 1].endTs).toBeLessThanOrEqual(e.duration);
    // Each added ad keeps its length, and comes after the generated ads of its group.
    for (const [id, unit, length] of [
      [1, "post", 90],
      [2, "pre", 30],
      [3, "mid", 60],
      [4, "post", 60],
    ] as const) {
      const ad = ads.find((a) => a.adId === id)!;
      expect([ad.placementUnit, ad.endTs - ad.startTs]).toEqual([unit, length]);
      const generatedInGroup = e.ads.filter((a) => a.placementUnit === unit).length;
      expect(ad.placementNumInGroup).toBeGreaterThan(generatedInGroup);
    }
  }
});

test("an episode with added ads is a new object with its ad load; the generated one is left as it was", () => {
  const e = episodes[0];
  const before = JSON.stringify(e);
  const withAd = withAddedAds(e, [added(7, "mid", 60)]);
  expect(JSON.stringify(e)).toBe(before);
  expect(withAd.ads).toHaveLength(e.ads.length + 1);
  expect(withAd.adLoad).toBeCloseTo(e.adLoad + (60 / e.duration) * 100, 1);
});
