/**
 * GET /episode/search: episodes uploaded within timeFrame days whose title, description or
 * transcript (the episode's talk and its ads) match; best first, at most 100 hits.
 */
import { searchQuerySchema, type SearchQuery } from "../../src/api/schemas";
import { round } from "../random";
import { DAY, type Episode, type Show, type World } from "../world";
import { invalidData, type SandboxApp, type SandboxContext } from "../context";

/** The most hits one search answers (the spec gives no number). */
const MAX_HITS = 100;

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

/** The platform name the search's mediaType values are compared with. */
const platformOf = (s: Show): string => (s.platform === "Podcast" ? "podcast" : s.platform.toLowerCase());

type Query = Omit<SearchQuery, "showFilterIds" | "mediaType"> & {
  showFilterIds?: number[];
  mediaType?: string[];
};

/** The search's words, how a text matches them and how the matches are marked. */
interface Matcher {
  matches: (text: string) => boolean;
  emphasise: (text: string) => string;
}

function matcherOf(q: Query): Matcher {
  const term = q.search.toLowerCase();
  // exact: the query as one phrase; otherwise every word of it, anywhere in the text.
  const words = q.exact ? [term] : term.split(/\s+/).filter(Boolean);
  const marked = new RegExp(words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("|"), "gi");
  return {
    emphasise: (text) => text.replace(marked, (m) => `<em>${m}</em>`),
    matches: (text) => words.every((w) => text.toLowerCase().includes(w)),
  };
}

/** Whether the search looks in the show: one of showFilterIds, of one of the media types (null: any). */
function searchesShow(q: Query, media: string[] | null, show: Show): boolean {
  if (q.showFilterIds && !q.showFilterIds.includes(show.seriesId)) return false;
  return !media || media.includes(platformOf(show));
}

/** The episode as a hit (with the matches marked), or null when nothing in it matches. */
function hitOf(q: Query, m: Matcher, show: Show, e: Episode, at: number) {
  const transcript = [
    ...e.segments.map((s) => ({ text: s.text, at: s.startTime })),
    ...(q.excludeAds ? [] : e.ads.map((a) => ({ text: a.transcript, at: a.startTs }))),
  ];
  const inTitle = !q.transcriptOnly && m.matches(e.title);
  const inDesc = !q.transcriptOnly && m.matches(e.description);
  const inTranscript = transcript.filter((t) => m.matches(t.text));
  if (!inTitle && !inDesc && inTranscript.length === 0) return null;
  return {
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
      numRatings: Math.round(e.downloads.all[0] / 400),
    },
    highlights: {
      title: inTitle ? [m.emphasise(e.title)] : [],
      description: inDesc ? [m.emphasise(e.description)] : [],
      transcript: inTranscript.map((t) => ({
        phrase: q.search,
        startTime: t.at,
        term: q.search,
        ts: t.at,
        context: m.emphasise(t.text),
      })),
    },
    score: round((inTitle ? 3 : 0) + (inDesc ? 1.5 : 0) + inTranscript.length, 3),
    at,
  };
}

function search(world: World, q: Query, now: number) {
  // timeFrame days back from now (a timeFrame of 0 or less looks back no days: nothing matches).
  const since = now - (q.timeFrame ?? 31) * DAY;
  const media = q.mediaType && !q.mediaType.includes("all") ? q.mediaType.map((m) => m.toLowerCase()) : null;
  const matcher = matcherOf(q);
  const hits = [];
  for (const show of world.shows) {
    if (!searchesShow(q, media, show)) continue;
    const times = world.publishTimes(show);
    for (const [i, e] of world.episodes(show).entries()) {
      if (times[i] < since) break; // newest first
      if (times[i] > now) continue;
      const hit = hitOf(q, matcher, show, e, times[i]);
      if (hit) hits.push(hit);
    }
  }
  return hits
    .sort((a, b) => b.score - a.score || b.at - a.at)
    .slice(0, MAX_HITS)
    .map(({ at: _at, ...hit }) => hit);
}
