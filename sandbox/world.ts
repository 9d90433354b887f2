/**
 * The generated world the sandbox serves: shows on every listed platform, episodes with downloads per
 * platform and window, ads with placements and transcripts, advertisers, campaigns with flights.
 * Deterministic (fixed seed); `scale` multiplies the number of shows and campaigns for big reports.
 * Every figure the endpoints give is derived from this world, so the relations between them hold
 * (world.property.test.ts checks them).
 */
import { PLATFORMS } from "../src/api/schemas";
import { hash, int, pick, rng, round } from "./random";
import { adLoadOf, makeAds, withAddedAds } from "./episodeAds";
import { TOPICS, TRICKY, WORDS } from "./worldData";
import type { Booking } from "./model/booking";

export { ADVERTISER_PROFILE, COMPETITORS, GEO_CELLS, SETTINGS_PROFILES } from "./worldData";

export const DAY = 86_400_000;
/**
 * The day the newest episode of every show is published when a world is made without a clock (unit
 * tests' fixed world). A sandbox app makes its world on its own clock's day, so its data runs through
 * today, as the service's does (api-spec: the last 3 days may be estimates; sandbox/README.md).
 */
const FIXED_NEWEST_EPISODE = Date.UTC(2026, 10, 20);
/** Shows publish an episode every 3.5 days. */
export const EPISODE_EVERY_DAYS = 3.5;

export const DEMO_SHOW_ID = "1200000001";
export const DEMO_ALPHA_CHANNEL = "UCdemo0000000000000001";
export const ACCESSIBLE_ADVERTISERS = [
  "Acme Mattress",
  "Northwind Coffee",
  "Initech Software",
  "Umbrella Health",
  "Stark Apparel",
  "Wayne Travel",
];
const INACCESSIBLE_ADVERTISERS = ["Globex Bank"];
export const ALL_ADVERTISERS = [...ACCESSIBLE_ADVERTISERS, ...INACCESSIBLE_ADVERTISERS];
export const PUBLISHERS = ["Lumen Audio", "Harbor Media", "Northstar Network", "Open Mic Co"];
const GENRES = ["News", "Comedy", "Business", "True Crime", "Sports", "Health", "Technology"];

export type Platform = "podcast" | "alpha" | "gamma" | "beta";
type Downloads = Record<"all" | Platform, [number, number, number]>;

export interface Ad {
  adId: number;
  advertiser: string;
  startTs: number;
  endTs: number;
  placementGroupNum: number;
  placementNum: number;
  placementNumInGroup: number;
  placementUnit: "pre" | "mid" | "post";
  readType: "Host" | "Producer";
  transcript: string;
}

/** A stretch of the episode's own talk (not an ad), searchable in transcripts. */
interface Segment {
  startTime: number;
  text: string;
}

export interface Episode {
  serviceEpisodeId: number;
  title: string;
  description: string;
  uploadedAt: string;
  duration: number;
  /** total, within 30 days, within 7 days; `all` is the sum of the four platforms. */
  downloads: Downloads;
  adLoad: number;
  ads: Ad[];
  segments: Segment[];
  guid: string;
  url: string;
}

export interface Show {
  index: number;
  seriesId: number;
  /** Ids the show answers to: directory id, Alpha channel id or playlist id. */
  ids: string[];
  title: string;
  platform: string;
  publisher: string;
  genre: string;
  /** Podcast listeners a month (0 for shows without a podcast feed). */
  monthlyListeners: number;
  /** Typical downloads of one episode, all platforms together. */
  audience: number;
  /** Share of each platform in an episode's downloads. */
  mix: Record<Platform, number>;
  episodeCount: number;
  /** Index of the Alpha show that simulcasts this podcast, or of the podcast an Alpha show simulcasts. */
  simulcast: number | null;
  prefixPlaced: boolean;
  /** The show's CPM for estimated spend, in dollars per thousand podcast downloads. */
  cpm: number;
}

export interface Campaign {
  id: string;
  name: string;
  advertiser: string;
  publisher: string;
  showIndex: number;
  type: "baked-in" | "dai";
  mediaType: "podcast" | "simulcast" | "alpha" | "streaming" | "sai";
  tags: string[];
  /** Flight, as UTC day starts (ms); `airDate` is the expected date of a baked-in flight. */
  start: number;
  end: number;
  airDate: number;
  /** DAI flights are priced by CPM; baked-in flights by a flat cost. */
  cpm: number;
  cost: number | null;
  /** Null when a campaign created through the service gave neither impressions nor cost and CPM. */
  expectedImpressions: number | null;
  /** Share of the show's downloads this campaign's ads reach. */
  fill: number;
  unit: "pre" | "mid" | "post";
  geo: string;
  initiative: string;
  businessLine: string;
  promo: string;
  autoServe: "AutoServe" | "AutoServe (PSA)" | "AutoServe (Holdout)" | null;
  /** Null for a campaign created through the service (its creation has no target CPA). */
  targetCpa: number | null;
  /** What a campaign created through the service booked and how it runs (model/booking.ts). */
  booking?: Booking;
}

const PODCAST_FED = new Set(["Podcast", "radio", "SocialA", "SocialB", "SocialC", "SocialD"]);

function mixOf(platform: string, hasSimulcast: boolean): Record<Platform, number> {
  if (platform === "Alpha") return { podcast: 0, alpha: 1, gamma: 0, beta: 0 };
  if (platform === "Beta") return { podcast: 0, alpha: 0, gamma: 0, beta: 1 };
  if (platform === "Gamma") return { podcast: 0, alpha: 0, gamma: 1, beta: 0 };
  return hasSimulcast
    ? { podcast: 0.7, alpha: 0.2, gamma: 0.06, beta: 0.04 }
    : { podcast: 0.9, alpha: 0, gamma: 0.06, beta: 0.04 };
}

export const dayOf = (ms: number): number => Math.floor(ms / DAY) * DAY;

export class World {
  readonly shows: Show[];
  /** The generated campaigns (campaigns created through the service are `joined`). */
  readonly campaigns: Campaign[];
  /** Campaigns created through the service, in the order they joined. */
  readonly joined: Campaign[] = [];
  private readonly episodeCache = new Map<number, Episode[]>();
  /** Ads of joined campaigns, by show index and episode id; and the episodes with them laid in. */
  private readonly addedAds = new Map<number, Map<number, Ad[]>>();
  private readonly layeredCache = new Map<number, Episode[]>();

  /** The day (UTC ms) every show's newest episode is published: the world's first day. */
  readonly newestEpisode: number;
  private readonly clock: () => number;

  /**
   * `clock` is the service's (the sandbox's `now` option): joined campaigns deliver through its day.
   * Without one the world's clock stands still on its newest episode's day.
   */
  constructor(
    readonly scale = 1,
    today: number = FIXED_NEWEST_EPISODE,
    clock?: () => number,
  ) {
    this.newestEpisode = dayOf(today);
    this.clock = clock ?? (() => this.newestEpisode);
    const r = rng(20261122);
    const count = Math.max(150, Math.round(150 * scale));
    const platforms = Array.from({ length: count }, (_, i) =>
      i === 1 ? "Alpha" : i < 120 ? "Podcast" : PLATFORMS[i % PLATFORMS.length],
    );
    // Each Alpha show simulcasts one podcast (the demo show's is the demo Alpha channel).
    const simulcast = new Map<number, number>();
    let nextPodcast = 0;
    platforms.forEach((p, i) => {
      if (p !== "Alpha") return;
      while (platforms[nextPodcast] !== "Podcast" || simulcast.has(nextPodcast)) nextPodcast++;
      simulcast.set(i, nextPodcast);
      simulcast.set(nextPodcast, i);
    });
    this.shows = platforms.map((platform, i) => {
      const directory = String(1200000001 + i);
      const ids =
        i === 1
          ? [DEMO_ALPHA_CHANNEL, directory]
          : platform === "Alpha"
            ? [`UC${String(i).padStart(22, "0")}`, directory]
            : [directory];
      const title =
        i === 0
          ? "The Demo Show"
          : i % 17 === 3
            ? TRICKY[i % TRICKY.length]
            : `${pick(r, WORDS)} ${pick(r, WORDS)} ${i}`;
      const fed = PODCAST_FED.has(platform);
      const listeners = int(r, 2_000, 900_000);
      return {
        index: i,
        seriesId: 50000 + i,
        ids,
        title,
        platform,
        publisher: PUBLISHERS[i % PUBLISHERS.length],
        genre: GENRES[i % GENRES.length],
        monthlyListeners: fed ? listeners : 0,
        // A podcast episode is downloaded by about a third of the monthly listeners.
        audience: Math.round(listeners * 0.35),
        mix: mixOf(platform, simulcast.has(i) && fed),
        // At least a year of episodes, so every 2026 flight has episodes to run on.
        episodeCount: i === 0 ? 240 : int(r, 110, 160),
        simulcast: simulcast.get(i) ?? null,
        prefixPlaced: i === 0 || r() < 0.5,
        cpm: round(18 + (hash(`cpm|${i}`) % 1200) / 100, 2),
      };
    });
    this.campaigns = this.makeCampaigns();
  }

  private makeCampaigns(): Campaign[] {
    const campaigns: Campaign[] = [];
    const perAdvertiser = Math.max(6, Math.round(6 * this.scale));
    const podcastShows = Math.min(this.shows.length, 120);
    for (const advertiser of ALL_ADVERTISERS) {
      // perAdvertiser campaigns that run through 2026, and one short flight in the spring.
      for (let k = 0; k <= perAdvertiser; k++) {
        const cr = rng(hash(`${advertiser}|${k}`));
        // Every advertiser's second campaign runs on the demo show, which has an Alpha simulcast:
        // simulcast for half of them, Alpha-only for the others.
        const onDemo = k === 1;
        const show = this.shows[onDemo ? 0 : int(cr, 0, podcastShows - 1)];
        const spring = k === perAdvertiser;
        const type = k % 3 === 0 ? "dai" : "baked-in";
        // Flights move with the world's today (the fixed world's are in 2026), as its episodes do.
        const shift = this.newestEpisode - FIXED_NEWEST_EPISODE;
        const start =
          shift +
          (spring
            ? Date.UTC(2026, 4, 1) + int(cr, 0, 9) * DAY
            : Date.UTC(2026, 0, 1) + (hash(`${advertiser}|${k}|start`) % 60) * DAY);
        const end = spring ? start + 45 * DAY : shift + Date.UTC(2026, 11, 31);
        const cpm = round(15 + cr() * 20);
        const expectedImpressions = Math.round(((end - start) / DAY) * show.audience * 0.05);
        const picked = pick(cr, ["podcast", "podcast", "simulcast", "alpha", "streaming", "sai"] as const);
        const mediaType = onDemo ? (ALL_ADVERTISERS.indexOf(advertiser) % 2 ? "alpha" : "simulcast") : picked;
        campaigns.push({
          id: `cmp-${hash(advertiser).toString(16)}-${k}`,
          name:
            k === 2
              ? `${advertiser} – "Spring", launch`
              : `${advertiser} ${spring ? "Spring flight" : pick(cr, ["Q1", "Q2", "Q3", "Q4"])} ${show.title.split("\n")[0].slice(0, 20)}`,
          advertiser,
          publisher: show.publisher,
          showIndex: show.index,
          type,
          // An Alpha campaign needs an Alpha simulcast to deliver on.
          mediaType:
            (mediaType === "alpha" || mediaType === "simulcast") && show.simulcast === null
              ? "podcast"
              : mediaType,
          tags: [pick(cr, ["q4", "launch", "always-on", "test"]), ...(cr() < 0.4 ? ["brand"] : [])],
          start,
          end,
          airDate: start + int(cr, 0, 20) * DAY,
          cpm,
          cost: type === "baked-in" ? Math.round((expectedImpressions * cpm) / 1000) : null,
          expectedImpressions,
          fill: round(0.15 + cr() * 0.3, 3),
          unit: pick(cr, ["pre", "mid", "post"] as const),
          geo: pick(cr, ["US", "US", "GB", "CA"]),
          initiative: pick(cr, ["Brand", "Performance"]),
          businessLine: pick(cr, ["Consumer", "SMB"]),
          promo: `${advertiser.split(" ")[0].toUpperCase()}${int(cr, 10, 30)}`,
          autoServe:
            type === "dai" ? pick(cr, ["AutoServe", "AutoServe (PSA)", "AutoServe (Holdout)", null]) : null,
          targetCpa: round(20 + cr() * 60, 2),
        });
      }
    }
    return campaigns;
  }

  findShow(id: string): Show | undefined {
    return this.shows.find((s) => s.ids.includes(id) || String(s.seriesId) === id);
  }

  /** The episode with this service episode id, and its show. */
  findEpisode(id: number): { show: Show; episode: Episode } | undefined {
    const show = this.shows[Math.floor(id / 10_000)];
    if (!show) return undefined;
    const episode = this.episodes(show).find((e) => e.serviceEpisodeId === id);
    return episode ? { show, episode } : undefined;
  }

  /** Today by the world's clock (UTC day start). */
  today(): number {
    return dayOf(this.clock());
  }

  /** How many campaigns have joined: answers made before a join are not those of the world now. */
  get version(): number {
    return this.joined.length;
  }

  /**
   * A campaign created through the service joins the world: it is in `campaignsOf` from now on, and
   * its ads (and any heard beside them) are in the episodes they aired in.
   */
  join(c: Campaign, ads: readonly { episodeId: number; ad: Ad }[]): void {
    this.joined.push(c);
    const byEpisode = this.addedAds.get(c.showIndex) ?? new Map<number, Ad[]>();
    for (const { episodeId, ad } of ads) byEpisode.set(episodeId, [...(byEpisode.get(episodeId) ?? []), ad]);
    this.addedAds.set(c.showIndex, byEpisode);
    this.layeredCache.delete(c.showIndex);
  }

  /** An id for an ad added to the show's episodes (generated ads use the ids below it). */
  nextAddedAdId(show: Show): number {
    const added = [...(this.addedAds.get(show.index)?.values() ?? [])].reduce((n, ads) => n + ads.length, 0);
    return show.index * 100_000 + 50_000 + added + 1;
  }

  /** Episodes of a show, newest first, with the ads of joined campaigns laid in. */
  episodes(show: Show): Episode[] {
    const added = this.addedAds.get(show.index);
    if (!added) return this.generatedEpisodes(show);
    let eps = this.layeredCache.get(show.index);
    if (!eps) {
      eps = this.generatedEpisodes(show).map((e) => {
        const ads = added.get(e.serviceEpisodeId);
        return ads ? withAddedAds(e, ads) : e;
      });
      this.layeredCache.set(show.index, eps);
    }
    return eps;
  }

  /** Episodes of a show as generated, newest first (on first use). */
  private generatedEpisodes(show: Show): Episode[] {
    let eps = this.episodeCache.get(show.index);
    if (eps) return eps;
    const r = rng(hash(`episodes|${show.index}`));
    const roster = this.roster(show);
    let adId = show.index * 100_000;
    const platforms: Platform[] = ["podcast", "alpha", "gamma", "beta"];
    eps = Array.from({ length: show.episodeCount }, (_, i) => {
      const duration = int(r, 900, 5400);
      const total = Math.max(200, show.audience) * (0.75 + r() * 0.5);
      const parts = Object.fromEntries(
        platforms.map((p) => {
          const n = Math.round(total * show.mix[p]);
          return [p, [n, Math.round(n * 0.8), Math.round(n * 0.45)]];
        }),
      ) as Record<Platform, [number, number, number]>;
      const all = [0, 1, 2].map((w) => platforms.reduce((s, p) => s + parts[p][w], 0)) as [
        number,
        number,
        number,
      ];
      const ads = makeAds(r, duration, () => ++adId, roster);
      const title =
        i % 23 === 5
          ? TRICKY[i % TRICKY.length]
          : `${show.title.split("\n")[0].slice(0, 30)}: episode ${show.episodeCount - i}`;
      const topic = pick(r, TOPICS);
      return {
        serviceEpisodeId: show.index * 10_000 + (show.episodeCount - i),
        title,
        description:
          `Episode about ${pick(r, WORDS).toLowerCase()} ${topic} with mattress, coffee and travel talk`.slice(
            0,
            100,
          ),
        uploadedAt: new Date(this.newestEpisode - Math.round(i * EPISODE_EVERY_DAYS * DAY)).toISOString(),
        duration,
        downloads: { all, ...parts },
        adLoad: adLoadOf(ads, duration),
        ads,
        segments: [
          { startTime: 200, text: `Today we talk about ${topic} and what it costs.` },
          {
            startTime: Math.round(duration / 2),
            text: `Listeners asked about ${pick(r, TOPICS)} and coffee.`,
          },
        ],
        guid: `guid-${show.index}-${i}`,
        url: `https://media.example.test/${show.index}/${i}.mp3`,
      };
    });
    this.episodeCache.set(show.index, eps);
    return eps;
  }

  /**
   * The advertisers whose ads a show carries: every advertiser on the demo show; elsewhere the ones
   * with a campaign on the show and about a third of the others (at least two), so an advertiser runs
   * on some shows and not on others.
   */
  roster(show: Show): readonly string[] {
    if (show.index === 0) return ALL_ADVERTISERS;
    const booked = new Set(this.campaigns.filter((c) => c.showIndex === show.index).map((c) => c.advertiser));
    const chosen = ALL_ADVERTISERS.filter(
      (a) => booked.has(a) || hash(`roster|${show.index}|${a}`) % 100 < 33,
    );
    const extra = ALL_ADVERTISERS.filter((a) => !chosen.includes(a));
    return chosen.length >= 2 ? chosen : [...chosen, ...extra.slice(0, 2 - chosen.length)];
  }

  /**
   * The topics a show talks about (two or three): what its similar shows share with it. Shows of one
   * genre lean to the same first topic.
   */
  topics(show: Show): readonly string[] {
    const r = rng(hash(`topics|${show.index}`));
    const first = TOPICS[(GENRES.indexOf(show.genre) + (r() < 0.7 ? 0 : int(r, 1, 7))) % TOPICS.length];
    const rest = TOPICS.filter((t) => t !== first);
    const second = pick(r, rest);
    const third =
      r() < 0.5
        ? pick(
            r,
            rest.filter((t) => t !== second),
          )
        : null;
    return third ? [first, second, third] : [first, second];
  }

  /** Campaigns of these advertisers (default: every accessible advertiser's), joined ones last. */
  campaignsOf(advertisers: readonly string[] | undefined): Campaign[] {
    const all = this.joined.length ? [...this.campaigns, ...this.joined] : this.campaigns;
    return advertisers?.length
      ? all.filter((c) => advertisers.includes(c.advertiser))
      : all.filter((c) => ACCESSIBLE_ADVERTISERS.includes(c.advertiser));
  }

  private readonly publishCache = new Map<number, number[]>();

  /** Publish times (ms) of a show's episodes, newest first. */
  publishTimes(show: Show): number[] {
    let times = this.publishCache.get(show.index);
    if (!times)
      this.publishCache.set(show.index, (times = this.episodes(show).map((e) => Date.parse(e.uploadedAt))));
    return times;
  }

  /** The most recent episode of a show published on or before `day`, if any. */
  episodeOn(show: Show, day: number): Episode | undefined {
    const i = this.publishTimes(show).findIndex((t) => t < day + DAY);
    return i < 0 ? undefined : this.episodes(show)[i];
  }
}
