/**
 * A created campaign's day (model/booking.ts): its booked daily rate times its pace and the day's own
 * draw, from the first day it can deliver through the world's today (its clock's day), nothing
 * before or after. A baked-in flight delivers in proportion to the share of its published episodes
 * that carried its ads, and its cost is spent episode by episode, on the episodes that aired it.
 */
import { DAY, type Campaign, type World } from "../world";
import { airedShare } from "./airings";
import type { Booking } from "./booking";

/** A campaign-day's impressions on each platform (before rounding). */
export interface PlatformImpressions {
  podcast: number;
  alpha: number;
  beta: number;
  gamma: number;
}

const NONE: PlatformImpressions = { podcast: 0, alpha: 0, beta: 0, gamma: 0 };

/** The share of the booked rate the flight delivers on `day` (before the day's draw). */
function rateOn(c: Campaign, b: Booking, day: number): number {
  return b.pace * (c.type === "baked-in" ? airedShare(b.episodes, day) : 1);
}

/** The day's impressions of a created campaign, with one draw of r when it delivers. */
export function bookedImpressions(
  world: World,
  c: Campaign,
  day: number,
  r: () => number,
): PlatformImpressions {
  const b = c.booking!;
  if (day < b.from || day > c.end || day > world.today()) return NONE;
  const rate = rateOn(c, b, day);
  if (rate === 0) return NONE;
  const total = b.dailyTarget * rate * (0.85 + 0.3 * r());
  return {
    podcast: total * b.shares.podcast,
    alpha: total * b.shares.alpha,
    beta: total * b.shares.beta,
    gamma: total * b.shares.gamma,
  };
}

/**
 * A created baked-in flight's spend on a day: its cost split over the episodes its dates hold, each
 * episode that aired it spent on its publish day (or over its first 30 days); one that did not costs
 * nothing. Nothing after today.
 */
export function bookedBakedInSpend(world: World, c: Campaign, day: number, onPublishDate: boolean): number {
  const b = c.booking!;
  if (c.cost === null || b.slots === 0 || day > world.today()) return 0;
  const perEpisode = c.cost / b.slots;
  let episodes = 0;
  for (const e of b.episodes)
    if (
      e.aired &&
      (onPublishDate ? e.publishDay === day : e.publishDay <= day && day - e.publishDay < 30 * DAY)
    )
      episodes++;
  return (onPublishDate ? perEpisode : perEpisode / 30) * episodes;
}

/**
 * Under-delivering (Status, Campaign Delivery Issues): a generated campaign with a low fill; a created
 * one that has started and delivers below 90 % of its booked rate (its pace, times the share of its
 * episodes that aired it for a baked-in flight).
 */
export function underDelivering(world: World, c: Campaign): boolean {
  const b = c.booking;
  if (!b) return c.fill < 0.2;
  const today = world.today();
  return today >= b.from && today >= c.start && rateOn(c, b, today) < 0.9;
}
