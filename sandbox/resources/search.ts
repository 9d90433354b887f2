/** GET /episode/search: episodes whose title, description or transcript match. */
import { searchQuerySchema } from "../../src/api/schemas";
import { round } from "../random";
import type { Show, World } from "../world";
import { invalidData, type SandboxApp, type SandboxContext } from "../context";

export function searchRoutes(app: SandboxApp, { world, settings }: SandboxContext): void {
  app.get("/api/public/episode/search", (c) => {
    const raw = c.req.queries();
    const one = (k: string) => raw[k]?.[0];
    const bool = (k: string) => (one(k) === undefined ? undefined : one(k) === "true");
    const query = {
      search: one("search") ?? "",
      timeFrame: one("timeFrame") === undefined ? undefined : Number(one("timeFrame")),
      exact: bool("exact"),
      transcriptOnly: bool("transcriptOnly"),
      excludeAds: bool("excludeAds"),
      showFilterIds: raw.showFilterIds?.flatMap((v) => v.split(",")).map(Number),
      mediaType: raw.mediaType?.flatMap((v) => v.split(",")),
    };
    const parsed = searchQuerySchema.safeParse(query);
    if (!parsed.success) return invalidData(c);
    return c.json({ data: search(world, parsed.data, settings.now()) });
  });
}

export function search(
  world: World,
  q: {
    search: string;
    timeFrame?: number;
    exact?: boolean;
    transcriptOnly?: boolean;
    excludeAds?: boolean;
    showFilterIds?: number[];
    mediaType?: string[];
  },
  now: number,
) {
  const term = q.search.toLowerCase();
  const since = now - (q.timeFrame ?? 31) * 86_400_000;
  const media = q.mediaType && !q.mediaType.includes("all") ? q.mediaType.map((m) => m.toLowerCase()) : null;
  const platformOf = (s: Show) => (s.platform === "Podcast" ? "podcast" : s.platform.toLowerCase());
  const emphasise = (text: string) =>
    text.replace(new RegExp(term.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"), "gi"), (m) => `<em>${m}</em>`);
  const words = q.exact ? [term] : term.split(/\s+/).filter(Boolean);
  const hits = [];
  for (const show of world.shows.slice(0, 60)) {
    if (q.showFilterIds && !q.showFilterIds.includes(show.seriesId)) continue;
    if (media && !media.includes(platformOf(show))) continue;
    for (const e of world.episodes(show)) {
      if (Date.parse(e.uploadedAt) < since - 400 * 86_400_000) break;
      const transcript = e.ads
        .filter(() => !q.excludeAds)
        .map((a) => ({ text: a.transcript, at: a.startTs }));
      const inTitle = !q.transcriptOnly && words.every((w) => e.title.toLowerCase().includes(w));
      const inDesc = !q.transcriptOnly && words.every((w) => e.description.toLowerCase().includes(w));
      const inTranscript = transcript.filter((t) => words.every((w) => t.text.toLowerCase().includes(w)));
      if (!inTitle && !inDesc && inTranscript.length === 0) continue;
      hits.push({
        podcast: {
          id: String(e.serviceEpisodeId),
          title: e.title,
          description: e.description,
          uploadedAt: e.uploadedAt,
          url: e.url,
          seriesId: show.seriesId,
          seriesTitle: show.title,
          seriesPlatform: platformOf(show),
          seriesLogoUrl: `https://img.example.test/${show.index}.png`,
          seriesSmallLogoUrl: `https://img.example.test/${show.index}-s.png`,
          artist: show.publisher,
          numListens: e.downloads.all[0],
          numRatings: e.downloads.all[2] % 500,
        },
        highlights: {
          title: inTitle ? [emphasise(e.title)] : [],
          description: inDesc ? [emphasise(e.description)] : [],
          transcript: inTranscript.map((t) => ({
            phrase: q.search,
            startTime: t.at,
            term: q.search,
            ts: t.at,
            context: emphasise(t.text),
          })),
        },
        score: round((inTitle ? 3 : 0) + (inDesc ? 1.5 : 0) + inTranscript.length, 3),
      });
      if (hits.length >= 100) return hits.sort((a, b) => b.score - a.score);
    }
  }
  return hits.sort((a, b) => b.score - a.score);
}
