/**
 * The Airchecks and Ads (JSON) columns of a campaigns-performance row, and its Ads count. A generated
 * campaign lists the first three episodes of its show in the range, its ad at its unit's place, 60
 * seconds long; a campaign created through the service lists what aired (model/airings.ts): the ads
 * the show's episodes carry for it, at the position and length they aired, newest first.
 */
import { hash } from "../random";
import { DAY, type Ad, type Campaign, type Episode, type Show, type World } from "../world";
import { clock } from "./shared";

/**
 * At most this many aired ads are listed in a row's two JSON columns (a cell holds 32,767 characters),
 * the newest episodes' (whole episodes only).
 */
const MAX_LISTED_AIRINGS = 40;

export interface Aired {
  count: number;
  airchecks: Record<string, unknown>[];
  ads: Record<string, unknown>[];
}

/** One aired ad as an Airchecks entry and an Ads (JSON) entry. */
function entries(
  c: Campaign,
  show: Show,
  e: Episode,
  ad: Omit<Ad, "advertiser" | "transcript">,
  readScore: number,
) {
  const length = ad.endTs - ad.startTs;
  return {
    aircheck: {
      showTitle: show.title,
      episodeTitle: e.title,
      episodeGuid: e.guid,
      episodeLength: e.duration,
      adTimestamp: ad.startTs,
      adLength: length,
      unit: ad.placementUnit,
      readBy: ad.readType,
      readScore,
      transcriptUrl: `https://transcripts.example.test/${e.serviceEpisodeId}`,
    },
    ad: {
      adId: ad.adId,
      episodeId: e.serviceEpisodeId,
      episodeTitle: e.title,
      showTitle: show.title,
      publishedAt: e.uploadedAt.slice(0, 10),
      adDuration: length,
      startTs: ad.startTs,
      endTs: ad.endTs,
      platform: show.platform.toLowerCase(),
      episodeDuration: e.duration,
      episodeUrlInFeed: show.mix.podcast > 0 ? e.url : null,
      placementNum: ad.placementNum,
      placementPercent: Math.round((ad.startTs / e.duration) * 1000) / 10,
      publicLink: `https://play.example.test/ad/${c.id}/${e.serviceEpisodeId}`,
      transcriptLink: `https://transcripts.example.test/${e.serviceEpisodeId}#${clock(ad.startTs)}`,
    },
  };
}

/** A generated campaign: the first three episodes in the range, its unit's place, 60 seconds. */
function generatedAirchecks(world: World, c: Campaign, from: number, to: number): Aired {
  const show = world.shows[c.showIndex];
  const eps = world
    .episodes(show)
    .filter((e) => {
      const t = Date.parse(e.uploadedAt);
      return t >= Math.max(from, c.airDate) && t < Math.min(to, c.end) + DAY;
    })
    .slice(0, 3);
  const at = (duration: number) =>
    c.unit === "pre" ? 0 : c.unit === "mid" ? Math.round(duration / 2) : duration - 90;
  const listed = eps.map((e) =>
    entries(
      c,
      show,
      e,
      {
        adId: hash(`${c.id}|${e.serviceEpisodeId}`) % 10_000_000,
        startTs: at(e.duration),
        endTs: at(e.duration) + 60,
        placementUnit: c.unit,
        placementNum: c.unit === "pre" ? 1 : c.unit === "mid" ? 2 : 3,
        placementGroupNum: 0,
        placementNumInGroup: 0,
        readType: c.type === "baked-in" ? "Host" : "Producer",
      },
      c.type === "baked-in" ? 0.92 : 0.4,
    ),
  );
  return { count: eps.length, airchecks: listed.map((x) => x.aircheck), ads: listed.map((x) => x.ad) };
}

/** A created campaign: its aired ads published in the range (through today), newest first. */
function bookedAirchecks(world: World, c: Campaign, from: number, to: number): Aired {
  const show = world.shows[c.showIndex];
  const last = Math.min(to, world.today());
  const aired = c.booking!.airings.filter(
    (a) => a.adId !== null && a.publishDay >= from && a.publishDay <= last,
  );
  // Whole episodes only, so an episode's entries are always its bought units, all of them, in order.
  const lastEpisode = aired[MAX_LISTED_AIRINGS]?.episodeId;
  const shown = aired.slice(0, MAX_LISTED_AIRINGS).filter((a) => a.episodeId !== lastEpisode);
  const listed = shown.map((a) => {
    const { episode } = world.findEpisode(a.episodeId)!;
    const ad = episode.ads.find((x) => x.adId === a.adId)!;
    return entries(c, show, episode, ad, a.readScore);
  });
  return { count: aired.length, airchecks: listed.map((x) => x.aircheck), ads: listed.map((x) => x.ad) };
}

export function airchecksOf(world: World, c: Campaign, from: number, to: number): Aired {
  return c.booking ? bookedAirchecks(world, c, from, to) : generatedAirchecks(world, c, from, to);
}
