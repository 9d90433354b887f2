/**
 * Report sets, "Run for each" (issue #36), through the genuine office.js client into the in-memory
 * workbook and the real client against the sandbox: the sandbox counts the requests that spent the
 * allowance, and every request body sent is recorded to say which client each asked for.
 */
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import { startSandbox } from "../../test/support/sandbox";
import { allStoredText } from "../../test/support/storedText";
import { fetchSheetData } from "../runtime/reportSources";
import { listDefinitions } from "./store/reportRecords";
import { listReportSets, makeReportSet, previewReportSet, runReportSet, setStaleNow } from "./reportSets";
import type { SheetFetcher } from "./reportSheets";

const TODAY = new Date(Date.UTC(2026, 10, 22));
const KEY = "demo-pro";
const ADVERTISERS = [
  "Acme Mattress",
  "Northwind Coffee",
  "Initech Software",
  "Umbrella Health",
  "Stark Apparel",
];
const DATES = { startDate: "2026-11-01", endDate: "2026-11-14" };

let sandbox: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  sandbox = await startSandbox();
});
afterAll(() => sandbox.close());

/** A workbook with the advertisers in Inputs!A2:A6, and a fetcher whose request bodies are recorded. */
function setup() {
  const wb = new InMemoryWorkbook({ sheets: ["Inputs"], today: () => TODAY });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  wb.host.setInput("Inputs", 0, 0, "Advertiser");
  ADVERTISERS.forEach((a, i) => wb.host.setInput("Inputs", i + 1, 0, a));
  const bodies: Record<string, unknown>[] = [];
  const client = sandbox.client(KEY, {
    fetch: (input, init) => {
      if (init?.method === "POST" && typeof init.body === "string")
        bodies.push(JSON.parse(init.body) as Record<string, unknown>);
      return fetch(input, init);
    },
  });
  const fetcher: SheetFetcher = (source, signal) => fetchSheetData(client, source, { signal });
  const spent = () => sandbox.sandbox.requests(KEY);
  return { wb, bodies, fetcher, spent };
}

const names = (wb: InMemoryWorkbook) =>
  wb.excel.run(async (context) => {
    const sheets = context.workbook.worksheets;
    sheets.load("items/name");
    await context.sync();
    return sheets.items.map((s) => s.name);
  });

/** The client each request body asked for. */
const clientsAsked = (bodies: readonly Record<string, unknown>[]) =>
  bodies.map((b) => JSON.stringify(b.advertisers ?? b.advertiser));

test("3 reports and a Dashboard run for 5 advertisers: 15 report sheets and 5 Dashboards from exactly 15 requests, counted before sending; a changed value makes the set stale and its refresh asks for the new client", async () => {
  const { wb, bodies, fetcher, spent } = setup();
  const set = await makeReportSet(wb.excel, {
    name: "Clients",
    client: "advertiser",
    values: "Inputs!A2:A6",
    reports: [
      { kind: "estimatedSpendByDay", params: DATES },
      { kind: "estimatedSpendByShowByDay", params: DATES },
      { kind: "impressions", params: { ...DATES, timeGrouping: "day" } },
    ],
    dashboard: true,
  });
  expect(set.values.name).toBe("AdsParam_Set_Clients_values");

  // The spend, counted before anything is sent.
  const preview = await previewReportSet(wb.excel, set.id, TODAY);
  expect(preview.plan.requests).toBe(15);
  expect(preview.changes).toEqual({ added: ADVERTISERS, removed: [] });
  expect(spent()).toBe(0);

  const before = spent();
  const result = await runReportSet(wb.excel, set.id, fetcher, {
    confirmed: preview.plan.requests,
    now: () => TODAY,
  });
  expect(spent() - before).toBe(15);
  expect(result.sheets.filter((s) => s.done === "made")).toHaveLength(15);
  expect(result.sheets.filter((s) => s.done === "failed")).toEqual([]);
  expect(result.dashboards.map((d) => d.sheetName)).toEqual(ADVERTISERS.map((a) => `${a} · Dashboard`));
  expect(await listDefinitions(wb.excel)).toHaveLength(15);
  const sheets = await names(wb);
  for (const a of ADVERTISERS) expect(sheets.filter((n) => n.startsWith(`${a} · `))).toHaveLength(4);
  for (const n of sheets) expect(n.length).toBeLessThanOrEqual(31);
  expect(sheets).toContain("Acme Mattress · Spend by day");
  // Each advertiser asked for once by each report, and nothing else.
  expect(clientsAsked(bodies).sort()).toEqual(
    ADVERTISERS.flatMap((a) => [0, 1, 2].map(() => JSON.stringify([a]))).sort(),
  );
  // A Dashboard shows its own value's reports only.
  const head = [1, 2, 3, 4].map((c) => {
    const cell = wb.host.cell("Acme Mattress · Dashboard", 4, c);
    return String(cell.formula ?? cell.value ?? "");
  });
  for (const h of head.slice(0, 3)) expect(h).toContain("Acme Mattress");
  expect(head[3]).toBe("");
  // Its title names the client (a planner prints or sends it on its own).
  expect(wb.host.cell("Acme Mattress · Dashboard", 0, 0).value).toBe("Acme Mattress · Dashboard");
  const stored = (await listReportSets(wb.excel))[0];
  expect(stored.state === "current" && stored.set.members.map((m) => m.value)).toEqual(ADVERTISERS);
  // Stored in the workbook with everything else, never the key.
  expect(allStoredText(wb)).toContain("AdsSet.Clients.n");
  expect(allStoredText(wb)).not.toContain(KEY);

  // Run again unchanged: not stale, nothing to spend; Refresh all of the set would refresh all 15.
  const unchanged = await previewReportSet(wb.excel, set.id, TODAY);
  expect(unchanged.changes).toEqual({ added: [], removed: [] });
  expect(unchanged.plan.requests).toBe(0);
  expect(unchanged.plan.kept).toHaveLength(15);
  expect((await previewReportSet(wb.excel, set.id, TODAY, { all: true })).plan.requests).toBe(15);

  // The client cell changed: Stark Apparel out, Wayne Travel in. Wayne Travel's 3 sheets are made; the
  // 12 of the values still listed are kept (their inputs did not change): 3 requests, exactly as asked.
  wb.host.setInput("Inputs", 5, 0, "Wayne Travel");
  const stale = await previewReportSet(wb.excel, set.id, TODAY);
  expect(stale.changes).toEqual({ added: ["Wayne Travel"], removed: ["Stark Apparel"] });
  expect(stale.plan.requests).toBe(3);
  expect(stale.plan.refresh).toHaveLength(0);
  expect(stale.plan.kept).toHaveLength(12);
  expect(stale.plan.create).toHaveLength(3);
  bodies.length = 0;
  const again = await runReportSet(wb.excel, set.id, fetcher, { confirmed: 3, now: () => TODAY });
  expect(spent() - before).toBe(18);
  expect(clientsAsked(bodies)).toEqual([0, 1, 2].map(() => JSON.stringify(["Wayne Travel"])));
  expect(again.dropped).toEqual(["Stark Apparel"]);
  expect(again.kept).toBe(12);
  expect(again.sheets.filter((s) => s.done === "refreshed")).toHaveLength(0);
  // Removing a value deletes nothing: Stark Apparel's sheets and Dashboard stay.
  const after = await names(wb);
  expect(after.filter((n) => n.startsWith("Stark Apparel · "))).toHaveLength(4);
  expect(after.filter((n) => n.startsWith("Wayne Travel · "))).toHaveLength(4);
  expect(await listDefinitions(wb.excel)).toHaveLength(18);
}, 120_000);

test("one client cell: a failed client is reported and the run goes on; a changed cell asks for the new client; a run over the agreed spend sends nothing", async () => {
  const { wb, bodies, fetcher, spent } = setup();
  wb.host.setInput("Inputs", 0, 2, "Globex Bank");
  const set = await makeReportSet(wb.excel, {
    name: "One client",
    client: "advertiser",
    values: "Inputs!C1",
    reports: [
      { kind: "estimatedSpendByDay", params: DATES },
      { kind: "impressions", params: DATES },
    ],
    dashboard: false,
  });
  const before = spent();
  const first = await runReportSet(wb.excel, set.id, fetcher, { confirmed: 2, now: () => TODAY });
  // The service refuses an advertiser the key cannot see: both sheets fail, named, and nothing is made.
  expect(first.sheets.map((s) => s.done)).toEqual(["failed", "failed"]);
  expect(first.sheets[0].error).toMatch(/refused the advertiser asked for: its name may be misspelled/);
  // The service counts a refused request: both were spent, and the run still went past the first.
  expect(spent() - before).toBe(2);

  wb.host.setInput("Inputs", 0, 2, "Northwind Coffee");
  const stale = await previewReportSet(wb.excel, set.id, TODAY);
  expect(stale.changes.added).toEqual(["Northwind Coffee"]);
  await expect(runReportSet(wb.excel, set.id, fetcher, { confirmed: 1, now: () => TODAY })).rejects.toThrow(
    /would now spend 2 requests, more than the 1 you agreed to .* nothing was requested/,
  );
  bodies.length = 0;
  const spentBefore = spent();
  const second = await runReportSet(wb.excel, set.id, fetcher, { confirmed: 2, now: () => TODAY });
  expect(second.sheets.map((s) => s.done)).toEqual(["made", "made"]);
  expect(spent() - spentBefore).toBe(2);
  expect(bodies).toEqual([
    { ...DATES, advertisers: ["Northwind Coffee"] },
    { ...DATES, advertiser: ["Northwind Coffee"] },
  ]);
  expect(spent() - before).toBe(4);
}, 60_000);

test("a set with one new client among three: its run plan and the sandbox's count are 1 request; Refresh all of the set spends on all 3", async () => {
  const { wb, bodies, fetcher, spent } = setup();
  wb.host.setInput("Inputs", 0, 3, "Acme Mattress");
  wb.host.setInput("Inputs", 1, 3, "Northwind Coffee");
  const set = await makeReportSet(wb.excel, {
    name: "Three",
    client: "advertiser",
    values: "Inputs!D1:D3",
    reports: [{ kind: "estimatedSpendByDay", params: DATES }],
    dashboard: true,
  });
  await runReportSet(wb.excel, set.id, fetcher, { confirmed: 2, now: () => TODAY });
  // A third client is typed into the list.
  wb.host.setInput("Inputs", 2, 3, "Wayne Travel");
  const preview = await previewReportSet(wb.excel, set.id, TODAY);
  expect(preview.plan.requests).toBe(1);
  expect(preview.plan.create.map((c) => c.value)).toEqual(["Wayne Travel"]);
  expect(preview.plan.kept.map((k) => k.value)).toEqual(["Acme Mattress", "Northwind Coffee"]);
  // Only the new client's Dashboard is made; the others' stay as they are.
  expect(preview.plan.dashboards.map((d) => d.value)).toEqual(["Wayne Travel"]);
  bodies.length = 0;
  const before = spent();
  const result = await runReportSet(wb.excel, set.id, fetcher, { confirmed: 1, now: () => TODAY });
  expect(spent() - before).toBe(1);
  expect(clientsAsked(bodies)).toEqual([JSON.stringify(["Wayne Travel"])]);
  expect(result.sheets.map((s) => `${s.value}: ${s.done}`)).toEqual(["Wayne Travel: made"]);
  // Refresh all of the set stays available: every sheet again, counted first, exactly.
  const all = await previewReportSet(wb.excel, set.id, TODAY, { all: true });
  expect(all.plan.requests).toBe(3);
  const beforeAll = spent();
  await runReportSet(wb.excel, set.id, fetcher, { confirmed: 3, all: true, now: () => TODAY });
  expect(spent() - beforeAll).toBe(3);
}, 60_000);

test("a client removed from the range and taken in by Refresh set: the set is up to date again, its sheets stay, and the removal is said once; typed back, it is new again and costs nothing", async () => {
  const { wb, fetcher, spent } = setup();
  ["Acme Mattress", "Northwind Coffee", "Initech Software"].forEach((a, i) =>
    wb.host.setInput("Inputs", i, 4, a),
  );
  const set = await makeReportSet(wb.excel, {
    name: "Removed",
    client: "advertiser",
    values: "Inputs!E1:E3",
    reports: [{ kind: "estimatedSpendByDay", params: DATES }],
    dashboard: true,
  });
  await runReportSet(wb.excel, set.id, fetcher, { confirmed: 3, now: () => TODAY });
  expect(await setStaleNow(wb.excel, set.id)).toBe(false);

  // Initech Software is removed from the range: the set is stale, naming it.
  wb.host.setInput("Inputs", 2, 4, "");
  const stale = await previewReportSet(wb.excel, set.id, TODAY);
  expect(stale.changes).toEqual({ added: [], removed: ["Initech Software"] });
  expect(await setStaleNow(wb.excel, set.id)).toBe(true);

  // Refresh set: nothing to fetch, the removal said in its result, and then the set is up to date.
  const before = spent();
  const run = await runReportSet(wb.excel, set.id, fetcher, { confirmed: 0, now: () => TODAY });
  expect(spent() - before).toBe(0);
  expect(run.dropped).toEqual(["Initech Software"]);
  const after = await previewReportSet(wb.excel, set.id, TODAY);
  expect(after.changes).toEqual({ added: [], removed: [] });
  expect(after.plan.dropped).toEqual([]);
  expect(await setStaleNow(wb.excel, set.id)).toBe(false);
  // Its sheets stay the set's, marked as having left the range.
  const stored = (await listReportSets(wb.excel)).find((l) => l.state === "current" && l.set.id === set.id);
  const members = stored?.state === "current" ? stored.set.members : [];
  expect(members.map((m) => [m.value, m.left ?? false, m.sheets.length])).toEqual([
    ["Acme Mattress", false, 1],
    ["Northwind Coffee", false, 1],
    ["Initech Software", true, 1],
  ]);
  expect((await names(wb)).filter((n) => n.startsWith("Initech Software · "))).toHaveLength(2);
  // A second run does not say it again.
  expect((await runReportSet(wb.excel, set.id, fetcher, { confirmed: 0, now: () => TODAY })).dropped).toEqual(
    [],
  );

  // Typed back, the client is new in the list again; its sheet is still there, so Refresh set keeps it
  // (nothing spent) and the set is up to date with it listed.
  wb.host.setInput("Inputs", 2, 4, "Initech Software");
  const back = await previewReportSet(wb.excel, set.id, TODAY);
  expect(back.changes).toEqual({ added: ["Initech Software"], removed: [] });
  expect(back.plan.requests).toBe(0);
  await runReportSet(wb.excel, set.id, fetcher, { confirmed: 0, now: () => TODAY });
  expect(spent() - before).toBe(0);
  expect((await previewReportSet(wb.excel, set.id, TODAY)).changes).toEqual({ added: [], removed: [] });
  const again = (await listReportSets(wb.excel)).find((l) => l.state === "current" && l.set.id === set.id);
  expect(again?.state === "current" && again.set.members.every((m) => !m.left)).toBe(true);
}, 60_000);
