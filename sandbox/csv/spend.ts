/**
 * The two estimated-spend reports, from the ads detected in the world: each podcast ad's estimated
 * spend (the same figure individual ads give) lands on its episode's publish day, split by host-read
 * and producer-read. By show by day is the same spend cut by show, so its rows add up to by day.
 */
import { REPORT_HEADERS } from "../../src/api/reportHeaders";
import { adSpend } from "../model/adSpend";
import { DAY, dayOf, type World } from "../world";
import { csv, range, type Body, type Cell } from "./shared";

interface Line {
  day: number;
  advertiser: string;
  show: number;
  readBy: string;
  spend: number;
  ads: number;
  episodes: Set<number>;
  transcript: string;
}

export function spendCsv(world: World, body: Body, now: number, byShow: boolean): string {
  // Defaults: 12 months ago; end today (by day, V1) or one week from today (by show).
  const [start, end] = range(body, now, { startMonthsAgo: 12, endDaysAhead: byShow ? 7 : 0 });
  const advertisers = (body.advertisers as string[]) ?? [];
  const lines = new Map<string, Line>();
  for (const show of world.shows) {
    for (const ep of world.episodes(show)) {
      const day = dayOf(Date.parse(ep.uploadedAt));
      if (day < start || day >= end + DAY) continue;
      const spend = adSpend(show, ep);
      if (spend <= 0) continue;
      for (const ad of ep.ads) {
        if (!advertisers.includes(ad.advertiser)) continue;
        const key = [day, ad.advertiser, byShow ? show.index : -1, ad.readType].join("|");
        const line = lines.get(key) ?? {
          day,
          advertiser: ad.advertiser,
          show: show.index,
          readBy: ad.readType,
          spend: 0,
          ads: 0,
          episodes: new Set<number>(),
          transcript: `https://transcripts.example.test/${ep.serviceEpisodeId}`,
        };
        line.spend += spend;
        line.ads++;
        line.episodes.add(ep.serviceEpisodeId);
        lines.set(key, line);
      }
    }
  }
  const order = [...lines.values()].sort(
    (a, b) =>
      a.day - b.day ||
      advertisers.indexOf(a.advertiser) - advertisers.indexOf(b.advertiser) ||
      (byShow ? a.show - b.show : 0) ||
      a.readBy.localeCompare(b.readBy),
  );
  const rows: Cell[][] = order.map((l) => {
    const spend = Math.round(l.spend * 100) / 100;
    const day = new Date(l.day).toISOString();
    if (!byShow) return [day, l.advertiser, spend, l.readBy];
    const show = world.shows[l.show];
    return [day, l.advertiser, show.title, spend, l.transcript, l.ads, l.episodes.size, show.genre, l.readBy];
  });
  return csv(REPORT_HEADERS[byShow ? "estimatedSpendByShowByDay" : "estimatedSpendByDay"], rows);
}
