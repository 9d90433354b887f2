/**
 * POST /reports/audience: one row per episode of the chosen shows published in the range, with the
 * episode's downloads per platform (as show info gives them), cut to the requested countries
 * (impressionGeo) and the shows of the requested media-type labels.
 */
import { REPORT_HEADERS } from "../../src/api/reportHeaders";
import { hash } from "../random";
import { DAY, GEO_CELLS, type Episode, type Platform, type World } from "../world";
import { InvalidReport, clock, csv, range, type Body, type Cell } from "./shared";

/** The Aud. Size tab's media-type labels as the sandbox has them, and the show platforms each covers. */
const AUDIENCE_MEDIA_TYPES: Record<string, string[]> = {
  podcast: ["Podcast"],
  radio: ["radio"],
  video: ["Alpha", "Beta"],
  "ctv / ott": ["Gamma"],
  social: ["SocialA", "SocialB", "SocialC", "SocialD"],
};

/** Feed impressions within 15, 30, 45 and 60 days of publish, as shares of the total (30 days = show info's At30). */
const WINDOWS: [string, number][] = [
  ["d15", 0.65],
  ["d30", 0.8],
  ["d45", 0.9],
  ["d60", 0.95],
];

function platformsOf(labels: string[] | undefined): Set<string> | null {
  if (!labels?.length) return null;
  const out = new Set<string>();
  for (const label of labels) {
    const platforms = AUDIENCE_MEDIA_TYPES[label.trim().toLowerCase()];
    if (!platforms) throw new InvalidReport(`unknown mediaType label ${label}`);
    platforms.forEach((p) => out.add(p));
  }
  return out;
}

function episodeRow(showTitle: string, ep: Episode, share: number): Cell[] {
  const part = (p: Platform, w = 0) => Math.round(ep.downloads[p][w] * share);
  const [rss, alpha, beta, gamma] = (["podcast", "alpha", "beta", "gamma"] as const).map((p) => part(p));
  const total = rss + alpha + beta + gamma;
  const reach = Math.round(total / (1.2 + (hash(`aud|${ep.serviceEpisodeId}`) % 40) / 100));
  const at = (p: Platform, whole: number) =>
    // 30 days is the episode's own downloadsAt30Days; the other windows are shares of the total.
    WINDOWS.map(([name, f]) => [name, name === "d30" ? part(p, 1) : Math.round(whole * f)] as const);
  const d = new Date(ep.uploadedAt);
  const values: Record<string, Cell> = {
    Series: showTitle,
    Episode: ep.title,
    uploadedAt: `${String(d.getUTCMonth() + 1).padStart(2, "0")}/${String(d.getUTCDate()).padStart(2, "0")}/${d.getUTCFullYear()}`,
    "Total Impressions": total,
    "RSS Impressions": rss,
    "Alpha Impressions": alpha,
    "Beta Impressions": beta,
    "Gamma Impressions": gamma,
    reach,
    avgFrequency: reach > 0 ? Math.round((total / reach) * 100) / 100 : null,
    ads: ep.ads.length,
    Length: clock(ep.duration),
    "Alpha Engaged Impressions": Math.round(alpha * 0.6),
  };
  for (const [suffix, p, whole] of [
    ["", "podcast", rss],
    [" Alpha", "alpha", alpha],
    [" Beta", "beta", beta],
    [" Gamma", "gamma", gamma],
  ] as const)
    for (const [name, v] of at(p, whole)) values[`${name}${suffix}`] = v;
  return REPORT_HEADERS.audience.map((h) => values[h]);
}

export function audienceCsv(world: World, body: Body, now: number): string {
  const ids = body.show as string[] | undefined;
  const shows = ids?.length
    ? ids.map((id) => {
        const show = world.findShow(id);
        if (!show) throw new InvalidReport(`unknown show ${id}`);
        return show;
      })
    : world.shows.slice(0, 10);
  const platforms = platformsOf(body.mediaType as string[] | undefined);
  const countries = (body.impressionGeo as string[] | undefined)?.map((c) => c.toUpperCase());
  const share = countries?.length
    ? GEO_CELLS.filter((g) => countries.includes(g.country)).reduce((a, g) => a + g.share, 0)
    : 1;
  const [start, end] = range(body, now, { startMonthsAgo: 3, endDaysAhead: 7 });
  const rows: Cell[][] = [];
  for (const show of shows) {
    if (platforms && !platforms.has(show.platform)) continue;
    for (const ep of world.episodes(show)) {
      const t = Date.parse(ep.uploadedAt);
      if (t >= start && t < end + DAY) rows.push(episodeRow(show.title, ep, share));
    }
  }
  return csv(REPORT_HEADERS.audience, rows);
}
