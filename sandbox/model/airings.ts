/**
 * What aired for a flight created through the service, episode by episode: each booked unit as
 * bought, or in another position, or shorter; some episodes with no ad of the advertiser; some with a
 * competitor's ad beside the campaign's. How often each happens is drawn once per flight (some
 * flights air exactly as bought), which episodes from the flight and the episode, so the same booking
 * in the same world airs the same. The ads go into the show's episodes (World.join), so show info
 * lists every aired ad under its advertiser.
 */
import { hash, int, pick, rng } from "../random";
import {
  ADVERTISER_PROFILE,
  COMPETITORS,
  dayOf,
  type Ad,
  type Campaign,
  type Show,
  type World,
} from "../world";
import type { BookedUnit } from "./booking";

type Slot = "pre" | "mid" | "post";
const SLOTS: readonly Slot[] = ["pre", "mid", "post"];
/** Without expectedUnits a flight airs one 60-second mid-roll. */
const DEFAULT_UNIT = { position: "mid", length: 60 } as const;

/** One booked unit in one published episode of the flight. */
export interface Airing {
  episodeId: number;
  publishDay: number;
  /** The unit as bought (position and length in seconds). */
  bought: { position: Slot; length: number };
  /** The aired ad's id in the episode's ads (its position, length and read are there); null: not aired. */
  adId: number | null;
  /** The aircheck's read score (0–1). */
  readScore: number;
}

/** How often each deviation happens in this flight (shares of its episodes or airings). */
interface Rates {
  missing: number;
  moved: number;
  short: number;
  competitor: number;
}

function ratesOf(seed: string): Rates {
  const r = rng(hash(`deviations|${seed}`));
  const sometimes = (never: number, low: number, high: number) =>
    r() < never ? (r(), 0) : low + (high - low) * r();
  return {
    missing: sometimes(0.45, 0.1, 0.35),
    moved: sometimes(0.45, 0.1, 0.4),
    short: sometimes(0.5, 0.1, 0.4),
    competitor: sometimes(0.4, 0.15, 0.45),
  };
}

export interface AiringPlan {
  seed: string;
  units: readonly BookedUnit[];
  /** The first day an episode of the flight can carry its ads. */
  from: number;
  /** A baked-in flight without an end date: only its first episode. */
  oneEpisode: boolean;
  talkingPoints: readonly string[];
}

const sentence = (s: string) => (/[.!?]$/.test(s.trim()) ? s.trim() : `${s.trim()}.`);

/** What the host or producer reads: the advertiser, the talking points, the promo code unless dropped. */
function transcriptOf(c: Campaign, plan: AiringPlan, promoRead: boolean): string {
  const call = c.promo && promoRead ? `Use code ${c.promo}.` : "Visit the link in the show notes.";
  return [
    `This episode is brought to you by ${c.advertiser}.`,
    ...plan.talkingPoints.map(sentence),
    call,
  ].join(" ");
}

/** An ad to lay into an episode (layAds gives its time and numbers). */
function adOf(
  adId: number,
  advertiser: string,
  unit: Slot,
  length: number,
  read: Ad["readType"],
  transcript: string,
): Ad {
  return {
    adId,
    advertiser,
    startTs: 0,
    endTs: length,
    placementGroupNum: 0,
    placementNum: 0,
    placementNumInGroup: 0,
    placementUnit: unit,
    readType: read,
    transcript,
  };
}

/** A length shorter than bought: half to three quarters of it, in whole 5 seconds (at least 5). */
const shorter = (length: number, v: number) => Math.max(5, Math.floor((length * (0.5 + 0.25 * v)) / 5) * 5);

export function planAirings(world: World, show: Show, c: Campaign, plan: AiringPlan) {
  const rates = ratesOf(plan.seed);
  const units: readonly BookedUnit[] = plan.units.length ? plan.units : [DEFAULT_UNIT];
  const aired = units.filter((u): u is { position: Slot; length: number } =>
    (SLOTS as readonly string[]).includes(u.position),
  );
  const published = world
    .episodes(show)
    .filter((e) => {
      const t = dayOf(Date.parse(e.uploadedAt));
      return t >= plan.from && t <= c.end;
    })
    .reverse();
  const flight = plan.oneEpisode ? published.slice(0, 1) : published;
  let nextId = world.nextAddedAdId(show);
  const ads: { episodeId: number; ad: Ad }[] = [];
  const airings: Airing[] = [];
  const episodes = flight.map((e) => {
    const r = rng(hash(`airing|${plan.seed}|${e.serviceEpisodeId}`));
    const publishDay = dayOf(Date.parse(e.uploadedAt));
    // Only an episode without the advertiser's generated ads can be one without its ad.
    const missingDraw = r();
    const missing = missingDraw < rates.missing && !e.ads.some((a) => a.advertiser === c.advertiser);
    for (const bought of aired) {
      const moved = r() < rates.moved;
      const other = pick(
        r,
        SLOTS.filter((s) => s !== bought.position),
      );
      const short = r() < rates.short && bought.length > 5;
      const length = shorter(bought.length, r());
      const host = c.type === "baked-in" && r() < 0.9;
      const readScore = Math.round((host ? 0.75 + 0.23 * r() : 0.3 + 0.2 * r()) * 100) / 100;
      const promoRead = r() >= 0.15;
      const adId = missing ? null : nextId++;
      airings.push({ episodeId: e.serviceEpisodeId, publishDay, bought, adId, readScore });
      if (adId === null) continue;
      const ad = adOf(
        adId,
        c.advertiser,
        moved ? other : bought.position,
        short ? length : bought.length,
        host ? "Host" : "Producer",
        transcriptOf(c, plan, promoRead),
      );
      ads.push({ episodeId: e.serviceEpisodeId, ad });
    }
    if (!missing && aired.length && r() < rates.competitor) {
      const rival = COMPETITORS[c.advertiser];
      const product = ADVERTISER_PROFILE[c.advertiser].product.toLowerCase();
      const transcript = `This episode is brought to you by ${rival}, for your ${product}. Visit the link in the show notes.`;
      ads.push({
        episodeId: e.serviceEpisodeId,
        ad: adOf(nextId++, rival, pick(r, SLOTS), int(r, 30, 60), "Producer", transcript),
      });
    }
    return { episodeId: e.serviceEpisodeId, publishDay, aired: !missing && aired.length > 0 };
  });
  // Newest first, as episodes and airchecks are listed.
  airings.sort((a, b) => b.publishDay - a.publishDay);
  return { episodes, airings, ads };
}

/** Share of the flight's episodes published by `day` that carried its ads (0 before the first). */
export function airedShare(episodes: readonly { publishDay: number; aired: boolean }[], day: number): number {
  const published = episodes.filter((e) => e.publishDay <= day);
  return published.length ? published.filter((e) => e.aired).length / published.length : 0;
}
