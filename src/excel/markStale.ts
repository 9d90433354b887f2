/**
 * The one call that marks a report or a report set stale when its inputs changed (issue #46): the
 * input watch (inputWatch.ts) calls it as cells change, so whichever tab the pane shows hears of it
 * at once. Today it re-reads the report's bound cells against the values it was fetched with and has
 * the sheet's status line say so (reportBindings.ts), and tells the pane's listeners; a set's staleness
 * is its range read again (reportSets.ts). On the workbook's one record store (issue #44) this is the
 * one place that changes: it sets the record's stale mark there, and the status line follows the record.
 */
import type { ExcelHost } from "./host";
import { boundStatus, markStaleOnSheet } from "./reportBindings";
import { readDefinition } from "./store/reportRecords";
import { tellStale, type StaleTarget } from "./staleListeners";

export type { StaleTarget };

/**
 * Marks `target` stale as its inputs changed: a report's status line says which cells changed (or
 * stops saying it when they give the fetched values again), then the listeners are told. Never throws:
 * a sheet deleted meanwhile is simply not marked.
 */
export async function markStale(excel: ExcelHost, target: StaleTarget): Promise<void> {
  if (target.kind === "report") {
    const def = await readDefinition(excel, target.sheetName).catch(() => null);
    const status = def ? await boundStatus(excel, def).catch(() => null) : null;
    if (def && status) await markStaleOnSheet(excel, def, status).catch(() => false);
  }
  tellStale(target);
}
