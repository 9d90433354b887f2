/** Report CSVs: the spec's columns per report and every impressions setting that changes the shape. */
import Papa from "papaparse";
import { REPORT_HEADERS } from "../../src/api/reportHeaders";
import { IMPRESSIONS_DEFAULT_FIELDS } from "../../src/api/defaults";
import { InvalidReport, generateReportCsv } from "./index";
import { World } from "../world";

const world = new World();
const NOW = Date.UTC(2026, 10, 22);
const parse = (csv: string) => Papa.parse<string[]>(csv, { skipEmptyLines: true }).data;
const impressions = (body: Record<string, unknown>) =>
  parse(
    generateReportCsv(
      world,
      "impressions",
      { advertiser: ["Acme Mattress"], startDate: "2026-10-01", endDate: "2026-10-14", ...body },
      NOW,
    ),
  );

test("the same request gives byte-identical CSV", () => {
  const body = { advertiser: ["Northwind Coffee"], startDate: "2026-09-01", endDate: "2026-09-30" };
  expect(generateReportCsv(new World(), "impressions", body, NOW)).toBe(
    generateReportCsv(world, "impressions", body, NOW),
  );
});

test.each([
  ["audience", { show: ["1200000001"], startDate: "2026-01-01", endDate: "2026-11-30" }],
  ["campaignsPerformance", {}],
  ["estimatedSpendByDay", { advertisers: ["Acme Mattress"], startDate: "2026-11-01", endDate: "2026-11-03" }],
  [
    "estimatedSpendByShowByDay",
    { advertisers: ["Acme Mattress"], startDate: "2026-11-01", endDate: "2026-11-03" },
  ],
] as const)("%s has exactly the spec's columns, in order", (kind, body) => {
  const [header, ...rows] = parse(generateReportCsv(world, kind, body, NOW));
  expect(header).toEqual(REPORT_HEADERS[kind]);
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.every((r) => r.length === header.length)).toBe(true);
});

test("impressions without fields has the default columns; fields pick and order them", () => {
  expect(impressions({})[0]).toEqual(IMPRESSIONS_DEFAULT_FIELDS);
  const rows = impressions({ fields: ["Spend", "Day", "Show ID"] });
  expect(rows[0]).toEqual(["Spend", "Day", "Show ID"]);
  expect(rows[1][1]).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(Number(rows[1][0])).not.toBeNaN();
});

test("unknown fields and reversed ranges are invalid (column rules are the request schema's)", () => {
  const bad = (body: Record<string, unknown>) => () => impressions(body);
  expect(bad({ fields: ["Day", "Nope"] })).toThrow(InvalidReport);
  expect(bad({ startDate: "2026-10-10", endDate: "2026-10-01" })).toThrow(InvalidReport);
});

test("incremental columns come with showIncrementalResults", () => {
  const rows = impressions({
    fields: ["Day", "Incremental Visitors", "Visitors Campaign Incremental %", "Incrementality Source"],
    showIncrementalResults: true,
    incrementalDisplayType: "campaign",
  });
  expect(rows[0]).toHaveLength(4);
  expect(rows[1][3]).toMatch(/AutoServe|Synthetic/);
});

test("fieldMapping renames headers without moving them", () => {
  const rows = impressions({ fields: ["Day", "Spend"], fieldMapping: { Spend: "Cost (USD)" } });
  expect(rows[0]).toEqual(["Day", "Cost (USD)"]);
});

test("numberFormatting gives $1,234.56, 12.5% and 1,234; totals add a Total row; summary goes above the header", () => {
  const rows = impressions({
    fields: ["Advertiser", "Spend", "Visitors %", "Podcast & Streaming Impressions"],
    formatting: { numberFormatting: true, totals: true, summary: true },
    name: "Q4 review",
  });
  expect(rows[0]).toEqual(["Report", "Q4 review"]);
  expect(rows[1]).toEqual(["Advertiser", "Acme Mattress"]);
  expect(rows[2]).toEqual(["Dates", "2026-10-01 to 2026-10-14"]);
  const headerAt = rows.findIndex((r) => r[0] === "Advertiser" && r[1] === "Spend");
  expect(headerAt).toBe(3);
  const body = rows.slice(headerAt + 1);
  for (const r of body) {
    expect(r[1]).toMatch(/^\$\d{1,3}(,\d{3})*\.\d{2}$/);
  }
  for (const r of body.slice(0, -1)) expect(r[2]).toMatch(/^\d+\.\d%$/);
  expect(body.some((r) => /^\d{1,3}(,\d{3})+$/.test(r[3]))).toBe(true);
  expect(body[body.length - 1][0]).toBe("Total");
});

test("totals sum the rows, except Reach, which is computed for the whole report", () => {
  const rows = impressions({ fields: ["Day", "Spend", "Reach"], formatting: { totals: true } }).slice(1);
  const total = rows.pop()!;
  const sum = (i: number) => rows.reduce((n, r) => n + Number(r[i]), 0);
  expect(Number(total[1])).toBeCloseTo(sum(1), 2);
  expect(Number(total[2])).toBeLessThan(sum(2));
  expect(Number(total[2])).toBeGreaterThanOrEqual(Math.max(...rows.map((r) => Number(r[2]))));
});

test("a report whose filters leave no campaign still has its Total row: no spend, reach 0 (it was a 500)", () => {
  const rows = impressions({
    fields: ["Day", "Campaign", "Spend", "Reach"],
    campaignTags: ["no-such-tag"],
    formatting: { totals: true },
  });
  expect(rows).toEqual([
    ["Day", "Campaign", "Spend", "Reach"],
    ["Total", "", "", "0"],
  ]);
});

test("timeGrouping: day, week (monday or sunday), month and all", () => {
  const fields = ["Day", "Week", "Month", "Campaign"];
  const dayRows = impressions({ fields, timeGrouping: "day" }).slice(1);
  expect(new Set(dayRows.map((r) => r[0])).size).toBe(14);
  const monday = impressions({ fields, timeGrouping: "week" }).slice(1);
  const sunday = impressions({ fields, timeGrouping: "week", weekStartsOn: "sunday" }).slice(1);
  const weekday = (s: string) => new Date(`${s}T00:00:00Z`).getUTCDay();
  expect(new Set(monday.map((r) => weekday(r[1])))).toEqual(new Set([1]));
  expect(new Set(sunday.map((r) => weekday(r[1])))).toEqual(new Set([0]));
  expect(
    new Set(
      impressions({ fields, timeGrouping: "month" })
        .slice(1)
        .map((r) => r[2]),
    ),
  ).toEqual(new Set(["2026-10-01"]));
  const all = impressions({ fields, timeGrouping: "all" }).slice(1);
  expect(all.every((r) => r[0] === "")).toBe(true);
  expect(all.length).toBeLessThan(dayRows.length);
});

test("geoGrouping adds Geo and Country, and DMA Code for DMA", () => {
  const header = impressions({ geoGrouping: "country" })[0];
  expect(header).toEqual(expect.arrayContaining(["Geo", "Country"]));
  expect(header).not.toContain("DMA Code");
  expect(impressions({ geoGrouping: "DMA" })[0]).toContain("DMA Code");
  const rows = impressions({ fields: ["Day", "Geo", "Country"], geoGrouping: "country" }).slice(1);
  expect(new Set(rows.map((r) => r[2]))).toEqual(new Set(["US", "GB", "CA"]));
});

test("aggregateEpisodicBuysPerShow leaves the episode columns blank", () => {
  const fields = ["Show", "Episode", "Episode GUID"];
  expect(
    impressions({ fields })
      .slice(1)
      .every((r) => r[1] !== ""),
  ).toBe(true);
  const agg = impressions({ fields, aggregateEpisodicBuysPerShow: true }).slice(1);
  expect(agg.every((r) => r[0] !== "" && r[1] === "" && r[2] === "")).toBe(true);
});

test("lag has Action, Object ID and W + 1 day columns", () => {
  const [header] = parse(
    generateReportCsv(
      world,
      "lag",
      { advertiser: ["Acme Mattress"], groupKey: "genres", attributionWindow: 7 },
      NOW,
    ),
  );
  expect(header).toEqual(["Action", "Object ID", ...Array.from({ length: 8 }, (_, i) => `Day ${i + 1}`)]);
});

test("listener ids: more rows with an advertiser than without (prefix listeners only)", () => {
  const withAd = parse(
    generateReportCsv(world, "impressionListeners", { episodeId: "1", advertiser: "acme-mattress" }),
  );
  const prefix = parse(generateReportCsv(world, "impressionListeners", { episodeId: "1" }));
  expect(withAd[0]).toEqual(["User Id", "Frequency"]);
  expect(withAd.length).toBeGreaterThan(prefix.length);
});

test("text from the service survives CSV quoting: formula-like starts, quotes, commas, newlines", () => {
  const cells = parse(
    generateReportCsv(
      world,
      "audience",
      { show: world.shows.slice(0, 40).map((s) => s.ids[0]), startDate: "2025-01-01", endDate: "2026-11-30" },
      NOW,
    ),
  ).flat();
  expect(cells.some((c) => c.startsWith("="))).toBe(true);
  expect(cells.some((c) => c.includes("\n"))).toBe(true);
  expect(cells.some((c) => c.includes('"') && c.includes(","))).toBe(true);
});

test("a 100,000-row impressions report is reachable through scale", () => {
  const big = new World(30);
  const csv = generateReportCsv(
    big,
    "impressions",
    { fields: ["Day", "Campaign", "Spend"], startDate: "2026-08-15", endDate: "2026-11-22" },
    NOW,
  );
  let lines = 0;
  for (let i = csv.indexOf("\n"); i >= 0; i = csv.indexOf("\n", i + 1)) lines++;
  expect(lines).toBeGreaterThanOrEqual(100_000);
});
