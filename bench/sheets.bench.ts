/**
 * The Sheets tab's reading of the workbook over 10 and 100 report sheets whose advertiser is bound to
 * a cell (25 clients × 4 reports, as "Run for each" makes them): how many `context.sync()` round trips
 * it takes through the genuine office.js client into the in-memory host (each one a round trip to
 * Excel: tens of milliseconds on Excel on the web) and how long. The reading is the tab's own: every
 * report's record and bound cells (`listReportSheets`, which also marks a stale sheet's status line)
 * and every set's range and plan (`previewReportSets`), both from the store's one batched read. Goal (issue #46): a constant
 * number of syncs whatever the number of reports, at most 5 for 100 (`syncsPer100Over10` 1.0). Also
 * reported: the reading once every client's cell changed, which writes every report's stale mark in
 * the store's one batched write (`syncsWhenAllStale`).
 */
import { performance } from "perf_hooks";
import { previewReportSets } from "../src/excel/reportSets";
import { listReportSheets } from "../src/taskpane/reportActions";
import type { Services } from "../src/taskpane/services";
import { provideOfficeJs } from "../preview/memory/officeJs";
import { loadOfficeJsInNode } from "../preview/memory/officeJsNode";
import type { InMemoryWorkbook } from "../preview/memory/workbook";
import { BOUND_TODAY, boundReportsWorkbook } from "../test/support/boundReports";

const TODAY = BOUND_TODAY;

/** The Sheets tab's reading, once: its syncs and milliseconds. */
async function readSheetsTab(wb: InMemoryWorkbook): Promise<{ syncs: number; ms: number; listed: number }> {
  // The reading needs the workbook only: the rest of the pane's services are not used.
  const services = { excel: wb.excel } as unknown as Services;
  const before = wb.syncLog.length;
  const t = performance.now();
  // The tab's two lists are read together, as its two sections mount together (they share one read).
  const [sheets] = await Promise.all([listReportSheets(services), previewReportSets(wb.excel, TODAY)]);
  return { syncs: wb.syncLog.length - before, ms: performance.now() - t, listed: sheets.length };
}

export async function run(): Promise<Record<string, unknown>> {
  provideOfficeJs(loadOfficeJsInNode);
  const figures: Record<string, { reports: number; syncs: number; ms: number; syncsWhenAllStale: number }> =
    {};
  for (const reports of [10, 100]) {
    const wb = await boundReportsWorkbook(reports);
    await readSheetsTab(wb); // warm: office.js's and the host's first calls
    const runs = [await readSheetsTab(wb), await readSheetsTab(wb), await readSheetsTab(wb)];
    if (runs.some((r) => r.listed !== reports)) throw new Error(`listed ${runs[0].listed} of ${reports}`);
    const ms = runs.map((r) => r.ms).sort((a, b) => a - b)[1];
    for (let c = 0; c < Math.ceil(reports / 4); c++)
      wb.host.setInput("Inputs", c + 1, 0, `Client ${c + 1} new`);
    const stale = await readSheetsTab(wb);
    figures[`${reports} bound reports`] = {
      reports,
      syncs: runs[0].syncs,
      ms: Math.round(ms),
      syncsWhenAllStale: stale.syncs,
    };
  }
  const ten = figures["10 bound reports"];
  const hundred = figures["100 bound reports"];
  return {
    sheetsTab: figures,
    syncsFor100: hundred.syncs,
    syncsFor100Goal: 5,
    syncsFor100Met: hundred.syncs <= 5,
    syncsPer100Over10: Number((hundred.syncs / ten.syncs).toFixed(2)),
    msPer100Over10: Number((hundred.ms / ten.ms).toFixed(2)),
  };
}
