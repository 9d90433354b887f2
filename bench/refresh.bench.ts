/**
 * A refresh's round trips (issue #54): how many `context.sync()` calls it takes through the genuine
 * office.js client into the in-memory host, each one a round trip to Excel (across the network in
 * Excel on the web). Two cases: one report of 30 rows refreshed with its chart and a Dashboard over
 * it (goal: at most 5), and Refresh all over 100 report sheets whose advertiser is bound to a cell
 * (25 clients × 4 reports, as "Run for each" makes them; goal: at most 300). The answers are made in
 * memory (no service): only the workbook's side is counted, with its time in the in-memory host.
 */
import { performance } from "perf_hooks";
import type { TypedTable } from "../src/api/table";
import { writeDashboard } from "../src/excel/dashboardSheet";
import { createReportSheet, refreshAll, refreshReport, type SheetFetcher } from "../src/excel/reportSheets";
import { provideOfficeJs } from "../preview/memory/officeJs";
import { loadOfficeJsInNode } from "../preview/memory/officeJsNode";
import { InMemoryWorkbook } from "../preview/memory/workbook";
import { BOUND_TODAY, boundReportsWorkbook } from "../test/support/boundReports";

const TODAY = new Date(Date.UTC(2026, 10, 23, 12));

/** Impressions by day for two campaigns: `days` days from 2026-10-01, `scale` times the figures. */
export const byDay = (days: number, scale = 1): TypedTable => ({
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

/** The syncs made while `act` runs, and its time. */
async function counted(wb: InMemoryWorkbook, act: () => Promise<unknown>) {
  const before = wb.syncLog.length;
  const t = performance.now();
  await act();
  return { syncs: wb.syncLog.length - before, ms: Math.round(performance.now() - t) };
}

/** One report of 30 rows with its chart (a summary chart: sums beside the table) and a Dashboard over it. */
async function oneReport() {
  const wb = new InMemoryWorkbook({ today: () => TODAY });
  // office.js's enums (Excel.ChartType, …) as the add-in's code reads them in Excel.
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  await createReportSheet(
    wb.excel,
    { kind: "impressions", params: { timeGrouping: "day" }, label: "By day" },
    { type: "table", table: byDay(15) },
    TODAY,
  );
  await writeDashboard(wb.excel, ["By day"]);
  const fetch: SheetFetcher = async () => ({ type: "table", table: byDay(15, 2) });
  // Warm: office.js's and the host's first calls, the workbook's date system.
  await refreshReport(wb.excel, "By day", fetch, { now: () => TODAY });
  return counted(wb, () => refreshReport(wb.excel, "By day", fetch, { now: () => TODAY }));
}

/** Refresh all over 100 report sheets bound to their clients' cells. */
async function refreshAllBound(reports: number) {
  const wb = await boundReportsWorkbook(reports);
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
  const fetch: SheetFetcher = async () => ({ type: "table", table });
  return counted(wb, () => refreshAll(wb.excel, fetch, { now: () => BOUND_TODAY }));
}

export async function run(): Promise<Record<string, unknown>> {
  provideOfficeJs(loadOfficeJsInNode);
  const one = await oneReport();
  const all = await refreshAllBound(100);
  return {
    oneReportSyncs: one.syncs,
    oneReportGoal: 5,
    oneReportMet: one.syncs <= 5,
    refreshAll100Syncs: all.syncs,
    refreshAll100Goal: 300,
    refreshAll100Met: all.syncs <= 300,
    oneReportMs: one.ms,
    refreshAll100Ms: all.ms,
  };
}
