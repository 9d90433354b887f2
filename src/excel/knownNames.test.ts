/**
 * A lag report's rows are known only by the service's ids: its chart's legend names them as a client
 * knows them, from another report in the workbook that shows the id beside the name (no request).
 */
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import type { TypedTable } from "../api/table";
import { knownNames } from "./knownNames";
import { createReportSheet } from "./reportSheets";

const lag: TypedTable = {
  columns: [
    { name: "Action", kind: "text" },
    { name: "Object ID", kind: "text" },
    { name: "Day 1", kind: "integer" },
    { name: "Day 2", kind: "integer" },
    { name: "Day 3", kind: "integer" },
  ],
  rows: [
    ["purchase", "cmp-1140f690-0", 12, 7, 3],
    ["purchase", "cmp-1140f690-1", 9, 4, 1],
    ["purchase", "cmp-unknown-9", 2, 1, 0],
  ],
};

const performance: TypedTable = {
  columns: [
    { name: "Campaign ID", kind: "text" },
    { name: "Campaign", kind: "text" },
    { name: "Spend", kind: "currency" },
  ],
  rows: [
    ["cmp-1140f690-0", "Acme Mattress Q2 Spring launch", 1000],
    ["cmp-1140f690-1", "Acme Mattress Q3 Daily Bright", 800],
  ],
};

const seriesNames = (wb: InMemoryWorkbook, sheet: string) =>
  wb.host.charts(sheet).flatMap((c) => c.series.map((s) => s.name));

test("a lag chart's legend names campaigns by the names a report in the workbook shows, ids where none does", async () => {
  const wb = new InMemoryWorkbook();
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  await createReportSheet(
    wb.excel,
    { kind: "campaignsPerformance", params: {}, label: "Campaigns", chart: false },
    { type: "table", table: performance },
  );
  expect(await knownNames(wb.excel)).toEqual(
    new Map([
      ["cmp-1140f690-0", "Acme Mattress Q2 Spring launch"],
      ["cmp-1140f690-1", "Acme Mattress Q3 Daily Bright"],
    ]),
  );
  await createReportSheet(wb.excel, { kind: "lag", params: {}, label: "Lag" }, { type: "table", table: lag });
  expect(seriesNames(wb, "Lag")).toEqual([
    "purchase · Acme Mattress Q2 Spring launch",
    "purchase · Acme Mattress Q3 Daily Bright",
    "purchase · cmp-unknown-9",
  ]);
});

test("without a report that names them, the legend keeps the service's ids", async () => {
  const wb = new InMemoryWorkbook();
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  await createReportSheet(wb.excel, { kind: "lag", params: {}, label: "Lag" }, { type: "table", table: lag });
  expect(seriesNames(wb, "Lag")).toEqual([
    "purchase · cmp-1140f690-0",
    "purchase · cmp-1140f690-1",
    "purchase · cmp-unknown-9",
  ]);
});
