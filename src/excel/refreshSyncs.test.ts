/**
 * A refresh's round trips, step by step (issue #54), through the genuine office.js client into the
 * in-memory workbook: the read before the request (the record and every check: two syncs), the read
 * after it (one), the writes with their verifying reads (one), the chart and the Dashboard following
 * (one). `npm run bench refresh` reports the same figures over Refresh all of 100 reports.
 */
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import type { TypedTable } from "../api/table";
import { writeDashboard } from "./dashboardSheet";
import { readBeforeRequest } from "./refresh/readBefore";
import { createReportSheet, refreshAll, refreshReport, type SheetFetcher } from "./reportSheets";
import { BOUND_TODAY, boundReportsWorkbook } from "../../test/support/boundReports";
import type { ShowInfo } from "../api/schemas";

const TODAY = new Date(Date.UTC(2026, 10, 23, 12));

/** Impressions by day for two campaigns: `days` days from 2026-10-01, `scale` times the figures. */
const byDay = (days: number, scale = 1): TypedTable => ({
  columns: [
    { name: "Day", kind: "date" },
    { name: "Campaign", kind: "text" },
    { name: "Spend", kind: "currency" },
    { name: "Podcast & Streaming Impressions", kind: "integer" },
    { name: "Reach", kind: "integer" },
  ],
  rows: Array.from({ length: days * 2 }, (_, i) => {
    const d = Math.floor(i / 2);
    return [46296 + d, `C${i % 2}`, scale * (10 + d + (i % 2) * 0.25), scale * (1000 + 10 * d), 300 + d];
  }),
});

/** A report of 30 rows with its summary chart, on a Dashboard; the workbook warmed by one refresh. */
async function reportOnDashboard() {
  const wb = new InMemoryWorkbook({ today: () => TODAY });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  await createReportSheet(
    wb.excel,
    { kind: "impressions", params: { timeGrouping: "day" }, label: "By day" },
    { type: "table", table: byDay(15) },
    TODAY,
  );
  await writeDashboard(wb.excel, ["By day"]);
  const fetch =
    (scale: number): SheetFetcher =>
    async () => ({ type: "table", table: byDay(15, scale) });
  await refreshReport(wb.excel, "By day", fetch(2), { now: () => TODAY });
  return { wb, fetch };
}

test("one report refreshed with its chart and a Dashboard takes 5 syncs: 2 before its request, 3 after", async () => {
  const { wb, fetch } = await reportOnDashboard();
  const start = wb.syncLog.length;
  let asked = 0;
  await refreshReport(
    wb.excel,
    "By day",
    async (source) => {
      asked = wb.syncLog.length;
      return fetch(3)(source);
    },
    { now: () => TODAY },
  );
  expect(asked - start).toBe(2);
  expect(wb.syncLog.length - asked).toBe(3);
  // And the refresh did its work: the table, its chart's sums and the Dashboard's figure say the new data.
  const spend = byDay(15, 3).rows.reduce((n, r) => n + (r[2] as number), 0);
  expect(wb.host.cell("By day", 0, 0).value).toMatch(/^Impressions/);
  const dashboard = wb.model.sheetByName("Dashboard")!;
  const figures = [...dashboard.rows.values()].flatMap((cells) => [...cells.values()].map((c) => c.value));
  expect(figures.some((v) => typeof v === "number" && Math.abs(v - spend) < 1e-6)).toBe(true);
});

/** A show of `episodes` episodes with an ad each. */
const showOf = (episodes: number): ShowInfo =>
  ({
    serviceSeriesId: 77,
    title: "The Daily Drive",
    platform: "Podcast",
    topAdvertisers: ["Acme"],
    similarShows: [{ seriesId: 2, title: "Other", contentSimilarity: 0.5 }],
    contentRisk: { overallScore: "medium", scoreByCategory: { language: "high" } },
    episodes: Array.from({ length: episodes }, (_, i) => ({
      title: `Episode ${i + 1}`,
      serviceEpisodeId: i + 1,
      downloads: 10 * (i + 1),
      ads: [{ adId: i + 1, advertiser: "Acme", startTs: 1, endTs: 2 }],
    })),
  }) as ShowInfo;

test("a show sheet's checks before its request read its three tables in 4 syncs (not 2 a table)", async () => {
  const wb = new InMemoryWorkbook({ today: () => TODAY });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  await createReportSheet(
    wb.excel,
    { kind: "show", params: { id: "77" }, label: "Show 77" },
    { type: "show", show: showOf(2) },
  );
  const start = wb.syncLog.length;
  let asked = 0;
  await refreshReport(
    wb.excel,
    "Show 77",
    async () => {
      asked = wb.syncLog.length;
      return { type: "show", show: showOf(3) };
    },
    { now: () => TODAY },
  );
  // The record (1), the layout (2), the tables and their key columns, and the blank-row checks (4).
  expect(asked - start).toBe(7);
  expect(wb.host.cell("Show 77", 0, 0).value).toBe("The Daily Drive");
});

test("the read before the request is two syncs: the record, then the table's checks and bound cells", async () => {
  const { wb } = await reportOnDashboard();
  const start = wb.syncLog.length;
  const before = await readBeforeRequest(wb.excel, "By day");
  expect(wb.syncLog.length - start).toBe(2);
  expect("refused" in before && before.refused).toBeNull();
});

test("Refresh all over 100 reports bound to cells takes at most 300 syncs (3 a report at most, 2 for most)", async () => {
  const wb = await boundReportsWorkbook(100);
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  const table: TypedTable = {
    columns: [
      { name: "Day", kind: "date" },
      { name: "Spend", kind: "currency" },
    ],
    rows: [
      [46327, 12.5],
      [46328, 14],
    ],
  };
  const start = wb.syncLog.length;
  const { refreshed, failed } = await refreshAll(wb.excel, async () => ({ type: "table", table }), {
    now: () => BOUND_TODAY,
  });
  expect(failed).toEqual([]);
  expect(refreshed).toHaveLength(100);
  expect(wb.syncLog.length - start).toBeLessThanOrEqual(300);
}, 60_000);

/** A wide report of `rows` rows with text in every row, as a planner's year of impressions by day is. */
const wide = (rows: number, tag: string): TypedTable => ({
  columns: [
    { name: "Day", kind: "date" },
    ...["Advertiser", "Media Type", "Type", "Tags", "Publisher", "Campaign", "Show"].map((name) => ({
      name,
      kind: "text" as const,
    })),
    { name: "Spend", kind: "currency" },
    { name: "Podcast & Streaming Impressions", kind: "integer" },
    { name: "Reach", kind: "integer" },
  ],
  rows: Array.from({ length: rows }, (_, i) => [
    46296 + Math.floor(i / 10),
    `Advertiser ${i % 7}`,
    "podcast",
    "baked-in",
    "launch,brand",
    `Publisher ${i % 5}`,
    `Campaign ${tag} ${i % 31} Q${(i % 4) + 1} Open Table`,
    `Show ${i % 97}`,
    1000 + i * 0.37,
    100000 + i,
    3000 + i,
  ]),
});

test("a table too big to read with its neighbourhood in one answer is read in parts: the refresh succeeds, no sync refused", async () => {
  const wb = new InMemoryWorkbook({ today: () => TODAY });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  await createReportSheet(
    wb.excel,
    { kind: "impressions", params: {}, label: "Big" },
    { type: "table", table: wide(7000, "a") },
    TODAY,
  );
  const start = wb.syncLog.length;
  await refreshReport(wb.excel, "Big", async () => ({ type: "table", table: wide(7000, "b") }), {
    now: () => TODAY,
  });
  const log = wb.syncLog.slice(start);
  expect(log.filter((s) => s.failed)).toEqual([]);
  expect(wb.host.cell("Big", 0, 0).value).toMatch(/^Impressions/);
  const found = [...wb.model.sheetByName("Big")!.rows.values()].some((cells) =>
    [...cells.values()].some((c) => c.value === "Campaign b 30 Q3 Open Table"),
  );
  expect(found).toBe(true);
}, 60_000);
