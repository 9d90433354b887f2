/**
 * POST /incrementality: test and control groups per advertiser, group and action over the period.
 * The test group is the reach of the group's campaigns in the period and its actions those campaigns
 * drove (model/delivery.ts); the control group is a 10 % holdout that converts at the rate the
 * campaigns' incrementality implies. Lift, incremental percent and their confidence intervals (at
 * incCiCertainty) are computed from those counts, so a longer period gives a narrower interval.
 */
import { incrementalityRequestSchema, type IncrementalityRequest } from "../../src/api/schemas";
import {
  ACTIONS,
  M,
  campaignDay,
  channelOf,
  displayRate,
  incrementalRates,
  settingsOf,
} from "../model/delivery";
import { zFor } from "../model/stats";
import { days, iso, range } from "../csv/shared";
import { ACCESSIBLE_ADVERTISERS, type Campaign, type World } from "../world";
import { invalidData, jsonBody, slug, type SandboxApp, type SandboxContext } from "../context";

/** Levels and channel types the sandbox knows (the spec shows examples only); others are 'Invalid data'. */
const LEVELS = ["channel", "publisher", "show_campaign", "campaign"];
const CHANNEL_TYPES = ["podcast", "streaming", "all"];
const INCREMENTALITY_ACTIONS: Record<string, keyof typeof ACTIONS> = {
  purchase: "Purchases",
  visitor: "Visitors",
  signup: "Signups",
  install: "Installs",
  lead: "Leads",
};
/** A result needs this many actions in the control group; fewer is an error row (includeErrors). */
const MIN_CONTROL_ACTIONS = 20;
const CONTROL_SHARE = 0.1;

export function incrementalityRoutes(app: SandboxApp, { world, settings }: SandboxContext): void {
  app.post("/api/public/incrementality", async (c) => {
    const parsed = incrementalityRequestSchema.safeParse(await jsonBody(c));
    if (!parsed.success) return invalidData(c);
    const names = parsed.data.advertiser?.split(",").map((s) => s.trim()) ?? ACCESSIBLE_ADVERTISERS;
    const advertisers = names.map((n) => ACCESSIBLE_ADVERTISERS.find((a) => a === n || slug(a) === n));
    if (advertisers.some((a) => a === undefined)) return c.json({ message: "Forbidden" }, 403);
    const level = parsed.data.aggregationLevel ?? "channel";
    const channels = parsed.data.channelType?.split(",").map((s) => s.trim());
    const actions = parsed.data.action?.split(",").map((s) => s.trim().toLowerCase());
    if (
      !LEVELS.includes(level) ||
      channels?.some((t) => !CHANNEL_TYPES.includes(t)) ||
      actions?.some((a) => !(a in INCREMENTALITY_ACTIONS))
    )
      return invalidData(c);
    return c.json(
      incrementality(world, advertisers as string[], level, channels, actions, parsed.data, settings.now()),
    );
  });
}

interface Group {
  key: string;
  channelType: string | null;
  campaign: string | null;
  publisher: string | null;
  campaigns: Campaign[];
}

function groupsOf(
  world: World,
  campaigns: Campaign[],
  level: string,
  channels: string[] | undefined,
): Group[] {
  const by = new Map<string, Group>();
  const add = (key: string, g: Omit<Group, "key" | "campaigns">, c: Campaign) => {
    const group = by.get(key) ?? { key, ...g, campaigns: [] };
    group.campaigns.push(c);
    by.set(key, group);
  };
  for (const c of campaigns) {
    if (level === "channel") {
      for (const t of [channelOf(c), "all"])
        if (!channels || channels.includes(t)) add(t, { channelType: t, campaign: null, publisher: null }, c);
    } else if (level === "publisher")
      add(c.publisher, { channelType: null, campaign: null, publisher: c.publisher }, c);
    else {
      const name =
        level === "show_campaign" ? `${world.shows[c.showIndex].title.split("\n")[0]} / ${c.name}` : c.name;
      add(c.id, { channelType: null, campaign: name, publisher: c.publisher }, c);
    }
  }
  return [...by.values()];
}

/** A group's test group over the period: its reach, the actions it took, and those it would have without the ads. */
interface TestGroup {
  size: number;
  tested: Map<string, number>;
  expected: Map<string, number>;
}

function testGroupOf(world: World, g: Group, start: number, end: number): TestGroup {
  const s = settingsOf({});
  let size = 0;
  const tested = new Map<string, number>();
  const expected = new Map<string, number>();
  for (const c of g.campaigns) {
    for (const day of days(Math.max(start, c.start), Math.min(end, c.end))) {
      const d = campaignDay(world, c, day, s);
      size += d.m[M.Reach];
      for (const [name, measure] of Object.entries(INCREMENTALITY_ACTIONS)) {
        const count = d.m[M[measure]];
        tested.set(name, (tested.get(name) ?? 0) + count);
        // Without the ads, the test group would have done the non-incremental part.
        const rate = displayRate(incrementalRates(c, measure), "campaign");
        expected.set(name, (expected.get(name) ?? 0) + count * (1 - rate));
      }
    }
  }
  return { size, tested, expected };
}

/** The counts of a result row: the test group's and its control holdout's, whole. */
interface Counts {
  controlActions: number;
  testActions: number;
  controlSize: number;
  testSize: number;
}

function countsOf(test: TestGroup, name: string): Counts {
  const testActions = Math.round(test.tested.get(name) ?? 0);
  const size = Math.round(test.size);
  const controlSize = Math.round(size * CONTROL_SHARE);
  const controlActions = Math.round((test.expected.get(name) ?? 0) * CONTROL_SHARE);
  return { controlActions, testActions, controlSize, testSize: size };
}

/** Lift and incremental percent with their confidence intervals at z (null for too few conversions). */
function resultOf({ controlActions, testActions, controlSize, testSize }: Counts, z: number) {
  if (controlActions < MIN_CONTROL_ACTIONS || testActions === 0) return null;
  const lift = testActions / testSize / (controlActions / controlSize);
  // Log-ratio interval of the lift; the incremental percent follows from it.
  const se = Math.sqrt(1 / testActions + 1 / controlActions);
  const [lo, hi] = [lift * Math.exp(-z * se), lift * Math.exp(z * se)];
  const pct = (l: number) => Math.round((1 - 1 / l) * 10000) / 100;
  return {
    lift: Math.round(lift * 1000) / 1000,
    incrementalPercent: pct(lift),
    liftCiLower: Math.round((lo - 1) * 10000) / 100,
    liftCiUpper: Math.round((hi - 1) * 10000) / 100,
    incrementalCiLower: pct(lo),
    incrementalCiUpper: pct(hi),
    errorReason: null,
  };
}

/** The error row's results: none, and why (only with includeErrors). */
const NOT_ENOUGH = {
  lift: null,
  incrementalPercent: null,
  liftCiLower: null,
  liftCiUpper: null,
  incrementalCiLower: null,
  incrementalCiUpper: null,
  errorReason: "Not enough conversions in the control group",
};

export function incrementality(
  world: World,
  advertisers: string[],
  level: string,
  channels: string[] | undefined,
  actions: string[] | undefined,
  q: IncrementalityRequest,
  now: number,
) {
  const [start, end] = range(q, now, { startMonthsAgo: 3, endDaysAhead: 7 });
  const z = zFor(q.incCiCertainty ?? 95);
  const out: Record<string, unknown>[] = [];
  for (const advertiser of advertisers) {
    for (const g of groupsOf(world, world.campaignsOf([advertiser]), level, channels)) {
      const test = testGroupOf(world, g, start, end);
      for (const name of actions ?? Object.keys(INCREMENTALITY_ACTIONS)) {
        const counts = countsOf(test, name);
        const base = {
          advertiser,
          aggregationLevel: level,
          channelType: g.channelType,
          action: name,
          startDate: iso(start),
          endDate: iso(end),
          campaign: g.campaign,
          publisher: g.publisher,
          ...counts,
        };
        const result = resultOf(counts, z);
        if (result) out.push({ ...base, ...result });
        else if (q.includeErrors) out.push({ ...base, ...NOT_ENOUGH });
      }
    }
  }
  return out;
}
