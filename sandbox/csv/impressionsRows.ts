/**
 * The rows of the impressions report while their campaign-days are summed: one per period, campaign
 * and geo group, with the geo groups' share of each day split so that the groups add up to the day.
 */
import { COUNT, M, MEASURES, campaignDay, type Day, type Settings } from "../model/delivery";
import { GEO_CELLS, type Campaign, type World } from "../world";
import { split } from "./shared";

/** A geo row: the cells it covers. */
export interface GeoGroup {
  key: string;
  geo: string | null;
  country: string | null;
  dma: string | null;
  share: number;
}

export function geoGroups(grouping: string | undefined): GeoGroup[] {
  if (!grouping) return [{ key: "", geo: null, country: null, dma: null, share: 1 }];
  const groups = new Map<string, GeoGroup>();
  for (const cell of GEO_CELLS) {
    const [key, geo] =
      grouping === "country"
        ? [cell.country, cell.countryName]
        : grouping === "region"
          ? [cell.region, cell.region]
          : grouping === "zip"
            ? [cell.zip, cell.zip]
            : // DMA: cells outside any DMA are one row per country.
              [cell.dma ?? cell.country, cell.dmaName ?? `${cell.countryName} (no DMA)`];
    const g = groups.get(key) ?? {
      key,
      geo,
      country: cell.country,
      dma: grouping === "DMA" ? cell.dma : null,
      share: 0,
    };
    g.share += cell.share;
    groups.set(key, g);
  }
  return [...groups.values()];
}

/** One output row while its days are summed. */
export interface Row {
  period: number | null;
  lastDay: number;
  campaign: Campaign;
  geo: GeoGroup;
  /** Summed measures, by index (M). */
  sum: Float64Array;
  reachMax: number;
  reachSum: number;
  spendMissing: boolean;
  campaigns: Set<Campaign>;
}

const newRow = (period: number | null, campaign: Campaign, geo: GeoGroup): Row => ({
  period,
  lastDay: 0,
  campaign,
  geo,
  sum: new Float64Array(MEASURES.length),
  reachMax: 0,
  reachSum: 0,
  spendMissing: true,
  campaigns: new Set([campaign]),
});

function addDay(row: Row, reach: number, d: { day: number; spendMissing: boolean }): void {
  row.reachMax = Math.max(row.reachMax, reach);
  row.reachSum += reach;
  row.spendMissing &&= d.spendMissing;
  row.lastDay = d.day;
}

/** Reach of summed rows: unique listeners, so the largest part plus 35 % of the rest, not the sum. */
export const reachOf = (row: Pick<Row, "reachMax" | "reachSum">) =>
  Math.round(row.reachMax + 0.35 * (row.reachSum - row.reachMax));

/** A campaign-day into its one row, counts made whole. */
function addWholeDay(row: Row, d: Day): void {
  for (let k = 0; k < d.m.length; k++) row.sum[k] += COUNT[k] ? Math.round(d.m[k]) : d.m[k];
  addDay(row, Math.round(d.m[M.Reach]), d);
}

/** A campaign-day split over the geo groups' rows by share; whole counts still add up to the day's. */
function addSplitDay(rows: Row[], d: Day, shares: number[]): void {
  const parts = Array.from(d.m, (v, k) => (COUNT[k] ? split(v, shares) : shares.map((x) => v * x)));
  rows.forEach((row, i) => {
    for (let k = 0; k < parts.length; k++) row.sum[k] += parts[k][i];
    addDay(row, parts[M.Reach][i], d);
  });
}

/** The rows of the campaigns' days, by period (periodOf a day), campaign and geo group, in first-seen order. */
export function sumRows(
  world: World,
  campaigns: Campaign[],
  groups: GeoGroup[],
  dayList: number[],
  periodOf: (day: number) => number | null,
  s: Settings,
): Map<string, Row> {
  const shares = groups.map((g) => g.share);
  const rows = new Map<string, Row>();
  const rowFor = (period: number | null, c: Campaign, g: GeoGroup) => {
    const key = `${period}|${c.id}|${g.key}`;
    let row = rows.get(key);
    if (!row) rows.set(key, (row = newRow(period, c, g)));
    return row;
  };
  const today = world.today();
  for (const day of dayList) {
    const period = periodOf(day);
    for (const c of campaigns) {
      // A campaign created through the service has no rows for days to come (bookedDelivery.ts).
      if (day < c.start || day > c.end || (c.booking && day > today)) continue;
      const d = campaignDay(world, c, day, s);
      if (groups.length === 1) addWholeDay(rowFor(period, c, groups[0]), d);
      else
        addSplitDay(
          groups.map((g) => rowFor(period, c, g)),
          d,
          shares,
        );
    }
  }
  // Money is shown in cents: each row keeps its shown value, so the totals add up what the rows show.
  for (const row of rows.values())
    for (let k = 0; k < row.sum.length; k++) if (!COUNT[k]) row.sum[k] = Math.round(row.sum[k] * 100) / 100;
  return rows;
}

/** The totals row: the rows' sums, their reach combined as unique listeners, every campaign. */
export function totalRow(rows: Iterable<Row>, campaign: Campaign, geo: GeoGroup): Row {
  const all = newRow(null, campaign, geo);
  all.campaigns = new Set();
  for (const r of rows) {
    for (let k = 0; k < r.sum.length; k++) all.sum[k] += r.sum[k];
    const reach = reachOf(r);
    all.reachMax = Math.max(all.reachMax, reach);
    all.reachSum += reach;
    all.spendMissing &&= r.spendMissing;
    all.campaigns.add(r.campaign);
  }
  return all;
}
