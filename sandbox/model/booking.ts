/**
 * A flight created through the service (POST /campaign) as a campaign of the world: its booked
 * figures as the creation gave them, and how it runs. Its pace is drawn from its show and its own
 * booking, so the same booking in the same world always runs the same; what aired in each of its
 * episodes is airings.ts's, its days are bookedDelivery.ts's. sandbox/README.md ("Campaigns created
 * through the service") describes the model for the add-in's side.
 */
import type { z } from "zod";
import type { campaignRequestSchema } from "../../src/api/schemas";
import { hash, rng } from "../random";
import { slug } from "../csv/text";
import {
  ALL_ADVERTISERS,
  DAY,
  PUBLISHERS,
  EPISODE_EVERY_DAYS,
  dayOf,
  type Ad,
  type Campaign,
  type Platform,
  type Show,
  type World,
} from "../world";
import { planAirings, type Airing } from "./airings";

type CampaignBody = z.output<typeof campaignRequestSchema>;
type Position = "pre" | "mid" | "post" | "feed" | "drop";
export interface BookedUnit {
  position: Position;
  length: number;
}

export interface Booking {
  /** What the flight's draws are keyed on: its advertiser, show, type, dates, units and name. */
  seed: string;
  /** Delivered share of the booked daily rate (before the day's own draw): below 0.9 is behind. */
  pace: number;
  /** Booked impressions a day, from the first day it can deliver to the flight's end. */
  dailyTarget: number;
  /** The first day it can deliver: a DAI flight's start; a baked-in flight's first episode. */
  from: number;
  /** The units as the creation gave them (none: [] — a 60-second mid-roll airs). */
  units: readonly BookedUnit[];
  /** The flight's cpm as given (null: none). */
  cpm: number | null;
  product: string | null;
  landingUrl: string | null;
  billToPublisher: boolean;
  /** Share of the delivery on each platform (sums to 1). */
  shares: Record<Platform, number>;
  /** Episodes the flight's dates hold, published or to come (a baked-in cost is split over them). */
  slots: number;
  /** The flight's published episodes, oldest first, and whether any of its ads aired in each. */
  episodes: { episodeId: number; publishDay: number; aired: boolean }[];
  /** Each booked unit in each published episode of the flight, newest first. */
  airings: Airing[];
}

/** A date or date-time as its calendar day (UTC), as written. */
const dayOfText = (s: string): number => Date.UTC(+s.slice(0, 4), +s.slice(5, 7) - 1, +s.slice(8, 10));

/** The world's advertiser (or publisher) a creation names, by name or lookup name; undefined for any other. */
function named(names: readonly string[], name: string): string | undefined {
  const text = name.trim().toLowerCase();
  return names.find((a) => a.toLowerCase() === text || slug(a) === text);
}

/** The media types the world models; the creation's others deliver as podcast. */
function mediaTypeOf(given: string | undefined): Campaign["mediaType"] {
  const t = (given ?? "podcast").toLowerCase();
  return t === "simulcast" || t === "alpha" || t === "streaming" || t === "sai" ? t : "podcast";
}

/** Platform shares: the show's mix over the platforms the media type runs on (all of its own if none). */
function sharesOf(show: Show, mediaType: Campaign["mediaType"]): Record<Platform, number> {
  const on: Platform[] =
    mediaType === "simulcast"
      ? ["podcast", "alpha", "beta", "gamma"]
      : mediaType === "alpha"
        ? ["alpha"]
        : ["podcast"];
  const all: Platform[] = ["podcast", "alpha", "beta", "gamma"];
  const used = on.some((p) => show.mix[p] > 0) ? on : all;
  const total = used.reduce((n, p) => n + show.mix[p], 0);
  return Object.fromEntries(all.map((p) => [p, used.includes(p) ? show.mix[p] / total : 0])) as Record<
    Platform,
    number
  >;
}

/**
 * The flight's pace: about a third of flights fall behind (55–85 % of the booked rate), half run on
 * track (93–105 %), the rest ahead (110–125 %); on a show that runs late (three shows in ten) no
 * flight runs ahead and half fall behind.
 */
function paceOf(show: Show, seed: string): number {
  const r = rng(hash(`pace|${seed}`));
  const late = hash(`late show|${show.index}`) % 10 < 3;
  const u = r() * (late ? 0.6 : 1);
  const v = r();
  if (u < 0.3) return 0.55 + 0.3 * v;
  if (u < 0.85) return 0.93 + 0.12 * v;
  return 1.1 + 0.15 * v;
}

/** Publish days of the show's episodes from `from` to `to`: those published and those to come. */
function slotDays(world: World, show: Show, from: number, to: number): number[] {
  const past = world.publishTimes(show).map(dayOf);
  const future: number[] = [];
  for (let k = 1; ; k++) {
    const t = dayOf(world.newestEpisode + Math.round(k * EPISODE_EVERY_DAYS * DAY));
    if (t > to) break;
    future.push(t);
  }
  return [...past.reverse(), ...future].filter((t) => t >= from && t <= to);
}

type Flight = CampaignBody["flights"][number];

/** The flight's dates: start, end, expected (air) date, and whether it is one baked-in episode. */
function datesOf(type: Campaign["type"], f: Flight) {
  if (type === "dai") {
    const start = dayOfText(f.startDate!);
    return { start, end: dayOfText(f.endDate!), airDate: start, oneEpisode: false };
  }
  const airDate = dayOfText(f.expectedDate!);
  const start = f.startDate ? dayOfText(f.startDate) : airDate;
  // Without an end date a baked-in flight is one episode, its impressions counted for 30 days.
  const end = f.endDate ? dayOfText(f.endDate) : airDate + 29 * DAY;
  return { start, end, airDate, oneEpisode: !f.endDate };
}

/** The flight's prices: booked impressions, the rate it paces against, its CPM and its cost. */
function pricesOf(type: Campaign["type"], f: Flight, show: Show, start: number, end: number) {
  const expected =
    f.expectedImpressions ??
    (f.totalCost !== undefined && f.cpm ? Math.round((f.totalCost * 1000) / f.cpm) : null);
  return {
    expected,
    // Without booked impressions the flight paces against the world's own rule for its campaigns.
    target: expected ?? Math.round(((end - start) / DAY) * show.audience * 0.05),
    cpm: f.cpm ?? (f.totalCost !== undefined && expected ? (f.totalCost * 1000) / expected : show.cpm),
    cost:
      f.totalCost ??
      (type === "baked-in" && f.cpm !== undefined && expected !== null
        ? Math.round((expected * f.cpm) / 1000)
        : null),
  };
}

const isSlot = (u: BookedUnit): u is { position: "pre" | "mid" | "post"; length: number } =>
  u.position === "pre" || u.position === "mid" || u.position === "post";

/** The campaign's own fields: the creation's values, the world's name and show, the rest blank. */
function campaignOf(
  id: string,
  body: CampaignBody,
  show: Show,
  base: Pick<Campaign, "advertiser" | "type" | "start" | "end" | "airDate">,
  prices: ReturnType<typeof pricesOf>,
): Campaign {
  return {
    ...base,
    id,
    name: body.name,
    // A publisher the world knows by its name; another as given; none: the show's.
    publisher: body.publisher ? (named(PUBLISHERS, body.publisher) ?? body.publisher) : show.publisher,
    showIndex: show.index,
    mediaType: mediaTypeOf(body.mediaType),
    tags: body.tags ?? [],
    cpm: prices.cpm,
    cost: prices.cost,
    expectedImpressions: prices.expected,
    fill: 1,
    unit: (body.expectedUnits ?? []).find(isSlot)?.position ?? "mid",
    geo: body.geo ?? "GLOBAL",
    initiative: body.initiative ?? "",
    businessLine: "",
    promo: body.promo ?? "",
    autoServe: null,
    targetCpa: null,
  };
}

export interface BookedFlight {
  campaign: Campaign;
  /** Ads to add to the show's episodes: the campaign's, and competitors' heard beside them. */
  ads: { episodeId: number; ad: Ad }[];
}

/**
 * Flight `index` of a creation as a campaign of the world with this id, or null when it cannot run
 * here: a type other than Baked-in or DAI, an advertiser or show (itunesOrYtId) the world does not know.
 */
export function bookFlight(world: World, body: CampaignBody, index: number, id: string): BookedFlight | null {
  const type = body.type === "DAI" ? "dai" : body.type === "Baked-in" ? "baked-in" : null;
  const advertiser = named(ALL_ADVERTISERS, body.advertiser);
  const show = body.itunesOrYtId ? world.findShow(body.itunesOrYtId) : undefined;
  if (!type || !advertiser || !show) return null;
  const f = body.flights[index];
  const { start, end, airDate, oneEpisode } = datesOf(type, f);
  const units: BookedUnit[] = body.expectedUnits ?? [];
  const seed = `${advertiser}|${show.index}|${type}|${start}|${end}|${airDate}|${JSON.stringify(units)}|${body.name}`;
  const slots = slotDays(world, show, Math.max(start, airDate), end).slice(0, oneEpisode ? 1 : undefined);
  const from = type === "dai" ? start : (slots[0] ?? end + DAY);
  const prices = pricesOf(type, f, show, start, end);
  const campaign = campaignOf(id, body, show, { advertiser, type, start, end, airDate }, prices);
  const planned = planAirings(world, show, campaign, {
    seed,
    units,
    from: Math.max(start, airDate),
    oneEpisode,
    talkingPoints: body.expectedTalkingPoints ?? [],
  });
  campaign.booking = {
    seed,
    pace: paceOf(show, seed),
    dailyTarget: end >= from ? prices.target / ((end - from) / DAY + 1) : 0,
    from,
    units,
    cpm: f.cpm ?? null,
    product: body.product ?? null,
    landingUrl: body.expectedLandingUrl ?? null,
    billToPublisher: body.billToPublisher ?? false,
    shares: sharesOf(show, campaign.mediaType),
    slots: slots.length,
    episodes: planned.episodes,
    airings: planned.airings,
  };
  return { campaign, ads: planned.ads };
}

/** The Unit column of a created campaign: its units as `position:seconds`, in the creation's order. */
export const unitsText = (units: readonly BookedUnit[]): string =>
  units.map((u) => `${u.position}:${u.length}`).join(", ");
