/**
 * POST /reports/lag (V2 day values: counts). For each action and each object of groupKey, the actions
 * the advertisers' campaigns drove in the range (model/delivery.ts, with the lag's settings), spread
 * over the days after the impression: Day N holds the actions with lag in the N-th 24 hours, and a
 * window of W days has W + 1 day columns. With showIncrementalResults the counts are incremental.
 */
import { ACTIONS, M, campaignDay, displayRate, incrementalRates, settingsOf } from "../model/delivery";
import { GEO_CELLS, type Campaign, type World } from "../world";
import { csv, days, range, split, type Body, type Cell } from "./shared";

/** Lag action names and the measure each counts. */
const LAG_ACTIONS: Record<string, keyof typeof ACTIONS> = {
  visitor: "Visitors",
  lead: "Leads",
  install: "Installs",
  signup: "Signups",
  purchase: "Purchases",
};

/** The object ids a campaign counts under, per groupKey (country: its delivery's countries). */
function objectsOf(c: Campaign, world: World, groupKey: string): { id: string; share: number }[] {
  const show = world.shows[c.showIndex];
  switch (groupKey) {
    case "mediaType":
      return [{ id: c.mediaType, share: 1 }];
    case "publisher":
      return [{ id: c.publisher, share: 1 }];
    case "campaigns":
      return [{ id: c.id, share: 1 }];
    case "series":
      return [{ id: String(show.seriesId), share: 1 }];
    case "genres":
      return [{ id: show.genre, share: 1 }];
    default: {
      const byCountry = new Map<string, number>();
      for (const g of GEO_CELLS) byCountry.set(g.country, (byCountry.get(g.country) ?? 0) + g.share);
      return [...byCountry].map(([id, share]) => ({ id, share }));
    }
  }
}

export function lagCsv(world: World, body: Body, now: number): string {
  const [start, end] = range(body, now, { startMonthsAgo: 3, endDaysAhead: 7 });
  const s = settingsOf(body, "lag");
  const requested = (body.actions as string[] | undefined)?.map((a) => a.trim().toLowerCase());
  // An empty list means all actions; an action the advertisers never send has no rows.
  const actions = requested?.length ? requested.filter((a) => a in LAG_ACTIONS) : Object.keys(LAG_ACTIONS);
  const window = Math.max(0, Math.floor(Number(body.attributionWindow ?? 30)));
  const dayCols = Array.from({ length: window + 1 }, (_, i) => `Day ${i + 1}`);
  const totals = new Map<string, number>();
  const campaigns = world.campaignsOf(body.advertiser as string[]);
  for (const day of days(start, end)) {
    for (const c of campaigns) {
      if (day < c.start || day > c.end) continue;
      const d = campaignDay(world, c, day, s);
      for (const action of actions) {
        const measure = LAG_ACTIONS[action];
        const rate = s.showIncrementalResults ? displayRate(incrementalRates(c, measure), s.displayType) : 1;
        for (const o of objectsOf(c, world, body.groupKey as string)) {
          const key = `${action}\u0000${o.id}`;
          totals.set(key, (totals.get(key) ?? 0) + d.m[M[measure]] * rate * o.share);
        }
      }
    }
  }
  // Actions come sooner for visits than for purchases; the window's days share them out.
  const rows: Cell[][] = [];
  const keys = [...totals.keys()].sort((a, b) => {
    const [x, y] = [a.split("\u0000"), b.split("\u0000")];
    return actions.indexOf(x[0]) - actions.indexOf(y[0]) || x[1].localeCompare(y[1]);
  });
  for (const key of keys) {
    const total = totals.get(key)!;
    const [action, id] = key.split("\u0000");
    const tau = action === "visitor" ? 1.5 : action === "purchase" ? 5 : 3;
    const weights = dayCols.map((_, i) => Math.exp(-i / tau));
    const sum = weights.reduce((a, b) => a + b, 0);
    rows.push([
      action,
      id,
      ...split(
        total,
        weights.map((w) => w / sum),
      ),
    ]);
  }
  return csv(["Action", "Object ID", ...dayCols], rows);
}
