/**
 * Report sets (issue #36, "Run for each"), pure: a set is a few report requests (and optionally a
 * Dashboard) whose client parameter (the advertiser, or the show) takes each value of one range of
 * cells in turn: one sheet per report and value, one Dashboard per value. This module holds the
 * stored, versioned definition, the values read from the range, the sheets' names, whether the set is
 * stale, and the plan of a run (what is made, refreshed and spent) before anything is sent.
 * src/excel/reportSets.ts does the workbook's side.
 */
import { z } from "zod";
import type { BoundCell } from "./boundParams";
import { definitionSchema, resolveSource, type SheetSourceKind } from "./definition";
import type { DatePreset } from "./relativeDates";
import { sheetLabel } from "./sheetLabel";

/** The set's stored format; a set stored by a later version is read-only (never run or overwritten). */
export const SET_VERSION = 1;

const CLIENTS = ["advertiser", "show"] as const;
export type SetClient = (typeof CLIENTS)[number];

/** How a report takes the client: the parameter, and whether it is a list, one value, or a list of numbers. */
interface ClientParam {
  param: string;
  shape: "list" | "one" | "numbers";
}

/**
 * The parameter that names the client in each source that takes one (src/api/schemas): the listener,
 * ads and incrementality requests take one advertiser; search filters by show ids, as numbers.
 */
const CLIENT_PARAMS: Readonly<Record<SetClient, Partial<Record<SheetSourceKind, ClientParam>>>> = {
  advertiser: {
    impressions: { param: "advertiser", shape: "list" },
    lag: { param: "advertiser", shape: "list" },
    estimatedSpendByDay: { param: "advertisers", shape: "list" },
    estimatedSpendByShowByDay: { param: "advertisers", shape: "list" },
    impressionListeners: { param: "advertiser", shape: "one" },
    individualAds: { param: "advertiser", shape: "one" },
    incrementality: { param: "advertiser", shape: "one" },
  },
  show: {
    audience: { param: "show", shape: "list" },
    search: { param: "showFilterIds", shape: "numbers" },
    show: { param: "id", shape: "one" },
  },
};

const CLIENT_WORDS: Readonly<Record<SetClient, string>> = { advertiser: "an advertiser", show: "a show" };

/** One report of the set: a request as a report sheet stores it, without the client (each value gives it). */
const setReportSchema = definitionSchema.pick({ kind: true, params: true, datePreset: true });
export type SetReport = z.infer<typeof setReportSchema>;

/** A sheet the set made: which report, for which value, and its table (a rename of the sheet keeps it). */
const memberSheetSchema = z.object({
  report: z.number().int().min(0),
  table: z.string().min(1),
  sheet: z.string().min(1),
});

/**
 * What the set made for one value: its report sheets and its Dashboard. `left`: the value had left the
 * range when the last run ran, which said so; its sheets stay the set's, and are no longer run. Optional
 * within version 1 (a set stored before it reads as every member listed; an add-in from before it
 * drops the field, and then names the value as no longer in the list until its own next run).
 */
const memberSchema = z.object({
  value: z.string().min(1),
  sheets: z.array(memberSheetSchema),
  dashboard: z.string().optional(),
  left: z.literal(true).optional(),
});
type Member = z.infer<typeof memberSchema>;

export const reportSetSchema = z
  .object({
    version: z.literal(SET_VERSION),
    /** The store's revision (issue #44): absent in sets stored before it, added on their first write. */
    revision: z.number().int().nonnegative().optional(),
    /** Names the set's stored properties and its range's defined name: letters, digits and _. */
    id: z.string().regex(/^[A-Za-z0-9_]{1,40}$/),
    name: z.string().trim().min(1).max(80),
    client: z.enum(CLIENTS),
    /** The range of values: a workbook defined name over it, and where it was when last read. */
    values: z.object({ name: z.string().min(1), address: z.string() }),
    reports: z.array(setReportSchema).min(1),
    /** A Dashboard per value, over that value's report sheets. */
    dashboard: z.boolean(),
    /** What the last run made, value by value, in the order of the range then. */
    members: z.array(memberSchema),
  })
  .superRefine((set, ctx) => {
    set.reports.forEach((r, i) => {
      if (!CLIENT_PARAMS[set.client][r.kind])
        ctx.addIssue({
          code: "custom",
          path: ["reports", i],
          message: `report ${i + 1} cannot be asked for ${CLIENT_WORDS[set.client]}`,
        });
    });
  });
export type ReportSet = z.infer<typeof reportSetSchema>;

/** A stored set as read: today's, or one a later version wrote (read-only), or nothing readable. */
export type StoredSet =
  | { state: "current"; set: ReportSet }
  | { state: "newer"; version: number; name: string }
  | { state: "unreadable" };

export function readStoredSet(raw: unknown): StoredSet {
  const version = (raw as { version?: unknown } | null)?.version;
  if (typeof version === "number" && version > SET_VERSION) {
    const name = (raw as { name?: unknown }).name;
    return { state: "newer", version, name: typeof name === "string" ? name : "" };
  }
  const parsed = reportSetSchema.safeParse(raw);
  return parsed.success ? { state: "current", set: parsed.data } : { state: "unreadable" };
}

/** A report's request for one value: its parameters with the client set to the value. */
export function requestFor(
  client: SetClient,
  report: SetReport,
  value: string,
): { kind: SheetSourceKind; params: Record<string, unknown>; datePreset?: DatePreset } {
  const cp = CLIENT_PARAMS[client][report.kind];
  if (!cp) throw new Error(`This report cannot be asked for ${CLIENT_WORDS[client]}`);
  const given =
    cp.shape === "one"
      ? value
      : cp.shape === "numbers"
        ? [/^\d+$/.test(value) ? Number(value) : value]
        : [value];
  return {
    kind: report.kind,
    params: { ...report.params, [cp.param]: given },
    datePreset: report.datePreset,
  };
}

/**
 * The values the range gives: its filled cells row by row, trimmed, each once (the first kept); or
 * what is wrong with the range. A number is read as its text (a show id).
 */
export function readSetValues(
  cell: BoundCell,
): { ok: true; values: string[] } | { ok: false; problem: string } {
  if (cell.state === "missing")
    return { ok: false, problem: "the name that held the range of values was deleted" };
  if (cell.state === "error")
    return { ok: false, problem: `the range of values was deleted (its reference is ${cell.value})` };
  const values: string[] = [];
  for (const [r, row] of cell.values.entries())
    for (const [c, value] of row.entries()) {
      const type = cell.types[r][c];
      if (type === "Error") return { ok: false, problem: `${cell.address} holds the error ${String(value)}` };
      const text = type === "Empty" || value === null ? "" : String(value).trim();
      if (text && !values.includes(text)) values.push(text);
    }
  return values.length ? { ok: true, values } : { ok: false, problem: `${cell.address} is empty` };
}

const SHEET_CHARS = 31;
/** Sheet names Excel keeps for itself. */
const RESERVED = ["history"];

/** A sheet name's part without the characters Excel refuses ([ ] : * ? / \) and without outer apostrophes. */
const clean = (s: string) =>
  s
    .replace(/[[\]:*?/\\]/g, " ")
    .replace(/\s+/g, " ")
    .replace(/^[\s']+|[\s']+$/g, "");

/** `text` within `max` characters, cut at a word's end when one ends in the kept half. */
function cutAtWord(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max);
  const space = cut.lastIndexOf(" ");
  const kept = text[max] !== " " && space >= max / 2 ? cut.slice(0, space) : cut;
  // "Impressions by day" cut reads "Impressions", not "Impressions by".
  return clean(kept.replace(/(\s+(by|for|of|from|to))?[\s,·]*$/, ""));
}

/** `name` made unique against `taken` (lower case) with " (2)", " (3)", … within 31 characters. */
function unique(name: string, taken: ReadonlySet<string>): string {
  if (!taken.has(name.toLowerCase())) return name;
  for (let i = 2; ; i++) {
    const suffix = ` (${i})`;
    const next = `${cutAtWord(name, SHEET_CHARS - suffix.length)}${suffix}`;
    if (!taken.has(next.toLowerCase())) return next;
  }
}

/**
 * The sheet of `what` ("Spend by day, Oct", "Dashboard") for a value: named after the value first,
 * "Acme Mattress · Spend by day, Oct", within Excel's 31 characters: the period goes first, then the
 * value and the rest are cut, so every name still begins with its value.
 */
export function valueSheetName(value: string, what: string, taken: ReadonlySet<string>): string {
  const v = clean(value) || "Client";
  const w = clean(what) || "Report";
  const short = w.replace(/, [^,]*$/, "");
  const fitted = [`${v} · ${w}`, `${v} · ${short}`].find((n) => n.length <= SHEET_CHARS);
  const cutValue = clean(v.slice(0, 16));
  const name = fitted ?? cutAtWord(`${cutValue} · ${short}`, SHEET_CHARS);
  const lower = new Set([...[...taken].map((t) => t.toLowerCase()), ...RESERVED]);
  return unique(name, lower);
}

/** Whether a report of `kind` can be asked for each value of a set of `client`. */
export const takesClient = (client: SetClient, kind: SheetSourceKind): boolean =>
  CLIENT_PARAMS[client][kind] !== undefined;

/** A report as a set keeps it: its request without the client (each value gives it). */
export function withoutClient(client: SetClient, report: SetReport): SetReport {
  const cp = CLIENT_PARAMS[client][report.kind];
  const params = { ...report.params };
  if (cp) delete params[cp.param];
  return { kind: report.kind, params, ...(report.datePreset ? { datePreset: report.datePreset } : {}) };
}

/** A report's name without its client: what its sheets are, after the value. */
function reportLabel(client: SetClient, report: SetReport, today: Date): string {
  const bare = withoutClient(client, report);
  return sheetLabel(bare.kind, bare.params, bare.datePreset, today);
}

/**
 * What changed in the range since the last run: values added (or back after leaving), and values that
 * left it (their sheets stay). The state follows the last run: a value whose leaving a run has
 * acknowledged (its member marked `left`) is no longer a change.
 */
export function setChanges(
  set: ReportSet,
  values: readonly string[],
): { added: string[]; removed: string[] } {
  const ran = set.members.filter((m) => !m.left).map((m) => m.value);
  return {
    added: values.filter((v) => !ran.includes(v)),
    removed: ran.filter((v) => !values.includes(v)),
  };
}

/**
 * The members a run stores: the range's values first, in its order, each with what it made (a value
 * that made nothing is left out); then every other value the set ever ran, marked `left` (their
 * sheets stay the set's, never run, and the set is no longer stale for them).
 */
export function membersAfterRun(
  values: readonly string[],
  made: ReadonlyMap<string, Member>,
  before: readonly Member[],
): Member[] {
  const listed = values.flatMap((v) => {
    const m = made.get(v);
    if (!m || m.sheets.length === 0) return [];
    const { left: _left, ...member } = m;
    return [member];
  });
  const gone = before
    .filter((m) => !values.includes(m.value))
    .map((m) => made.get(m.value) ?? m)
    .filter((m) => m.sheets.length > 0)
    .map((m): Member => ({ ...m, left: true }));
  return [...listed, ...gone];
}

/** A sheet a run makes: for which value and report, its name, and the request it lands. */
interface PlannedSheet {
  value: string;
  report: number;
  sheetName: string;
  request: ReturnType<typeof requestFor>;
}

/** A sheet of the set a run refreshes (or keeps), by its current name; why it is refreshed, when only changes are. */
interface RefreshedSheet {
  value: string;
  report: number;
  sheetName: string;
  reason?: string;
}

export interface RunPlan {
  create: PlannedSheet[];
  refresh: RefreshedSheet[];
  /** The set's sheets whose inputs did not change: kept as they are, nothing spent on them. */
  kept: RefreshedSheet[];
  /** Each value's Dashboard: made new (a name) or made again in place (`existing`). */
  dashboards: { value: string; sheetName: string; existing: boolean }[];
  /** Values whose sheets stay but are no longer run: they left the range. */
  dropped: string[];
  /** Requests the run spends, counted before anything is sent. */
  requests: number;
}

/**
 * What running the set over `values` does: each value's report sheets that exist (found by their
 * tables: `tables` maps every report table to its sheet's name now) are refreshed, the missing ones
 * made, and each value's Dashboard made or made again; values the last run had that the range no
 * longer gives are named, never deleted. `cost` counts one request's spend (src/runtime/sourceRequests.ts),
 * given the sheet it refreshes, if any.
 *
 * `changed` (Refresh set): only the existing sheets it names (sheet → why its inputs changed,
 * sheetChange) are refreshed, the others kept, and a Dashboard made again only for a value whose sheets
 * changed or where it is missing. Without it (Run for each, Refresh all of the set) every sheet is.
 */
export function planRun(
  set: ReportSet,
  values: readonly string[],
  workbook: {
    tables: ReadonlyMap<string, string>;
    sheets: ReadonlySet<string>;
    changed?: ReadonlyMap<string, string>;
  },
  cost: (request: ReturnType<typeof requestFor>, sheetName?: string) => number,
  today: Date,
): RunPlan {
  const taken = new Set(workbook.sheets);
  const plan: RunPlan = { create: [], refresh: [], kept: [], dashboards: [], dropped: [], requests: 0 };
  for (const value of values) {
    const member = set.members.find((m) => m.value === value);
    let touched = false;
    set.reports.forEach((report, i) => {
      const request = requestFor(set.client, report, value);
      const made = member?.sheets.find((s) => s.report === i);
      const sheetName = made && workbook.tables.get(made.table);
      if (sheetName && workbook.changed && !workbook.changed.has(sheetName)) {
        plan.kept.push({ value, report: i, sheetName });
        return;
      }
      touched = true;
      plan.requests += cost(request, sheetName);
      if (sheetName) {
        const reason = workbook.changed?.get(sheetName);
        plan.refresh.push({ value, report: i, sheetName, ...(reason ? { reason } : {}) });
        return;
      }
      const name = valueSheetName(value, reportLabel(set.client, report, today), taken);
      taken.add(name);
      plan.create.push({ value, report: i, sheetName: name, request });
    });
    if (!set.dashboard) continue;
    const existing = member?.dashboard !== undefined && workbook.sheets.has(member.dashboard);
    if (existing && !touched) continue;
    const sheetName = existing ? member!.dashboard! : valueSheetName(value, "Dashboard", taken);
    taken.add(sheetName);
    plan.dashboards.push({ value, sheetName, existing });
  }
  plan.dropped = setChanges(set, values).removed;
  return plan;
}

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** What a run does, in words: "makes 15 report sheets, makes or updates 5 Dashboards". */
export function planWhat(plan: RunPlan): string {
  const parts = [
    plan.create.length ? `makes ${count(plan.create.length, "report sheet", "report sheets")}` : "",
    plan.refresh.length ? `refreshes ${count(plan.refresh.length, "report sheet", "report sheets")}` : "",
    plan.kept.length
      ? `keeps ${count(plan.kept.length, "report sheet", "report sheets")} whose inputs did not change`
      : "",
    plan.dashboards.length
      ? `makes or updates ${count(plan.dashboards.length, "Dashboard", "Dashboards")}`
      : "",
  ].filter(Boolean);
  return parts.length ? parts.join(", ") : "makes nothing";
}

/** The values no longer in the list, as the planner reads them ("" when none). */
export const droppedText = (dropped: readonly string[]): string =>
  dropped.length ? `No longer in the list (their sheets stay): ${dropped.join(", ")}.` : "";

/** The plan as the planner reads it before confirming. */
export function planText(plan: RunPlan): string {
  const spend = `${count(plan.requests, "request", "requests")} will be spent`;
  return [`This run ${planWhat(plan)}; ${spend}.`, droppedText(plan.dropped)].filter(Boolean).join(" ");
}

/** What a set's sheet was fetched with, as its stored definition says (src/reports/definition.ts). */
export interface FetchedSheet {
  kind: SheetSourceKind;
  params: Record<string, unknown>;
  datePreset?: DatePreset;
  status: "ok" | "error";
  lastRefresh?: string;
}

/** A request's dates as they resolve on `day` (a relative period moves on; fixed dates do not). */
const periodOn = (r: Pick<FetchedSheet, "kind" | "params" | "datePreset">, day: Date) => {
  const p = resolveSource(r, day).params;
  return `${String(p.startDate ?? "")}|${String(p.endDate ?? "")}`;
};

/**
 * Why a set's sheet must be fetched again, or null when its inputs did not change. A set's sheet is
 * one value's (the value is its client: a value typed in its place is a new value, whose sheets are
 * made, while this one's are kept), so its inputs are what it was fetched with against what it would be
 * fetched with now: its own bound cells (`boundChanged`, the parameters whose cells now give other
 * values, reportBindings.ts) and its relative period as it resolves today against how it resolved on its
 * last refresh ("last 30 days" a day later). A sheet whose last refresh failed, or that was never
 * refreshed, holds no answer to keep. The request the sheet stores is what its refresh asks (an Edit
 * request made on it is its own), so it is not compared with the set's.
 */
export function sheetChange(
  fetched: FetchedSheet,
  boundChanged: readonly string[],
  today: Date,
): string | null {
  if (fetched.status === "error" || !fetched.lastRefresh) return "its last refresh failed";
  if (boundChanged.length) return `${boundChanged.join("; ")} changed since it was fetched`;
  const last = new Date(fetched.lastRefresh);
  if (
    fetched.datePreset &&
    !Number.isNaN(last.getTime()) &&
    periodOn(fetched, today) !== periodOn(fetched, last)
  )
    return "its period moved on";
  return null;
}
