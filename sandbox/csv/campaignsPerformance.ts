/**
 * POST /campaigns-performance: one row per campaign whose flight overlaps the range, with its
 * delivery in the range summed from campaign-days (model/delivery.ts), rates and costs computed from
 * those sums, and the campaign's own settings as text (the column groups: campaignsPerformanceColumns.ts).
 */
import { REPORT_HEADERS } from "../../src/api/reportHeaders";
import { COUNT, M, MEASURES, campaignDay, settingsOf } from "../model/delivery";
import { DAY, type Campaign, type World } from "../world";
import {
  PLATFORMS,
  WINDOWS,
  autoServeColumns,
  conversionColumns,
  deliveryColumns,
  responseColumns,
  settingColumns,
  type Delivery,
} from "./campaignsPerformanceColumns";
import { airchecksOf } from "./airchecks";
import { csv, days, range, type Body, type Cell } from "./shared";

/** The campaign's delivery from `from` to `to`, summed from its days in that range. */
function deliveryOf(world: World, c: Campaign, from: number, to: number): Delivery {
  const s = settingsOf({});
  const sum = new Float64Array(MEASURES.length);
  let reachMax = 0;
  let reachSum = 0;
  // Spend is "not calculated" only where no day calculates it; a created flight not started spent 0.
  let spendMissing = !c.booking || c.mediaType === "alpha";
  const within: Record<number, number> = Object.fromEntries(WINDOWS.map((n) => [n, 0]));
  // A created campaign has no days after today (model/bookedDelivery.ts).
  const last = Math.min(to, c.end, c.booking ? world.today() : Infinity);
  for (const day of days(Math.max(from, c.start), last)) {
    const d = campaignDay(world, c, day, s);
    // Counts are whole each day (as impressions rows are), so the parts and windows add up exactly.
    for (let k = 0; k < sum.length; k++) sum[k] += COUNT[k] ? Math.round(d.m[k]) : d.m[k];
    const reach = Math.round(d.m[M.Reach]);
    reachMax = Math.max(reachMax, reach);
    reachSum += reach;
    spendMissing &&= d.spendMissing;
    const delivered = PLATFORMS.reduce((a, k) => a + Math.round(d.m[M[k]]), 0);
    for (const n of WINDOWS) if (day < c.start + n * DAY) within[n] += delivered;
  }
  return {
    sum,
    // Unique listeners: the largest day plus 35 % of the rest, not the sum.
    reach: Math.round(reachMax + 0.35 * (reachSum - reachMax)),
    spend: spendMissing ? null : Math.round(sum[M.Spend] * 100) / 100,
    within,
  };
}

function campaignRow(world: World, c: Campaign, from: number, to: number, now: number): Cell[] {
  const delivery = deliveryOf(world, c, from, to);
  const show = world.shows[c.showIndex];
  const aired = airchecksOf(world, c, from, to);
  const values: Record<string, Cell> = {
    ...settingColumns(c, show, now),
    ...deliveryColumns(world, c, show, delivery, aired.count),
    ...conversionColumns(c, delivery),
    Airchecks: JSON.stringify(aired.airchecks),
    "Ads (JSON)": JSON.stringify(aired.ads),
    ...autoServeColumns(c),
    ...responseColumns(delivery),
  };
  return REPORT_HEADERS.campaignsPerformance.map((h) => values[h] ?? null);
}

export function campaignsPerformanceCsv(world: World, body: Body, now: number): string {
  const [from, to] = range(body, now, { startMonthsAgo: 3, endDaysAhead: 7 });
  const rows = world
    .campaignsOf(undefined)
    .filter((c) => c.start <= to && c.end >= from)
    .map((c) => campaignRow(world, c, from, to, now));
  return csv(REPORT_HEADERS.campaignsPerformance, rows);
}
