/** Issue 47: the sandbox's data runs through today, the last 3 days being estimates (api-spec). */
import { parseReportCsv } from "../src/api/csv";
import { generateReportCsv } from "./csv";
import { DAY, World } from "./world";
import { createApp } from "./app";

const TODAY = Date.UTC(2027, 2, 10, 15); // any day: the world is made on it
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

test("the practice service's 'Last 7 days' has spend and delivery through today", () => {
  const world = new World(1, TODAY);
  const last7 = { startDate: iso(TODAY - 6 * DAY), endDate: iso(TODAY) };
  const spend = generateReportCsv(
    world,
    "estimatedSpendByDay",
    { advertisers: ["Acme Mattress"], ...last7 },
    TODAY,
  );
  const days = spend
    .trim()
    .split("\r\n")
    .slice(1)
    .map((l) => l.slice(0, 10));
  expect(days.length).toBeGreaterThan(0);
  expect(days.every((d) => d >= last7.startDate && d <= last7.endDate)).toBe(true);
  // The newest episode is today's: its spend is on today.
  expect(days).toContain(iso(TODAY));
  const impressions = generateReportCsv(
    world,
    "impressions",
    { advertiser: ["Acme Mattress"], timeGrouping: "day", ...last7 },
    TODAY,
  );
  expect(impressions).toContain(`,${iso(TODAY)},`);
});

test("the last 3 days are estimates: their Alpha engaged views are an estimated share of views", () => {
  const world = new World(1, TODAY);
  const body = {
    advertiser: ["Acme Mattress"],
    timeGrouping: "day",
    startDate: iso(TODAY - 9 * DAY),
    endDate: iso(TODAY),
    fields: ["Day", "Alpha Views", "Alpha Engaged Views"],
  };
  const table = parseReportCsv("impressions", generateReportCsv(world, "impressions", body, TODAY));
  const share = new Map<number, [number, number]>();
  for (const [day, views, engaged] of table.rows as number[][]) {
    const [v, e] = share.get(day) ?? [0, 0];
    share.set(day, [v + views, e + engaged]);
  }
  const estimated = Date.UTC(2027, 2, 8) / DAY + 25569; // serial of the first estimated day
  const seen = new Set<boolean>();
  for (const [day, [views, engaged]] of share) {
    if (views < 1000) continue;
    seen.add(day >= estimated);
    expect([iso((day - 25569) * DAY), Math.round((engaged / views) * 10) / 10]).toEqual([
      iso((day - 25569) * DAY),
      day >= estimated ? 0.5 : 0.6,
    ]);
  }
  expect([...seen].sort()).toEqual([false, true]);
});

test("a sandbox app's world is made on its own clock's day", () => {
  expect(createApp({ now: () => TODAY }).world.newestEpisode).toBe(Date.UTC(2027, 2, 10));
});
