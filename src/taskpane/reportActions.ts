/**
 * What the pane's buttons do with the service and the workbook: run a request into a new report
 * sheet (tracked in the activity list), refresh, edit, remove, insert a formula. Shared with the
 * ribbon commands through src/runtime/reportSources.ts.
 */
import { insertFormulaAtSelection as insertFormula } from "../excel/insertFormula";
import { AdsError } from "../api/errors";
import type { PollProgress } from "../api/polling";
import { fetchSheetData } from "../runtime/reportSources";
import { renameOffer, sheetLabel } from "../reports/sheetLabel";
import { presetLabel } from "../reports/relativeDates";
import { resolveSource } from "../reports/definition";
import { canSummarise } from "../reports/dashboard";
import {
  definitionFor,
  listDefinitions,
  readDefinition,
  refreshReport,
  removeDefinition,
  renameReportSheet,
  setRefreshOnOpenFlag,
  setReportChart,
  type NewReport,
  type SheetFetcher,
} from "../excel/reportSheets";
import {
  markReportsStale,
  newerVersionOf,
  writeReport,
  type StoredReport,
} from "../excel/store/reportRecords";
import { readAllReports } from "../excel/store/readAll";
import {
  boundStatusOf,
  currentAddresses,
  paramsFromCells,
  rebindReport,
  type BoundStatus,
} from "../excel/reportBindings";
import type { ExcelHost } from "../excel/host";
import { refreshEverything } from "../commands/guardedRefresh";
import { sourceRequests } from "../runtime/sourceRequests";
import { askToSpend, openSpendQuestion, type SpendRequest } from "../runtime/spendGuard";
import { CandidatesNotSentError } from "../runtime/prospectsSource";
import { CHART_KINDS } from "../excel/charts/chartChoice";
import { setLoadWithDocument } from "../excel/startup";
import { canTryAgain, plannerMessage, refusedAdvertiser, type PlannerContext } from "../api/errorWords";
import { knownAdvertisers } from "../excel/advertiserNames";
import type { Services } from "./services";
import { makeSheet } from "./sheetMaker";
import { NOT_CONNECTED } from "./services";
import {
  describeRequest,
  failureDetails,
  failureReason,
  failureText,
  requestDetails,
  requestLabel,
  type RequestSummary,
} from "./requestText";

export type SheetRequest = RequestSummary;

/** How a new report sheet looks: its table style and whether a chart goes beside it. */
export type SheetLook = Pick<NewReport, "tableStyle" | "chart">;

/** How a run ended, for the form that started it (an edit stays open when it failed). */
export type RunOutcome =
  | {
      ok: true;
      /** An edited request whose sheet still bears the old request's name: the name that would match it. */
      rename?: { from: string; to: string };
    }
  /** `refused`: the service refused an advertiser asked for (the form shows why, with close names). */
  | { ok: false; cancelled: boolean; reason: string; refused?: boolean };

export interface ReportSheetSummary {
  sheetName: string;
  label: string;
  status: string;
  rowCount: number;
  lastRefresh?: string;
  lastError?: string;
  refreshOnOpen: boolean;
  editable: boolean;
  /** Why Edit request is not offered, in words (absent when it is). */
  editBlocked?: string;
  /** Whether the sheet's kind may have a chart, and its chart switch and last error. */
  chartable: boolean;
  chart: { enabled: boolean; error?: string; deleted?: boolean };
  /** What the last refresh said beside its outcome (what it assumed, notes that no longer line up, …). */
  notes: string[];
  /** Made by a later version of the add-in: shown, never refreshed, edited or switched here. */
  readOnly: boolean;
  /** Make dashboard may offer it: it has a table with at least one KPI (src/reports/dashboard.ts, canSummarise). */
  dashboard: boolean;
  /** Parameters taken from cells: the values fetched with, those whose cells now differ (stale), bad cells. */
  bound?: BoundStatus;
}

/**
 * Asking again is safe (errorWords.canTryAgain): a passing failure, or one that may have counted, which
 * is never re-sent by itself: the planner chooses.
 */
const mayTryAgain = (e: unknown) => canTryAgain(e);

const errorText = (e: unknown) =>
  e instanceof AdsError ? plannerMessage(e) : e instanceof Error ? e.message : String(e);

function progressText(p: PollProgress): string {
  return `The service is preparing it (${p.status}; checked ${p.polls} ${p.polls === 1 ? "time" : "times"})`;
}

function fetcher(
  services: Services,
  id?: number,
  notes: string[] = [],
  confirmSpend?: (request: SpendRequest) => Promise<boolean>,
): SheetFetcher {
  return (source, signal) => {
    if (!services.client) throw new Error(NOT_CONNECTED);
    return fetchSheetData(services.client, source, {
      signal,
      onProgress:
        id === undefined ? undefined : (p) => services.activity.update(id, { detail: progressText(p) }),
      onNote: (note) => notes.push(note),
      confirmSpend,
    });
  };
}

/** A refresh's notes as sentences of their own ("The status line was not written: …"). */
const sentences = (notes: readonly string[] | undefined) =>
  (notes ?? []).map((n) => `${n.charAt(0).toUpperCase()}${n.slice(1)}${/[.!?]$/.test(n) ? "" : "."}`);

/** A finished request's activity detail, with anything the planner should know about the answer. */
/** The outcome, then its notes as sentences of their own ("1,000 rows → sheet Ads. The sheet holds …"). */
const withNotes = (detail: string, notes: string[]) =>
  (notes.length ? [`${detail}.`, ...notes] : [detail]).join(" ");

/**
 * Runs a request and lands the result as a new report sheet (or, when editing, refreshes that sheet
 * with the new request; when that fails the sheet keeps its old request and data). Never throws.
 */
/** The request with the parameters it takes from cells read from them now (a bound date drops the preset). */
async function withCellValues(
  excel: ExcelHost,
  req: SheetRequest,
  cells: Readonly<Record<string, string>>,
): Promise<SheetRequest> {
  if (Object.keys(cells).length === 0) return req;
  const params = await paramsFromCells(excel, req.kind, req.params, cells);
  const datesBound = "startDate" in cells || "endDate" in cells;
  return { ...req, params, datePreset: datesBound ? undefined : req.datePreset };
}

/** Asks the planner whatever the limit (a prospect search's candidates: their exact count, before they are sent). */
const askAlways = (request: SpendRequest): Promise<boolean> => openSpendQuestion(request).answer;

export async function runSourceToSheet(
  services: Services,
  req: SheetRequest,
  look: SheetLook = {},
  /**
   * Whether the form that asked shows a failure's reason itself (an edit kept open): then no toast,
   * as the form and the Activity list already say it. Asked when the run fails (the form may be gone).
   */
  shownByForm: (err: unknown) => boolean = () => false,
): Promise<RunOutcome> {
  const controller = new AbortController();
  const id = services.activity.start(requestLabel(req), describeRequest(req), () => controller.abort());
  const notes: string[] = [];
  try {
    // Parameters taken from cells are read now: a bad cell refuses before anything is counted or sent.
    const cells = req.cells ?? {};
    req = await withCellValues(services.excel, req, cells);
    // One report is one request; individual ads a request a page: many pages ask first; a prospect
    // search its seeds, then (counted from their answers) its candidates, asked always, whatever the limit.
    const cost = sourceRequests({ kind: req.kind, params: req.params });
    if (!(await askToSpend({ action: requestLabel(req), ...cost })))
      return notSent(services, id, cost.requests);
    const confirm = req.kind === "prospects" ? askAlways : undefined;
    if (req.sheetName) {
      const old = await definitionFor(services.excel, req.sheetName, "to edit");
      const bindings = await rebindReport(services.excel, old, cells);
      await writeReport(services.excel, old, "planner", {
        params: req.params,
        datePreset: req.datePreset,
        bindings,
      });
      try {
        const def = await refreshReport(
          services.excel,
          req.sheetName,
          fetcher(services, id, notes, confirm),
          {
            signal: controller.signal,
          },
        );
        notes.push(...sentences(def.notes));
      } catch (err) {
        // The old request again, over what the failed refresh recorded (its error, its status line).
        const failed = await readDefinition(services.excel, req.sheetName).catch(() => null);
        if (failed)
          await writeReport(services.excel, failed, "planner", {
            params: old.params,
            datePreset: old.datePreset,
            bindings: old.bindings,
          });
        throw err;
      }
      services.activity.update(id, {
        status: "done",
        endedAt: Date.now(),
        detail: withNotes(`Updated ${req.sheetName}`, notes),
      });
      services.notify(withNotes(`Updated ${req.sheetName}`, notes), notes.length ? "warning" : "success");
      // "…, last 30 days" now asking for 3 months: the form offers the name that says so.
      const to = renameOffer(req.sheetName, old, req);
      return { ok: true, ...(to ? { rename: { from: req.sheetName, to } } : {}) };
    }
    const source = resolveSource({ kind: req.kind, params: req.params, datePreset: req.datePreset });
    const data = await fetcher(services, id, notes, confirm)(source, controller.signal);
    const label = sheetLabel(req.kind, req.params, req.datePreset);
    const report = { kind: req.kind, params: req.params, datePreset: req.datePreset, label, cells, ...look };
    const def = await makeSheet(services.excel, report, data);
    const done = withNotes(
      def.rowCount === 0
        ? `No rows: the service has no data for this request in this period → sheet ${def.sheetName} (its table is empty)`
        : `${def.rowCount.toLocaleString("en-US")} rows → sheet ${def.sheetName}`,
      notes,
    );
    services.activity.update(id, { status: "done", endedAt: Date.now(), detail: done });
    // A toast as well: on a long form the Activity list is below the fold.
    services.notify(done, notes.length || def.rowCount === 0 ? "warning" : "success");
    return { ok: true };
  } catch (err) {
    // Not now to a prospect search's candidates: the seeds were spent, nothing else was sent.
    if (err instanceof CandidatesNotSentError) {
      services.activity.update(id, { status: "cancelled", endedAt: Date.now(), detail: err.message });
      return { ok: false, cancelled: true, reason: err.message };
    }
    return runFailed(services, id, err, { req, look, cancelled: controller.signal.aborted, shownByForm });
  }
}

/**
 * What a refused advertiser's words need beyond the request: the names the workbook and this computer
 * know (the close ones are offered) and whether this key is known to be Pro. Nothing for other failures.
 */
async function refusalContext(
  services: Pick<Services, "excel" | "client">,
  err: unknown,
): Promise<Omit<PlannerContext, "advertisers">> {
  if (!refusedAdvertiser(err)) return {};
  const known = await knownAdvertisers(services.excel).catch((): string[] => []);
  return { knownAdvertisers: known, proSeen: services.client?.ads?.answered ?? false };
}

/** A run that failed or was cancelled: its Activity entry (reason, Details, Try again where safe) and toast. */
async function runFailed(
  services: Services,
  id: number,
  err: unknown,
  run: { req: SheetRequest; look: SheetLook; cancelled: boolean; shownByForm: (err: unknown) => boolean },
): Promise<RunOutcome> {
  const { req, look, cancelled } = run;
  const known = cancelled ? {} : await refusalContext(services, err);
  const reason = failureReason(err, req.sheetName, req, known);
  services.activity.update(id, {
    status: cancelled ? "cancelled" : "failed",
    endedAt: Date.now(),
    detail: cancelled ? "Cancelled" : reason,
    details: cancelled ? undefined : failureDetails(err, requestDetails(req)),
    // Never re-sent by itself (it may have counted): the planner chooses.
    ...(!cancelled && mayTryAgain(err) ? { tryAgain: () => void runSourceToSheet(services, req, look) } : {}),
  });
  // The reason first: the request's parameters are in the activity entry ("Asked: …").
  if (!cancelled && !run.shownByForm(err)) services.notify(failureText(req, err, known), "error");
  return { ok: false, cancelled, reason, ...(refusedAdvertiser(err) ? { refused: true } : {}) };
}

export function openShowSheet(
  services: Services,
  id: string,
  query: Record<string, unknown>,
): Promise<RunOutcome> {
  return runSourceToSheet(services, { kind: "show", params: { id, ...query } });
}

/** Writes a formula into the selected cell; returns a message for the pane. */
export async function insertFormulaAtSelection(services: Services, formula: string): Promise<string> {
  try {
    return `Inserted ${formula} at ${await insertFormula(services.excel, formula)}`;
  } catch (err) {
    return `Could not insert the formula: ${errorText(err)}`;
  }
}

const DATA_TAB_KINDS: Readonly<Record<string, string>> = {
  show: "a show sheet",
  search: "a search sheet",
  individualAds: "an ads sheet",
  incrementality: "an incrementality sheet",
};

/** Why a sheet's request cannot be edited in the Reports form; undefined when it can. */
export function editBlockedReason(d: Pick<StoredReport, "kind">, readOnly: boolean): string | undefined {
  if (readOnly)
    return "Edit request: this sheet was made by a newer version of the add-in; update the add-in to edit it.";
  const what = DATA_TAB_KINDS[d.kind];
  return what
    ? `Edit request: ${what} is asked for on the Data tab; run it there again to change what it asks.`
    : undefined;
}

function summary(d: StoredReport): ReportSheetSummary {
  const readOnly = newerVersionOf(d) !== undefined;
  const editBlocked = editBlockedReason(d, readOnly);
  return {
    sheetName: d.sheetName,
    label: `${requestLabel(d)}${d.datePreset ? ` · ${presetLabel(d.datePreset)}` : ""}`,
    status: d.status,
    rowCount: d.rowCount,
    lastRefresh: d.lastRefresh,
    lastError: d.lastError,
    refreshOnOpen: d.refreshOnOpen,
    editable: editBlocked === undefined,
    ...(editBlocked ? { editBlocked } : {}),
    chartable: !readOnly && CHART_KINDS.has(d.kind),
    chart: { enabled: d.chart?.enabled ?? true, error: d.chart?.error, deleted: d.chart?.deleted },
    notes: d.notes ?? [],
    readOnly,
    dashboard: dashboardOffers(d),
  };
}

/**
 * Whether Make dashboard offers the report: a table whose columns give a KPI. A record kept before
 * the add-in noted its columns cannot tell, and is offered as it always was.
 */
function dashboardOffers(d: StoredReport): boolean {
  if (!d.tableName) return false;
  return d.columns ? canSummarise(d.columns.map((c) => c.name)) : true;
}

export async function listReportSheets(services: Services): Promise<ReportSheetSummary[]> {
  // Every report and its bound cells in one batch (no request), so a report whose cells changed is said to be stale.
  const { reports, cells, system } = await readAllReports(services.excel);
  const bound = reports.map((d, i) =>
    newerVersionOf(d) === undefined ? boundStatusOf(d, cells[i], system) : null,
  );
  // The sheets' own status lines say it too (and stop once the cells give the fetched values again):
  // one batched write of the records whose mark changed, none when every record already says it.
  const marks = reports.flatMap((base, i) => (bound[i] ? [{ base, changed: bound[i].changed }] : []));
  await markReportsStale(services.excel, marks).catch(() => undefined);
  return reports.map((d, i) => {
    const b = bound[i];
    return b ? { ...summary(d), bound: b } : summary(d);
  });
}

/** The planner chose Not now: the activity entry says so, and nothing was sent. */
function notSent(services: Services, id: number, requests: number): RunOutcome {
  const reason = `Not sent: you chose Not now (it would have spent ${requests.toLocaleString("en-US")} ${requests === 1 ? "request" : "requests"})`;
  services.activity.update(id, { status: "cancelled", endedAt: Date.now(), detail: reason });
  return { ok: false, cancelled: true, reason };
}

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

export async function refreshOneSheet(services: Services, sheetName: string): Promise<void> {
  const controller = new AbortController();
  const id = services.activity.start(`Refresh ${sheetName}`, sheetName, () => controller.abort());
  // What the answer's reading noted (cells kept as text) and what the refresh noted.
  const notes: string[] = [];
  try {
    const stored = await readDefinition(services.excel, sheetName);
    const cost = stored ? sourceRequests(stored, stored.rowCount) : { requests: 1, exact: true };
    if (!(await askToSpend({ action: `Refresh ${sheetName}`, ...cost }))) {
      notSent(services, id, cost.requests);
      return;
    }
    const def = await refreshReport(services.excel, sheetName, fetcher(services, id, notes), {
      signal: controller.signal,
    });
    const said = [...notes, ...sentences(def.notes)];
    services.activity.update(id, {
      status: "done",
      endedAt: Date.now(),
      detail: withNotes(`${def.rowCount.toLocaleString("en-US")} rows`, said),
    });
    // Every refresh ends with a message, a show sheet's as a report's (issue #49).
    services.notify(
      withNotes(`Refreshed ${def.sheetName}: ${plural(def.rowCount, "row", "rows")}`, said),
      said.length ? "warning" : "success",
    );
  } catch (err) {
    const cancelled = controller.signal.aborted;
    if (!cancelled) services.notify(failureReason(err, sheetName), "error");
    services.activity.update(id, {
      status: cancelled ? "cancelled" : "failed",
      endedAt: Date.now(),
      detail: failureReason(err, sheetName),
      details: cancelled ? undefined : failureDetails(err),
      ...(!cancelled && mayTryAgain(err)
        ? { tryAgain: () => void refreshOneSheet(services, sheetName) }
        : {}),
    });
  }
}

/**
 * Refresh all: every report sheet and every ADS.* cell, counted first and asked for once over the
 * planner's limit (src/commands/guardedRefresh.ts), as the ribbon's Refresh all.
 */
export async function refreshAllSheets(services: Services): Promise<void> {
  const controller = new AbortController();
  const id = services.activity.start("Refresh all", "every report sheet and the ADS functions", () =>
    controller.abort(),
  );
  try {
    const result = await refreshEverything(services.excel, fetcher(services), {
      signal: controller.signal,
      onProgress: (p) =>
        services.activity.update(id, {
          detail: `${p.done}/${p.total}: ${p.sheetName}${p.error ? ` failed (${p.error})` : ""}`,
        }),
    });
    const { sheets, functions } = result.counted;
    if (result.declined) {
      notSent(services, id, sheets + functions);
      return;
    }
    services.activity.update(id, {
      status: result.failed.length ? "failed" : "done",
      endedAt: Date.now(),
      detail: `${result.refreshed.length} refreshed${result.failed.length ? `, ${result.failed.length} failed: ${result.failed.map((f) => f.error).join("; ")}` : ""}; ADS functions: ${plural(functions, "request", "requests")} at most`,
    });
  } catch (err) {
    services.activity.update(id, { status: "failed", endedAt: Date.now(), detail: errorText(err) });
  }
}

export function removeReportSheet(services: Services, sheetName: string): Promise<void> {
  return removeDefinition(services.excel, sheetName);
}

export async function setRefreshOnOpen(services: Services, sheetName: string, on: boolean): Promise<void> {
  await setRefreshOnOpenFlag(services.excel, sheetName, on);
  const any = (await listDefinitions(services.excel)).some((d) => d.refreshOnOpen);
  await setLoadWithDocument(any).catch((err: unknown) =>
    services.notify(`Could not set the add-in to load with the workbook: ${errorText(err)}`, "warning"),
  );
}

/** Switches a report's chart on or off now; says when the table gives it nothing to draw. */
export async function setReportChartOn(services: Services, sheetName: string, on: boolean): Promise<void> {
  try {
    const chart = await setReportChart(services.excel, sheetName, on);
    if (chart.error) services.notify(`${sheetName}: ${chart.error}`, "error");
    else if (on && !chart.plan)
      services.notify(`${sheetName}: nothing to chart in this table (no rows, or no column to draw)`, "info");
  } catch (err) {
    services.notify(`Could not switch the chart of ${sheetName}: ${errorText(err)}`, "error");
  }
}

/** Renames a report sheet (the Dashboard follows); says the name it got. Never throws. */
export async function renameSheet(services: Services, from: string, to: string): Promise<string | null> {
  try {
    const name = await renameReportSheet(services.excel, from, to);
    services.notify(`Renamed sheet ${from} to ${name}`, "success");
    return name;
  } catch (err) {
    services.notify(`Could not rename ${from}: ${errorText(err)}`, "error");
    return null;
  }
}

/** A report sheet's request, to edit; throws, in words, when the sheet has none or is gone. */
export async function loadSheetRequest(excel: ExcelHost, sheetName: string): Promise<SheetRequest> {
  const def = await definitionFor(excel, sheetName, "to edit");
  const cells = def.bindings?.length ? await currentAddresses(excel, def) : undefined;
  return { kind: def.kind, params: def.params, datePreset: def.datePreset, sheetName, cells };
}
