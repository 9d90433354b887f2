import { readFileSync } from "fs";
import { join } from "path";
import {
  SET_VERSION,
  membersAfterRun,
  planRun,
  planText,
  readSetValues,
  readStoredSet,
  requestFor,
  setChanges,
  sheetChange,
  takesClient,
  withoutClient,
  valueSheetName,
  type ReportSet,
} from "./reportSet";

const TODAY = new Date(2026, 10, 26);
const ADVERTISERS = [
  "Acme Mattress",
  "Northwind Coffee",
  "Initech Software",
  "Umbrella Health",
  "Stark Apparel",
];

const set = (over: Partial<ReportSet> = {}): ReportSet => ({
  version: SET_VERSION,
  id: "Clients",
  name: "Clients",
  client: "advertiser",
  values: { name: "AdsParam_Set_Clients_values", address: "Inputs!A2:A6" },
  reports: [
    { kind: "estimatedSpendByDay", params: { startDate: "2026-10-01", endDate: "2026-10-31" } },
    {
      kind: "impressions",
      params: { timeGrouping: "day" },
      datePreset: { kind: "last", count: 30, unit: "days" },
    },
    { kind: "lag", params: { groupKey: "advertiser" } },
  ],
  dashboard: true,
  members: [],
  ...over,
});

const range = (values: unknown[][]) => ({
  state: "range" as const,
  address: "Inputs!A2:A6",
  values,
  types: values.map((row) =>
    row.map((v) => (v === "" ? "Empty" : typeof v === "number" ? "Double" : "String")),
  ),
});

test("a set is stored versioned; a report that cannot take the client, or a later version, is not taken as today's", () => {
  expect(readStoredSet(JSON.parse(JSON.stringify(set())))).toEqual({ state: "current", set: set() });
  const wrong = readStoredSet({ ...set(), reports: [{ kind: "campaignsPerformance", params: {} }] });
  expect(wrong.state).toBe("unreadable");
  expect(readStoredSet({ ...set(), version: 2, name: "Later" })).toEqual({
    state: "newer",
    version: 2,
    name: "Later",
  });
  // Never the key: nothing in the stored shape holds one, and unknown fields are dropped.
  const read = readStoredSet({ ...set(), apiKey: "demo-pro" });
  expect(JSON.stringify(read)).not.toContain("demo-pro");
});

test("each report's request takes the value as its client parameter, in the shape the request takes", () => {
  expect(requestFor("advertiser", set().reports[0], "Acme Mattress").params).toEqual({
    startDate: "2026-10-01",
    endDate: "2026-10-31",
    advertisers: ["Acme Mattress"],
  });
  expect(requestFor("advertiser", set().reports[1], "Acme").params.advertiser).toEqual(["Acme"]);
  expect(requestFor("advertiser", { kind: "individualAds", params: {} }, "Acme").params.advertiser).toBe(
    "Acme",
  );
  expect(requestFor("show", { kind: "search", params: { search: "coffee" } }, "1200000001").params).toEqual({
    search: "coffee",
    showFilterIds: [1200000001],
  });
  expect(() => requestFor("show", { kind: "lag", params: {} }, "1")).toThrow("cannot be asked for a show");
});

test("the range's values: filled cells in order, trimmed, each once; an error or an empty range refuses", () => {
  expect(readSetValues(range([[" Acme "], [""], ["Northwind"], ["Acme"], [1200000001]]))).toEqual({
    ok: true,
    values: ["Acme", "Northwind", "1200000001"],
  });
  expect(readSetValues(range([[""], [""]]))).toEqual({ ok: false, problem: "Inputs!A2:A6 is empty" });
  const withError = { ...range([["Acme"], ["#N/A"]]), types: [["String"], ["Error"]] };
  expect(readSetValues(withError)).toEqual({ ok: false, problem: "Inputs!A2:A6 holds the error #N/A" });
  expect(readSetValues({ state: "error", value: "#REF!" })).toMatchObject({ ok: false });
});

test("sheet names begin with the value, fit 31 characters, avoid Excel's refused characters and are unique", () => {
  const taken = new Set(["Acme Mattress · Spend by day"]);
  // 33 characters with the period: the period goes.
  expect(valueSheetName("Acme Mattress", "Spend by day, Oct", new Set())).toBe(
    "Acme Mattress · Spend by day",
  );
  expect(valueSheetName("Acme", "Spend by day, Oct", new Set())).toBe("Acme · Spend by day, Oct");
  expect(valueSheetName("Acme Mattress", "Spend by day, Oct", taken)).toBe("Acme Mattress · Spend (2)");
  const long = valueSheetName(
    "Very Long Advertiser Name Incorporated",
    "Impressions by day, last 30 days",
    new Set(),
  );
  expect(long.length).toBeLessThanOrEqual(31);
  expect(long).toBe("Very Long Advert · Impressions");
  const odd = valueSheetName("A/B: [Test]*?", "Lag", new Set());
  expect(odd).toBe("A B Test · Lag");
  expect(valueSheetName("Acme Mattress", "Impressions by day, Nov", new Set())).toBe(
    "Acme Mattress · Impressions",
  );
  expect(odd).not.toMatch(/[[\]:*?/\\]/);
  expect(valueSheetName("'Quoted'", "Lag", new Set())).toBe("Quoted · Lag");
  expect(valueSheetName("acme", "Lag", new Set(["ACME · LAG"]))).toBe("acme · Lag (2)");
});

test("a first run over 5 advertisers plans 15 report sheets and 5 Dashboards, 15 requests, every name unique", () => {
  const plan = planRun(
    set(),
    ADVERTISERS,
    { tables: new Map(), sheets: new Set(["Inputs"]) },
    () => 1,
    TODAY,
  );
  expect(plan.create).toHaveLength(15);
  expect(plan.refresh).toHaveLength(0);
  expect(plan.dashboards).toHaveLength(5);
  expect(plan.requests).toBe(15);
  const names = [...plan.create.map((c) => c.sheetName), ...plan.dashboards.map((d) => d.sheetName)];
  expect(new Set(names.map((n) => n.toLowerCase())).size).toBe(20);
  for (const n of names) expect(n.length).toBeLessThanOrEqual(31);
  expect(plan.create[0]).toMatchObject({ value: "Acme Mattress", sheetName: "Acme Mattress · Spend by day" });
  expect(plan.create[0].request.params.advertisers).toEqual(["Acme Mattress"]);
  expect(plan.dashboards[0]).toEqual({
    value: "Acme Mattress",
    sheetName: "Acme Mattress · Dashboard",
    existing: false,
  });
  expect(planText(plan)).toBe(
    "This run makes 15 report sheets, makes or updates 5 Dashboards; 15 requests will be spent.",
  );
});

/** A set after a run over `values`: 3 sheets and a Dashboard each, and the tables that find the sheets. */
function ranOver(values: string[]) {
  const ran = set({
    members: values.map((value) => ({
      value,
      sheets: [0, 1, 2].map((report) => ({
        report,
        table: `T_${value}_${report}`,
        sheet: `${value} ${report}`,
      })),
      dashboard: `${value} · Dashboard`,
    })),
  });
  const tables = new Map(ran.members.flatMap((m) => m.sheets.map((s) => [s.table, s.sheet] as const)));
  return { ran, tables };
}

test("after a run: a value added makes its sheets, a value removed is named and its sheets stay, the others refresh", () => {
  const { ran, tables } = ranOver(["Acme", "Northwind"]);
  // Northwind's lag sheet was deleted by the planner: it is made again.
  tables.delete("T_Northwind_2");
  const sheets = new Set([...tables.values(), "Acme · Dashboard", "Northwind · Dashboard"]);
  const values = ["Northwind", "Wayne Travel"];
  expect(setChanges(ran, values)).toEqual({ added: ["Wayne Travel"], removed: ["Acme"] });
  expect(setChanges(ran, ["Acme", "Northwind"])).toEqual({ added: [], removed: [] });
  const plan = planRun(ran, values, { tables, sheets }, () => 1, TODAY);
  expect(plan.refresh.map((r) => r.sheetName)).toEqual(["Northwind 0", "Northwind 1"]);
  expect(plan.create.map((c) => `${c.value}/${c.report}`)).toEqual([
    "Northwind/2",
    "Wayne Travel/0",
    "Wayne Travel/1",
    "Wayne Travel/2",
  ]);
  expect(plan.create[1].request.params.advertisers).toEqual(["Wayne Travel"]);
  expect(plan.dashboards).toEqual([
    { value: "Northwind", sheetName: "Northwind · Dashboard", existing: true },
    { value: "Wayne Travel", sheetName: "Wayne Travel · Dashboard", existing: false },
  ]);
  expect(plan.dropped).toEqual(["Acme"]);
  expect(plan.requests).toBe(6);
  expect(planText(plan)).toBe(
    "This run makes 4 report sheets, refreshes 2 report sheets, makes or updates 2 Dashboards; 6 requests will be spent. No longer in the list (their sheets stay): Acme.",
  );
});

test("a removed value a run took in is no longer a change: stored as left, its sheets kept, not named again; back in the range it is a change again", () => {
  const { ran } = ranOver(["Acme", "Northwind", "Initech"]);
  const values = ["Acme", "Northwind"];
  expect(setChanges(ran, values)).toEqual({ added: [], removed: ["Initech"] });
  // The run's members: the listed values in the range's order, then the one that left, marked so.
  const made = new Map(ran.members.map((m) => [m.value, m]));
  const after = set({ members: membersAfterRun(values, made, ran.members) });
  expect(after.members.map((m) => [m.value, m.left ?? false])).toEqual([
    ["Acme", false],
    ["Northwind", false],
    ["Initech", true],
  ]);
  expect(after.members[2].sheets).toEqual(ran.members[2].sheets);
  expect(after.members[2].dashboard).toBe("Initech · Dashboard");
  // The set's state follows that run: no change left, and the next run names nothing as dropped.
  expect(setChanges(after, values)).toEqual({ added: [], removed: [] });
  const tables = new Map(after.members.flatMap((m) => m.sheets.map((s) => [s.table, s.sheet] as const)));
  expect(planRun(after, values, { tables, sheets: new Set() }, () => 1, TODAY).dropped).toEqual([]);
  // A later run keeps the value's record (and its mark) while it stays out of the range.
  const later = membersAfterRun(values, new Map(after.members.map((m) => [m.value, m])), after.members);
  expect(later.find((m) => m.value === "Initech")?.left).toBe(true);
  // Typed back: a change again, and the run that takes it in lists it again.
  expect(setChanges(after, ["Acme", "Northwind", "Initech"])).toEqual({ added: ["Initech"], removed: [] });
  const back = membersAfterRun(
    ["Acme", "Northwind", "Initech"],
    new Map(after.members.map((m) => [m.value, m])),
    after.members,
  );
  expect(back.map((m) => m.left ?? false)).toEqual([false, false, false]);
  // Stored and read again as today's format (version 1, the mark optional within it).
  expect(readStoredSet(JSON.parse(JSON.stringify(after)))).toEqual({ state: "current", set: after });
});

test("the spend counts each request's cost (individual ads spend a request a page)", () => {
  const ads = set({ reports: [{ kind: "individualAds", params: {} }], dashboard: false });
  const plan = planRun(ads, ["A", "B"], { tables: new Map(), sheets: new Set() }, () => 3, TODAY);
  expect(plan.requests).toBe(6);
  expect(plan.dashboards).toEqual([]);
});

test("a report sheet joins a set without its own client; only a report that takes the client can join", () => {
  expect(
    withoutClient("advertiser", {
      kind: "estimatedSpendByDay",
      params: { advertisers: ["Acme"], startDate: "2026-11-01" },
    }),
  ).toEqual({ kind: "estimatedSpendByDay", params: { startDate: "2026-11-01" } });
  expect(takesClient("advertiser", "campaignsPerformance")).toBe(false);
  expect(takesClient("show", "audience")).toBe(true);
  expect(takesClient("show", "impressions")).toBe(false);
});

test("a set stored by version 1 (test/fixtures/stored-sets/set-v1.json, after a run) is read by today's add-in and plans its refresh", () => {
  // The stored shape, as JSON in the workbook's properties: a later version must keep reading it.
  const raw: unknown = JSON.parse(
    readFileSync(join(__dirname, "../../test/fixtures/stored-sets/set-v1.json"), "utf8"),
  );
  const read = readStoredSet(raw);
  expect(read.state).toBe("current");
  if (read.state !== "current") return;
  expect(read.set.members.map((m) => m.value)).toEqual(["Acme Mattress", "Northwind Coffee"]);
  expect(setChanges(read.set, ["Acme Mattress", "Northwind Coffee"])).toEqual({ added: [], removed: [] });
  // Stored again, it is the same text: nothing a run recorded is dropped by reading it.
  expect(JSON.parse(JSON.stringify(read.set))).toEqual(raw);
});

test("Refresh set: only the sheets whose inputs changed are refreshed and spent on, the rest kept, new values made", () => {
  const { ran, tables } = ranOver(["Acme", "Northwind"]);
  const sheets = new Set([...tables.values(), "Acme · Dashboard", "Northwind · Dashboard"]);
  const changed = new Map([["Northwind 1", "its period moved on"]]);
  const plan = planRun(ran, ["Acme", "Northwind", "Wayne"], { tables, sheets, changed }, () => 1, TODAY);
  expect(plan.refresh).toEqual([
    { value: "Northwind", report: 1, sheetName: "Northwind 1", reason: "its period moved on" },
  ]);
  expect(plan.kept.map((k) => k.sheetName)).toEqual([
    "Acme 0",
    "Acme 1",
    "Acme 2",
    "Northwind 0",
    "Northwind 2",
  ]);
  expect(plan.create.map((c) => `${c.value}/${c.report}`)).toEqual(["Wayne/0", "Wayne/1", "Wayne/2"]);
  // Acme's Dashboard is untouched; Northwind's follows its refreshed sheet; Wayne's is made.
  expect(plan.dashboards.map((d) => d.value)).toEqual(["Northwind", "Wayne"]);
  expect(plan.requests).toBe(4);
  expect(planText(plan)).toBe(
    "This run makes 3 report sheets, refreshes 1 report sheet, keeps 5 report sheets whose inputs did not change, makes or updates 2 Dashboards; 4 requests will be spent.",
  );
});

test("a set's sheet's inputs changed: its last refresh failed, its bound cells changed, or its relative period moved on", () => {
  const fixed = {
    kind: "estimatedSpendByDay" as const,
    params: { startDate: "2026-10-01", endDate: "2026-10-31", advertisers: ["Acme"] },
    status: "ok" as const,
    lastRefresh: "2026-11-20T10:00:00.000Z",
  };
  expect(sheetChange(fixed, [], TODAY)).toBeNull();
  expect(sheetChange({ ...fixed, status: "error" }, [], TODAY)).toBe("its last refresh failed");
  expect(sheetChange({ ...fixed, lastRefresh: undefined }, [], TODAY)).toBe("its last refresh failed");
  expect(sheetChange(fixed, ["Start date Inputs!B2 = 2026-11-02"], TODAY)).toBe(
    "Start date Inputs!B2 = 2026-11-02 changed since it was fetched",
  );
  const rolling = {
    ...fixed,
    params: { advertisers: ["Acme"] },
    datePreset: { kind: "last" as const, count: 30, unit: "days" as const },
  };
  expect(sheetChange({ ...rolling, lastRefresh: TODAY.toISOString() }, [], TODAY)).toBeNull();
  expect(sheetChange(rolling, [], TODAY)).toBe("its period moved on");
});
