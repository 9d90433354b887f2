/**
 * What a refresh fetched, laid over the newest record (the fields a refresh owns), and what it says
 * beside its outcome: shared by a report table sheet's refresh and a show sheet's.
 */
import { REPORT_KINDS, type ReportKind } from "../../api/schemas";
import {
  DEFINITION_VERSION,
  type ReportDefinition,
  type ResolvedSource,
  type SheetSourceKind,
} from "../../reports/definition";
import type { StoredReport } from "../store/reportRecords";

/** What a refresh read at its start, what it asked the service (bound cells read) and when. */
export interface Fetched {
  start: StoredReport;
  asked: StoredReport;
  source: ResolvedSource;
  at: Date;
}

/** The request a record asks, parameters bound in either record aside (they are the cells' to give). */
const requestOf = (d: ReportDefinition, bound: ReadonlySet<string>) => {
  const params = Object.fromEntries(Object.entries(d.params).filter(([k]) => !bound.has(k)));
  return JSON.stringify([d.kind, params, bound.has("startDate") ? null : (d.datePreset ?? null)]);
};

/** Whether the request was edited (Edit request) between two records. */
function requestEdited(a: ReportDefinition, b: ReportDefinition): boolean {
  const bound = new Set([...(a.bindings ?? []), ...(b.bindings ?? [])].map((x) => x.param));
  return requestOf(a, bound) !== requestOf(b, bound);
}

/**
 * The newest record with what the refresh fetched laid over it (the fields a refresh owns): what the
 * planner changed while it waited (their switches, cells bound or freed, the sheet's name) is kept.
 * Throws when the request itself was edited meanwhile: the data fetched no longer answers it.
 */
export function fetchedRecord(newest: StoredReport, f: Fetched): ReportDefinition {
  if (requestEdited(newest, f.start))
    throw new Error(
      "the request was edited while this refresh waited for the service: the data it fetched was not written and nothing was changed; refresh again to fetch the edited request",
    );
  const fetchedWith = new Map((f.asked.bindings ?? []).map((b) => [b.param, b]));
  const bindings = newest.bindings?.map((b) => {
    const was = fetchedWith.get(b.param);
    return was && was.name === b.name ? { ...b, address: was.address } : b;
  });
  const params = { ...newest.params };
  // The values the cells gave, for every parameter fetched from a cell (one freed since keeps it, typed).
  for (const param of fetchedWith.keys()) params[param] = f.asked.params[param];
  const datesBound = (bindings ?? []).some((b) => b.param === "startDate" || b.param === "endDate");
  if (datesBound && !fetchedWith.has("startDate") && !fetchedWith.has("endDate")) {
    // Dates bound while the refresh waited: the data is of the dates it asked.
    params.startDate = f.source.params.startDate;
    params.endDate = f.source.params.endDate;
  }
  const { origin: _origin, ...plain } = newest;
  return {
    ...plain,
    version: DEFINITION_VERSION,
    params,
    bindings,
    datePreset: datesBound ? undefined : f.asked.datePreset,
    status: "ok",
    lastRefresh: f.at.toISOString(),
    lastError: undefined,
    failedAt: undefined,
    stale: undefined,
    fetchedLine: undefined,
  };
}

export const isReportKind = (k: SheetSourceKind): k is ReportKind =>
  (REPORT_KINDS as readonly string[]).includes(k);

/** What a refresh says beside its outcome: what a sheet stored by an earlier version made it assume, and what it left. */
export function refreshNotes(def: StoredReport, kept: string[], statusSkipped: boolean): string[] {
  const notes = def.origin && "assumptions" in def.origin ? [...def.origin.assumptions] : [];
  if (def.columns === undefined && def.kind !== "show" && kept.length)
    notes.push(`kept as your columns: ${kept.join(", ")}`);
  if (statusSkipped)
    notes.push(
      "the status line was not written: the sheet's first cell holds your text, which stays (the Sheets tab says when the sheet was refreshed)",
    );
  return notes;
}
