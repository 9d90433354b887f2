/**
 * The ads of an episode: those the world generates with it, and those of campaigns created through
 * the service (model/airings.ts) laid in among them, each group (pre, mid, post) after its generated
 * ads, the post-rolls kept inside the episode.
 */
import { int, pick, round } from "./random";
import type { Ad, Episode } from "./world";

const AD_CALLS = ["Use code DEMO for 20% off", "Visit the link in the show notes", "Try it free for 30 days"];
const PLACEMENTS: readonly (readonly ("pre" | "mid" | "post")[])[] = [
  [],
  ["pre"],
  ["pre", "post"],
  ["pre", "mid", "post"],
  ["pre", "mid", "mid", "post"],
];
const UNITS = ["pre", "mid", "post"] as const;
const GROUPS = { pre: 1, mid: 2, post: 3 } as const;

/** Ads in placement order: a pre-roll near the start, mid-rolls in the middle, a post-roll near the end. */
export function makeAds(
  r: () => number,
  duration: number,
  nextId: () => number,
  roster: readonly string[],
): Ad[] {
  const chosen = PLACEMENTS[int(r, 0, 4)];
  const inGroup = { pre: 0, mid: 0, post: 0 };
  let cursor = 0;
  return chosen.map((unit, k) => {
    const length = int(r, 30, 90);
    const earliest =
      unit === "pre"
        ? 0
        : unit === "mid"
          ? Math.round(duration * (0.3 + 0.15 * inGroup.mid))
          : duration - 200;
    const startTs = Math.max(cursor, earliest + int(r, 0, 20));
    cursor = startTs + length + 1;
    inGroup[unit]++;
    const advertiser = pick(r, roster);
    return {
      adId: nextId(),
      advertiser,
      startTs,
      endTs: startTs + length,
      placementGroupNum: GROUPS[unit],
      placementNum: k + 1,
      placementNumInGroup: inGroup[unit],
      placementUnit: unit,
      readType: r() < 0.6 ? "Host" : "Producer",
      transcript: `This episode is brought to you by ${advertiser}. ${pick(r, AD_CALLS)}.`,
    };
  });
}

const lengthOf = (a: Ad) => a.endTs - a.startTs;

/**
 * The generated ads with the added ones laid in: each added ad after the generated ads of its group
 * (a generated ad keeps its time unless an ad before it now runs over it), the post-roll group ending
 * inside the episode, every ad numbered again in placement order.
 */
export function layAds(duration: number, generated: readonly Ad[], added: readonly Ad[]): Ad[] {
  const generatedIds = new Set(generated.map((a) => a.adId));
  const groupOf = (unit: Ad["placementUnit"]) =>
    [...generated, ...added].filter((a) => a.placementUnit === unit);
  const post = groupOf("post");
  const postLength = post.reduce((n, a) => n + lengthOf(a) + 1, 0);
  const firstGenerated = post.find((a) => generatedIds.has(a.adId));
  const postStart = Math.min(firstGenerated?.startTs ?? duration - 200, duration - postLength);
  // Where an added ad goes in a group with no generated ad before it: where makeAds starts that group.
  const anchor = { pre: 0, mid: Math.round(duration * 0.3), post: postStart };
  const out: Ad[] = [];
  let cursor = 0;
  for (const unit of UNITS) {
    groupOf(unit).forEach((a, k) => {
      const own = generatedIds.has(a.adId) ? a.startTs : anchor[unit];
      const wanted = unit === "post" ? (k === 0 ? postStart : cursor) : own;
      const length = lengthOf(a);
      // Never past the episode's end (an episode crowded with bookings may overlap instead).
      const startTs = Math.max(0, Math.min(Math.max(cursor, wanted), duration - length));
      cursor = startTs + length + 1;
      out.push({
        ...a,
        startTs,
        endTs: startTs + length,
        placementGroupNum: GROUPS[unit],
        placementNum: out.length + 1,
        placementNumInGroup: k + 1,
      });
    });
  }
  return out;
}

/** The episode's share of its duration taken by ads, in percent. */
export const adLoadOf = (ads: readonly Ad[], duration: number): number =>
  round((ads.reduce((n, a) => n + lengthOf(a), 0) / duration) * 100);

/** The episode with ads added (a new object; the generated episode is left as it was). */
export function withAddedAds(e: Episode, added: readonly Ad[]): Episode {
  const ads = layAds(e.duration, e.ads, added);
  return { ...e, ads, adLoad: adLoadOf(ads, e.duration) };
}
