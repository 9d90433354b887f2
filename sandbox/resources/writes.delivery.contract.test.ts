/**
 * Issue 56: campaigns created through the practice service join its world by the ids it returned,
 * and deliver and air by the model of sandbox/README.md ("Campaigns created through the service").
 * Ten flights as a new user would book them (ten shows, baked-in and DAI, pre, mid and post units,
 * from 40 days ago into next month, one not started), against the sandbox over loopback.
 */
import Papa from "papaparse";
import type { AdsClient } from "../../src/api/client";
import type { CampaignRequest, ReportParams } from "../../src/api/schemas";
import { startSandbox, worldNow } from "../../test/support/sandbox";
import { column, isoOf } from "../testing/tables";
import { COMPETITORS } from "../world";

const DAY = 86_400_000;
/** The sandbox's clock (test/support/sandbox.ts) starts on this day, at noon. */
const TODAY = Date.UTC(2026, 10, 22);
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const day = (n: number) => iso(TODAY + n * DAY);

type Slot = "pre" | "mid" | "post";
interface Plan {
  show: string;
  advertiser: string;
  type: "DAI" | "Baked-in";
  /** Days from today. */
  start: number;
  end: number;
  unit: { position: Slot; length: number };
}
const PLANS: Plan[] = [
  {
    show: "1200000003",
    advertiser: "Acme Mattress",
    type: "DAI",
    start: -40,
    end: 20,
    unit: { position: "pre", length: 30 },
  },
  {
    show: "1200000004",
    advertiser: "Acme Mattress",
    type: "Baked-in",
    start: -40,
    end: 25,
    unit: { position: "mid", length: 60 },
  },
  {
    show: "1200000005",
    advertiser: "Northwind Coffee",
    type: "DAI",
    start: -30,
    end: 30,
    unit: { position: "post", length: 30 },
  },
  {
    show: "1200000006",
    advertiser: "Northwind Coffee",
    type: "Baked-in",
    start: -35,
    end: 15,
    unit: { position: "pre", length: 60 },
  },
  {
    show: "1200000007",
    advertiser: "Initech Software",
    type: "DAI",
    start: -20,
    end: 38,
    unit: { position: "mid", length: 60 },
  },
  {
    show: "1200000008",
    advertiser: "Umbrella Health",
    type: "Baked-in",
    start: -25,
    end: 35,
    unit: { position: "post", length: 90 },
  },
  {
    show: "1200000009",
    advertiser: "Stark Apparel",
    type: "DAI",
    start: -40,
    end: 10,
    unit: { position: "mid", length: 30 },
  },
  {
    show: "1200000010",
    advertiser: "Wayne Travel",
    type: "Baked-in",
    start: -15,
    end: 30,
    unit: { position: "mid", length: 60 },
  },
  {
    show: "1200000011",
    advertiser: "Wayne Travel",
    type: "DAI",
    start: -10,
    end: 40,
    unit: { position: "pre", length: 30 },
  },
  // Not started: it starts in three days.
  {
    show: "1200000012",
    advertiser: "Acme Mattress",
    type: "DAI",
    start: 3,
    end: 40,
    unit: { position: "mid", length: 60 },
  },
];

function creation(p: Plan, i: number): CampaignRequest {
  const dates = { startDate: day(p.start), endDate: day(p.end) };
  return {
    name: `Tryout ${i + 1}`,
    advertiser: p.advertiser,
    itunesOrYtId: p.show,
    type: p.type,
    flights: [
      p.type === "DAI"
        ? { ...dates, cpm: 25, expectedImpressions: 50_000 + i * 10_000 }
        : {
            ...dates,
            expectedDate: day(p.start),
            totalCost: 4_000 + i * 100,
            expectedImpressions: 60_000 + i * 5_000,
          },
    ],
    expectedUnits: [p.unit],
    promo: `TRY${i + 1}`,
  };
}

/** A report's CSV as the service wrote it (the JSON cells as JSON), by header. */
async function rawRows<K extends "campaignsPerformance" | "impressions">(
  client: AdsClient,
  kind: K,
  params: ReportParams[K],
): Promise<Record<string, string>[]> {
  const task = await client.reports.start(kind, params);
  const done = await client.tasks.waitUntilDone(task.id, { deadlineMs: 10_000 });
  const { text } = await client.tasks.download(done.url);
  return Papa.parse<Record<string, string>>(text.trim(), { header: true }).data;
}

interface Aircheck {
  episodeGuid: string;
  adLength: number;
  unit: string;
}
interface AdEntry {
  adId: number;
  episodeId: number;
  adDuration: number;
}

const PLATFORMS = [
  "Podcast & Streaming Impressions",
  "Alpha Views",
  "Beta Impressions",
  "Gamma Video Impressions",
];
const RANGE = { startDate: day(-40), endDate: day(40) };
let s: Awaited<ReturnType<typeof startSandbox>>;
let ids: string[];
let rows: Record<string, string>[];
/** The created campaigns' rows, in creation order. */
let created: Record<string, string>[];

/** The ten flights created through the client, their ids in order. */
async function createAll(client: AdsClient): Promise<string[]> {
  const out: string[] = [];
  for (const [i, p] of PLANS.entries())
    out.push((await client.campaigns.create(creation(p, i))).campaigns[0].id);
  return out;
}

beforeAll(async () => {
  s = await startSandbox();
  ids = await createAll(s.client());
  rows = await rawRows(s.client(), "campaignsPerformance", RANGE);
  created = ids.map((id) => rows.find((r) => r["Campaign Id"] === id)!);
}, 30_000);
afterAll(() => s.close());

test("created campaigns come back in campaigns-performance by their ids, with their booked figures", async () => {
  const table = (await s.client().reports.run("campaignsPerformance", RANGE)).table;
  const rowOf = (id: string) => column(table, "Campaign Id").indexOf(id);
  for (const [i, p] of PLANS.entries()) {
    const at = rowOf(ids[i]);
    expect(at).toBeGreaterThanOrEqual(0);
    const cell = (name: string) => column(table, name)[at];
    const flight = creation(p, i).flights[0];
    const title = (await s.client().shows.get(p.show)).title;
    expect({
      campaign: cell("Campaign"),
      advertiser: cell("Advertiser"),
      podcast: cell("Podcast"),
      start: isoOf(cell("Start date")),
      end: isoOf(cell("End date")),
      unit: cell("Unit"),
      expected: cell("Expected Impressions"),
      promo: cell("Promo"),
      cpm: p.type === "DAI" ? cell("CPM") : null,
    }).toEqual({
      campaign: `Tryout ${i + 1}`,
      advertiser: p.advertiser,
      podcast: title,
      start: day(p.start),
      end: day(p.end),
      unit: `${p.unit.position}:${p.unit.length}`,
      expected: flight.expectedImpressions,
      promo: `TRY${i + 1}`,
      // "$25.00" in the CSV, a currency number in the client's table.
      cpm: p.type === "DAI" ? 25 : null,
    });
  }
});

test("by the report's own figures, some flights are behind and some on track; the flight not started delivers nothing", () => {
  // Pacing as a planner reads it: delivered share of the booked impressions over the share of days gone.
  const pacing = PLANS.map((p, i) => {
    const r = created[i];
    const days = p.end - p.start + 1;
    const gone = Math.min(days, Math.max(0, 1 - p.start));
    return gone === 0 ? null : Number(r.Impressions) / Number(r["Expected Impressions"]) / (gone / days);
  });
  const started = pacing.filter((x): x is number => x !== null);
  expect(started).toHaveLength(9);
  expect(started.filter((x) => x < 0.85).length).toBeGreaterThanOrEqual(1);
  expect(started.filter((x) => x >= 0.9 && x <= 1.15).length).toBeGreaterThanOrEqual(1);
  // The service's own flag agrees with the slowest flight.
  expect(created[pacing.indexOf(Math.min(...started))].Status).toBe("Under-delivering");
  const notStarted = created[9];
  expect([notStarted.Impressions, notStarted.Ads, notStarted.Spend, notStarted.Airchecks]).toEqual([
    "0",
    "0",
    "0",
    "[]",
  ]);
});

test("some aired ads are off their booked position or shorter than bought; Airchecks and Ads (JSON) list the same ads", () => {
  let off = 0;
  PLANS.forEach((p, i) => {
    const checks = JSON.parse(created[i].Airchecks) as Aircheck[];
    const ads = JSON.parse(created[i]["Ads (JSON)"]) as AdEntry[];
    expect(ads.map((a) => a.adDuration)).toEqual(checks.map((c) => c.adLength));
    expect(Number(created[i].Ads)).toBe(checks.length);
    off += checks.filter((c) => c.unit !== p.unit.position || c.adLength < p.unit.length).length;
  });
  expect(off).toBeGreaterThanOrEqual(1);
});

/** The show's episodes (newest 100) and the ones published in a flight up to today. */
async function flightEpisodes(p: Plan) {
  const info = await s.client().shows.get(p.show, { episodesPageIndex: 0, episodesPageSize: 100 });
  const episodes = info.episodes ?? [];
  const inFlight = episodes.filter((e) => {
    const t = Date.parse(String(e.uploadedAt));
    return t >= TODAY + p.start * DAY && t < Math.min(TODAY + DAY, TODAY + (p.end + 1) * DAY);
  });
  return { episodes, inFlight };
}

test("every aircheck is an episode of the show (GET series/episodes) whose ads list the advertiser, by the same ad id", async () => {
  let checked = 0;
  for (const [i, p] of PLANS.entries()) {
    const { episodes } = await flightEpisodes(p);
    const checks = JSON.parse(created[i].Airchecks) as Aircheck[];
    const ads = JSON.parse(created[i]["Ads (JSON)"]) as AdEntry[];
    checks.forEach((check, k) => {
      const episode = episodes.find((e) => e.guid === check.episodeGuid);
      expect(episode?.serviceEpisodeId).toBe(ads[k].episodeId);
      const ad = episode?.ads?.find((a) => a.adId === ads[k].adId);
      expect([ad?.advertiser, ad?.placementUnit, Number(ad?.endTs) - Number(ad?.startTs)]).toEqual([
        p.advertiser,
        check.unit,
        check.adLength,
      ]);
      checked++;
    });
  }
  expect(checked).toBeGreaterThan(30);
});

test("some episode of a flight carries no ad of the advertiser, and some carries its competitor's", async () => {
  let missing = 0;
  let competitor = 0;
  for (const p of PLANS.slice(0, 9)) {
    const { inFlight } = await flightEpisodes(p);
    expect(inFlight.length).toBeGreaterThan(0);
    missing += inFlight.filter((e) => !e.ads?.some((a) => a.advertiser === p.advertiser)).length;
    competitor += inFlight.filter((e) =>
      e.ads?.some((a) => a.advertiser === COMPETITORS[p.advertiser]),
    ).length;
  }
  expect(missing).toBeGreaterThanOrEqual(1);
  expect(competitor).toBeGreaterThanOrEqual(1);
});

test("created campaigns are in the impressions report by their ids, day by day through today only", async () => {
  const advertisers = [...new Set(PLANS.map((p) => p.advertiser))];
  const daily = await rawRows(s.client(), "impressions", {
    advertiser: advertisers,
    ...RANGE,
    timeGrouping: "day",
    fields: ["Day", "Campaign ID", ...PLATFORMS],
  });
  for (const [i, id] of ids.entries()) {
    const mine = daily.filter((r) => r["Campaign ID"] === id);
    if (i === 9) {
      expect(mine).toEqual([]);
      continue;
    }
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.Day >= day(PLANS[i].start) && r.Day <= day(0))).toBe(true);
    const total = mine.reduce((n, r) => n + PLATFORMS.reduce((m, k) => m + Number(r[k]), 0), 0);
    // The same days, each whole, as campaigns-performance's Impressions.
    expect(total).toBe(Number(created[i].Impressions));
  }
});

test("the same request after a creation is a new report with the new campaign, not the cached one", async () => {
  const params = { startDate: day(-3), endDate: day(3) };
  const before = await rawRows(s.client(), "campaignsPerformance", params);
  const { campaigns } = await s
    .client()
    .campaigns.create({ ...creation(PLANS[0], 20), name: "Late addition" });
  const after = await rawRows(s.client(), "campaignsPerformance", params);
  expect(before.some((r) => r["Campaign Id"] === campaigns[0].id)).toBe(false);
  expect(after.some((r) => r["Campaign Id"] === campaigns[0].id)).toBe(true);
});

test("the same creations in another sandbox on the same clock give the same rows; generated campaigns' rows are as they were", async () => {
  const other = await startSandbox({ now: worldNow });
  const untouched = await startSandbox({ now: worldNow });
  try {
    const again = await createAll(other.client());
    expect(again).toEqual(ids);
    const rerun = await rawRows(other.client(), "campaignsPerformance", RANGE);
    const mine = (list: Record<string, string>[]) =>
      ids.map((id) => JSON.stringify(list.find((r) => r["Campaign Id"] === id)));
    expect(mine(rerun).filter((row) => row === undefined).length).toBe(0);
    expect(mine(rerun)).toEqual(mine(rows));
    const generated = (list: Record<string, string>[]) =>
      list.filter((r) => !ids.includes(r["Campaign Id"])).map((r) => JSON.stringify(r));
    expect(generated(rerun)).toEqual(
      generated(await rawRows(untouched.client(), "campaignsPerformance", RANGE)),
    );
  } finally {
    await other.close();
    await untouched.close();
  }
});
