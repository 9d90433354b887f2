/**
 * Report sets on the workbook's side (issue #36, "Run for each"; the logic is src/reports/reportSet.ts):
 * a set is stored in the workbook's custom properties, `AdsSet.<id>.n` and `AdsSet.<id>.0…` (its JSON
 * in 250-character parts, as report definitions are; never the key), and its range of values is a
 * workbook defined name (boundCells.ts), so Excel keeps it on its cells as they move. A run makes each
 * missing (report, value) sheet through the report sheets' own creation, refreshes the others, then
 * makes each value's Dashboard; all of it under the workbook's one refresh lock, going on past a
 * failed sheet. Fetching is the caller's (a SheetFetcher), as for every refresh.
 */
import { resolveSource } from "../reports/definition";
import {
  SET_VERSION,
  membersAfterRun,
  planRun,
  readSetValues,
  reportSetSchema,
  setChanges,
  sheetChange,
  takesClient,
  withoutClient,
  type ReportSet,
  type RunPlan,
  type SetClient,
  type SetReport,
} from "../reports/reportSet";
import { withRefreshLock } from "../runtime/refreshLock";
import { sourceRequests } from "../runtime/sourceRequests";
import { bindAddress } from "./boundCells";
import { writeSetDashboard } from "./dashboardSheet";
import { errorMessage, type ExcelHost } from "./host";
import { createReportSheet, refreshUnlocked, type SheetFetcher } from "./reportSheets";
import { boundStatusOf } from "./reportBindings";
import { listDefinitions } from "./store/reportRecords";
import { readAllReports, type ReportsRead } from "./store/readAll";
import type { ListedSet } from "./store/setRecords";
import { listReportSets, newerSetMessage, storedSetIds, writeReportSet } from "./store/setStore";

/** The owner of a set's range name: `AdsParam_Set_<id>_values` (boundCells.ts names it). */
const VALUES_OWNER = (id: string) => `Set_${id}`;

export type { ListedSet };
export { listReportSets };

/**
 * The planner changes a set (its name, range of values, reports or "A Dashboard per value"), from the
 * set it read: kept over a run going on meanwhile (a run owns only what it made), refused in words where
 * another pane changed the same field since. A new range is bound by the set's defined name again.
 */
export async function changeReportSet(
  excel: ExcelHost,
  base: ReportSet,
  change: Partial<Pick<NewReportSet, "name" | "values" | "reports" | "dashboard">>,
): Promise<ReportSet> {
  const { values, ...rest } = change;
  const patch: Partial<ReportSet> = { ...rest };
  if (values !== undefined) {
    const { binding } = await bindAddress(excel, VALUES_OWNER(base.id), "values", values);
    patch.values = { name: binding.name, address: binding.address };
  }
  return writeReportSet(excel, base, "planner", patch);
}

export interface NewReportSet {
  name: string;
  client: SetClient;
  /** The range of values: an address ("Inputs!A2:A6") or a defined name. */
  values: string;
  reports: SetReport[];
  dashboard: boolean;
}

/** Stores a new set, its range of values bound by a defined name; nothing is requested. */
export async function makeReportSet(excel: ExcelHost, input: NewReportSet): Promise<ReportSet> {
  const ids = new Set((await storedSetIds(excel)).map((k) => k.toLowerCase()));
  const base =
    input.name
      .replace(/[^A-Za-z0-9]+/g, "_")
      .replace(/^_+|_+$/g, "")
      .slice(0, 30) || "Set";
  let id = base;
  for (let i = 2; ids.has(id.toLowerCase()); i++) id = `${base}_${i}`;
  const draft: ReportSet = {
    version: SET_VERSION,
    id,
    ...input,
    values: { name: "unbound", address: input.values },
    members: [],
  };
  // Checked before the name is made: a report that cannot take the client refuses with nothing stored.
  const checked = reportSetSchema.safeParse(draft);
  if (!checked.success)
    throw new Error(`The set was not saved: ${checked.error.issues.map((i) => i.message).join("; ")}.`);
  const { binding } = await bindAddress(excel, VALUES_OWNER(id), "values", input.values);
  const set: ReportSet = { ...draft, values: { name: binding.name, address: binding.address } };
  return writeReportSet(excel, null, "planner", set);
}

/** The report sheets that can join a set of `client`: those whose kind takes it. */
export async function setCandidates(excel: ExcelHost, client: SetClient): Promise<string[]> {
  return (await listDefinitions(excel)).filter((d) => takesClient(client, d.kind)).map((d) => d.sheetName);
}

/** A new set of the requests of report sheets (each without its own client); nothing is requested. */
export async function makeReportSetFromSheets(
  excel: ExcelHost,
  input: Omit<NewReportSet, "reports"> & { sheets: readonly string[] },
): Promise<ReportSet> {
  const defs = await listDefinitions(excel);
  const reports = input.sheets.map((name) => {
    const def = defs.find((d) => d.sheetName === name);
    if (!def) throw new Error(`No report sheet is named "${name}" any more: read the list again.`);
    return withoutClient(input.client, def);
  });
  if (reports.length === 0) throw new Error("Tick at least one report sheet for the set.");
  return makeReportSet(excel, { ...input, reports });
}

/** What a run of the set would do now, read from the workbook (no request): shown and confirmed first. */
export interface SetPreview {
  set: ReportSet;
  values: string[];
  plan: RunPlan;
  /** Values added to the range since the last run, and values no longer in it: the set is stale when either is not empty. */
  changes: { added: string[]; removed: string[] };
}

/**
 * The set's existing sheets whose inputs changed (sheetChange: the sheet's own bound cells, its period,
 * a failed last refresh), sheet → why; from the store's batched read (no sync of its own).
 */
function changedSheets(set: ReportSet, read: ReportsRead, today: Date): Map<string, string> {
  const byTable = new Map(
    read.reports.flatMap((d, i) =>
      d.tableName ? [[d.tableName, { def: d, cells: read.cells[i] }] as const] : [],
    ),
  );
  const changed = new Map<string, string>();
  for (const member of set.members)
    for (const made of member.sheets) {
      const found = byTable.get(made.table);
      if (!found) continue;
      const { def } = found;
      const bound = def.bindings?.length ? boundStatusOf(def, found.cells, read.system, today) : null;
      const why = sheetChange(def, bound?.changed ?? [], today);
      if (why) changed.set(def.sheetName, why);
    }
  return changed;
}

/** The set `id` as read: today's, or refused in words (a later version's, or none). */
function setIn(read: ReportsRead, id: string): ReportSet {
  for (const s of read.sets) {
    if (s.state === "current" && s.set.id === id) return s.set;
    if (s.state === "newer" && s.id === id) throw new Error(newerSetMessage(s.name, s.version));
  }
  throw new Error(`This workbook has no report set "${id}" that the add-in can read.`);
}

/**
 * What a run would do now. Refresh set (the default) refreshes only the sheets whose inputs changed and
 * makes the new values' sheets; `all` (Run for each, Refresh all of the set) refreshes every sheet.
 * Read from the store's batched read (`read`, else read now: three syncs whatever the number of sheets).
 */
export async function previewReportSet(
  excel: ExcelHost,
  id: string,
  today = new Date(),
  opts: { all?: boolean; read?: ReportsRead } = {},
): Promise<SetPreview> {
  const read = opts.read ?? (await readAllReports(excel));
  const set = setIn(read, id);
  const values = readSetValues(read.setCells.get(id) ?? { state: "missing" });
  if (!values.ok)
    throw new Error(
      `The report set "${set.name}": ${values.problem}. Nothing was requested and no sheet was changed.`,
    );
  const defs = read.reports;
  const tables = new Map(defs.flatMap((d) => (d.tableName ? [[d.tableName, d.sheetName] as const] : [])));
  const rows = new Map(defs.map((d) => [d.sheetName, d.rowCount]));
  // A sheet refreshed spends what its refresh spends (individual ads by the rows it held last time).
  const cost = (request: Parameters<typeof sourceRequests>[0], sheetName?: string) =>
    sourceRequests(request, sheetName ? rows.get(sheetName) : 0).requests;
  const changed = opts.all ? undefined : changedSheets(set, read, today);
  const plan = planRun(set, values.values, { tables, sheets: read.taken.sheets, changed }, cost, today);
  return { set, values: values.values, plan, changes: setChanges(set, values.values) };
}

/**
 * Whether the set's range still gives other values than its last run acknowledged (what the pane's
 * "Stale" banner says of it): false once a run has taken the change in, or when the set is gone or
 * never ran; true when its range cannot be read (the set cannot run until the planner looks).
 */
export async function setStaleNow(excel: ExcelHost, id: string): Promise<boolean> {
  const read = await readAllReports(excel);
  const set = read.sets.find((s) => s.state === "current" && s.set.id === id);
  if (set?.state !== "current" || set.set.members.length === 0) return false;
  const values = readSetValues(read.setCells.get(id) ?? { state: "missing" });
  if (!values.ok) return true;
  const { added, removed } = setChanges(set.set, values.values);
  return added.length > 0 || removed.length > 0;
}

/** Every set of the workbook with what a run would do now, or why it cannot run: one batched read for all. */
export async function previewReportSets(
  excel: ExcelHost,
  today = new Date(),
): Promise<{ listed: ListedSet; preview?: SetPreview; error?: string }[]> {
  const read = await readAllReports(excel);
  return Promise.all(
    read.sets.map(async (listed) => {
      if (listed.state === "newer") return { listed };
      try {
        return { listed, preview: await previewReportSet(excel, listed.set.id, today, { read }) };
      } catch (e) {
        return { listed, error: errorMessage(e) };
      }
    }),
  );
}

/** One sheet's outcome in a run: made, refreshed, or failed (and why); the rest of the run went on. */
interface SheetOutcome {
  value: string;
  sheetName: string;
  done: "made" | "refreshed" | "failed";
  error?: string;
}

export interface SetRunResult {
  sheets: SheetOutcome[];
  dashboards: SheetOutcome[];
  /** Sheets kept as they are: their inputs did not change (Refresh set). */
  kept: number;
  /** Values no longer in the range: their sheets stay, and are no longer run. */
  dropped: string[];
}

/**
 * Runs the set ("Run for each" the first time, "Refresh set" after): under the workbook's one refresh
 * lock, makes each missing (report, value) sheet, refreshes the others, then makes or makes again each
 * value's Dashboard; a failed sheet is reported and the run goes on. `confirmed` is the request count the
 * planner agreed to: when the range changed since and the run would spend more, nothing is sent.
 */
export async function runReportSet(
  excel: ExcelHost,
  id: string,
  fetch: SheetFetcher,
  opts: { confirmed: number; all?: boolean; signal?: AbortSignal; now?: () => Date },
): Promise<SetRunResult> {
  const now = opts.now ?? (() => new Date());
  const name = setIn(await readAllReports(excel), id).name;
  return withRefreshLock({ sheetName: name, origin: "report set" }, async () => {
    const { set, values, plan } = await previewReportSet(excel, id, now(), { all: opts.all });
    if (plan.requests > opts.confirmed)
      throw new Error(
        `The report set "${set.name}" would now spend ${plan.requests} requests, more than the ${opts.confirmed} you agreed to (its list changed): nothing was requested. Run it again to see what it spends now.`,
      );
    const members = new Map(set.members.map((m) => [m.value, { ...m, sheets: [...m.sheets] }]));
    const memberOf = (value: string) => {
      const m = members.get(value) ?? { value, sheets: [] };
      members.set(value, m);
      return m;
    };
    const sheets: SheetOutcome[] = [];
    for (const r of plan.refresh) {
      if (opts.signal?.aborted) break;
      try {
        const def = await refreshUnlocked(excel, r.sheetName, fetch, { signal: opts.signal, now });
        const member = memberOf(r.value);
        member.sheets = member.sheets.map((s) =>
          s.report === r.report ? { ...s, sheet: def.sheetName } : s,
        );
        sheets.push({ value: r.value, sheetName: def.sheetName, done: "refreshed" });
      } catch (err) {
        sheets.push({ value: r.value, sheetName: r.sheetName, done: "failed", error: errorMessage(err) });
      }
    }
    for (const c of plan.create) {
      if (opts.signal?.aborted) break;
      try {
        const at = now();
        const data = await fetch(resolveSource(c.request, at), opts.signal);
        const def = await createReportSheet(excel, { ...c.request, label: c.sheetName }, data, at);
        const member = memberOf(c.value);
        member.sheets = [
          ...member.sheets.filter((s) => s.report !== c.report),
          { report: c.report, table: def.tableName ?? def.sheetName, sheet: def.sheetName },
        ];
        sheets.push({ value: c.value, sheetName: def.sheetName, done: "made" });
      } catch (err) {
        sheets.push({ value: c.value, sheetName: c.sheetName, done: "failed", error: errorMessage(err) });
      }
    }
    const dashboards: SheetOutcome[] = [];
    for (const d of plan.dashboards) {
      const member = memberOf(d.value);
      // Show sheets have no table a Dashboard can read.
      const shown = member.sheets.filter((s) => set.reports[s.report]?.kind !== "show").map((s) => s.sheet);
      if (shown.length === 0) continue;
      const before = set.members.find((m) => m.value === d.value)?.sheets.length ?? 0;
      try {
        const made = await writeSetDashboard(excel, set.id, d.sheetName, shown, before);
        member.dashboard = made.sheetName;
        dashboards.push({
          value: d.value,
          sheetName: made.sheetName,
          done: d.existing ? "refreshed" : "made",
        });
      } catch (err) {
        dashboards.push({ value: d.value, sheetName: d.sheetName, done: "failed", error: errorMessage(err) });
      }
    }
    // The range's values first, in its order; values no longer in it keep their record (their sheets
    // stay the set's), marked as left: this run said so, and the set is no longer stale for them.
    // The run owns what it made: a change the planner made to the set meanwhile is kept.
    await writeReportSet(excel, set, "set run", { members: membersAfterRun(values, members, set.members) });
    return { sheets, dashboards, kept: plan.kept.length, dropped: plan.dropped };
  });
}
