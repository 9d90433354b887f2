/** POST /advertisers/individual-ads: Pro users only, paged. */
import { INDIVIDUAL_AD_COLUMNS, individualAdsRequestSchema } from "../../src/api/schemas";
import { hash, pick, rng, round } from "../random";
import { ACCESSIBLE_ADVERTISERS, type World } from "../world";
import { invalidData, jsonBody, type SandboxApp, type SandboxContext } from "../context";

export function adsRoutes(app: SandboxApp, { world }: SandboxContext): void {
  app.post("/api/public/advertisers/individual-ads", async (c) => {
    if (!c.get("account").pro) return c.json({ message: "Forbidden" }, 403);
    const parsed = individualAdsRequestSchema.safeParse(await jsonBody(c));
    if (!parsed.success) return invalidData(c);
    const { advertiser, limit = 500, offset = 0 } = parsed.data;
    if (!ACCESSIBLE_ADVERTISERS.includes(advertiser)) return c.json({ message: "Forbidden" }, 403);
    const rows = individualAds(world, advertiser);
    return c.json({
      headers: INDIVIDUAL_AD_COLUMNS.map(([k]) => ({ id: k, name: k })),
      data: rows.slice(offset, offset + limit),
      pagination: { limit, offset, total: rows.length },
    });
  });
}

export function individualAds(world: World, advertiser: string) {
  const rows: Record<string, string | number | null>[] = [];
  for (const show of world.shows.slice(0, 40)) {
    for (const e of world.episodes(show)) {
      for (const a of e.ads) {
        if (a.advertiser !== advertiser) continue;
        const podcast = show.platform === "Podcast";
        const r = rng(hash(`ia|${a.adId}`));
        rows.push({
          published_at: e.uploadedAt.slice(0, 10),
          download_at: e.uploadedAt,
          network: show.publisher,
          position: a.placementUnit,
          read_type: a.readType,
          read_score: round(r(), 2),
          podcast_title: show.title,
          episode_title: e.title,
          transcript: a.transcript,
          start_time: new Date(a.startTs * 1000).toISOString().slice(11, 19),
          end_time: new Date(a.endTs * 1000).toISOString().slice(11, 19),
          ad_length: String(a.endTs - a.startTs),
          genre: show.genre,
          episode_duration: String(e.duration),
          podcast_rank: round(3 + r() * 2, 1),
          directory_podcast_id: show.ids[show.ids.length - 1],
          product: pick(r, ["Mattress", "Coffee", "Card"]),
          link: `https://play.example.test/ad/${a.adId}`,
          estimated_impressions: podcast ? e.downloads.podcast[0] : null,
          estimated_spend: podcast ? round(e.downloads.podcast[0] * 0.025, 2) : null,
          media_type: podcast ? "podcast" : show.platform.toLowerCase(),
          podcast_show_id: podcast ? show.seriesId : null,
          alpha_show_id: podcast ? null : show.seriesId,
          alpha_video_views: show.platform === "Alpha" ? e.downloads.alpha[0] : null,
          episode_url_in_feed: podcast ? e.url : null,
          show_first_transcribed_at: "2024-01-15",
        });
      }
    }
  }
  return rows;
}
