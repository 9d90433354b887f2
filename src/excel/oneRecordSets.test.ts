/**
 * Issue #44's cases for report sets, the Dashboard and campaign holds, one named test each, through the
 * genuine office.js client into the in-memory workbook. A second pane (or window) is a second copy of the
 * modules (jest.isolateModules): its own store turns and refresh lock, the same workbook.
 */
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import { openStoredFixture } from "../../test/support/storedFixtures";
import type { TypedTable } from "../api/table";
import type { ResolvedSource } from "../reports/definition";
import * as dashboardHere from "./dashboardSheet";
import * as setsHere from "./reportSets";
import type { ExcelHost } from "./host";
import { createReportSheet, type SheetFetcher } from "./reportSheets";

const TODAY = new Date(Date.UTC(2026, 10, 22));
const DATES = { startDate: "2026-11-01", endDate: "2026-11-14" };
const ADVERTISERS = ["Acme Mattress", "Northwind Coffee", "Initech Software"];

type Sets = typeof setsHere;
type Dashboards = typeof dashboardHere;

/** The modules as another pane holds them. */
function otherPane(): { sets: Sets; dashboard: Dashboards } {
  let out: { sets: Sets; dashboard: Dashboards } | undefined;
  jest.isolateModules(() => {
    out = {
      sets: jest.requireActual<Sets>("./reportSets"),
      dashboard: jest.requireActual<Dashboards>("./dashboardSheet"),
    };
  });
  return out!;
}

const table = (source: ResolvedSource): TypedTable => ({
  columns: [
    { name: "Day", kind: "date" },
    { name: "Advertiser", kind: "text" },
    { name: "Spend", kind: "currency" },
  ],
  rows: [[46327, String((source.params.advertisers as string[] | undefined)?.[0] ?? "?"), 12.5]],
});

const quick: SheetFetcher = async (source) => ({ type: "table", table: table(source) });

/** A fetcher whose answers wait until `answer()`; `asked` resolves at the first request. */
function heldFetcher() {
  let answer!: () => void;
  let askedNow!: () => void;
  const held = new Promise<void>((r) => (answer = r));
  const asked = new Promise<void>((r) => (askedNow = r));
  const fetch: SheetFetcher = async (source) => {
    askedNow();
    await held;
    return { type: "table", table: table(source) };
  };
  return { fetch, asked, answer };
}

function workbook() {
  const wb = new InMemoryWorkbook({ sheets: ["Inputs"], today: () => TODAY });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  ADVERTISERS.forEach((a, i) => wb.host.setInput("Inputs", i + 1, 0, a));
  wb.host.setInput("Inputs", 4, 0, "Stark Apparel");
  return wb;
}

const makeSet = (wb: InMemoryWorkbook) =>
  setsHere.makeReportSet(wb.excel, {
    name: "Clients",
    client: "advertiser",
    values: "Inputs!A2:A4",
    reports: [{ kind: "estimatedSpendByDay", params: DATES }],
    dashboard: false,
  });

const storedSet = async (wb: InMemoryWorkbook) => {
  const listed = await setsHere.listReportSets(wb.excel);
  return listed[0].state === "current" ? listed[0].set : undefined;
};

test("a set's range changed in one pane while another pane's run of the set waits for the service: the run ends and the new range is kept beside what the run made", async () => {
  const wb = workbook();
  const set = await makeSet(wb);
  expect(set.revision).toBe(1);
  const preview = await setsHere.previewReportSet(wb.excel, set.id, TODAY);
  const held = heldFetcher();
  const run = setsHere.runReportSet(wb.excel, set.id, held.fetch, {
    confirmed: preview.plan.requests,
    now: () => TODAY,
  });
  await held.asked;
  const other = otherPane();
  const edited = await other.sets.changeReportSet(wb.excel, set, { values: "Inputs!A2:A5" });
  expect(edited.values.address).toMatch(/A2:\$?A\$?5|A2:A5/);
  held.answer();
  const result = await run;
  expect(result.sheets.filter((s) => s.done === "made")).toHaveLength(3);
  const after = (await storedSet(wb))!;
  expect(after.values.address).toBe(edited.values.address);
  expect(after.members.map((m) => m.value)).toEqual(ADVERTISERS);
  expect(after.revision).toBe(3);
  // The new value is in the range: the next run makes its sheet.
  const next = await setsHere.previewReportSet(wb.excel, set.id, TODAY);
  expect(next.changes.added).toEqual(["Stark Apparel"]);
});

test("a set renamed in two panes from the same reading: the second is refused in words naming the set's name, and the first is kept", async () => {
  const wb = workbook();
  const set = await makeSet(wb);
  const other = otherPane();
  await other.sets.changeReportSet(wb.excel, set, { name: "Key clients" });
  await expect(setsHere.changeReportSet(wb.excel, set, { name: "Top clients" })).rejects.toThrow(
    /the set's name of the report set "Key clients" changed elsewhere .*your change was not saved and nothing was changed/,
  );
  expect((await storedSet(wb))!.name).toBe("Key clients");
  // A change of another field from the same reading is merged into the newest set.
  const ticked = await setsHere.changeReportSet(wb.excel, set, { dashboard: true });
  expect([ticked.name, ticked.dashboard, ticked.revision]).toEqual(["Key clients", true, 3]);
});

test("a set stored before revisions (no revision) reads, and gets revision 1 on its first write", async () => {
  // The set as the last release (d86de03) stored it, through its own code (test/fixtures/stored).
  const wb = openStoredFixture("report-bound-sets");
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  const read = (await storedSet(wb))!;
  expect([read.name, read.revision]).toEqual(["Clients", undefined]);
  const written = await setsHere.changeReportSet(wb.excel, read, { name: "Renamed" });
  expect(written.revision).toBe(1);
  expect((await storedSet(wb))!).toEqual(written);
});

/** A host whose `k`-th run first lets `before` happen (another pane's write, at that point of a write). */
function interleaved(excel: ExcelHost, k: number, before: () => Promise<unknown>): ExcelHost {
  let n = 0;
  const run = (async (...args: unknown[]) => {
    if (++n === k) await before();
    return (excel.run as (...a: unknown[]) => Promise<unknown>)(...args);
  }) as unknown as typeof Excel.run;
  return { run };
}

/** The first column of figures' formulas on the Dashboard (its report's table is named in them). */
async function firstColumn(wb: InMemoryWorkbook, sheet: string): Promise<string> {
  return wb.excel.run(async (context) => {
    const r = context.workbook.worksheets.getItem(sheet).getRange("B5:B12");
    r.load("formulas");
    await context.sync();
    return JSON.stringify(r.formulas);
  });
}

test("the Dashboard's reports changed in another pane at any point while a refresh makes it follow: the planner's reports are kept, the following gives way", async () => {
  const count = { runs: 0 };
  for (let k = 1; ; k++) {
    const wb = workbook();
    const made = [];
    for (const label of ["Alpha", "Beta", "Gamma"])
      made.push(
        await createReportSheet(
          wb.excel,
          { kind: "estimatedSpendByDay", params: { ...DATES, advertisers: ["Acme Mattress"] }, label },
          await quick({ kind: "estimatedSpendByDay", params: { advertisers: [label] } } as ResolvedSource),
          TODAY,
        ),
      );
    const dash = await dashboardHere.writeDashboard(wb.excel, ["Alpha", "Beta"]);
    const other = otherPane();
    let runs = 0;
    const counting: ExcelHost = interleaved(wb.excel, k, () =>
      other.dashboard.writeDashboard(wb.excel, ["Beta", "Gamma"], { activate: false }),
    );
    const host: ExcelHost = {
      run: ((...a: unknown[]) => (
        runs++,
        (counting.run as (...x: unknown[]) => unknown)(...a)
      )) as typeof Excel.run,
    };
    await dashboardHere.followReports(host, ["Alpha"]);
    if (k > runs) {
      count.runs = runs;
      break;
    }
    const first = await firstColumn(wb, dash.sheetName);
    // Alpha was taken off: its figures are not written back over Beta's column.
    expect(first).toContain(`${made[1].tableName}[Spend]`);
    expect(first).not.toContain(`${made[0].tableName}[`);
    const now = await dashboardHere.existingDashboard(wb.excel);
    expect(now?.reports).toEqual(["Beta", "Gamma"]);
  }
  expect(count.runs).toBeGreaterThan(2);
});

test("the Dashboard's reports changed in two panes from the same reading: the second is refused in words", async () => {
  const wb = workbook();
  for (const label of ["Alpha", "Beta"])
    await createReportSheet(
      wb.excel,
      { kind: "estimatedSpendByDay", params: { ...DATES, advertisers: ["Acme Mattress"] }, label },
      await quick({ kind: "estimatedSpendByDay", params: { advertisers: [label] } } as ResolvedSource),
      TODAY,
    );
  await dashboardHere.writeDashboard(wb.excel, ["Alpha"]);
  const other = otherPane();
  // The second pane's write is let in after this pane read the Dashboard (its first run) and before it writes.
  const host = interleaved(wb.excel, 2, () =>
    other.dashboard.writeDashboard(wb.excel, ["Beta"], { activate: false }),
  );
  await expect(dashboardHere.writeDashboard(host, ["Alpha", "Beta"])).rejects.toThrow(
    /the reports on the Dashboard changed elsewhere .*your change was not saved and nothing was changed/,
  );
  expect((await dashboardHere.existingDashboard(wb.excel))?.reports).toEqual(["Beta"]);
});
