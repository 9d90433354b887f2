/**
 * How the pane words a request and its failure (pure). The request is spelled out in the activity
 * list ("Asked: …"); a failure's message leads with the reason, since a planner reads the start.
 */
import { plannerMessage, RateLimitError } from "../api/errors";
import { monthlyLimitText } from "../runtime/spendGuard";
import { SOURCE_LABELS, type SourceKind } from "../runtime/reportSources";
import { presetLabel, type DatePreset } from "../reports/relativeDates";

export interface RequestSummary {
  kind: SourceKind | "show";
  params: Record<string, unknown>;
  datePreset?: DatePreset;
  /** When editing: the sheet whose request this is. */
  sheetName?: string;
  /** Parameters taken from cells (parameter → address, "Inputs!B2"): read at each refresh. */
  cells?: Readonly<Record<string, string>>;
}

/** The request's short name: "Impressions", "Show". */
export function requestLabel(req: Pick<RequestSummary, "kind">): string {
  return SOURCE_LABELS[req.kind as SourceKind] ?? "Show";
}

/** Every parameter that was set, for the activity list's "Asked:" line. */
export function describeRequest(req: RequestSummary): string {
  const parts = Object.entries(req.params)
    .filter(([, v]) => v !== undefined)
    .map(
      ([k, v]) =>
        `${k}=${Array.isArray(v) ? v.join("|") : typeof v === "object" ? JSON.stringify(v) : String(v)}`,
    );
  if (req.datePreset) parts.unshift(presetLabel(req.datePreset));
  return `${requestLabel(req)}: ${parts.join(", ") || "service defaults"}`;
}

/** The monthly limit's 429, wherever it is in the failure's causes. */
function monthlyLimitOf(err: unknown): RateLimitError | null {
  for (let e = err, i = 0; e && i < 5; e = (e as { cause?: unknown }).cause, i++)
    if (e instanceof RateLimitError && e.kind === "monthly") return e;
  return null;
}

/** Why it failed, without the "<sheet>: " a refresh error starts with, as a sentence. */
export function failureReason(err: unknown, sheetName?: string): string {
  const monthly = monthlyLimitOf(err);
  if (monthly) return monthlyLimitText(monthly.message);
  let text = plannerMessage(err);
  if (sheetName && text.startsWith(`${sheetName}: `)) text = text.slice(sheetName.length + 2);
  text = text.trim() || "no reason given";
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A failure's message: the reason first, then what it was about (never the request's parameters). */
export function failureText(req: RequestSummary, err: unknown): string {
  const reason = failureReason(err, req.sheetName);
  return req.sheetName
    ? `${reason} (${req.sheetName} was not changed.)`
    : `${reason} (${requestLabel(req)}: no sheet was made.)`;
}
