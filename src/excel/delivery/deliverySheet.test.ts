/**
 * The Delivery sheet (issue #56) in the in-memory workbook through the genuine office.js client: its
 * pacing formulas give what `pacingOf` works out for every kind of flight (not started, on track,
 * behind, ahead, ended short, ended delivered), on the workbook's day; a refresh keeps them and the
 * planner's make-goods, and fills the formulas into a flight that appears.
 */
import { InMemoryWorkbook } from "../../../preview/memory/workbook";
import type { CellValue, TypedTable } from "../../api/table";
import { utcToSerial } from "../../api/excelDates";
import { deliveryTable, MAKE_GOOD_COLUMN, PACING_COLUMNS, pacingOf } from "../../reports/delivery";
import { refreshReport } from "../reportSheets";
import { createDeliverySheet } from "./deliverySheet";

const TODAY = new Date(Date.UTC(2026, 11, 7, 12));
const day = (iso: string) => utcToSerial(Date.parse(`${iso}T00:00:00Z`));

/** Campaigns-performance as the client types it, with just the columns the Delivery sheet reads. */
function performance(
  flights: { id: string; start: string; end: string; booked: number; got: number; status?: string }[],
): TypedTable {
  const columns: TypedTable["columns"] = [
    { name: "Advertiser", kind: "text" },
    { name: "Publisher", kind: "text" },
    { name: "Podcast", kind: "text" },
    { name: "Start date", kind: "date" },
    { name: "End date", kind: "date" },
    { name: "Unit", kind: "text" },
    { name: "Campaign Id", kind: "text" },
    { name: "Promo", kind: "text" },
    { name: "Expected Impressions", kind: "integer" },
    { name: "Spend", kind: "currency" },
    { name: "Ads", kind: "integer" },
    { name: "Impressions", kind: "integer" },
    { name: "Reach", kind: "integer" },
    { name: "Freq", kind: "number" },
    { name: "Resolved Status", kind: "text" },
    { name: "CPM", kind: "currency", numberFormat: "$#,##0.00" },
  ];
  const rows: CellValue[][] = flights.map((f) => [
    "Acme Mattress",
    "Harbor Media",
    `Show ${f.id}`,
    f.start ? day(f.start) : null,
    day(f.end),
    "mid",
    f.id,
    "ACME20",
    f.booked,
    f.got * 0.02,
    3,
    f.got,
    Math.round(f.got / 4),
    4,
    f.status ?? "Resolved",
    20,
  ]);
  return { columns, rows };
}

const FLIGHTS = [
  { id: "c-soon", start: "2026-12-20", end: "2027-01-10", booked: 100_000, got: 0 },
  { id: "c-track", start: "2026-12-01", end: "2026-12-14", booked: 140_000, got: 70_000 },
  { id: "c-behind", start: "2026-12-01", end: "2026-12-14", booked: 140_000, got: 20_000 },
  { id: "c-ahead", start: "2026-12-01", end: "2026-12-14", booked: 140_000, got: 90_000 },
  { id: "c-short", start: "2026-11-01", end: "2026-11-30", booked: 300_000, got: 254_321 },
  { id: "c-done", start: "2026-11-01", end: "2026-11-30", booked: 300_000, got: 310_000 },
];

async function deliveryWorkbook() {
  const wb = new InMemoryWorkbook({ today: () => TODAY });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  const params = { campaignIds: FLIGHTS.map((f) => f.id).join(", ") };
  const table = deliveryTable(performance(FLIGHTS), params);
  const def = await createDeliverySheet(
    wb.excel,
    { kind: "delivery", params, label: "Delivery · Acme" },
    { type: "table", table },
    TODAY,
  );
  return { wb, def, params };
}

/** The sheet's table as header → column values, read through the host (what the planner sees). */
function columnsOf(wb: InMemoryWorkbook, tableName: string): Map<string, unknown[]> {
  const t = wb.host.tables().find((x) => x.name === tableName)!;
  const out = new Map<string, unknown[]>();
  for (let c = 0; c < t.rect.cols; c++) {
    const header = String(wb.host.cell(t.sheet, t.rect.row, t.rect.col + c).value);
    out.set(
      header,
      Array.from(
        { length: t.rect.rows - 1 },
        (_, r) => wb.host.cell(t.sheet, t.rect.row + 1 + r, t.rect.col + c).value,
      ),
    );
  }
  return out;
}

test("the pacing formulas give, flight by flight, what pacingOf works out on the workbook's day", async () => {
  const { wb, def } = await deliveryWorkbook();
  const cols = columnsOf(wb, def.tableName!);
  expect([...cols.keys()].slice(-7)).toEqual([...PACING_COLUMNS.map((c) => c.name), MAKE_GOOD_COLUMN]);
  const today = day("2026-12-07");
  FLIGHTS.forEach((f, i) => {
    const p = pacingOf({ start: day(f.start), end: day(f.end), booked: f.booked, impressions: f.got }, today);
    expect({ id: f.id, pace: cols.get("Pace")![i] }).toEqual({ id: f.id, pace: p.words });
    expect(cols.get("Flight elapsed")![i]).toBeCloseTo(p.elapsed, 9);
    if (p.pacing !== null) expect(cols.get("Pacing")![i]).toBeCloseTo(p.pacing, 9);
    expect(cols.get("Projected impressions")![i]).toBe(p.projected ?? "");
    expect(cols.get("Owed impressions")![i]).toBe(p.owed ?? "");
  });
  expect(cols.get("Pace")).toEqual([
    "not started",
    "on track",
    "behind by 71%",
    "ahead by 29%",
    "ended short by 45,679 impressions",
    "ended, delivered",
  ]);
});

test("a refresh keeps the pacing formulas and the planner's make-goods, and fills the formulas into a new flight", async () => {
  const { wb, def, params } = await deliveryWorkbook();
  const t = wb.host.tables().find((x) => x.name === def.tableName)!;
  const makeGoodCol = t.rect.col + t.rect.cols - 1;
  // The planner agrees a make-good for the short flight (row 5 of the body).
  wb.host.setInput(t.sheet, t.rect.row + 5, makeGoodCol, "45,679 in January");
  const later = [...FLIGHTS.map((f) => (f.id === "c-behind" ? { ...f, got: 70_000 } : f))];
  later.push({ id: "c-new", start: "2026-12-05", end: "2026-12-18", booked: 70_000, got: 8_000 });
  await refreshReport(
    wb.excel,
    def.sheetName,
    async () => ({
      type: "table",
      table: deliveryTable(performance(later), { campaignIds: `${params.campaignIds}, c-new` }),
    }),
    { now: () => TODAY },
  );
  const cols = columnsOf(wb, def.tableName!);
  expect(cols.get("Campaign id")).toEqual(later.map((f) => f.id));
  expect(cols.get(MAKE_GOOD_COLUMN)![4]).toBe("45,679 in January");
  expect(cols.get("Pace")![2]).toBe("on track");
  const p = pacingOf(
    { start: day("2026-12-05"), end: day("2026-12-18"), booked: 70_000, impressions: 8_000 },
    day("2026-12-07"),
  );
  expect(cols.get("Pace")![6]).toBe(p.words);
  const body = wb.host.cell(t.sheet, t.rect.row + 7, t.rect.col + [...cols.keys()].indexOf("Pace"));
  expect(body.formula).toBe(PACING_COLUMNS.find((c) => c.name === "Pace")!.formula);
});

test("a flight whose service status and end date change is still the same row: its make-good stays with it", async () => {
  const { wb, def, params } = await deliveryWorkbook();
  const t = wb.host.tables().find((x) => x.name === def.tableName)!;
  wb.host.setInput(t.sheet, t.rect.row + 3, t.rect.col + t.rect.cols - 1, "20,000 in January");
  // The behind flight (row 3): the service now calls it Pending and has extended it a week.
  const changed = FLIGHTS.map((f) =>
    f.id === "c-behind" ? { ...f, end: "2026-12-21", status: "Pending" } : f,
  );
  await refreshReport(
    wb.excel,
    def.sheetName,
    async () => ({ type: "table", table: deliveryTable(performance(changed), params) }),
    { now: () => TODAY },
  );
  const cols = columnsOf(wb, def.tableName!);
  expect(cols.get("Campaign id")![2]).toBe("c-behind");
  expect(cols.get("Service status")![2]).toBe("Pending");
  expect(cols.get(MAKE_GOOD_COLUMN)![2]).toBe("20,000 in January");
});

test("made with no flights yet, the sheet's blank row holds the formulas; the first refresh with flights fills them", async () => {
  const wb = new InMemoryWorkbook({ today: () => TODAY });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  const params = { campaignIds: "c-track" };
  const def = await createDeliverySheet(
    wb.excel,
    { kind: "delivery", params, label: "Delivery · new plan" },
    { type: "table", table: deliveryTable(performance([]), params) },
    TODAY,
  );
  const track = FLIGHTS.filter((f) => f.id === "c-track");
  await refreshReport(
    wb.excel,
    def.sheetName,
    async () => ({ type: "table", table: deliveryTable(performance(track), params) }),
    { now: () => TODAY },
  );
  expect(columnsOf(wb, def.tableName!).get("Pace")).toEqual(["on track"]);
});

test("a flight the service gives no start date says so in words, as pacingOf does", async () => {
  const wb = new InMemoryWorkbook({ today: () => TODAY });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  const params = { campaignIds: "c-nodate" };
  const flight = { id: "c-nodate", start: "", end: "2026-12-14", booked: 1000, got: 10 };
  const def = await createDeliverySheet(
    wb.excel,
    { kind: "delivery", params, label: "Delivery · no date" },
    { type: "table", table: deliveryTable(performance([flight]), params) },
    TODAY,
  );
  const cols = columnsOf(wb, def.tableName!);
  const p = pacingOf({ start: null, end: day(flight.end), booked: 1000, impressions: 10 }, day("2026-12-07"));
  expect(cols.get("Pace")).toEqual([p.words]);
  expect(p.words).toBe("dates missing");
  expect(cols.get("Pacing")).toEqual([""]);
});
