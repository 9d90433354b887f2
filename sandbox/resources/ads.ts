/**
 * POST /advertisers/individual-ads: Pro users only. One row per ad of the advertiser detected in an
 * episode published between startDate (default 24 months ago) and endDate (default today), newest
 * first, paged by limit and offset.
 */
import { INDIVIDUAL_AD_COLUMNS, individualAdsRequestSchema } from "../../src/api/schemas";
import { hash, round } from "../random";
import { adSpend } from "../model/adSpend";
import { clock, range } from "../csv/shared";
import {
  ACCESSIBLE_ADVERTISERS,
  ADVERTISER_PROFILE,
  DAY,
  type Ad,
  type Episode,
  type Show,
  type World,
} from "../world";
import { invalidData, jsonBody, type SandboxApp, type SandboxContext } from "../context";

export function adsRoutes(app: SandboxApp, { world, settings }: SandboxContext): void {
  // Paging asks for the same rows again and again: the last few answers are kept.
  const recent = new Map<string, Row[]>();
  const rowsOf = (advertiser: string, from: number, to: number) => {
    const key = `${advertiser}|${from}|${to}|${world.version}`;
    let rows = recent.get(key);
    if (!rows) {
      rows = individualAds(world, advertiser, from, to);
      if (recent.size >= 20) recent.delete(recent.keys().next().value!);
      recent.set(key, rows);
    }
    return rows;
  };
  app.post("/api/public/advertisers/individual-ads", async (c) => {
    if (!c.get("account").pro) return c.json({ message: "Forbidden" }, 403);
    const parsed = individualAdsRequestSchema.safeParse(await jsonBody(c));
    if (!parsed.success) return invalidData(c);
    const { advertiser, limit = 500, offset = 0 } = parsed.data;
    if (!ACCESSIBLE_ADVERTISERS.includes(advertiser)) return c.json({ message: "Forbidden" }, 403);
    const [from, to] = range(parsed.data, settings.now(), { startMonthsAgo: 24, endDaysAhead: 0 });
    const rows = rowsOf(advertiser, from, to);
    return c.json({
      headers: INDIVIDUAL_AD_COLUMNS.map(([k]) => ({ id: k, name: k })),
      data: rows.slice(offset, offset + limit),
      pagination: { limit, offset, total: rows.length },
    });
  });
}

type Row = Record<string, string | number | null>;

/** What the ad rows of one show share. */
interface ShowAds {
  show: Show;
  /** The show has a podcast feed (its ads are podcast rows). */
  podcast: boolean;
  alpha: boolean;
  /** The show's simulcast, if it has one. */
  other: Show | null;
  /** Monitoring began with the oldest episode the service holds. */
  firstTranscribed: string | null;
}

function showAds(world: World, show: Show): ShowAds {
  const eps = world.episodes(show);
  return {
    show,
    podcast: show.mix.podcast > 0,
    alpha: show.platform === "Alpha",
    other: show.simulcast === null ? null : world.shows[show.simulcast],
    firstTranscribed: eps.length ? eps[eps.length - 1].uploadedAt.slice(0, 10) : null,
  };
}

/** The row's ids and figures of where the ad is heard: the show's podcast feed, its Alpha channel or its simulcast's. */
function platformFields({ show, podcast, alpha, other }: ShowAds, e: Episode) {
  return {
    directory_podcast_id: podcast
      ? show.ids[show.ids.length - 1]
      : (other?.ids[other.ids.length - 1] ?? null),
    estimated_impressions: podcast ? e.downloads.podcast[0] : null,
    estimated_spend: podcast ? adSpend(show, e) : null,
    media_type: podcast ? "podcast" : show.platform.toLowerCase(),
    podcast_show_id: podcast ? show.seriesId : (other?.seriesId ?? null),
    alpha_show_id: alpha ? show.seriesId : other?.platform === "Alpha" ? other.seriesId : null,
    alpha_video_views: alpha ? e.downloads.alpha[0] : null,
    episode_url_in_feed: alpha ? `https://alpha.example.test/watch?v=${e.guid}` : podcast ? e.url : null,
  };
}

/** One row: the ad `a` of `advertiser` in episode `e`, published at `at`. */
function adRow(sa: ShowAds, e: Episode, a: Ad, at: number, advertiser: string): Row {
  const { show } = sa;
  const score = (hash(`ia|${a.adId}`) % 100) / 100;
  const p = platformFields(sa, e);
  return {
    published_at: e.uploadedAt.slice(0, 10),
    download_at: new Date(at + 3 * 3_600_000).toISOString(),
    network: show.publisher,
    position: a.placementUnit,
    read_type: a.readType === "Host" ? "Host read" : "Producer read",
    read_score: round(a.readType === "Host" ? 0.7 + score * 0.3 : score * 0.5, 2),
    podcast_title: show.title,
    episode_title: e.title,
    transcript: a.transcript,
    start_time: clock(a.startTs),
    end_time: clock(a.endTs),
    ad_length: clock(a.endTs - a.startTs),
    genre: show.genre,
    episode_duration: clock(e.duration),
    podcast_rank: round(3 + (hash(`rank|${show.index}`) % 200) / 100, 1),
    directory_podcast_id: p.directory_podcast_id,
    product: ADVERTISER_PROFILE[advertiser].product,
    link: `https://play.example.test/ad/${a.adId}`,
    estimated_impressions: p.estimated_impressions,
    estimated_spend: p.estimated_spend,
    media_type: p.media_type,
    podcast_show_id: p.podcast_show_id,
    alpha_show_id: p.alpha_show_id,
    alpha_video_views: p.alpha_video_views,
    episode_url_in_feed: p.episode_url_in_feed,
    show_first_transcribed_at: sa.firstTranscribed,
  };
}

/** The advertiser's ads in episodes published from `from` to `to` (UTC day starts), newest first. */
export function individualAds(world: World, advertiser: string, from: number, to: number): Row[] {
  const found: { at: number; row: Row }[] = [];
  for (const show of world.shows) {
    const sa = showAds(world, show);
    const times = world.publishTimes(show);
    world.episodes(show).forEach((e, i) => {
      if (times[i] < from || times[i] >= to + DAY) return;
      for (const a of e.ads)
        if (a.advertiser === advertiser)
          found.push({ at: times[i], row: adRow(sa, e, a, times[i], advertiser) });
    });
  }
  return found
    .sort((x, y) => y.at - x.at || String(x.row.link).localeCompare(String(y.row.link)))
    .map((f) => f.row);
}
