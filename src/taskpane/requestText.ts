/**
 * How the pane words a request and its failure (pure). The request is spelled out in the activity
 * list ("Asked: …"); a failure's message leads with the reason, since a planner reads the start.
 */
import { RateLimitError } from "../api/errors";
import { errorDetails, plannerMessage, type PlannerContext } from "../api/errorWords";
import { fieldLabel } from "../api/fieldLabels";
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

/** A parameter's value as words: a list with commas, a choice of fields by their labels. */
function valueWords(key: string, v: unknown): string {
  if (Array.isArray(v))
    return v.map((x) => (key === "fields" ? fieldLabel(String(x)) : String(x))).join(", ");
  if (typeof v === "boolean") return v ? "yes" : "no";
  if (typeof v === "object" && v !== null)
    return Object.entries(v as Record<string, unknown>)
      .map(([k, x]) => `${fieldLabel(k).toLowerCase()} ${valueWords(k, x)}`)
      .join(", ");
  return String(v);
}

/** Every parameter that was set, for the activity list's "Asked:" line, in words ("Start date 2026-11-01"). */
export function describeRequest(req: RequestSummary): string {
  const parts = Object.entries(req.params)
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `${fieldLabel(k)} ${valueWords(k, v)}`);
  if (req.datePreset) parts.unshift(presetLabel(req.datePreset));
  return `${requestLabel(req)}: ${parts.join("; ") || "the service's defaults"}`;
}

/** The request's parameters as the service names them, for the Details part (support reads these). */
export function requestDetails(req: RequestSummary): string {
  return JSON.stringify({
    kind: req.kind,
    ...req.params,
    ...(req.datePreset ? { datePreset: req.datePreset } : {}),
  });
}

/** What a refusal needs to know of the request: the advertisers asked for. */
function contextOf(req: Pick<RequestSummary, "params"> | undefined): PlannerContext {
  const p = req?.params ?? {};
  const list = p.advertisers ?? p.advertiser;
  const advertisers = Array.isArray(list) ? list.map(String) : typeof list === "string" ? [list] : undefined;
  return advertisers ? { advertisers } : {};
}

/** The monthly limit's 429, wherever it is in the failure's causes. */
function monthlyLimitOf(err: unknown): RateLimitError | null {
  for (let e = err, i = 0; e && i < 5; e = (e as { cause?: unknown }).cause, i++)
    if (e instanceof RateLimitError && e.kind === "monthly") return e;
  return null;
}

/** Why it failed, without the "<sheet>: " a refresh error starts with, as a sentence. */
export function failureReason(
  err: unknown,
  sheetName?: string,
  req?: Pick<RequestSummary, "params">,
  known: Omit<PlannerContext, "advertisers"> = {},
): string {
  const monthly = monthlyLimitOf(err);
  if (monthly) return monthlyLimitText(monthly.message);
  let text = plannerMessage(err, { ...known, ...contextOf(req) });
  if (sheetName && text.startsWith(`${sheetName}: `)) text = text.slice(sheetName.length + 2);
  text = text.trim() || "no reason given";
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A failure's Details part: the service's request and words, then what was asked, as the service names it. */
export function failureDetails(err: unknown, asked?: string): string | undefined {
  const parts = [errorDetails(err), asked ? `Asked: ${asked}` : undefined].filter(Boolean);
  return parts.length ? parts.join("\n") : undefined;
}

/** A failure's message: the reason first, then what it was about (never the request's parameters). */
export function failureText(
  req: RequestSummary,
  err: unknown,
  known: Omit<PlannerContext, "advertisers"> = {},
): string {
  const reason = failureReason(err, req.sheetName, req, known);
  return req.sheetName
    ? `${reason} (${req.sheetName} was not changed.)`
    : `${reason} (${requestLabel(req)}: no sheet was made.)`;
}
