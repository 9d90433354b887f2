/**
 * The dates a report's data covers, as its last request asked for them (pure): the request's start
 * and end dates, a relative preset resolved for the refresh that fetched the data, a bound cell's
 * value as that request took it. A time chart's axis spans them (chartSummary.ts, ReportPeriod).
 */
import { utcToSerial } from "../api/excelDates";
import type { ReportPeriod } from "./chartSummary";
import { resolveSource, type ReportDefinition } from "./definition";

/** A "YYYY-MM-DD" date (a timestamp's day) as a 1900-system serial; undefined for anything else. */
function serialOf(value: unknown): number | undefined {
  const m = typeof value === "string" ? /^(\d{4})-(\d{2})-(\d{2})/.exec(value) : null;
  if (!m) return undefined;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return Number.isFinite(ms) ? utcToSerial(ms) : undefined;
}

/**
 * The period of the data the definition's last refresh fetched (at `now` for one not yet refreshed),
 * in the 1900 system; empty where the request left its dates to the service's defaults.
 */
export function reportPeriod(
  def: Pick<ReportDefinition, "kind" | "params" | "datePreset" | "lastRefresh">,
  now: Date = new Date(),
): ReportPeriod {
  const when = def.lastRefresh ? new Date(def.lastRefresh) : now;
  const { params } = resolveSource(def, Number.isNaN(when.getTime()) ? now : when);
  const first = serialOf(params.startDate);
  const last = serialOf(params.endDate);
  // Dates the wrong way round say nothing about the axis.
  if (first !== undefined && last !== undefined && first > last) return {};
  return { first, last };
}
