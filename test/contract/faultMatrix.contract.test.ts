/**
 * The fault matrix (issue 24): every fault the sandbox injects × every flow that makes requests,
 * through the real client over loopback into the in-memory workbook. Each cell must end (no hang),
 * send a request that spends the allowance at most once (no double spend), write nothing when the
 * answer was not right (no wrong write), and end in a clear message within the documented limits.
 * The table is printed; the test holds the zeros.
 */
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import type { Faults } from "../../sandbox/context";
import { FIXTURES, World } from "../../sandbox/index";
import type { AdsClient } from "../../src/api/client";
import { AbortedError, AdsError, RequestValidationError } from "../../src/api/errors";
import { errorDetails } from "../../src/api/errorWords";
import { createReportSheet, listDefinitions, refreshAll } from "../../src/excel/reportSheets";
import { createAdsFunctions } from "../../src/functions/adsFunctions";
import { RequestCache } from "../../src/functions/requestCache";
import { SpendGate } from "../../src/functions/spendGate";
import { fetchSheetData, type SourceKind } from "../../src/runtime/reportSources";
import { openAgentRunFiles } from "../support/agentRunFlow";
import { startSandbox } from "../support/sandbox";
import { installTaskScheduler } from "../support/taskScheduler";

const KEY = "demo-pro";
// Long enough that a busy machine (the sandbox builds reports in this same process) never trips it by itself.
const STALL_MS = 1_200;
const DEADLINE_MS = 6_000;
/** The spend gate's window (its default). */
const GATE_WINDOW_MS = 100;
/** A cell that has not ended by then hangs: the limits allow far less (a few requests of DEADLINE_MS each). */
const HANG_MS = 4 * DEADLINE_MS;

interface FaultCase {
  name: string;
  faults: Partial<Faults>;
  /** The injected fault may end in success: hostile files are cleaned (their formulas' saved values kept). */
  mayClean?: boolean;
}

const FAULTS: FaultCase[] = [
  { name: "stalled answer (first request)", faults: { stallRate: 1 } },
  { name: "stalled download", faults: { stallRate: 1, faultPaths: "^/(files|agent-files)/" } },
  { name: "drop after the request went out", faults: { dropAfterRate: 1 } },
  { name: "drop during a status poll", faults: { dropAfterRate: 1, faultPaths: "status" } },
  { name: "5xx", faults: { error500Rate: 1 } },
  { name: "another task's answer", faults: { wrongTaskIdRate: 1, faultPaths: "status" } },
  { name: "plain-http file url", faults: { httpUrlRate: 1, faultPaths: "status" } },
  { name: "echoed key", faults: { echoKeyRate: 1 } },
  { name: "hostile xlsx", faults: { hostileXlsxRate: 1 }, mayClean: true },
];

const world = new World(1);
const episodeId = String(world.episodes(world.shows[1]!)[0]!.serviceEpisodeId);
const acme = ["Acme Mattress"];

/** What a flow did: whether it wrote into the workbook, and anything it wrote that it should not have. */
interface Done {
  wrote: boolean;
  wrong?: string;
}

interface Flow {
  name: string;
  /** Requests that spend the allowance when every one goes through once. */
  counted: number;
  run(client: AdsClient, wb: InMemoryWorkbook): Promise<Done>;
  /** Work done with faults off before the flow (Refresh all's sheets). */
  prepare?(client: AdsClient, wb: InMemoryWorkbook): Promise<void>;
}

/** The pane's path: a request, then a new report sheet. */
function sheetFlow(name: string, kind: SourceKind | "show", params: Record<string, unknown>): Flow {
  return {
    name,
    counted: 1,
    async run(client, wb) {
      const data = await fetchSheetData(client, { kind, params });
      await createReportSheet(wb.excel, { kind, params, label: name }, data);
      return { wrote: true };
    },
  };
}

const REFRESHED = [
  ["campaignsPerformance", {}],
  ["estimatedSpendByDay", { advertisers: acme, startDate: "2026-11-01", endDate: "2026-11-02" }],
] as const;

const FLOWS: Flow[] = [
  sheetFlow("impressions", "impressions", {
    advertiser: acme,
    startDate: "2026-10-01",
    endDate: "2026-10-02",
  }),
  sheetFlow("audience", "audience", { show: ["1200000001"], startDate: "2026-10-01", endDate: "2026-10-20" }),
  sheetFlow("lag", "lag", { advertiser: acme, groupKey: "mediaType", actions: ["purchase"] }),
  sheetFlow("campaignsPerformance", "campaignsPerformance", {}),
  sheetFlow("estimatedSpendByDay", "estimatedSpendByDay", {
    advertisers: acme,
    startDate: "2026-11-01",
    endDate: "2026-11-02",
  }),
  sheetFlow("estimatedSpendByShowByDay", "estimatedSpendByShowByDay", {
    advertisers: acme,
    startDate: "2026-11-01",
    endDate: "2026-11-01",
  }),
  sheetFlow("impressionListeners", "impressionListeners", { episodeId }),
  sheetFlow("search", "search", { search: "sleep" }),
  sheetFlow("show", "show", { id: FIXTURES.showId }),
  sheetFlow("ads", "individualAds", { advertiser: "Acme Mattress", maxRows: 50 }),
  sheetFlow("incrementality", "incrementality", {
    advertiser: "Acme Mattress",
    aggregationLevel: "channel",
    channelType: "podcast",
  }),
  {
    name: "agent runs",
    counted: 1,
    run: (client, wb) => openAgentRunFiles(client, wb, FIXTURES.activeAgents[0], { topic: "sleep" }),
  },
  {
    // As the page runs them (src/functions/runtime.ts): through the spend gate, whose first gathering
    // counts from Excel's call. Excel called while the functions' code downloaded, so the call reaches
    // the gate with no wait left and is decided in the host's user-blocking task (installed below).
    name: "functions",
    counted: 1,
    async run(client) {
      const excelCalled = Date.now();
      await new Promise((r) => setTimeout(r, GATE_WINDOW_MS + 20));
      const gate = new SpendGate({
        limit: () => 50,
        windowMs: GATE_WINDOW_MS,
        lastCallAt: () => excelCalled,
        ask: () => {
          throw new Error("the gate asked to spend on one call, within the limit");
        },
      });
      const fns = createAdsFunctions({ client: () => client, cache: new RequestCache({ gate }) });
      const value = await fns.SHOWLISTENERS(FIXTURES.showId);
      return { wrote: true, wrong: typeof value === "number" ? undefined : `a cell got ${String(value)}` };
    },
  },
  {
    name: "Refresh all",
    counted: REFRESHED.length,
    async prepare(client, wb) {
      for (const [kind, params] of REFRESHED) {
        const data = await fetchSheetData(client, { kind, params });
        await createReportSheet(wb.excel, { kind, params, label: kind }, data);
      }
    },
    async run(client, wb) {
      const before = sheetsText(wb);
      const result = await refreshAll(wb.excel, (source, signal) =>
        fetchSheetData(client, source, { signal }),
      );
      const defs = await listDefinitions(wb.excel);
      const keyInStore = defs.find((d) => d.lastError?.includes(KEY));
      if (keyInStore) return { wrote: true, wrong: `the key is in ${keyInStore.sheetName}'s stored error` };
      if (result.failed.length === 0) return { wrote: true };
      if (result.refreshed.length + result.failed.length !== REFRESHED.length)
        return { wrote: true, wrong: "Refresh all stopped before the last sheet" };
      // A failed sheet keeps its data; its status line says it failed (the add-in's own cell).
      const after = sheetsText(wb);
      const changed = [...before.keys()].filter((s) => before.get(s) !== after.get(s));
      if (changed.length) return { wrote: true, wrong: `failed refresh changed ${changed.join(", ")}` };
      throw new AggregateError(
        result.failed.map((f) => new Error(f.error)),
        // Each error begins with its sheet's name already ("Spend: The service failed while …").
        result.failed.map((f) => f.error).join("; "),
      );
    },
  },
];

/** Each sheet's cells below the status line, as text (a failed refresh may rewrite only the status line). */
function sheetsText(wb: InMemoryWorkbook): Map<string, string> {
  const out = new Map<string, string>();
  for (const t of wb.host.tables()) {
    const r = t.rect;
    out.set(t.sheet, JSON.stringify(wb.host.range(`'${t.sheet}'!A${r.row + 1}:Z${r.row + r.rows}`)));
  }
  return out;
}

type Verdict = "ok" | "refused" | "cleaned" | "n/a";

interface Cell {
  fault: string;
  flow: string;
  verdict: Verdict;
  ms: number;
  hang: boolean;
  doubleSpend: boolean;
  wrongWrite?: string;
  unclear?: string;
  message?: string;
}

/** A request named as support reads it (its method and path). */
const REQUEST = /(GET|POST) [/{]/;
/** A request named in the planner's words (src/api/errorWords.ts): what the add-in was doing. */
const ACTION = /\bwhile (?:reading|starting|downloading|checking|creating|asking|searching|inviting)\b/;
/** What to do next, as a planner's message says it: try again, recalculate, check the connection. */
const NEXT_STEP = /try again|ask again|ask once more|recalculate|check your connection/i;
/** A timeout or a connection failure, in the client's words or the planner's. */
const PASSING =
  /limit|deadline|gave up|reach the service|connection dropped|stopped answering|did not finish answering|took too long/;

/**
 * What makes a failure's message clear: said in words, without the key; a timeout or connection
 * failure says which request failed (its method and path in the client's message, or what the add-in
 * was doing in the planner's: "while starting the report"), and a planner's message says what to do
 * next; a service error's Details name its request.
 */
function unclearMessage(err: unknown): string | undefined {
  if (!(err instanceof Error)) return `not an error: ${String(err)}`;
  const m = err.message;
  if (!m.trim()) return "empty message";
  if (m.includes(KEY)) return "the key's text is in the message";
  if (/\[object Object\]|undefined|NaN/.test(m)) return `unreadable: ${m}`;
  const errors = err instanceof AggregateError ? err.errors : [err];
  for (const e of errors) {
    const text = e instanceof Error ? e.message : String(e);
    if (!PASSING.test(text) || REQUEST.test(text)) continue;
    if (!ACTION.test(text)) return `a timeout or connection failure that names no request: ${text}`;
    if (!NEXT_STEP.test(text)) return `a timeout or connection failure that says not what to do: ${text}`;
  }
  for (const e of errors) {
    if (e instanceof AdsError && !e.endpoint) return `no request named: ${e.message}`;
    // A request's failure (not the client's own check before sending): its Details name the request.
    const sent =
      e instanceof AdsError &&
      e.endpoint !== "client" &&
      !(e instanceof RequestValidationError) &&
      !(e instanceof AbortedError);
    const details = sent ? errorDetails(e) : undefined;
    if (sent && !(details && REQUEST.test(details))) return `Details that name no request: ${details}`;
  }
  return undefined;
}

type Sandbox = Awaited<ReturnType<typeof startSandbox>>;
/**
 * The faults run in LANES lanes at once, each lane's own sandbox (its faults and its spend count are
 * its own) taking its faults one after another: most of a cell's time is a stall or a deadline waited
 * out, not work. Three keep a busy machine well inside STALL_MS (the sandboxes build reports here).
 */
const LANES = 3;
const lanes: Sandbox[] = [];
/** The host's task scheduler, as in Chromium: the functions' gate decides in it (the "functions" flow). */
const scheduler = installTaskScheduler();
beforeAll(async () => {
  for (let i = 0; i < LANES; i++) lanes.push(await startSandbox());
});
afterAll(async () => {
  scheduler.uninstall();
  for (const s of lanes) await s.close();
});

async function runCell(s: Sandbox, fault: FaultCase, flow: Flow): Promise<Cell> {
  const client = () =>
    s.client(KEY, { stallMs: STALL_MS, deadlineMs: DEADLINE_MS, maxRetries: 2, random: () => 0 });
  const state = s.sandbox.state;
  state.faults = { ...state.faults, ...NO_FAULTS };
  // Every workbook's `Excel` is office.js's one namespace (only `run` differs, and the add-in is given
  // its workbook's): the global is that namespace, whichever lane set it last.
  const wb = new InMemoryWorkbook({ sheets: ["Plan"] });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  await flow.prepare?.(client(), wb);
  state.faults = { ...state.faults, ...NO_FAULTS, ...fault.faults };
  const spentBefore = s.sandbox.requests(KEY);
  const injectedBefore = state.faultsInjected;
  const sheetsBefore = wb.host.sheets().length;
  const began = Date.now();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const hung = new Promise<"hang">((resolve) => (timer = setTimeout(() => resolve("hang"), HANG_MS)));
  const outcome = await Promise.race([
    flow.run(client(), wb).then(
      (done) => ({ done }),
      (error: unknown) => ({ error }),
    ),
    hung,
  ]);
  clearTimeout(timer);
  const ms = Date.now() - began;
  state.faults = { ...state.faults, ...NO_FAULTS };
  const injected = state.faultsInjected > injectedBefore;
  const spent = s.sandbox.requests(KEY) - spentBefore;
  const cell: Cell = {
    fault: fault.name,
    flow: flow.name,
    verdict: "ok",
    ms,
    hang: outcome === "hang",
    doubleSpend: spent > flow.counted,
  };
  if (outcome === "hang") return cell;
  if ("error" in outcome) {
    cell.verdict = "refused";
    cell.message = outcome.error instanceof Error ? outcome.error.message : String(outcome.error);
    cell.unclear = unclearMessage(outcome.error);
    if (!injected) cell.wrongWrite = `failed with no fault injected: ${cell.message}`;
    // A refused request makes no sheet (Refresh all's sheets were made before the fault).
    if (flow.name !== "Refresh all" && wb.host.sheets().length !== sheetsBefore)
      cell.wrongWrite = "a sheet was made from a refused answer";
    return cell;
  }
  if (outcome.done.wrong) cell.wrongWrite = outcome.done.wrong;
  if (!injected) cell.verdict = "n/a";
  else if (fault.mayClean) cell.verdict = "cleaned";
  else cell.wrongWrite ??= "succeeded although the fault was injected";
  return cell;
}

const NO_FAULTS: Partial<Faults> = {
  stallRate: 0,
  dropAfterRate: 0,
  error500Rate: 0,
  wrongTaskIdRate: 0,
  httpUrlRate: 0,
  echoKeyRate: 0,
  hostileXlsxRate: 0,
  faultPaths: "",
};

test(
  "the fault matrix: 0 hangs, 0 double spends, 0 wrong writes, every fault a clear message within its limits",
  async () => {
    const byLane = await Promise.all(
      lanes.map(async (s, lane) => {
        const mine: Cell[] = [];
        for (const fault of FAULTS.filter((_, i) => i % LANES === lane))
          for (const flow of FLOWS) mine.push(await runCell(s, fault, flow));
        return mine;
      }),
    );
    const cells = byLane.flat();
    const grid = FAULTS.map((f) =>
      Object.fromEntries([
        ["fault", f.name],
        ...FLOWS.map((flow) => {
          const c = cells.find((x) => x.fault === f.name && x.flow === flow.name)!;
          const bad = c.hang
            ? "HANG"
            : c.doubleSpend
              ? "TWICE"
              : c.wrongWrite
                ? "WRONG"
                : c.unclear
                  ? "UNCLEAR"
                  : "";
          return [flow.name, bad || `${c.verdict} ${(c.ms / 1000).toFixed(1)}s`];
        }),
      ]),
    );
    const tally = {
      cells: cells.length,
      hangs: cells.filter((c) => c.hang).length,
      doubleSpends: cells.filter((c) => c.doubleSpend).length,
      wrongWrites: cells.filter((c) => c.wrongWrite).length,
      unclearMessages: cells.filter((c) => c.unclear).length,
      refused: cells.filter((c) => c.verdict === "refused").length,
      cleaned: cells.filter((c) => c.verdict === "cleaned").length,
      notApplicable: cells.filter((c) => c.verdict === "n/a").length,
      slowestMs: Math.max(...cells.map((c) => c.ms)),
    };
    console.log(
      `fault matrix (no-progress limit ${STALL_MS} ms, deadline ${DEADLINE_MS} ms):\n` +
        JSON.stringify(tally) +
        "\n" +
        grid.map((row) => JSON.stringify(row)).join("\n") +
        "\nwhat the planner reads (the first refused cell of each fault):\n" +
        FAULTS.map((f) => {
          const c = cells.find((x) => x.fault === f.name && x.message);
          return `- ${f.name} (${c?.flow ?? "none"}): ${c?.message ?? "(no failure)"}`;
        }).join("\n"),
    );
    const problems = cells.filter((c) => c.hang || c.doubleSpend || c.wrongWrite || c.unclear);
    expect(problems).toEqual([]);
    expect(tally.hangs + tally.doubleSpends + tally.wrongWrites + tally.unclearMessages).toBe(0);
    // The functions' calls were decided in the host's user-blocking task, one a fault.
    expect(scheduler.posted.filter((p) => p.priority === "user-blocking" && !p.aborted())).toHaveLength(
      FAULTS.length,
    );
    // Every fault that fired ended within the limits of the requests it hit: at most three attempts of
    // one request, each ended by its no-progress limit, all inside one deadline, after the flow's earlier steps.
    expect(tally.slowestMs).toBeLessThan(2 * DEADLINE_MS);
  },
  Math.ceil(FAULTS.length / LANES) * FLOWS.length * HANG_MS,
);
