/**
 * Every request a planner spends is one the planner chose (issue #37). Workbook tests: the add-in's
 * own runtime (session, spend guard, functions) loaded as a pane is, the genuine office.js client
 * over the in-memory workbook (which calls every custom function again on structural edits and full
 * calculations, as Excel does), a fake clock, and the sandbox counting requests.
 */
import { useFakeDate } from "../support/fakeDate";
import { attachAdsFunctions } from "../../preview/functionsHost";
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import { SHOW_IDS } from "../../sandbox/index";
import { MemoryStorage } from "../../src/runtime/testing/memoryStorage";
import { startSandbox } from "../support/sandbox";

type Session = typeof import("../../src/runtime/session");
type Guard = typeof import("../../src/runtime/spendGuard");
type Runtime = typeof import("../../src/functions/runtime");
type Kit = typeof import("../../src/functions/functionKit");
type Sheets = typeof import("../../src/excel/reportSheets");
type Sources = typeof import("../../src/runtime/reportSources");
type Clients = typeof import("../../src/runtime/serviceClient");
type Guarded = typeof import("../../src/commands/guardedRefresh");

/** One pane: its own module graph (its session, guard, functions' runtime), as a shared runtime loads it. */
interface Pane {
  session: Session;
  guard: Guard;
  runtime: Runtime;
  kit: Kit;
  sheets: Sheets;
  sources: Sources;
  clients: Clients;
  guarded: Guarded;
}

let s: Awaited<ReturnType<typeof startSandbox>>;
const storage = new MemoryStorage();
const KEY = "demo-pro";
beforeAll(async () => {
  s = await startSandbox();
  (globalThis as { localStorage?: Storage }).localStorage = storage;
  // Only the clock is fake: requests and the gate's short waits run on real timers.
  useFakeDate();
});
afterAll(async () => {
  jest.useRealTimers();
  delete (globalThis as { localStorage?: Storage }).localStorage;
  delete (globalThis as { Excel?: unknown }).Excel;
  await s.close();
});

const load = async (): Promise<Pane> => ({
  session: await import("../../src/runtime/session"),
  guard: await import("../../src/runtime/spendGuard"),
  runtime: await import("../../src/functions/runtime"),
  kit: await import("../../src/functions/functionKit"),
  sheets: await import("../../src/excel/reportSheets"),
  sources: await import("../../src/runtime/reportSources"),
  clients: await import("../../src/runtime/serviceClient"),
  guarded: await import("../../src/commands/guardedRefresh"),
});

/**
 * Opens a pane on `wb`: a fresh module graph over the same storage (as reopening the pane, or a pane
 * of another workbook), connected with the key. `isolated: false` is the test file's own module
 * graph, whose code loaded later (Refresh all's import of the functions' runtime) is the same graph,
 * as on the add-in's page.
 */
async function openPane(wb: InMemoryWorkbook, { isolated = true } = {}): Promise<Pane> {
  // The runtime asks the Excel it runs in (its workbook id, its recalculations).
  (globalThis as { Excel?: unknown }).Excel = wb.excel;
  let pane: Pane | undefined;
  if (!isolated) pane = await load();
  else
    await jest.isolateModulesAsync(async () => {
      pane = {
        session: await import("../../src/runtime/session"),
        guard: await import("../../src/runtime/spendGuard"),
        runtime: await import("../../src/functions/runtime"),
        kit: await import("../../src/functions/functionKit"),
        sheets: await import("../../src/excel/reportSheets"),
        sources: await import("../../src/runtime/reportSources"),
        clients: await import("../../src/runtime/serviceClient"),
        guarded: await import("../../src/commands/guardedRefresh"),
      };
    });
  attachAdsFunctions(wb, pane!.runtime.adsFunctions);
  pane!.session.setConnection({ apiKey: KEY, baseUrl: s.url });
  return pane!;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const requests = () => s.sandbox.requests(KEY);

/** Every formula cell of the sheet, read. */
function formulaCells(wb: InMemoryWorkbook, sheet: string) {
  const cells: ReturnType<InMemoryWorkbook["host"]["cell"]>[] = [];
  const { rows, cols } = wb.host.usedSize(sheet);
  for (let r = 0; r < rows; r++)
    for (let c = 0; c < cols; c++) {
      const cell = wb.host.cell(sheet, r, c);
      if (cell.formula?.includes("ADS.")) cells.push(cell);
    }
  return cells;
}

/** Waits until no ADS cell is busy and nothing new happened for a while (the gate's window included). */
async function settled(wb: InMemoryWorkbook, sheet = "Plan"): Promise<void> {
  let quiet = 0;
  let last = -1;
  for (let i = 0; i < 600 && quiet < 3; i++) {
    await sleep(50);
    const busy = formulaCells(wb, sheet).some((c) => c.value === "#BUSY!");
    const now = requests();
    quiet = !busy && now === last ? quiet + 1 : 0;
    last = now;
  }
}

/** The one question the pane shows, once it is there. */
async function question(pane: Pane) {
  for (let i = 0; i < 200 && pane.guard.spendQuestions().length === 0; i++) await sleep(25);
  const [q] = pane.guard.spendQuestions();
  expect(q).toBeDefined();
  return q;
}

async function run(wb: InMemoryWorkbook, fn: (context: Excel.RequestContext) => void): Promise<void> {
  await wb.excel.run(async (context) => {
    fn(context);
    await context.sync();
  });
}

const ids = SHOW_IDS.filter((_, i) => i !== 1).slice(0, 100);

test("2,000 cells over 100 shows: 100 requests; inserts, deletes, sort, Calculate, 11 minutes, a reopened pane: 0; Refresh ADS functions: 100", async () => {
  const wb = new InMemoryWorkbook({ sheets: ["Plan"] });
  let pane = await openPane(wb);
  // A planner's sheet: a table of 100 shows, 20 columns of ADS formulas on each row (2,000 cells).
  const header = ["Show", ...Array.from({ length: 20 }, (_, j) => `F${j + 1}`)];
  const body = ids.map((id, i) => [
    Number(id),
    ...Array.from({ length: 20 }, (_, j) =>
      j % 2 ? `=ADS.SHOW($A${i + 2},"monthlyDownloads")` : `=ADS.SHOWLISTENERS($A${i + 2})`,
    ),
  ]);
  const before = requests();
  await run(wb, (c) => {
    const sheet = c.workbook.worksheets.getItem("Plan");
    sheet.getRange("A1:U101").formulas = [header, ...body];
    sheet.tables.add("Plan!A1:U101", true).name = "Shows";
  });
  // The first calculation needs 100 requests, over the limit of 50: the pane asks, nothing is sent.
  const first = await question(pane);
  expect(first).toMatchObject({ requests: 100, exact: false });
  expect(pane.guard.spendQuestionText(first)).toMatch(
    /^This will spend up to 100 requests; \d+ spent this month\.$/,
  );
  await settled(wb);
  expect(requests() - before).toBe(0);
  expect(wb.host.cell("Plan", 1, 1)).toMatchObject({
    value: "#N/A",
    errorMessage: pane.kit.WAITING_FOR_PANE,
  });
  pane.guard.answerSpendQuestion(first.id, true);
  await settled(wb);
  expect(requests() - before).toBe(100);
  const listeners = wb.host.cell("Plan", 1, 1).value;
  expect(typeof listeners).toBe("number");
  expect(typeof wb.host.cell("Plan", 1, 2).value).toBe("number");

  // What Excel calls every function again for: none of it spends a request.
  const edits: [string, () => Promise<void>][] = [
    [
      "insert a row above them",
      () => run(wb, (c) => c.workbook.worksheets.getItem("Plan").getRange("1:1").insert("Down")),
    ],
    [
      "delete a column",
      () => run(wb, (c) => c.workbook.worksheets.getItem("Plan").getRange("X:X").delete("Left")),
    ],
    [
      "sort",
      () => run(wb, (c) => c.workbook.tables.getItem("Shows").sort.apply([{ key: 0, ascending: false }])),
    ],
    ["Calculate", () => run(wb, (c) => c.workbook.application.calculate("Full"))],
    [
      "Calculate 11 minutes later",
      async () => {
        jest.setSystemTime(Date.now() + 11 * 60_000);
        await run(wb, (c) => c.workbook.application.calculate("Full"));
      },
    ],
    [
      "reopen the pane",
      async () => {
        pane = await openPane(wb);
        await run(wb, (c) => c.workbook.application.calculate("Full"));
      },
    ],
  ];
  for (const [edit, act] of edits) {
    await act();
    await settled(wb);
    expect([edit, requests() - before]).toEqual([edit, 100]);
    expect(pane.guard.spendQuestions()).toEqual([]);
  }
  // The sort put the last show first; its cells show its answers, held.
  expect(wb.host.cell("Plan", 2, 0).value).toBe(Number(ids[99]));
  expect(formulaCells(wb, "Plan").every((c) => typeof c.value === "number")).toBe(true);

  // Refresh ADS functions: 100 fresh requests, asked for first; the cells keep their answers meanwhile.
  pane.runtime.refreshFunctionAnswers();
  await run(wb, (c) => c.workbook.application.calculate("Full"));
  const refresh = await question(pane);
  expect(refresh.requests).toBe(100);
  await settled(wb);
  expect(requests() - before).toBe(100);
  expect(formulaCells(wb, "Plan").every((c) => typeof c.value === "number")).toBe(true);
  pane.guard.answerSpendQuestion(refresh.id, true);
  await settled(wb);
  expect(requests() - before).toBe(200);
  // Counted as the functions' requests of this workbook.
  expect(pane.session.spendThisMonth().workbook.functions).toBeGreaterThanOrEqual(100);
}, 120_000);

test("Refresh all over 4 report sheets and 116 function calls (limit 50) sends nothing until confirmed, then exactly 120; Not now sends 0 and every waiting cell says why", async () => {
  const wb = new InMemoryWorkbook({ sheets: ["Plan"] });
  const pane = await openPane(wb, { isolated: false });
  const connection = pane.session.getConnection()!;
  const paneClient = pane.clients.serviceClient(connection);
  const fetcher = (source: Parameters<Sources["fetchSheetData"]>[1], signal?: AbortSignal) =>
    pane.sources.fetchSheetData(paneClient, source, { signal });
  // Four report sheets (their first runs are not part of what is measured).
  for (const advertiser of ["Acme Mattress", "Northwind Coffee"])
    for (const kind of ["estimatedSpendByDay", "estimatedSpendByShowByDay"] as const) {
      const params = { advertisers: [advertiser], startDate: "2026-10-01", endDate: "2026-10-31" };
      await pane.sheets.createReportSheet(
        wb.excel,
        { kind, params, label: `${kind} ${advertiser}` },
        await fetcher({ kind, params }),
      );
    }
  // 116 function calls, one per show: over the limit, the planner says Not now.
  const shows = SHOW_IDS.slice(0, 116);
  const before = requests();
  await run(wb, (c) => {
    c.workbook.worksheets.getItem("Plan").getRange("A1:B116").formulas = shows.map((id, i) => [
      Number(id),
      `=ADS.SHOWLISTENERS(A${i + 1})`,
    ]);
  });
  const recalculation = await question(pane);
  expect(recalculation.requests).toBe(116);
  pane.guard.answerSpendQuestion(recalculation.id, false);
  await settled(wb);
  expect(requests() - before).toBe(0);
  expect(new Set(formulaCells(wb, "Plan").map((c) => c.errorMessage))).toEqual(
    new Set([pane.kit.DECLINED_IN_PANE]),
  );

  // Refresh all counts first: 4 report sheets (exactly) and 116 calls; nothing goes before the answer.
  const declined = pane.guarded.refreshEverything(wb.excel, fetcher);
  const asked = await question(pane);
  expect(asked).toMatchObject({
    action: "Refresh all",
    requests: 120,
    detail: "4 report sheets and 116 function calls",
  });
  await sleep(300);
  expect(requests() - before).toBe(0);
  for (const c of formulaCells(wb, "Plan"))
    expect([c.value, c.errorMessage]).toEqual(["#N/A", pane.kit.WAITING_FOR_ACTION]);
  pane.guard.answerSpendQuestion(asked.id, false);
  await expect(declined).resolves.toMatchObject({ declined: true, counted: { sheets: 4, functions: 116 } });
  await settled(wb);
  expect(requests() - before).toBe(0);
  for (const c of formulaCells(wb, "Plan"))
    expect([c.value, c.errorMessage]).toEqual(["#N/A", pane.kit.DECLINED_IN_PANE]);

  // Again, and Continue: exactly 120.
  const confirmed = pane.guarded.refreshEverything(wb.excel, fetcher);
  const again = await question(pane);
  expect(again.requests).toBe(120);
  expect(requests() - before).toBe(0);
  pane.guard.answerSpendQuestion(again.id, true);
  await expect(confirmed).resolves.toMatchObject({
    declined: false,
    refreshed: expect.any(Array),
    failed: [],
  });
  await settled(wb);
  expect(requests() - before).toBe(120);
  expect(formulaCells(wb, "Plan").every((c) => typeof c.value === "number")).toBe(true);
}, 120_000);

test("two panes of two workbooks, open at once, each making requests: the stored month's count is the sum of both", async () => {
  const [a, b] = [new InMemoryWorkbook(), new InMemoryWorkbook()];
  const paneA = await openPane(a);
  const paneB = await openPane(b);
  const storedBefore = await openPane(new InMemoryWorkbook()).then((p) => p.session.requestsThisMonth());
  const before = requests();
  const clientA = paneA.clients.serviceClient(paneA.session.getConnection()!);
  const clientB = paneB.clients.serviceClient(paneB.session.getConnection()!);
  // Interleaved: each pane writes its own record while the other does.
  await Promise.all(
    Array.from({ length: 15 }, (_, i) => [
      clientA.shows.get(SHOW_IDS[i]),
      clientB.search.episodes({ search: `q${i}`, timeFrame: 7 }),
      ...(i % 3 ? [] : [clientB.shows.get(SHOW_IDS[i + 20])]),
    ]).flat(),
  );
  const spent = requests() - before;
  expect(spent).toBe(15 + 15 + 5);
  // What a third pane reads from storage: the sum, never one pane's count written over the other's.
  const reader = await openPane(new InMemoryWorkbook());
  expect(reader.session.requestsThisMonth() - storedBefore).toBe(spent);
  expect(paneA.session.requestsThisMonth() - storedBefore).toBe(spent);
  expect(paneB.session.requestsThisMonth() - storedBefore).toBe(spent);
});

test("sheets refreshed when the workbook opens ask first when they would spend more than the limit", async () => {
  const wb = new InMemoryWorkbook({ sheets: ["Plan"] });
  const pane = await openPane(wb, { isolated: false });
  const client = pane.clients.serviceClient(pane.session.getConnection()!);
  const fetcher = (source: Parameters<Sources["fetchSheetData"]>[1], signal?: AbortSignal) =>
    pane.sources.fetchSheetData(client, source, { signal });
  for (const search of ["mattress", "coffee", "bank"]) {
    const source = { kind: "search" as const, params: { search, timeFrame: 30 } };
    const def = await pane.sheets.createReportSheet(
      wb.excel,
      { ...source, label: `Search ${search}` },
      await fetcher(source),
    );
    await pane.sheets.setRefreshOnOpenFlag(wb.excel, def.sheetName, true);
  }
  pane.session.setSpendSettings({ limit: 2, allowance: null, freshnessHours: null });
  try {
    const before = requests();
    const opened = pane.guarded.refreshOnOpenGuarded(wb.excel, fetcher);
    const asked = await question(pane);
    expect(asked).toMatchObject({ action: "Refresh when the workbook opens", requests: 3, exact: true });
    pane.guard.answerSpendQuestion(asked.id, false);
    await expect(opened).resolves.toBe(false);
    expect(requests() - before).toBe(0);
    const again = pane.guarded.refreshOnOpenGuarded(wb.excel, fetcher);
    pane.guard.answerSpendQuestion((await question(pane)).id, true);
    await expect(again).resolves.toBe(true);
    expect(requests() - before).toBe(3);
  } finally {
    pane.session.setSpendSettings({ limit: 50, allowance: null, freshnessHours: null });
  }
});
