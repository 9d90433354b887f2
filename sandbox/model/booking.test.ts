/**
 * Campaigns created through the sandbox (model/booking.ts) in-process, on a clock the test moves:
 * which creations join the world, what their rows show, and that delivery runs on the sandbox's clock.
 */
import Papa from "papaparse";
import { generateReportCsv } from "../csv";
import { inProcessSandbox } from "../testing/inProcess";

const DAY = 86_400_000;
const TODAY = Date.UTC(2026, 10, 22);
const day = (n: number) => new Date(TODAY + n * DAY).toISOString().slice(0, 10);

const DAI = {
  name: "Clock test",
  advertiser: "Acme Mattress",
  itunesOrYtId: "1200000003",
  type: "DAI",
  flights: [{ startDate: day(-10), endDate: day(20), cpm: 20, expectedImpressions: 60_000 }],
  expectedUnits: [
    { position: "pre", length: 30 },
    { position: "mid", length: 60 },
  ],
};

async function create(s: ReturnType<typeof inProcessSandbox>, body: unknown): Promise<string[]> {
  const res = await s.post("/api/public/campaign", body);
  expect(res.status).toBe(200);
  return ((await res.json()) as { campaigns: { id: string }[] }).campaigns.map((c) => c.id);
}

/** The campaigns-performance rows by Campaign Id, as the sandbox makes them now (its clock). */
function performance(
  s: ReturnType<typeof inProcessSandbox>,
  body: object = {},
): Map<string, Record<string, string>> {
  const range = { startDate: day(-40), endDate: day(60), ...body };
  // The sandbox clock's day, never the machine's.
  const csv = generateReportCsv(s.world, "campaignsPerformance", range, s.world.today());
  const rows = Papa.parse<Record<string, string>>(csv.trim(), { header: true }).data;
  return new Map(rows.map((r) => [r["Campaign Id"], r]));
}

test("a created flight delivers through the sandbox clock's day: moving the clock on adds delivery and starts a flight", async () => {
  const s = inProcessSandbox();
  const [running] = await create(s, DAI);
  const [later] = await create(s, {
    ...DAI,
    name: "Starts in two days",
    flights: [{ startDate: day(2), endDate: day(30), cpm: 20, expectedImpressions: 40_000 }],
  });
  const now = performance(s);
  expect(Number(now.get(running)!.Impressions)).toBeGreaterThan(0);
  expect(now.get(later)!.Impressions).toBe("0");
  s.advance(5 * DAY);
  const after = performance(s);
  expect(Number(after.get(running)!.Impressions)).toBeGreaterThan(Number(now.get(running)!.Impressions));
  expect(Number(after.get(later)!.Impressions)).toBeGreaterThan(0);
  // Days already gone are the same days: the first 11 days' delivery did not change.
  const first = performance(s, { endDate: day(0) });
  expect(first.get(running)!.Impressions).toBe(now.get(running)!.Impressions);
});

test("Unit shows the creation's units as position:seconds; product, landing URL and bill-to as given", async () => {
  const s = inProcessSandbox();
  const [id] = await create(s, {
    ...DAI,
    advertiser: "acme-mattress",
    product: "Cooling pillow",
    expectedLandingUrl: "https://acme.example.com/pillow",
    billToPublisher: true,
    mediaType: "ott_ctv",
  });
  const row = performance(s).get(id)!;
  expect({
    unit: row.Unit,
    advertiser: row.Advertiser,
    product: row.Product,
    landing: row["Expected landing URL"],
    billTo: row["Bill to Publisher"],
    media: row["Media Type"],
    geo: row.Geo,
    publisher: row.Publisher,
  }).toEqual({
    unit: "pre:30, mid:60",
    advertiser: "Acme Mattress",
    product: "Cooling pillow",
    landing: "https://acme.example.com/pillow",
    billTo: "Yes",
    media: "podcast",
    geo: "GLOBAL",
    publisher: s.world.findShow("1200000003")!.publisher,
  });
});

test("creations the world cannot run are answered with ids but join no report", async () => {
  const s = inProcessSandbox();
  const ids = [
    ...(await create(s, { ...DAI, itunesOrYtId: undefined, publisher: "demo-publisher" })),
    ...(await create(s, { ...DAI, itunesOrYtId: "9999999999" })),
    ...(await create(s, { ...DAI, advertiser: "Someone New" })),
    ...(await create(s, { ...DAI, type: "story", mediaType: "SocialC" })),
  ];
  expect(ids).toHaveLength(4);
  const rows = performance(s);
  expect(ids.filter((id) => rows.has(id))).toEqual([]);
  expect(s.world.joined).toHaveLength(0);
});

test("a baked-in flight without an end date is one episode, its impressions counted for 30 days from the expected date", async () => {
  const s = inProcessSandbox();
  const [id] = await create(s, {
    name: "One read",
    advertiser: "Northwind Coffee",
    itunesOrYtId: "1200000006",
    type: "Baked-in",
    flights: [{ expectedDate: day(-20), totalCost: 1500, expectedImpressions: 30_000 }],
  });
  const row = performance(s).get(id)!;
  expect([row["Start date"], row["End date"], row.Expected, row.Unit]).toEqual([
    day(-20),
    day(9),
    day(-20),
    "",
  ]);
  const booking = s.world.joined[0].booking!;
  expect(booking.episodes).toHaveLength(1);
  // No units bought: one 60-second mid-roll was planned in it (aired, or the episode is one without it).
  expect(booking.airings.map((a) => a.bought)).toEqual([{ position: "mid", length: 60 }]);
  expect(Number(row.Ads)).toBe(booking.episodes[0].aired ? 1 : 0);
});

test("a long flight lists at most 40 aired ads, whole episodes only (each its bought units in order); Ads counts them all", async () => {
  const s = inProcessSandbox();
  const units = [
    { position: "pre", length: 30 },
    { position: "mid", length: 60 },
    { position: "post", length: 30 },
  ];
  const [id] = await create(s, {
    ...DAI,
    name: "Half a year",
    flights: [{ startDate: day(-180), endDate: day(10), cpm: 20, expectedImpressions: 300_000 }],
    expectedUnits: units,
  });
  const row = performance(s, { startDate: day(-180) }).get(id)!;
  const checks = JSON.parse(row.Airchecks) as { episodeGuid: string; adLength: number }[];
  expect(Number(row.Ads)).toBeGreaterThan(40);
  expect(checks.length).toBeLessThanOrEqual(40);
  expect(checks.length % units.length).toBe(0);
  const booking = s.world.joined[0].booking!;
  const listedEpisodes = new Set(checks.map((c) => c.episodeGuid)).size;
  expect(listedEpisodes * units.length).toBe(checks.length);
  // Entry k of an episode is bought unit k: the plan's bought units, in the creation's order.
  const bought = booking.airings.filter((a) => a.adId !== null).slice(0, checks.length);
  expect(bought.map((a) => a.bought.length)).toEqual(checks.map((_, k) => units[k % 3].length));
});
