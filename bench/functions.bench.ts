/**
 * A 2,000-cell sheet of ADS.* formulas over 100 distinct shows, against the in-process sandbox, in
 * the preview's in-memory workbook (which calls every custom function again after rows or columns
 * are inserted or deleted and on a full calculation, as Excel does): requests per 1,000 cells for
 * the first calculation, a structural edit and Refresh (goals: the distinct calls, 0, the distinct
 * calls), through the same request engine and spend gate as in Excel (a planner's limit high
 * enough that nothing asks); and the engine's requests and wall time against a naive
 * one-request-per-cell baseline run in the same process.
 */
import { performance } from "perf_hooks";
import { AdsClient } from "../src/api/client";
import { createAdsFunctions } from "../src/functions/adsFunctions";
import { RequestCache } from "../src/functions/requestCache";
import { SpendGate } from "../src/functions/spendGate";
import { attachAdsFunctions } from "../preview/functionsHost";
import { InMemoryWorkbook } from "../preview/memory/workbook";
import { SHOW_IDS, createSandbox } from "../sandbox/index";

const CELLS = 2000;
const COLUMNS = 20;

/** Waits until no ADS cell of the sheet is busy and no request went out for a while. */
async function settled(wb: InMemoryWorkbook, count: () => number): Promise<void> {
  let quiet = 0;
  let last = -1;
  for (let i = 0; i < 2000 && quiet < 3; i++) {
    await new Promise((r) => setTimeout(r, 40));
    const { rows, cols } = wb.host.usedSize("Plan");
    let busy = false;
    for (let r = 0; r < rows && !busy; r++)
      for (let c = 0; c < cols && !busy; c++) busy = wb.host.cell("Plan", r, c).value === "#BUSY!";
    quiet = !busy && count() === last ? quiet + 1 : 0;
    last = count();
  }
}

const per1000 = (requests: number) => Number(((requests * 1000) / CELLS).toFixed(1));

/** The sheet typed into the workbook, then a structural edit, a full calculation and Refresh: their requests. */
async function inWorkbook(client: AdsClient, ids: string[], count: () => number) {
  const gate = new SpendGate({
    limit: () => Number.MAX_SAFE_INTEGER,
    ask: () => {
      throw new Error("nothing asks within this limit");
    },
  });
  const cache = new RequestCache({ concurrency: 4, gate });
  const wb = new InMemoryWorkbook({ sheets: ["Plan"] });
  attachAdsFunctions(wb, createAdsFunctions({ client: () => client, cache }));
  /** Requests `act` spends once the workbook has settled. */
  const spent = async (act: () => void) => {
    const before = count();
    const t = performance.now();
    act();
    await settled(wb, count);
    return { requests: count() - before, ms: performance.now() - t };
  };
  const first = await spent(() =>
    ids.forEach((id, i) => {
      wb.host.setInput("Plan", i + 1, 0, id);
      for (let j = 1; j <= COLUMNS; j++)
        wb.host.setInput(
          "Plan",
          i + 1,
          j,
          j % 2 ? `=ADS.SHOWLISTENERS($A${i + 2})` : `=ADS.SHOW($A${i + 2},"monthlyDownloads")`,
        );
    }),
  );
  const inserted = await spent(() => wb.host.insertRows("Plan", 0));
  const deleted = await spent(() => wb.host.deleteColumns("Plan", COLUMNS + 3));
  const full = await spent(() => wb.host.calculateFull());
  const refresh = await spent(() => {
    cache.refresh();
    wb.host.calculateFull();
  });
  return { first, structural: inserted.requests + deleted.requests, full: full.requests, refresh };
}

/** The request engine alone, against what a naive function does: one request per cell (4 at a time). */
async function againstNaive(client: AdsClient, ids: string[], count: () => number) {
  const fns = createAdsFunctions({ client: () => client, cache: new RequestCache({ concurrency: 4 }) });
  const cells = Array.from({ length: CELLS }, (_, i) => ids[i % ids.length]);
  let before = count();
  let t = performance.now();
  await Promise.all(cells.map((id, i) => (i % 2 ? fns.SHOW(id, "monthlyDownloads") : fns.SHOWLISTENERS(id))));
  const cached = { requests: count() - before, ms: performance.now() - t };
  before = count();
  t = performance.now();
  for (let i = 0; i < cells.length; i += 4)
    await Promise.all(cells.slice(i, i + 4).map((id) => client.shows.get(id)));
  return { cached, naive: { requests: count() - before, ms: performance.now() - t } };
}

export async function run(): Promise<Record<string, unknown>> {
  const sandbox = createSandbox({ taskDelayMs: 0 });
  const server = await sandbox.listen(0);
  try {
    const ids = SHOW_IDS.filter((_, i) => i !== 1).slice(0, CELLS / COLUMNS);
    let requests = 0;
    const client = new AdsClient({
      baseUrl: server.url,
      apiKey: "demo-pro",
      maxRetries: 0,
      onRequest: () => requests++,
    });
    const count = () => requests;
    const w = await inWorkbook(client, ids, count);
    const { cached, naive } = await againstNaive(client, ids, count);
    const distinct = ids.length;
    const figure = (n: number, goal: number) => ({
      requests: per1000(n),
      goal: per1000(goal),
      met: n === goal,
    });
    return {
      cells: CELLS,
      distinctShows: distinct,
      requestsPer1000Cells: {
        "first calculation": figure(w.first.requests, distinct),
        "rows inserted, a column deleted (every function called again)": figure(w.structural, 0),
        "full calculation (Ctrl+Alt+F9)": figure(w.full, 0),
        "Refresh ADS functions": figure(w.refresh.requests, distinct),
      },
      wallMsFirstCalculationInWorkbook: Math.round(w.first.ms),
      wallMsRefreshInWorkbook: Math.round(w.refresh.ms),
      requestsCached: cached.requests,
      requestsNaive: naive.requests,
      requestRatio: Number((naive.requests / cached.requests).toFixed(1)),
      wallMsCached: Math.round(cached.ms),
      wallMsNaive: Math.round(naive.ms),
      speedup: Number((naive.ms / cached.ms).toFixed(1)),
    };
  } finally {
    await server.close();
  }
}
