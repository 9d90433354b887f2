/**
 * The line on top of every report sheet, outside its table, that says at a glance what the sheet
 * holds: "Impressions · Acme Mattress, Northwind Coffee · Last 30 days (2026-10-25 to 2026-11-23) ·
 * Last refreshed 2026-11-23 17:40 · 1,234 rows". Pure.
 */
import { resolveSource, type ReportDefinition, type SheetSourceKind } from "./definition";
import { presetLabel } from "./relativeDates";
import { boundValueText } from "./boundParams";

/** How each source is named on sheets and in the pane. */
export const SOURCE_LABELS: Record<SheetSourceKind, string> = {
  impressions: "Impressions",
  audience: "Audience",
  lag: "Lag",
  campaignsPerformance: "Campaign performance",
  estimatedSpendByDay: "Spend by day",
  estimatedSpendByShowByDay: "Spend by show",
  impressionListeners: "Listener IDs",
  search: "Search",
  individualAds: "Ads",
  incrementality: "Incrementality",
  show: "Show",
  prospects: "Prospects",
  delivery: "Delivery",
};

const pad = (n: number) => String(n).padStart(2, "0");

/** A time as the planner reads it: local date and minutes. */
export function localStamp(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

function names(v: unknown): string | null {
  const list = Array.isArray(v)
    ? v.map(String)
    : typeof v === "string" && v.trim()
      ? v.split(",").map((s) => s.trim())
      : [];
  if (list.length === 0) return null;
  return list.length > 3 ? `${list.slice(0, 3).join(", ")} +${list.length - 3}` : list.join(", ");
}

/**
 * What a request that sends no dates covers, in the planner's words: a search's words and look-back,
 * a listener list's episode and weeks back. Null where dates say it.
 */
function scope(kind: SheetSourceKind, p: Record<string, unknown>): string | null {
  if (kind === "search")
    return `"${String(p.search)}" · ${typeof p.timeFrame === "number" ? `last ${p.timeFrame} days` : "the service's default look-back"}`;
  if (kind === "prospects")
    return `similar to ${names(p.seeds) ?? "…"} · net new reach over ${typeof p.months === "number" ? p.months : 1} month${p.months === 2 || p.months === 3 ? "s" : ""}`;
  if (kind === "impressionListeners")
    return `episode ${String(p.episodeId)} · ${typeof p.week_lb === "number" ? `last ${p.week_lb} weeks` : "the service's default weeks back"}`;
  return null;
}

/** Each parameter taken from a cell, with the cell and the value the data was fetched with. */
function boundPart(def: Pick<ReportDefinition, "params" | "bindings">): string | null {
  if (!def.bindings?.length) return null;
  return `From cells: ${def.bindings.map((b) => boundValueText(b.param, b.address, def.params[b.param])).join("; ")}`;
}

/**
 * The line: what the data is first (the report, what it covers, whose it is, the cells it came from),
 * then when it was refreshed and how many rows it has (issue #47: the start of the line, in the first
 * screen, says what the sheet holds).
 */
export function statusLine(
  def: Pick<ReportDefinition, "kind" | "params" | "datePreset" | "rowCount" | "lastRefresh" | "bindings">,
  /** The dates the last request used (a relative range resolved), when there were any. */
  dates?: { startDate?: unknown; endDate?: unknown },
): string {
  const p = def.params;
  const range =
    dates?.startDate || dates?.endDate
      ? `${String(dates.startDate ?? "…")} to ${String(dates.endDate ?? "…")}`
      : null;
  const when = def.datePreset
    ? `${presetLabel(def.datePreset)}${range ? ` (${range})` : ""}`
    : (range ?? "the service's default dates");
  const who =
    names(p.advertiser) ?? names(p.advertisers) ?? (p.id !== undefined ? `show ${String(p.id)}` : null);
  // An empty answer is said in words: "0 rows" under an empty table reads like a failed write.
  const rows =
    def.rowCount === 0
      ? "No rows: the service has no data for this request in this period"
      : `${def.rowCount.toLocaleString("en-US")} ${def.rowCount === 1 ? "row" : "rows"}`;
  const parts = [
    SOURCE_LABELS[def.kind],
    who,
    def.kind === "show" ? null : (scope(def.kind, p) ?? when),
    boundPart(def),
    def.lastRefresh ? `Last refreshed ${localStamp(def.lastRefresh)}` : "Not refreshed yet",
    rows,
  ];
  return parts.filter((x): x is string => Boolean(x)).join(" · ");
}

/**
 * What a line says of the data, without when it was refreshed or a failure said over it (a line of
 * any version: the time was first until issue #47, after what the data is since).
 */
export const dataParts = (line: string): string[] =>
  line.split(" · ").filter((part) => !/^(Last refreshed |Not refreshed yet|Refresh failed )/.test(part));

/** How a status line written after a failed refresh begins (and so is still the add-in's own). */
export const FAILED_PREFIX = "Refresh failed ";

/**
 * The status line after a refresh that failed: the failure first, in the planner's words, and when
 * the data on the sheet (left exactly as it was) is from; then what the line said about that data.
 * "Refresh failed 2026-11-28 21:02: The service failed while downloading the report. Try again in a
 * few minutes; the data is from 2026-11-28 20:55 · Impressions · … · 1,234 rows".
 */
export function failedStatusLine(
  previous: string,
  failedAt: Date,
  reason: string,
  lastRefresh?: string,
): string {
  const rest = dataParts(previous);
  const data = lastRefresh
    ? `the data is from ${localStamp(lastRefresh)}`
    : "the sheet has not been refreshed yet";
  const head = `${FAILED_PREFIX}${localStamp(failedAt.toISOString())}: ${reason.trim().replace(/\.$/, "")}; ${data}`;
  return [head, ...rest].join(" · ");
}

/** How a status line over data whose bound cells changed since begins. */
const STALE_PREFIX = "Stale: ";

/** What the status line is rendered from: the record as stored (src/excel/reportStore.ts). */
export type StatusRecord = Pick<
  ReportDefinition,
  | "kind"
  | "params"
  | "datePreset"
  | "rowCount"
  | "lastRefresh"
  | "bindings"
  | "status"
  | "lastError"
  | "failedAt"
  | "stale"
  | "fetchedLine"
>;

/** What the line says of the data a record holds: the dates resolved as they were at its refresh. */
export function fetchedLineOf(rec: StatusRecord): string {
  const at = rec.lastRefresh ? new Date(rec.lastRefresh) : undefined;
  const dates = at && !Number.isNaN(at.getTime()) ? resolveSource(rec, at).params : rec.params;
  return statusLine(rec, dates);
}

/**
 * The words an earlier version's line said of its data, for a record that version stored without them
 * (before `fetchedLine`): its line as written, less a stale mark before it. Taken once, when this
 * version first writes that record (statusCell.ts), so the sheet keeps saying what it said of its data;
 * from then on the record holds them and the line is rendered from the record alone.
 */
export const earlierLineData = (line: string): string =>
  line.replace(/^Stale: .*? changed since this data was fetched · /, "");

/**
 * The status line as the record says it (issue #44): what was fetched, when, from which cells; then,
 * before it, whether the last refresh failed and why, and whether the cells changed since the data was
 * fetched. The one place the line is made: a refresh, a failure and stale marking each change the
 * record and render it, so a mark is never added twice.
 */
export function renderStatusLine(rec: StatusRecord): string {
  let line = rec.fetchedLine ?? fetchedLineOf(rec);
  if (rec.status === "error" && rec.failedAt)
    line = failedStatusLine(line, new Date(rec.failedAt), rec.lastError ?? "", rec.lastRefresh);
  const changed = rec.stale && rec.stale.against === (rec.lastRefresh ?? "") ? rec.stale.changed : [];
  return changed.length
    ? `${STALE_PREFIX}${changed.join("; ")} changed since this data was fetched · ${line}`
    : line;
}
