/**
 * Refresh all, asked for once (the ribbon's button and the Sheets tab's): every report sheet and
 * every ADS.* cell. Before anything is sent the action counts what it will spend: each sheet's
 * requests (exact for report tasks, src/runtime/sourceRequests.ts) and the function calls a full
 * recalculation makes once every held answer is stale (gathered, not sent: src/functions/spendGate.ts).
 * Within the planner's limit it goes at once; over it, the pane asks, and Not now sends nothing.
 * Loaded when a refresh first runs.
 */
import type { ExcelHost } from "../excel/host";
import { recalculateFully } from "../excel/fullRecalculation";
import {
  listDefinitions,
  refreshAll,
  refreshOnOpen,
  type RefreshProgress,
  type SheetFetcher,
} from "../excel/reportSheets";
import type { RefreshOrigin } from "../runtime/refreshLock";
import { sourceRequests } from "../runtime/sourceRequests";
import { askToSpend } from "../runtime/spendGuard";

export interface RefreshEverythingResult {
  /** The planner chose Not now: nothing was sent. */
  declined: boolean;
  /** Requests counted before sending: the sheets' and the functions' (at most). */
  counted: { sheets: number; functions: number; calls: number };
  refreshed: string[];
  failed: { sheetName: string; error: string }[];
}

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

export async function refreshEverything(
  excel: ExcelHost,
  fetcher: SheetFetcher,
  opts: { signal?: AbortSignal; onProgress?: (p: RefreshProgress) => void; origin?: RefreshOrigin } = {},
): Promise<RefreshEverythingResult> {
  const defs = await listDefinitions(excel);
  const perSheet = defs.map((d) => sourceRequests(d, d.rowCount));
  const sheets = perSheet.reduce((n, s) => n + s.requests, 0);
  // The functions' code is loaded on their first call (functions.ts): this loads it if need be.
  const { holdFunctionRequests } = await import(
    /* webpackChunkName: "ads-functions" */ "../functions/runtime"
  );
  const hold = holdFunctionRequests();
  let counted = { sheets, functions: 0, calls: 0 };
  try {
    await recalculateFully(excel);
    await hold.quiet();
    counted = { sheets, functions: hold.cost(), calls: hold.calls() };
    hold.close();
    const yes = await askToSpend({
      action: "Refresh all",
      requests: sheets + counted.functions,
      exact: counted.functions === 0 && perSheet.every((s) => s.exact),
      detail: `${plural(defs.length, "report sheet", "report sheets")} and ${plural(counted.calls, "function call", "function calls")}`,
    });
    if (!yes) {
      hold.decline();
      // Each cell shows its held answer again, or why it has none.
      await recalculateFully(excel).catch(() => undefined);
      return { declined: true, counted, refreshed: [], failed: [] };
    }
  } catch (err) {
    hold.decline();
    throw err;
  }
  const result = defs.length
    ? await refreshAll(excel, fetcher, { ...opts, origin: opts.origin ?? "refresh all" })
    : { refreshed: [], failed: [] };
  await hold.release();
  await recalculateFully(excel);
  return { declined: false, counted, ...result };
}

/**
 * The sheets marked "refresh when the workbook opens", asked for first when they would spend more
 * than the planner's limit (opening a workbook is not a choice to spend). False when not sent.
 */
export async function refreshOnOpenGuarded(excel: ExcelHost, fetcher: SheetFetcher): Promise<boolean> {
  const marked = (await listDefinitions(excel)).filter((d) => d.refreshOnOpen);
  if (marked.length === 0) return true;
  const costs = marked.map((d) => sourceRequests(d, d.rowCount));
  const yes = await askToSpend({
    action: "Refresh when the workbook opens",
    requests: costs.reduce((n, c) => n + c.requests, 0),
    exact: costs.every((c) => c.exact),
    detail: plural(marked.length, "report sheet", "report sheets"),
  });
  if (yes) await refreshOnOpen(excel, fetcher);
  return yes;
}
