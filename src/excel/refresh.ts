/**
 * Refresh, under the names the brief uses, with a runner that receives the definition with its dates
 * resolved for today. The work is in reportSheets.ts: the request runs first (a failing request touches
 * nothing), then the table is rewritten in place and resized (name kept); if a sync fails part-way the
 * previous cells are written back exactly; the error is recorded on the definition (status, lastError).
 */
import type { ShowInfo } from "../api/schemas";
import type { TypedTable } from "../api/table";
import type { ReportDefinition } from "../reports/definition";
import type { ExcelHost } from "./host";
import { errorMessage } from "./host";
import {
  listDefinitions,
  readDefinition,
  refreshReport,
  type RefreshProgress,
  type SheetData,
  type SheetFetcher,
} from "./reportSheets";

export { RefreshError, type RefreshProgress } from "./reportSheets";

/** The definition with `params` holding the resolved startDate/endDate. */
export type ResolvedDefinition = ReportDefinition;
/** Fetches the data for a definition; a show definition may answer with the ShowInfo. */
export type ReportRunner = (
  def: ResolvedDefinition,
  signal?: AbortSignal,
) => Promise<TypedTable | { type: "show"; show: ShowInfo }>;

function adapt(def: ReportDefinition, runner: ReportRunner): SheetFetcher {
  return async (source, signal): Promise<SheetData> => {
    const out = await runner({ ...def, kind: source.kind, params: source.params }, signal);
    return "columns" in out ? { type: "table", table: out } : out;
  };
}

export interface RefreshOptions {
  signal?: AbortSignal;
  now?: () => Date;
}

export async function refreshSheet(
  excel: ExcelHost,
  sheetName: string,
  runner: ReportRunner,
  opts: RefreshOptions = {},
): Promise<ReportDefinition> {
  const def = await readDefinition(excel, sheetName);
  const fetch: SheetFetcher = def
    ? adapt(def, runner)
    : async () => {
        throw new Error("no definition");
      };
  return refreshReport(excel, sheetName, fetch, opts);
}

/** Refreshes every report sheet (or those `which` keeps), one after another; failures don't stop the rest. */
export async function refreshAll(
  excel: ExcelHost,
  runner: ReportRunner,
  onProgress?: (p: RefreshProgress) => void,
  opts: RefreshOptions & { which?: (def: ReportDefinition) => boolean } = {},
): Promise<{ refreshed: string[]; failed: { sheetName: string; error: string }[] }> {
  const defs = (await listDefinitions(excel)).filter(opts.which ?? (() => true));
  const refreshed: string[] = [];
  const failed: { sheetName: string; error: string }[] = [];
  for (const [i, def] of defs.entries()) {
    if (opts.signal?.aborted) break;
    try {
      await refreshReport(excel, def.sheetName, adapt(def, runner), opts);
      refreshed.push(def.sheetName);
      onProgress?.({ done: i + 1, total: defs.length, sheetName: def.sheetName });
    } catch (err) {
      failed.push({ sheetName: def.sheetName, error: errorMessage(err) });
      onProgress?.({ done: i + 1, total: defs.length, sheetName: def.sheetName, error: errorMessage(err) });
    }
  }
  return { refreshed, failed };
}

export function refreshOnOpen(
  excel: ExcelHost,
  runner: ReportRunner,
  onProgress?: (p: RefreshProgress) => void,
) {
  return refreshAll(excel, runner, onProgress, { which: (d) => d.refreshOnOpen });
}
