/**
 * Issue #44's cases, one named test each, through the genuine office.js client into the in-memory
 * workbook: a planner's change made while a refresh waits for the service (its answer held back by
 * the fetcher) is kept, and the status line stays the add-in's, rendered from the record. A second
 * pane (or window, or the ribbon's runtime) is a second copy of the modules (jest.isolateModules):
 * its own refresh lock, the same workbook. Each test fails on the code before the store.
 */
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import type { TypedTable } from "../api/table";
import type { ResolvedSource } from "../reports/definition";
import * as bindingsHere from "./reportBindings";
import * as sheetsHere from "./reportSheets";
import { createReportSheet, readDefinition, refreshReport, type SheetFetcher } from "./reportSheets";
import { readAllReports } from "./store/readAll";
import { saveDefinition } from "./store/reportRecords";

const TODAY = new Date(Date.UTC(2026, 10, 23, 12));
const SHEET = "Spend by day";

type Bindings = typeof bindingsHere;
type Sheets = typeof sheetsHere;

/** The modules as another runtime holds them: its own module state (refresh lock, store turns). */
function otherPane(): { bindings: Bindings; sheets: Sheets } {
  let out: { bindings: Bindings; sheets: Sheets } | undefined;
  jest.isolateModules(() => {
    out = {
      bindings: jest.requireActual<Bindings>("./reportBindings"),
      sheets: jest.requireActual<Sheets>("./reportSheets"),
    };
  });
  return out!;
}

const advertiserOf = (source: ResolvedSource) =>
  String((source.params.advertisers as string[] | undefined)?.[0] ?? "?");

const table = (source: ResolvedSource, days = 2): TypedTable => ({
  columns: [
    { name: "Day", kind: "date" },
    { name: "Advertiser", kind: "text" },
    { name: "Spend", kind: "currency" },
  ],
  rows: Array.from({ length: days }, (_, d) => [46327 + d, advertiserOf(source), 12.5 + d]),
});

/** A fetcher whose answers wait until `answer()`; `asked` resolves when the request was made. */
function heldFetcher(opts: { fail?: string } = {}) {
  let answer!: () => void;
  let askedNow!: (s: ResolvedSource) => void;
  const held = new Promise<void>((r) => (answer = r));
  const asked = new Promise<ResolvedSource>((r) => (askedNow = r));
  const fetch: SheetFetcher = async (source) => {
    askedNow(source);
    await held;
    if (opts.fail) throw new Error(opts.fail);
    return { type: "table", table: table(source) };
  };
  return { fetch, asked, answer };
}

const quick: SheetFetcher = async (source) => ({ type: "table", table: table(source) });

/** Sheet1 as the README's tour has it (step 5): dates in B1:B2, the client in B3; the report bound to all three. */
async function tour(chart = false) {
  const wb = new InMemoryWorkbook({ sheets: ["Sheet1"], today: () => TODAY });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  wb.host.setInput("Sheet1", 0, 1, "2026-11-03");
  wb.host.setInput("Sheet1", 1, 1, "2026-11-13");
  wb.host.setInput("Sheet1", 2, 1, "Acme Mattress");
  await createReportSheet(
    wb.excel,
    {
      kind: "estimatedSpendByDay",
      params: { advertisers: ["Acme Mattress"], startDate: "2026-11-03", endDate: "2026-11-13" },
      label: SHEET,
      chart,
      cells: { startDate: "Sheet1!B1", endDate: "Sheet1!B2", advertisers: "Sheet1!B3" },
    },
    {
      type: "table",
      table: table({ kind: "estimatedSpendByDay", params: { advertisers: ["Acme Mattress"] } }),
    },
    TODAY,
  );
  return wb;
}

/** A report with nothing bound (dates typed), its chart on or off. */
async function plain(chart = false) {
  const wb = new InMemoryWorkbook({ sheets: ["Sheet1"], today: () => TODAY });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  wb.host.setInput("Sheet1", 0, 1, "2026-11-05");
  await createReportSheet(
    wb.excel,
    {
      kind: "estimatedSpendByDay",
      params: { advertisers: ["Acme Mattress"], startDate: "2026-11-01", endDate: "2026-11-10" },
      label: SHEET,
      chart,
    },
    {
      type: "table",
      table: table({ kind: "estimatedSpendByDay", params: { advertisers: ["Acme Mattress"] } }),
    },
    TODAY,
  );
  return wb;
}

const refresh = (wb: InMemoryWorkbook, fetch: SheetFetcher) =>
  refreshReport(wb.excel, SHEET, fetch, { now: () => TODAY });

const line = (wb: InMemoryWorkbook) => String(wb.host.cell(SHEET, 0, 0).value);

/** The advertisers in the table's Advertiser column. */
function tableAdvertisers(wb: InMemoryWorkbook): string[] {
  const t = wb.host.tables().find((x) => x.sheet === SHEET)!.rect;
  return Array.from({ length: t.rows - 1 }, (_, r) =>
    String(wb.host.cell(SHEET, t.row + 1 + r, t.col + 1).value),
  );
}

/** What the Sheets tab does when it lists the reports: reads the bound cells, marks the line stale. */
async function sheetsTab(wb: InMemoryWorkbook, bindings: Bindings = bindingsHere) {
  const def = (await readDefinition(wb.excel, SHEET))!;
  const status = await bindings.boundStatus(wb.excel, def, TODAY);
  if (status) await bindings.markStaleOnSheet(wb.excel, def, status).catch(() => false);
  return status;
}

test('"Refresh when the workbook opens" ticked while the report\'s refresh waits is kept when the refresh ends', async () => {
  const wb = await plain();
  const held = heldFetcher();
  const running = refresh(wb, held.fetch);
  await held.asked;
  await sheetsHere.setRefreshOnOpenFlag(wb.excel, SHEET, true);
  held.answer();
  await running;
  expect((await readDefinition(wb.excel, SHEET))!.refreshOnOpen).toBe(true);
});

test("the chart switched off while the report's refresh waits stays off", async () => {
  const wb = await plain(true);
  expect((await readDefinition(wb.excel, SHEET))!.chart?.enabled).toBe(true);
  const held = heldFetcher();
  const running = refresh(wb, held.fetch);
  await held.asked;
  await sheetsHere.setReportChart(wb.excel, SHEET, false);
  held.answer();
  await running;
  expect((await readDefinition(wb.excel, SHEET))!.chart?.enabled).toBe(false);
  expect(await chartCount(wb)).toBe(0);
});

async function chartCount(wb: InMemoryWorkbook): Promise<number> {
  return wb.excel.run(async (context) => {
    const charts = context.workbook.worksheets.getItem(SHEET).charts;
    charts.load("items/name");
    await context.sync();
    return charts.items.length;
  });
}

test("the start date bound to a cell while the report's refresh waits keeps its binding", async () => {
  const wb = await plain();
  const held = heldFetcher();
  const running = refresh(wb, held.fetch);
  await held.asked;
  await bindingsHere.bindReportParam(wb.excel, SHEET, "startDate", { address: "Sheet1!B1" });
  held.answer();
  await running;
  const def = (await readDefinition(wb.excel, SHEET))!;
  expect(def.bindings?.map((b) => b.param)).toEqual(["startDate"]);
  // The next refresh asks with the cell's date.
  const next = heldFetcher();
  const again = refresh(wb, next.fetch);
  expect((await next.asked).params.startDate).toBe("2026-11-05");
  next.answer();
  await again;
});

test("the Sheets tab (another pane) marking the report stale as its refresh starts does not make the refresh skip its line", async () => {
  const wb = await tour();
  const other = otherPane();
  wb.host.setInput("Sheet1", 2, 1, "Northwind Coffee");
  const held = heldFetcher();
  const running = refresh(wb, held.fetch);
  await held.asked;
  // The other pane's Sheets tab lists the reports while this one's refresh waits.
  expect((await sheetsTab(wb, other.bindings))!.changed.join()).toMatch(/Northwind Coffee/);
  expect(line(wb)).toMatch(/^Stale: /);
  held.answer();
  const def = await running;
  expect(def.notes?.join(" ") ?? "").not.toMatch(/status line was not written/);
  expect(line(wb)).not.toMatch(/Stale/);
  expect(line(wb)).toMatch(/Northwind Coffee/);
  expect(line(wb)).not.toMatch(/Acme Mattress/);
  // And the next refresh writes it too.
  wb.host.setInput("Sheet1", 2, 1, "Initech Software");
  const next = await refresh(wb, quick);
  expect(next.notes?.join(" ") ?? "").not.toMatch(/status line was not written/);
  expect(line(wb)).toMatch(/Initech Software/);
  expect(line(wb)).not.toMatch(/Northwind Coffee/);
});

test("a stale mark over a failed refresh's line is said once, however often the Sheets tab looks", async () => {
  const wb = await tour();
  const failing = heldFetcher({ fail: "The service failed while downloading the report" });
  failing.answer();
  await expect(refresh(wb, failing.fetch)).rejects.toThrow(/downloading/);
  expect(line(wb)).toMatch(/^Refresh failed /);
  wb.host.setInput("Sheet1", 2, 1, "Northwind Coffee");
  await sheetsTab(wb);
  wb.host.setInput("Sheet1", 2, 1, "Initech Software");
  await sheetsTab(wb);
  await sheetsTab(wb);
  expect(line(wb).match(/Stale: /g)?.length).toBe(1);
  expect(line(wb).match(/Refresh failed /g)?.length).toBe(1);
  expect(line(wb)).toMatch(/Initech Software changed/);
  expect(line(wb)).not.toMatch(/Northwind Coffee/);
  // The cell back to the fetched value: the mark goes, the failure stays said.
  wb.host.setInput("Sheet1", 2, 1, "Acme Mattress");
  await sheetsTab(wb);
  expect(line(wb)).toMatch(/^Refresh failed /);
  expect(line(wb)).not.toMatch(/Stale/);
});

test("the preview's sequence: the client cell changed, emptied, =1/0 and a third advertiser, the Sheets tab open, refreshes between: the line names only the third advertiser", async () => {
  const wb = await tour();
  const other = otherPane();
  const step = async (input: string) => {
    wb.host.setInput("Sheet1", 2, 1, input);
    await sheetsTab(wb, other.bindings);
    // The refresh starts as the Sheets tab (the other pane) looks again.
    const held = heldFetcher();
    const running = refresh(wb, held.fetch).then(
      (d) => d,
      (e: Error) => e,
    );
    await Promise.race([held.asked, running]);
    await sheetsTab(wb, other.bindings);
    held.answer();
    return running;
  };
  const changed = await step("Northwind Coffee");
  expect(changed).not.toBeInstanceOf(Error);
  // Empty and =1/0: refused before any request, naming the cell.
  expect(String(await step(""))).toMatch(/B3/);
  expect(String(await step("=1/0"))).toMatch(/B3/);
  const third = await step("Initech Software");
  expect(third).not.toBeInstanceOf(Error);
  await sheetsTab(wb, other.bindings);
  const first = line(wb);
  expect(first).toMatch(/Initech Software/);
  expect(first).not.toMatch(/Northwind Coffee|Acme Mattress/);
  expect(first).not.toMatch(/Stale|Refresh failed/);
  expect(tableAdvertisers(wb)).toEqual(["Initech Software", "Initech Software"]);
  expect((third as { notes?: string[] }).notes?.join(" ") ?? "").not.toMatch(/status line was not written/);
});

test("two panes: one ticks refresh on open while the other's refresh waits, and the other switches the chart off: both kept", async () => {
  const wb = await plain(true);
  const other = otherPane();
  const held = heldFetcher();
  const running = other.sheets.refreshReport(wb.excel, SHEET, held.fetch, { now: () => TODAY });
  await held.asked;
  await sheetsHere.setRefreshOnOpenFlag(wb.excel, SHEET, true);
  await sheetsHere.setReportChart(wb.excel, SHEET, false);
  held.answer();
  await running;
  const def = (await readDefinition(wb.excel, SHEET))!;
  expect(def.refreshOnOpen).toBe(true);
  expect(def.chart?.enabled).toBe(false);
  expect(def.rowCount).toBe(2);
});

test("the store reads 100 reports and their bound cells in at most 5 syncs", async () => {
  const wb = await tour();
  const def = (await readDefinition(wb.excel, SHEET))!;
  await wb.excel.run(async (context) => {
    for (let i = 1; i < 100; i++) context.workbook.worksheets.add(`Copy ${i}`);
    await context.sync();
  });
  for (let i = 1; i < 100; i++) await saveDefinition(wb.excel, { ...def, sheetName: `Copy ${i}` });
  const before = wb.syncLog.length;
  const read = await readAllReports(wb.excel);
  expect(read.reports).toHaveLength(100);
  expect(read.cells.every((c) => c.get("advertisers")?.state === "range")).toBe(true);
  expect(wb.syncLog.length - before).toBeLessThanOrEqual(5);
});
