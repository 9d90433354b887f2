/**
 * What the report forms tell a planner beyond the spec's refusals: the service's own date range when
 * none is sent, and warnings that never block sending (the spec's caveats where they bite, values it
 * gives no rule for but that are probably slips). Pure: `today` is passed in.
 */
import { REPORT_DATE_DEFAULTS, type DocumentedDefault } from "../api/defaults";
import type { ReportKind } from "../api/schemas";
import { ymd } from "../reports/relativeDates";

const shown = (d: DocumentedDefault): string =>
  d.value !== undefined
    ? String(d.value)
    : `${String(d.v1)} or ${String(d.v2)}, depending on the service's version`;

/** The dates the service uses when none are sent, in words; null for a report without dates. */
export function serviceDatesText(kind: ReportKind): string | null {
  if (kind === "impressionListeners") return null;
  const d = REPORT_DATE_DEFAULTS[kind];
  return d ? `${shown(d.startDate)} to ${shown(d.endDate)}` : "not documented: the service chooses";
}

/** The service's default for one end of the range ("3 months ago"), or null when the spec gives none. */
export function serviceDateText(kind: ReportKind, end: "startDate" | "endDate"): string | null {
  const d = kind === "impressionListeners" ? null : REPORT_DATE_DEFAULTS[kind];
  return d ? shown(d[end]) : null;
}

/** The spec's caveat on impressions, its field named as the form names it. */
export const END_DATE_CAVEAT =
  "For the most accurate Alpha engaged views and attribution numbers, set the end date at least 3 days before today, because the last 3 days may contain estimates.";

const NEGATIVE_UNUSUAL = [
  "ytSimulcastConvWeight",
  "rSimulcastConvWeight",
  "svSimulcastConvWeight",
  "attributionWindow",
  "attributionStreamingWindow",
  "attributionSaiWindow",
];

/**
 * Warnings keyed by the field they concern. `params` are the request's parameters with the date
 * preset already resolved (no endDate means the service's default end).
 */
export function reportWarnings(
  kind: ReportKind,
  params: Record<string, unknown>,
  today: Date,
): Record<string, string> {
  const out: Record<string, string> = {};
  if (kind === "impressions") {
    const last = new Date(today.getFullYear(), today.getMonth(), today.getDate() - 3);
    const end = params.endDate;
    // No endDate: the service's default, one week forward, so inside the last 3 days too.
    if (end === undefined || (typeof end === "string" && end.slice(0, 10) > ymd(last)))
      out.endDate = END_DATE_CAVEAT;
  }
  for (const k of NEGATIVE_UNUSUAL)
    if (typeof params[k] === "number" && (params[k] as number) < 0)
      out[k] =
        `Below 0: no rule is documented, but a negative ${k.endsWith("Weight") ? "weight" : "window"} is unusual and the service may refuse it.`;
  if (kind === "lag" && Array.isArray(params.advertiser) && params.advertiser.length > 1)
    out.advertiser =
      "Some versions of the lag report take exactly one advertiser: if the service refuses several, give one.";
  return out;
}
