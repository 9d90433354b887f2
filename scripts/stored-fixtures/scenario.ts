/**
 * Runs inside a git worktree of an old commit (scripts/stored-fixtures/generate.ts copies it there,
 * with test/support/storedFixtureDump.ts beside it) and makes a planner's workbook with THAT
 * commit's own code: its in-memory workbook, its sandbox and client for the data, its pane action
 * (runSourceToSheet) for report and show sheets, its Dashboard and its campaign plan where the commit
 * has them. The clock is fixed (the add-in's `Date`), the sandbox's runs from the same instant. The
 * workbook is dumped straight from the old model.
 *
 *   tsx stored-fixture/scenario.ts <out.json> <clock ISO>      (cwd: the old commit's worktree)
 *
 * The old modules are loaded by path at run time (their exports changed across eras), so this file
 * type-checks against nothing of theirs: each is read through the small interfaces below.
 */
import { existsSync, writeFileSync } from "fs";
import { join } from "path";
import { dumpModel } from "../../test/support/storedFixtureDump";

const root = process.cwd();
const [, , outFile, clockIso] = process.argv;
const log: string[] = [];

/** The old commit's module at `rel` (from the worktree's root), or null when the commit has none. */
function load<T>(rel: string): T | null {
  const base = join(root, rel);
  if (![".ts", ".tsx"].some((ext) => existsSync(base + ext))) return null;
  return require(base) as T;
}

function need<T>(rel: string): T {
  const m = load<T>(rel);
  if (!m) throw new Error(`${rel} is not in this commit`);
  return m;
}

/** The add-in's clock stands still at `clockIso`; the sandbox's runs from it (its tasks take time). */
function fixClock(iso: string): () => number {
  const RealDate = Date;
  const fixed = RealDate.parse(iso);
  const began = RealDate.now();
  const fixedDate = new Proxy(RealDate, {
    construct: (target, args: unknown[], newTarget) =>
      Reflect.construct(target, args.length ? args : [fixed], newTarget) as object,
    get: (target, prop, receiver) => (prop === "now" ? () => fixed : Reflect.get(target, prop, receiver)),
  });
  globalThis.Date = fixedDate;
  return () => fixed + (RealDate.now() - began);
}

interface Workbook {
  model: unknown;
  excel: unknown;
  faultHook?: (...args: unknown[]) => void;
  host: {
    cell(sheet: string, row: number, col: number): { value: unknown };
    setInput(sheet: string, row: number, col: number, input: string): void;
  };
}
interface Client {
  campaigns: { create(body: unknown, signal?: AbortSignal): Promise<unknown> };
}
interface SheetRequest {
  kind: string;
  params: Record<string, unknown>;
  datePreset?: Record<string, unknown>;
}
type RunSource = (services: unknown, req: SheetRequest, look?: unknown) => Promise<unknown>;

/** What the planner asked for, sheet by sheet (the same in every era). */
const REPORTS: { what: string; req: SheetRequest }[] = [
  {
    what: "estimated spend by day, last 7 days (date preset, chart)",
    req: {
      kind: "estimatedSpendByDay",
      params: { advertisers: ["Acme Mattress"] },
      datePreset: { kind: "last", count: 7, unit: "days" },
    },
  },
  {
    what: "impressions by month, previous month, with the service's summary and totals",
    req: {
      kind: "impressions",
      params: {
        advertiser: ["Acme Mattress"],
        timeGrouping: "month",
        formatting: { summary: true, totals: true },
      },
      datePreset: { kind: "previousMonth" },
    },
  },
  {
    what: "campaign performance, last 7 days (text key: the campaign)",
    req: { kind: "campaignsPerformance", params: {}, datePreset: { kind: "last", count: 7, unit: "days" } },
  },
  { what: "a show sheet", req: { kind: "show", params: { id: "1200000001" } } },
  {
    what: "an empty sheet (a search that matches nothing: no rows)",
    req: { kind: "search", params: { search: "zqxjv nothing matches this" } },
  },
];

function services(excel: unknown, client: unknown, failures: string[]) {
  let id = 0;
  return {
    client,
    excel,
    activity: { start: () => ++id, update: () => undefined, clear: () => undefined, entries: [] },
    notify: (message: string, intent?: string) => {
      log.push(`  pane said (${intent ?? "info"}): ${message}`);
      if (intent === "error") failures.push(message);
    },
    editReport: () => undefined,
  };
}

async function makeReports(wb: Workbook, client: unknown): Promise<void> {
  const { runSourceToSheet } = need<{ runSourceToSheet: RunSource }>("src/taskpane/reportActions");
  for (const { what, req } of REPORTS) {
    const failures: string[] = [];
    log.push(`report sheet: ${what}: ${JSON.stringify(req)}`);
    await runSourceToSheet(services(wb.excel, client, failures), req);
    if (failures.length) log.push(`  not made in this era: ${failures.join(" / ")}`);
  }
}

async function makeDashboard(wb: Workbook): Promise<void> {
  type Candidate = string | { sheet: string };
  const m = load<{
    dashboardCandidates(excel: unknown): Promise<Candidate[]>;
    writeDashboard(excel: unknown, names: readonly string[]): Promise<unknown>;
  }>("src/excel/dashboardSheet");
  if (!m) {
    log.push("dashboard: this commit has none");
    return;
  }
  const offered = (await m.dashboardCandidates(wb.excel)).map((c) => (typeof c === "string" ? c : c.sheet));
  // Some eras offered the show sheet too and then failed on it (no table by its tableName): a
  // planner ticks the reports.
  const { listDefinitions } = need<{
    listDefinitions(excel: unknown): Promise<{ sheetName: string; kind: string }[]>;
  }>("src/excel/store/reportRecords");
  const shows = new Set(
    (await listDefinitions(wb.excel)).filter((d) => d.kind === "show").map((d) => d.sheetName),
  );
  const names = offered.filter((n) => !shows.has(n));
  log.push(`dashboard offered ${JSON.stringify(offered)}; made over ${JSON.stringify(names)}`);
  await m.writeDashboard(wb.excel, names);
}

type SheetFetch = (source: unknown, signal?: AbortSignal) => Promise<unknown>;

/**
 * Where the era had them (report sets, and parameters taken from cells): the README tour's step 5, a
 * report whose start date, end date and advertiser are cells of Sheet1 (B1:B3), and a report set of
 * two advertisers (Sheet1!A6:A7) run once, its spend by day for each.
 */
async function makeBoundAndSet(wb: Workbook, client: unknown): Promise<void> {
  const sets = load<{
    makeReportSet(excel: unknown, input: object): Promise<{ id: string }>;
    previewReportSet(excel: unknown, id: string): Promise<{ plan: { requests: number } }>;
    runReportSet(excel: unknown, id: string, fetch: SheetFetch, o: { confirmed: number }): Promise<unknown>;
  }>("src/excel/reportSets");
  if (!sets || !load("src/excel/boundCells")) {
    log.push("bound cells and report sets: this commit has none");
    return;
  }
  const { runSourceToSheet } = need<{ runSourceToSheet: RunSource }>("src/taskpane/reportActions");
  const { fetchSheetData } = need<{
    fetchSheetData(c: unknown, source: unknown, o?: { signal?: AbortSignal }): Promise<unknown>;
  }>("src/runtime/reportSources");
  for (const [row, text] of ["2026-11-08", "2026-11-18", "Acme Mattress"].entries())
    wb.host.setInput("Sheet1", row, 1, text);
  const failures: string[] = [];
  const bound: SheetRequest & { cells: Record<string, string> } = {
    kind: "estimatedSpendByDay",
    params: { advertisers: ["Acme Mattress"], startDate: "2026-11-08", endDate: "2026-11-18" },
    cells: { startDate: "Sheet1!B1", endDate: "Sheet1!B2", advertisers: "Sheet1!B3" },
  };
  log.push(`report sheet from cells: ${JSON.stringify(bound)}`);
  await runSourceToSheet(services(wb.excel, client, failures), bound);
  if (failures.length) log.push(`  not made: ${failures.join(" / ")}`);
  wb.host.setInput("Sheet1", 5, 0, "Acme Mattress");
  wb.host.setInput("Sheet1", 6, 0, "Northwind Coffee");
  const set = await sets.makeReportSet(wb.excel, {
    name: "Clients",
    client: "advertiser",
    values: "Sheet1!A6:A7",
    reports: [
      { kind: "estimatedSpendByDay", params: {}, datePreset: { kind: "last", count: 7, unit: "days" } },
    ],
    dashboard: false,
  });
  const { plan } = await sets.previewReportSet(wb.excel, set.id);
  const fetch: SheetFetch = (source, signal) => fetchSheetData(client, source, { signal });
  await sets.runReportSet(wb.excel, set.id, fetch, { confirmed: plan.requests });
  log.push(`report set "Clients" (Sheet1!A6:A7, spend by day, last 7 days) run: ${plan.requests} requests`);
}

/** Types plan rows by header, as a planner does (the plan's headers are read from its sheet). */
function typeRows(wb: Workbook, sheet: string, rows: Record<string, string>[]): void {
  const headers: string[] = [];
  for (let c = 0; c < 200; c++) headers.push(String(wb.host.cell(sheet, 0, c).value ?? ""));
  // Eras whose plan is headed in a planner's words ("Campaign name" for name) say so in PLAN_COLUMNS.
  const columns =
    load<{ PLAN_COLUMNS: readonly { header: string; label?: string }[] }>("src/writebacks/planColumns")
      ?.PLAN_COLUMNS ?? [];
  const shown = (header: string) => columns.find((c) => c.header === header)?.label ?? header;
  rows.forEach((r, i) => {
    for (const [header, text] of Object.entries(r)) {
      const col = headers.includes(header) ? headers.indexOf(header) : headers.indexOf(shown(header));
      if (col >= 0) wb.host.setInput(sheet, 1 + i, col, text);
    }
  });
}

const flight = (name: string): Record<string, string> => ({
  name,
  advertiser: "Acme Mattress",
  publisher: "demo-publisher",
  type: "DAI",
  startDate: "2026-12-01",
  endDate: "2026-12-31",
  cpm: "25",
  currency: "USD",
  externalId: `ext-${name}`,
  expectedUnits: "pre:30, mid:60",
  tags: "q4, audio",
});

interface PlanIO {
  writeBack(outcome: { kind?: string }): Promise<void>;
}

/**
 * A campaign plan of four flights, sent twice. First run: Spring is created, Unsure fails with a 500
 * (its row says Check:, and the run stops there). Second run (Unsure is left out by its status): Held
 * fails with a 500 and its row cannot be marked (the workbook is busy), so its hold stays on the plan
 * sheet where the era had holds, and the run stops; Winter is never sent.
 */
async function makePlan(wb: Workbook, client: Client): Promise<void> {
  const plan = load<{
    insertCampaignPlan(excel: unknown): Promise<{ sheetName: string }>;
    campaignPlanIO(excel: unknown): PlanIO;
  }>("src/excel/campaignPlan");
  const actions = load<{ createCampaigns(io: PlanIO, create: unknown): Promise<unknown> }>(
    "src/writebacks/planActions",
  );
  if (!plan || !actions) {
    log.push("campaign plan: this commit has none");
    return;
  }
  const { ServerError } = need<{ ServerError: new (m: string, e: string, s: number) => Error }>(
    "src/api/errors",
  );
  const at = await plan.insertCampaignPlan(wb.excel);
  typeRows(wb, at.sheetName, ["Spring", "Unsure", "Held", "Winter"].map(flight));
  const create = (body: { name?: string }, signal?: AbortSignal) => {
    if (body.name === "Unsure" || body.name === "Held")
      return Promise.reject(
        new ServerError("Service error (500): Internal error", "POST /api/public/campaign", 500),
      );
    return client.campaigns.create(body, signal);
  };
  log.push(`campaign plan on ${at.sheetName}: Spring, Unsure, Held, Winter`);
  await createRun("first run", () => actions.createCampaigns(plan.campaignPlanIO(wb.excel), create));
  const io = plan.campaignPlanIO(wb.excel);
  let broken = false;
  wb.faultHook = () => {
    if (broken) throw new Error("The workbook is busy");
  };
  const failing: PlanIO = {
    ...io,
    writeBack: (o) => {
      broken = o.kind === "failed";
      return io.writeBack(o).finally(() => (broken = false));
    },
  };
  await createRun("second run, failures cannot be marked", () => actions.createCampaigns(failing, create));
  wb.faultHook = undefined;
  const holds = existsSync(join(root, "src/writebacks/planHolds.ts"));
  log.push(holds ? "  this era records holds on the plan sheet" : "  this era had no holds");
}

async function createRun(what: string, run: () => Promise<unknown>): Promise<void> {
  try {
    const result = (await run()) as { kind?: string } | undefined;
    log.push(`  ${what}: ${result?.kind ?? "ended"}`);
  } catch (e) {
    log.push(`  ${what} stopped: ${e instanceof Error ? e.message : String(e)}`);
  }
}

interface Sandbox {
  client(apiKey?: string): Client;
  close(): Promise<void> | void;
}

async function main(): Promise<void> {
  if (!outFile || !clockIso) throw new Error("usage: scenario.ts <out.json> <clock ISO>");
  const sandboxNow = fixClock(clockIso);
  // The genuine office.js client, where the commit's tests used it (Jest's setup file).
  if (existsSync(join(root, "preview/memory/officeJsNode.ts"))) load("test/support/officeJs");
  const { InMemoryWorkbook } = need<{ InMemoryWorkbook: new () => Workbook }>("preview/memory/workbook");
  const { startSandbox } = need<{ startSandbox(o: object): Promise<Sandbox> }>("test/support/sandbox");
  const wb = new InMemoryWorkbook();
  (globalThis as { Excel?: unknown }).Excel = wb.excel;
  const sandbox = await startSandbox({ now: sandboxNow });
  try {
    const client = sandbox.client("demo-pro");
    await makeReports(wb, client);
    await makeBoundAndSet(wb, client);
    await makeDashboard(wb);
    await makePlan(wb, client);
  } finally {
    await sandbox.close();
  }
  writeFileSync(outFile, JSON.stringify({ log, workbook: dumpModel(wb.model) }));
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    console.error(log.join("\n"));
    process.exit(1);
  },
);
