/**
 * The Stale banner's check (inputWatchPane.ts `stillStale`), through the genuine office.js client
 * into the in-memory workbook: a report is stale while its bound cell gives another value than its
 * data was fetched with, and no longer once the cell is typed back or the report refreshed; a report
 * gone since is not stale. No request is sent by the check (the fetcher counts).
 */
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import type { TypedTable } from "../api/table";
import { bindReportParam } from "../excel/reportBindings";
import { createReportSheet, refreshReport, type SheetFetcher } from "../excel/reportSheets";
import { startInputWatch, stillStale } from "./inputWatchPane";

const TODAY = new Date(Date.UTC(2026, 10, 23));
const SHEET = "Spend by day";

const table = (advertiser: string): TypedTable => ({
  columns: [
    { name: "Day", kind: "date" },
    { name: "Advertiser", kind: "text" },
    { name: "Spend", kind: "currency" },
  ],
  rows: [[46327, advertiser, 12.5]],
});

test("a report is stale while its bound cell gives another value, not once the cell is typed back or the report refreshed, nor when it is gone", async () => {
  const wb = new InMemoryWorkbook({ sheets: ["Inputs"], today: () => TODAY });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  wb.host.setInput("Inputs", 0, 0, "Acme Mattress");
  let fetched = 0;
  const fetch: SheetFetcher = async (source) => {
    fetched++;
    return { type: "table", table: table(String((source.params.advertisers as string[])[0])) };
  };
  await createReportSheet(
    wb.excel,
    {
      kind: "estimatedSpendByDay",
      params: { advertisers: ["Acme Mattress"], startDate: "2026-10-01", endDate: "2026-10-31" },
      label: SHEET,
    },
    { type: "table", table: table("Acme Mattress") },
    TODAY,
  );
  await bindReportParam(wb.excel, SHEET, "advertisers", { address: "Inputs!A1" });
  startInputWatch(wb.excel);
  const target = { kind: "report", sheetName: SHEET } as const;
  expect(await stillStale(target)).toBe(false);

  wb.host.setInput("Inputs", 0, 0, "Northwind Coffee");
  expect(await stillStale(target)).toBe(true);
  // Typed back to what the data was fetched with: no longer stale.
  wb.host.setInput("Inputs", 0, 0, "Acme Mattress");
  expect(await stillStale(target)).toBe(false);
  // Changed again, then refreshed: the data answers the cell, no longer stale.
  wb.host.setInput("Inputs", 0, 0, "Northwind Coffee");
  expect(await stillStale(target)).toBe(true);
  expect(fetched).toBe(0);
  await refreshReport(wb.excel, SHEET, fetch, { now: () => TODAY });
  expect(fetched).toBe(1);
  expect(await stillStale(target)).toBe(false);
  // A sheet that is not (or no longer) a report is not stale.
  expect(await stillStale({ kind: "report", sheetName: "Inputs" })).toBe(false);
  expect(await stillStale({ kind: "set", id: "Gone", name: "Gone" })).toBe(false);
}, 60_000);
