/**
 * The generated world the sandbox serves: shows on every listed platform, episodes with downloads per
 * platform and window, ads with placements and transcripts, advertisers, campaigns. Deterministic
 * (fixed seed); `scale` multiplies the number of shows and campaigns for big reports.
 */
import { PLATFORMS } from "../src/api/schemas";
import { hash, int, pick, rng, round } from "./random";

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
export const INACCESSIBLE_ADVERTISERS = ["Globex Bank"];
export const ALL_ADVERTISERS = [...ACCESSIBLE_ADVERTISERS, ...INACCESSIBLE_ADVERTISERS];
export const PUBLISHERS = ["Lumen Audio", "Harbor Media", "Northstar Network", "Open Mic Co"];
export const GENRES = ["News", "Comedy", "Business", "True Crime", "Sports", "Health", "Technology"];

/** Titles that test text handling: formula-like starts, quotes, commas, newlines, Unicode. */
const TRICKY = [
  "=SUM(A1:A9) and other tricks",
  "+1 reasons to listen",
  "-30% off, today only",
  "@host answers",
  'The "quoted", comma episode',
  "Line one\nline two",
  "Ünïcødé & émojis ✓",
];
const WORDS = [
  "Morning",
  "Deep",
  "Market",
  "Weekly",
  "Inside",
  "Hidden",
  "Bright",
  "Open",
  "Daily",
  "Signal",
  "Story",
  "Field",
  "Table",
  "Minute",
];

export interface Ad {
  adId: number;
  advertiser: string;
  startTs: number;
  endTs: number;
  placementGroupNum: number;
  placementNum: number;
  placementNumInGroup: number;
  placementUnit: string;
  readType: "Host" | "Producer";
  transcript: string;
}

export interface Episode {
  serviceEpisodeId: number;
  title: string;
  description: string;
  uploadedAt: string;
  duration: number;
  downloads: Record<"all" | "podcast" | "alpha" | "gamma" | "beta", [number, number, number]>;
  adLoad: number;
  ads: Ad[];
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
  monthlyListeners: number;
  episodeCount: number;
}

export interface Campaign {
  id: string;
  name: string;
  advertiser: string;
  publisher: string;
  showIndex: number;
  type: "baked-in" | "dai";
  mediaType: string;
  cpm: number;
}

export class World {
  readonly shows: Show[];
  readonly campaigns: Campaign[];
  private readonly episodeCache = new Map<number, Episode[]>();

  constructor(readonly scale = 1) {
    const r = rng(20261122);
    const count = Math.max(150, Math.round(150 * scale));
    this.shows = Array.from({ length: count }, (_, i) => {
      const platform = i === 1 ? "Alpha" : i < 120 ? "Podcast" : PLATFORMS[i % PLATFORMS.length];
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
      return {
        index: i,
        seriesId: 50000 + i,
        ids,
        title,
        platform,
        publisher: PUBLISHERS[i % PUBLISHERS.length],
        genre: GENRES[i % GENRES.length],
        monthlyListeners: int(r, 2_000, 900_000),
        episodeCount: i === 0 ? 240 : int(r, 12, 60),
      };
    });
    const campaigns: Campaign[] = [];
    const perAdvertiser = Math.max(6, Math.round(6 * scale));
    for (const advertiser of ALL_ADVERTISERS) {
      for (let k = 0; k < perAdvertiser; k++) {
        const cr = rng(hash(`${advertiser}|${k}`));
        const show = this.shows[int(cr, 0, Math.min(this.shows.length, 120) - 1)];
        campaigns.push({
          id: `cmp-${hash(advertiser).toString(16)}-${k}`,
          name:
            k === 2
              ? `${advertiser} – "Spring", launch`
              : `${advertiser} ${pick(cr, ["Q1", "Q2", "Q3", "Q4"])} ${show.title.slice(0, 20)}`,
          advertiser,
          publisher: show.publisher,
          showIndex: show.index,
          type: k % 3 === 0 ? "dai" : "baked-in",
          mediaType: pick(cr, ["podcast", "podcast", "simulcast", "alpha", "streaming"]),
          cpm: round(15 + cr() * 20),
        });
      }
    }
    this.campaigns = campaigns;
  }

  findShow(id: string): Show | undefined {
    return this.shows.find((s) => s.ids.includes(id) || String(s.seriesId) === id);
  }

  /** Episodes of a show, newest first (generated on first use). */
  episodes(show: Show): Episode[] {
    let eps = this.episodeCache.get(show.index);
    if (eps) return eps;
    const r = rng(hash(`episodes|${show.index}`));
    const newest = Date.UTC(2026, 10, 20);
    let adId = show.index * 100_000;
    eps = Array.from({ length: show.episodeCount }, (_, i) => {
      const duration = int(r, 900, 5400);
      const base = Math.round((show.monthlyListeners / 4) * (0.5 + r()));
      const split = (f: number): [number, number, number] => [
        Math.round(base * f),
        Math.round(base * f * 0.8),
        Math.round(base * f * 0.45),
      ];
      const ads: Ad[] = Array.from({ length: int(r, 0, 4) }, (_, k) => {
        const start = int(r, 0, duration - 120);
        const advertiser = pick(r, ALL_ADVERTISERS);
        return {
          adId: ++adId,
          advertiser,
          startTs: start,
          endTs: start + int(r, 30, 90),
          placementGroupNum: k < 1 ? 1 : 2,
          placementNum: k + 1,
          placementNumInGroup: k < 1 ? 1 : k,
          placementUnit: k === 0 ? "pre" : pick(r, ["mid", "post"]),
          readType: r() < 0.6 ? "Host" : "Producer",
          transcript: `This episode is brought to you by ${advertiser}. ${pick(r, ["Use code DEMO for 20% off", "Visit the link in the show notes", "Try it free for 30 days"])}.`,
        };
      });
      const title =
        i % 23 === 5
          ? TRICKY[i % TRICKY.length]
          : `${show.title.split("\n")[0].slice(0, 30)}: episode ${show.episodeCount - i}`;
      return {
        serviceEpisodeId: show.index * 10_000 + (show.episodeCount - i),
        title,
        description:
          `Episode about ${pick(r, WORDS).toLowerCase()} ${pick(r, WORDS).toLowerCase()} with mattress, coffee and travel talk`.slice(
            0,
            100,
          ),
        uploadedAt: new Date(newest - i * 3.5 * 86_400_000).toISOString(),
        duration,
        downloads: {
          all: split(1),
          podcast: split(0.7),
          alpha: split(0.2),
          gamma: split(0.06),
          beta: split(0.04),
        },
        adLoad: round((ads.reduce((n, a) => n + a.endTs - a.startTs, 0) / duration) * 100),
        ads,
        guid: `guid-${show.index}-${i}`,
        url: `https://media.example.test/${show.index}/${i}.mp3`,
      };
    });
    this.episodeCache.set(show.index, eps);
    return eps;
  }

  campaignsOf(advertisers: readonly string[] | undefined): Campaign[] {
    return advertisers?.length
      ? this.campaigns.filter((c) => advertisers.includes(c.advertiser))
      : this.campaigns.filter((c) => ACCESSIBLE_ADVERTISERS.includes(c.advertiser));
  }
}
