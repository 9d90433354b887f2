/**
 * What the Sheets tab's report sets do (issue #36): Run for each, and Refresh set after, always asked
 * first with the requests the run spends and the month's count (and this workbook's, where it differs),
 * then run under the workbook's refresh lock (src/excel/reportSets.ts), each failed sheet named.
 */
import { fetchSheetData } from "../runtime/reportSources";
import { spendThisMonth } from "../runtime/session";
import { openSpendQuestion } from "../runtime/spendGuard";
import { droppedText, planWhat } from "../reports/reportSet";
import { previewReportSet, runReportSet, type SetRunResult } from "../excel/reportSets";
import type { SheetFetcher } from "../excel/reportSheets";
import { NOT_CONNECTED, type Services } from "./services";

const count = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** A reason as a sentence: its own full stop kept ("… for access."), one added where it has none. */
const sentence = (text: string): string => (/[.!?…]$/.test(text.trimEnd()) ? text.trimEnd() : `${text}.`);

/** A run's outcome in words: what was made and refreshed, each failure and why, the values no longer listed. */
function runText(result: SetRunResult): string {
  const made = result.sheets.filter((s) => s.done === "made").length;
  const refreshed = result.sheets.filter((s) => s.done === "refreshed").length;
  const kept = result.kept;
  const failed = [...result.sheets, ...result.dashboards].filter((s) => s.done === "failed");
  const dashboards = result.dashboards.filter((d) => d.done !== "failed").length;
  const sheets = [
    made ? `made ${count(made, "report sheet", "report sheets")}` : "",
    refreshed ? `refreshed ${count(refreshed, "report sheet", "report sheets")}` : "",
    kept ? `kept ${count(kept, "report sheet", "report sheets")} whose inputs did not change` : "",
    dashboards ? `made or updated ${count(dashboards, "Dashboard", "Dashboards")}` : "",
  ].filter(Boolean);
  const done = sheets.length ? sheets.join(", ") : "nothing to make or refresh";
  return [
    `${done.charAt(0).toUpperCase()}${done.slice(1)}.`,
    ...failed.map((f) => `${f.sheetName} failed: ${sentence(f.error ?? "no reason given")}`),
    droppedText(result.dropped),
  ]
    .filter(Boolean)
    .join(" ");
}

/**
 * Runs the set `id` (Run for each the first time, Refresh set after), once the planner agreed to its
 * spend; returns what happened in words ("Not sent: …" when they chose Not now). Throws what refuses
 * the whole run (its range unreadable, a later version's set), with nothing sent.
 */
export async function runSetFromPane(
  services: Services,
  id: string,
  opts: { all?: boolean } = {},
): Promise<string> {
  const client = services.client;
  if (!client) throw new Error(NOT_CONNECTED);
  // Refresh set spends on what changed only; Refresh all of the set on every sheet. The count asked is
  // the plan's, and the run refuses to send more than it (runReportSet's `confirmed`).
  const { set, plan } = await previewReportSet(services.excel, id, new Date(), opts);
  const verb = !set.members.length ? "Run for each" : opts.all ? "Refresh all of the set" : "Refresh set";
  const action = `${verb}: ${set.name}`;
  // The question says the month's count; this workbook's is said only where it is another number
  // (other workbooks spent too), so each fact is told once.
  const { allTotal, workbookTotal } = spendThisMonth();
  const own =
    workbookTotal === allTotal
      ? ""
      : ` (this workbook has spent ${workbookTotal.toLocaleString("en-US")} of this month's requests)`;
  // A set's run always asks, however small: the planner sees its count and the month's before anything goes.
  const agreed = await openSpendQuestion({
    action,
    requests: plan.requests,
    exact: true,
    detail: `a run that ${planWhat(plan)}${own}`,
  }).answer;
  if (!agreed)
    return `Not sent: you chose Not now (it would have spent ${count(plan.requests, "request", "requests")}).`;
  const controller = new AbortController();
  const entry = services.activity.start(action, set.name, () => controller.abort());
  const fetcher: SheetFetcher = (source, signal) => fetchSheetData(client, source, { signal });
  try {
    const result = await runReportSet(services.excel, id, fetcher, {
      confirmed: plan.requests,
      all: opts.all,
      signal: controller.signal,
    });
    const text = runText(result);
    const failed = result.sheets.some((s) => s.done === "failed");
    services.activity.update(entry, {
      status: failed ? "failed" : "done",
      endedAt: Date.now(),
      detail: text,
    });
    return text;
  } catch (err) {
    const text = err instanceof Error ? err.message : String(err);
    services.activity.update(entry, { status: "failed", endedAt: Date.now(), detail: text });
    throw err;
  }
}
