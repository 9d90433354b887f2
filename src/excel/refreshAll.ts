/** Refresh all: every report sheet (or those `which` keeps), one after another; failures don't stop the rest. */
import type { ReportDefinition } from "../reports/definition";
import type { RefreshOrigin } from "../runtime/refreshLock";
import { followReports } from "./dashboardSheet";
import { errorMessage, type ExcelHost } from "./host";
import { refreshLocked } from "./reportRefresh";
import type { RefreshProgress, SheetFetcher } from "./reportSheetTypes";
import { readBeforeRequests } from "./refresh/readBefore";

export async function refreshAll(
  excel: ExcelHost,
  fetch: SheetFetcher,
  opts: {
    signal?: AbortSignal;
    onProgress?: (p: RefreshProgress) => void;
    which?: (def: ReportDefinition) => boolean;
    now?: () => Date;
    origin?: RefreshOrigin;
  } = {},
): Promise<{ refreshed: string[]; failed: { sheetName: string; error: string }[] }> {
  // Every report's record and checks read at once (three syncs whatever their number); each report's
  // refresh then reads its table again after its answer, as a single refresh does.
  const befores = await readBeforeRequests(excel);
  const defs = [...befores.values()].map((b) => b.def).filter(opts.which ?? (() => true));
  const refreshed: string[] = [];
  const failed: { sheetName: string; error: string }[] = [];
  for (const [i, def] of defs.entries()) {
    if (opts.signal?.aborted) break;
    try {
      const before = befores.get(def.sheetName)!;
      // A report this version cannot refresh (a later version's) fails as a single refresh of it would.
      if ("error" in before) throw before.error;
      await refreshLocked(excel, def.sheetName, fetch, {
        ...opts,
        before,
        origin: opts.origin ?? "refresh all",
      });
      refreshed.push(def.sheetName);
      opts.onProgress?.({ done: i + 1, total: defs.length, sheetName: def.sheetName });
    } catch (err) {
      failed.push({ sheetName: def.sheetName, error: errorMessage(err) });
      opts.onProgress?.({
        done: i + 1,
        total: defs.length,
        sheetName: def.sheetName,
        error: errorMessage(err),
      });
    }
  }
  // The Dashboard names its reports (a report sheet renamed since is named anew) and copies their
  // charts (made again over their new sums). Its figures never depended on either, so a dashboard
  // that cannot follow is no failure of the refresh.
  await followReports(excel, refreshed).catch(() => undefined);
  return { refreshed, failed };
}

/** The sheets marked "refresh when the workbook opens". */
export function refreshOnOpen(
  excel: ExcelHost,
  fetch: SheetFetcher,
  onProgress?: (p: RefreshProgress) => void,
) {
  return refreshAll(excel, fetch, { onProgress, which: (d) => d.refreshOnOpen, origin: "refresh on open" });
}
