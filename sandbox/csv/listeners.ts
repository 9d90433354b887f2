/**
 * GET /episode/impression-listeners/{id}: anonymized listeners of an episode with their listens.
 * Prefix listeners are there when the service prefix is placed on the show; with an advertiser that
 * has an ad in the episode, that advertiser's impressions' listeners are added. Each listen has a
 * time since the episode's publication: week_lb N keeps only the listens of the last N weeks.
 */
import { REPORT_HEADERS } from "../../src/api/reportHeaders";
import { hash, int, rng } from "../random";
import { DAY, dayOf, type World } from "../world";
import { InvalidReport, csv, type Body, type Cell } from "./shared";
import { slug } from "./text";

/** Listeners per episode in this sandbox (a real answer has many more). */
const PREFIX_LISTENERS = 60;
const ADVERTISER_LISTENERS = 120;

export function listenersCsv(world: World, body: Body, now: number): string {
  const found = world.findEpisode(Number(body.episodeId));
  if (!found) throw new InvalidReport(`unknown episode ${String(body.episodeId)}`);
  const { show, episode } = found;
  const advertiser = body.advertiser as string | undefined;
  const advertised =
    advertiser !== undefined &&
    episode.ads.some((a) => a.advertiser === advertiser || slug(a.advertiser) === advertiser);
  const published = dayOf(Date.parse(episode.uploadedAt));
  const since = body.week_lb === undefined ? -Infinity : dayOf(now) - Number(body.week_lb) * 7 * DAY;
  const panel = [
    ...(show.prefixPlaced ? Array.from({ length: PREFIX_LISTENERS }, (_, i) => `p${i}`) : []),
    ...(advertised ? Array.from({ length: ADVERTISER_LISTENERS }, (_, i) => `a${i}`) : []),
  ];
  const rows: Cell[][] = [];
  for (const who of panel) {
    const r = rng(hash(`listen|${episode.serviceEpisodeId}|${who}`));
    const listens = Array.from(
      { length: int(r, 1, 9) },
      () => published + Math.floor(r() * Math.max(1, (now - published) / DAY)) * DAY,
    );
    const frequency = listens.filter((t) => t >= since).length;
    if (frequency > 0)
      rows.push([
        `${hash(`${who}|${episode.serviceEpisodeId}`).toString(16).padStart(8, "0")}-anon`,
        frequency,
      ]);
  }
  return csv(REPORT_HEADERS.impressionListeners, rows);
}
