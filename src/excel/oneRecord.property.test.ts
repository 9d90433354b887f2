/**
 * Model-based property (issue #44): random interleavings of a report's refresh, its service answer
 * held back (then answered, failing, or never asked: a bound cell refuses before any request), with a
 * planner's change made meanwhile from this pane or another runtime (jest.isolateModules: its own
 * module state over the same workbook): refresh on open, the chart, the start date bound or freed, the
 * sheet renamed, the client cell changed and the Sheets tab marking the report stale; the Dashboard
 * follows each refresh. After each step the stored record holds every planner change the model holds
 * (or the change was refused in words and the model did not take it), the status line is the rendering
 * of the stored record and names the advertiser of the rows under it. The planner may also change the
 * Dashboard's reports as the refresh waits (the Dashboard keeps the planner's reports, the following gives
 * way); and a step may run a report set whose run, once it asks the service, meets the set renamed or
 * its Dashboard choice switched in either pane: the set keeps the planner's change beside what the run made.
 *
 * ONE_RECORD_PROPERTY_RUNS sets the case count (143 cases of 14 steps: 2,002 interleavings);
 * REPLAY_SEED and REPLAY_PATH replay a printed counterexample.
 */
import fc from "fast-check";
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import type { TypedTable } from "../api/table";
import type { ResolvedSource } from "../reports/definition";
import { renderStatusLine } from "../reports/statusLine";
import * as bindingsHere from "./reportBindings";
import * as sheetsHere from "./reportSheets";
import * as setsHere from "./reportSets";
import * as dashboardHere from "./dashboardSheet";
import { propertyRuns } from "../../test/support/propertyRuns";

const RUNS = propertyRuns(143, process.env.ONE_RECORD_PROPERTY_RUNS);
const STEPS = 14;
const TODAY = new Date(Date.UTC(2026, 10, 23, 12));
const CLIENTS = ["Acme Mattress", "Northwind Coffee", "Initech Software", "", "=1/0"];

type Bindings = typeof bindingsHere;
type Sheets = typeof sheetsHere;
type Sets = typeof setsHere;
type Dashboards = typeof dashboardHere;
interface Pane {
  bindings: Bindings;
  sheets: Sheets;
  sets: Sets;
  dashboard: Dashboards;
}

let otherRuntime: Pane | undefined;
function other(): Pane {
  jest.isolateModules(() => {
    otherRuntime ??= {
      bindings: jest.requireActual<Bindings>("./reportBindings"),
      sheets: jest.requireActual<Sheets>("./reportSheets"),
      sets: jest.requireActual<Sets>("./reportSets"),
      dashboard: jest.requireActual<Dashboards>("./dashboardSheet"),
    };
  });
  return otherRuntime!;
}
const panes = (): Pane[] => [
  { bindings: bindingsHere, sheets: sheetsHere, sets: setsHere, dashboard: dashboardHere },
  other(),
];

const advertiserOf = (source: ResolvedSource) =>
  String((source.params.advertisers as string[] | undefined)?.[0] ?? "?");

const table = (source: ResolvedSource, days: number): TypedTable => ({
  columns: [
    { name: "Day", kind: "date" },
    { name: "Advertiser", kind: "text" },
    { name: "Spend", kind: "currency" },
  ],
  rows: Array.from({ length: days }, (_, d) => [46327 + d, advertiserOf(source), 12.5 + d]),
});

type Change =
  | { kind: "flag"; on: boolean }
  | { kind: "chart"; on: boolean }
  | { kind: "bind" }
  | { kind: "unbind" }
  | { kind: "rename" }
  | { kind: "client"; value: number }
  | { kind: "dashboard"; other: boolean }
  | { kind: "none" };

const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant("flag" as const), on: fc.boolean() }),
  fc.record({ kind: fc.constant("chart" as const), on: fc.boolean() }),
  fc.constant({ kind: "bind" as const }),
  fc.constant({ kind: "unbind" as const }),
  fc.constant({ kind: "rename" as const }),
  fc.record({ kind: fc.constant("client" as const), value: fc.integer({ min: 0, max: CLIENTS.length - 1 }) }),
  fc.record({ kind: fc.constant("dashboard" as const), other: fc.boolean() }),
  fc.constant({ kind: "none" as const }),
);

/** A run of the report set after the refresh, and the planner's change to the set as the run waits. */
const setStep = fc.oneof(
  { arbitrary: fc.constant(null), weight: 3 },
  {
    arbitrary: fc.record({
      runIn: fc.integer({ min: 0, max: 1 }),
      editIn: fc.integer({ min: 0, max: 1 }),
      edit: fc.constantFrom("rename", "dashboard", "none"),
    }),
    weight: 1,
  },
);

const step = fc.record({
  /** The runtime that refreshes, and the one the planner changes something in. */
  refreshIn: fc.integer({ min: 0, max: 1 }),
  changeIn: fc.integer({ min: 0, max: 1 }),
  change,
  /** The service answers, fails, or (when the change comes after it) answers before the change. */
  answer: fc.constantFrom("ok", "fail", "early"),
  days: fc.integer({ min: 0, max: 4 }),
  /** The Sheets tab looks at the reports as the refresh waits. */
  look: fc.boolean(),
  set: setStep,
});
type Step = typeof step extends fc.Arbitrary<infer T> ? T : never;

interface Model {
  sheet: string;
  refreshOnOpen: boolean;
  chart: boolean;
  startBound: boolean;
  renames: number;
  /** The Dashboard shows the second report too. */
  dashboardOther: boolean;
  set: { id: string; name: string; dashboard: boolean; renames: number; runs: number };
}

const tally = {
  cases: 0,
  steps: 0,
  refreshed: 0,
  failed: 0,
  refusedByCells: 0,
  changes: 0,
  refusedChanges: 0,
  lost: 0,
  setRuns: 0,
  setEdits: 0,
  dashboardChanges: 0,
};
afterAll(() =>
  console.log(
    `one-record property: ${tally.cases} cases, ${tally.steps} interleavings (${tally.refreshed} refreshed, ${tally.failed} failed by the service, ${tally.refusedByCells} refused by a cell); ${tally.changes} planner changes kept (${tally.dashboardChanges} of the Dashboard), ${tally.refusedChanges} refused with words, ${tally.lost} lost; ${tally.setRuns} set runs, ${tally.setEdits} set changes made as a run waited`,
  ),
);

async function setup() {
  const wb = new InMemoryWorkbook({ sheets: ["Sheet1"], today: () => TODAY });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  wb.host.setInput("Sheet1", 0, 1, "2026-11-03");
  wb.host.setInput("Sheet1", 1, 1, "2026-11-13");
  wb.host.setInput("Sheet1", 2, 1, "Acme Mattress");
  await sheetsHere.createReportSheet(
    wb.excel,
    {
      kind: "estimatedSpendByDay",
      params: { advertisers: ["Acme Mattress"], startDate: "2026-11-03", endDate: "2026-11-13" },
      label: "Spend",
      chart: false,
      cells: { advertisers: "Sheet1!B3" },
    },
    {
      type: "table",
      table: table({ kind: "estimatedSpendByDay", params: { advertisers: ["Acme Mattress"] } }, 2),
    },
    TODAY,
  );
  await sheetsHere.createReportSheet(
    wb.excel,
    { kind: "estimatedSpendByDay", params: { advertisers: ["Northwind Coffee"], ...DATES }, label: "Other" },
    {
      type: "table",
      table: table({ kind: "estimatedSpendByDay", params: { advertisers: ["Northwind Coffee"] } }, 1),
    },
    TODAY,
  );
  await dashboardHere.writeDashboard(wb.excel, ["Spend"]);
  wb.host.setInput("Sheet1", 0, 3, "Initech Software");
  const set = await setsHere.makeReportSet(wb.excel, {
    name: "Clients",
    client: "advertiser",
    values: "Sheet1!D1:D1",
    reports: [{ kind: "estimatedSpendByDay", params: DATES }],
    dashboard: false,
  });
  return { wb, set };
}

const DATES = { startDate: "2026-11-03", endDate: "2026-11-13" };

/** A planner's change through `pane`: applied to the model when kept; a refusal must be in words. */
async function apply(wb: InMemoryWorkbook, pane: Pane, c: Change, m: Model): Promise<void> {
  const run = async (fn: () => Promise<unknown>, then: () => void) => {
    try {
      await fn();
      then();
      tally.changes++;
    } catch (err) {
      const words = err instanceof Error ? err.message : String(err);
      // Refused in words: a sentence that names what, never a bare code.
      expect(words).toMatch(/[a-z]+ [a-z]+ [a-z]+/);
      tally.refusedChanges++;
    }
  };
  switch (c.kind) {
    case "flag":
      return run(
        () => pane.sheets.setRefreshOnOpenFlag(wb.excel, m.sheet, c.on),
        () => (m.refreshOnOpen = c.on),
      );
    case "chart":
      return run(
        () => pane.sheets.setReportChart(wb.excel, m.sheet, c.on),
        () => (m.chart = c.on),
      );
    case "bind":
      return run(
        () => pane.bindings.bindReportParam(wb.excel, m.sheet, "startDate", { address: "Sheet1!B1" }),
        () => (m.startBound = true),
      );
    case "unbind":
      return run(
        () => pane.bindings.unbindReportParam(wb.excel, m.sheet, "startDate"),
        () => (m.startBound = false),
      );
    case "rename": {
      const wanted = `Spend ${++m.renames}`;
      let given = m.sheet;
      return run(
        async () => (given = await pane.sheets.renameReportSheet(wb.excel, m.sheet, wanted)),
        () => (m.sheet = given),
      );
    }
    case "client":
      wb.host.setInput("Sheet1", 2, 1, CLIENTS[c.value]);
      return;
    case "dashboard": {
      const shown = [m.sheet, ...(c.other ? ["Other"] : [])];
      return run(
        () => pane.dashboard.writeDashboard(wb.excel, shown, { activate: false }),
        () => ((m.dashboardOther = c.other), tally.dashboardChanges++),
      );
    }
    case "none":
      return;
  }
}

/** The Sheets tab of `pane` lists the report: its bound cells read, its line marked stale or not. */
async function look(wb: InMemoryWorkbook, pane: Pane, m: Model): Promise<void> {
  const def = await pane.sheets.readDefinition(wb.excel, m.sheet);
  if (!def) return;
  const status = await pane.bindings.boundStatus(wb.excel, def, TODAY);
  if (status) await pane.bindings.markStaleOnSheet(wb.excel, def, status).catch(() => false);
}

async function oneStep(wb: InMemoryWorkbook, s: Step, m: Model): Promise<void> {
  const all = panes();
  let answer!: () => void;
  let askedNow!: () => void;
  const held = new Promise<void>((r) => (answer = r));
  const asked = new Promise<void>((r) => (askedNow = r));
  if (s.answer === "early") answer();
  const fetch: sheetsHere.SheetFetcher = async (source) => {
    askedNow();
    await held;
    if (s.answer === "fail") throw new Error("The service failed while downloading the report");
    return { type: "table", table: table(source, s.days) };
  };
  const running = all[s.refreshIn].sheets.refreshReport(wb.excel, m.sheet, fetch, { now: () => TODAY }).then(
    () => "ok" as const,
    (e: Error) => e,
  );
  // The refresh asks the service, or is refused by a bound cell before asking.
  await Promise.race([asked, running]);
  if (s.look) await look(wb, all[1 - s.changeIn], m);
  await apply(wb, all[s.changeIn], s.change, m);
  answer();
  const outcome = await running;
  if (outcome === "ok") tally.refreshed++;
  else if (/downloading/.test(outcome.message)) tally.failed++;
  else if (/Sheet1!B|nothing was requested|Nothing was requested/i.test(outcome.message))
    tally.refusedByCells++;
  else throw outcome;
  await look(wb, all[s.changeIn], m);
  if (s.set) await runSet(wb, s.set, m);
  await check(wb, m);
}

/** A run of the set in one pane; once it asks the service, the planner changes the set in one pane. */
async function runSet(wb: InMemoryWorkbook, s: NonNullable<Step["set"]>, m: Model): Promise<void> {
  const all = panes();
  const read = await all[s.editIn].sets.listReportSets(wb.excel);
  const base = read[0].state === "current" ? read[0].set : undefined;
  expect(base).toBeDefined();
  const preview = await all[s.runIn].sets.previewReportSet(wb.excel, m.set.id, TODAY, {
    all: true,
  });
  let edited: Promise<void> = Promise.resolve();
  const fetch: sheetsHere.SheetFetcher = async (source) => {
    if (s.edit !== "none") {
      const name = `Clients ${m.set.renames + 1}`;
      const change = s.edit === "rename" ? { name } : { dashboard: !m.set.dashboard };
      edited = all[s.editIn].sets.changeReportSet(wb.excel, base!, change).then((set) => {
        m.set.name = set.name;
        m.set.dashboard = set.dashboard;
        if (s.edit === "rename") m.set.renames++;
        tally.setEdits++;
      });
      await edited;
    }
    return { type: "table", table: table(source, 1) };
  };
  const result = await all[s.runIn].sets.runReportSet(wb.excel, m.set.id, fetch, {
    confirmed: preview.plan.requests,
    all: true,
    now: () => TODAY,
  });
  await edited;
  expect(result.sheets.filter((x) => x.done === "failed")).toEqual([]);
  m.set.runs++;
  tally.setRuns++;
}

async function check(wb: InMemoryWorkbook, m: Model): Promise<void> {
  const def = await sheetsHere.readDefinition(wb.excel, m.sheet);
  expect(def).not.toBeNull();
  const kept = {
    refreshOnOpen: def!.refreshOnOpen,
    chart: def!.chart?.enabled ?? true,
    startBound: (def!.bindings ?? []).some((b) => b.param === "startDate"),
    advertisersBound: (def!.bindings ?? []).some((b) => b.param === "advertisers"),
  };
  const want = {
    refreshOnOpen: m.refreshOnOpen,
    chart: m.chart,
    startBound: m.startBound,
    advertisersBound: true,
  };
  if (JSON.stringify(kept) !== JSON.stringify(want)) tally.lost++;
  expect(kept).toEqual(want);
  // The line is the record's rendering, and names the advertiser of the rows under it.
  const line = String(wb.host.cell(m.sheet, 0, 0).value);
  expect(line).toBe(renderStatusLine(def!));
  const t = wb.host.tables().find((x) => x.sheet === m.sheet)!.rect;
  const rows = Array.from(
    { length: t.rows - 1 },
    (_, r) => wb.host.cell(m.sheet, t.row + 1 + r, t.col + 1).value,
  );
  const fetched = String((def!.params.advertisers as string[])[0]);
  for (const v of rows) if (v !== null && v !== "") expect(v).toBe(fetched);
  expect(def!.rowCount).toBe(rows.filter((v) => v !== null && v !== "").length);
  for (const c of CLIENTS.slice(0, 3))
    if (c !== fetched)
      expect(line.replace(/^Stale: .*? changed since this data was fetched · /, "")).not.toContain(c);
  // The Dashboard shows the planner's reports, by their sheets' names now.
  const dash = await dashboardHere.existingDashboard(wb.excel);
  expect(dash?.reports).toEqual([m.sheet, ...(m.dashboardOther ? ["Other"] : [])]);
  // The set keeps the planner's choices beside what its runs made.
  const sets = await setsHere.listReportSets(wb.excel);
  const set = sets[0].state === "current" ? sets[0].set : undefined;
  expect([set?.name, set?.dashboard]).toEqual([m.set.name, m.set.dashboard]);
  expect(set?.members.map((x) => x.value)).toEqual(m.set.runs ? ["Initech Software"] : []);
}

/** What the model expects of a workbook just set up: the report and the set as made. */
const startModel = (set: { id: string; name: string; dashboard: boolean }): Model => ({
  sheet: "Spend",
  refreshOnOpen: false,
  chart: false,
  startBound: false,
  renames: 0,
  dashboardOther: false,
  set: { id: set.id, name: set.name, dashboard: set.dashboard, renames: 0, runs: 0 },
});

test("every planner change made while a refresh waits is kept or refused in words, and the status line renders the record over its rows", async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { minLength: STEPS, maxLength: STEPS }), async (steps) => {
      tally.cases++;
      const { wb, set } = await setup();
      const m = startModel(set);
      for (const s of steps) {
        tally.steps++;
        await oneStep(wb, s, m);
      }
    }),
    // REPLAY_SEED and REPLAY_PATH replay a counterexample a failed run printed.
    process.env.REPLAY_SEED
      ? { seed: Number(process.env.REPLAY_SEED), path: process.env.REPLAY_PATH, endOnFailure: true }
      : { numRuns: RUNS },
  );
}, 600_000);

// A counterexample a CI rehearsal found (seed -1731409853): another pane's write landing in the
// sync of a refresh's commit was repaired without the refresh's own words of its data, so the line
// named the advertiser of the rows before. Replayed as a plain case, so it fails without the fix.
test("a refresh whose commit meets another pane's write says the advertiser of its own rows", async () => {
  const ok = { refreshIn: 0, changeIn: 0, answer: "ok", days: 0, look: false, set: null } as const;
  const steps: Step[] = [
    { ...ok, change: { kind: "chart", on: false } },
    { ...ok, change: { kind: "unbind" } },
    { ...ok, change: { kind: "client", value: 0 } },
    { ...ok, change: { kind: "flag", on: false } },
    { ...ok, change: { kind: "client", value: 1 } },
    { ...ok, changeIn: 1, change: { kind: "flag", on: false }, answer: "early", days: 2 },
    { ...ok, change: { kind: "none" } },
    { ...ok, change: { kind: "bind" } },
  ];
  const { wb, set } = await setup();
  const m = startModel(set);
  for (const s of steps) await oneStep(wb, s, m);
});
