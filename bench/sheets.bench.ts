/**
 * The Sheets tab's reading of the workbook over 10 and 100 report sheets whose advertiser is bound to
 * a cell (25 clients × 4 reports, as "Run for each" makes them): how many `context.sync()` round trips
 * it takes through the genuine office.js client into the in-memory host (each one a round trip to
 * Excel: tens of milliseconds on Excel on the web) and how long. The reading is the tab's own: every
 * report's record and bound cells (`listReportSheets`, which also marks a stale sheet's status line)
 * and every set's range and plan (`listReportSets`, `previewReportSet`). Goal (issue #46): a constant
 * number of syncs whatever the number of reports, at most 5 for 100 (`syncsPer100Over10` 1.0).
 */
import { performance } from "perf_hooks";
import type { TypedTable } from "../src/api/table";
import { bindReportParam } from "../src/excel/reportBindings";
import { listReportSets, makeReportSet, previewReportSet } from "../src/excel/reportSets";
import { createReportSheet } from "../src/excel/reportSheets";
import { listReportSheets } from "../src/taskpane/reportActions";
import type { Services } from "../src/taskpane/services";
import { provideOfficeJs } from "../preview/memory/officeJs";
import { loadOfficeJsInNode } from "../preview/memory/officeJsNode";
import { InMemoryWorkbook } from "../preview/memory/workbook";

const TODAY = new Date(Date.UTC(2026, 10, 22));
const KINDS = ["estimatedSpendByDay", "estimatedSpendByShowByDay", "impressions", "lag"] as const;
const DATES = { startDate: "2026-11-01", endDate: "2026-11-14" };

const table: TypedTable = {
  columns: [
    { name: "Day", kind: "date" },
    { name: "Spend", kind: "currency" },
  ],
  rows: [[46327, 12.5]],
};

/** A workbook of `reports` report sheets, each client's 4 reports bound to its cell in Inputs!A. */
async function workbookOf(reports: number): Promise<InMemoryWorkbook> {
  const wb = new InMemoryWorkbook({ sheets: ["Inputs"], today: () => TODAY });
  const clients = Math.ceil(reports / KINDS.length);
  for (let c = 0; c < clients; c++) wb.host.setInput("Inputs", c + 1, 0, `Client ${c + 1}`);
  for (let i = 0; i < reports; i++) {
    const c = Math.floor(i / KINDS.length);
    const kind = KINDS[i % KINDS.length];
    const param = kind.startsWith("estimated") ? "advertisers" : "advertiser";
    const def = await createReportSheet(
      wb.excel,
      { kind, params: { ...DATES, [param]: [`Client ${c + 1}`] }, label: `Client ${c + 1} · ${kind}` },
      { type: "table", table },
      TODAY,
    );
    await bindReportParam(wb.excel, def.sheetName, param, { address: `Inputs!A${c + 2}` });
  }
  // One set over the clients' cells, as the Sheets tab lists it too.
  await makeReportSet(wb.excel, {
    name: "Clients",
    client: "advertiser",
    values: `Inputs!A2:A${clients + 1}`,
    reports: [{ kind: "estimatedSpendByDay", params: DATES }],
    dashboard: false,
  });
  return wb;
}

/** The Sheets tab's reading, once: its syncs and milliseconds. */
async function readSheetsTab(wb: InMemoryWorkbook): Promise<{ syncs: number; ms: number; listed: number }> {
  // The reading needs the workbook only: the rest of the pane's services are not used.
  const services = { excel: wb.excel } as unknown as Services;
  const before = wb.syncLog.length;
  const t = performance.now();
  const sheets = await listReportSheets(services);
  for (const s of await listReportSets(wb.excel))
    if (s.state === "current") await previewReportSet(wb.excel, s.set.id, TODAY);
  return { syncs: wb.syncLog.length - before, ms: performance.now() - t, listed: sheets.length };
}

export async function run(): Promise<Record<string, unknown>> {
  provideOfficeJs(loadOfficeJsInNode);
  const figures: Record<string, { reports: number; syncs: number; ms: number }> = {};
  for (const reports of [10, 100]) {
    const wb = await workbookOf(reports);
    await readSheetsTab(wb); // warm: office.js's and the host's first calls
    const runs = [await readSheetsTab(wb), await readSheetsTab(wb), await readSheetsTab(wb)];
    if (runs.some((r) => r.listed !== reports)) throw new Error(`listed ${runs[0].listed} of ${reports}`);
    const ms = runs.map((r) => r.ms).sort((a, b) => a - b)[1];
    figures[`${reports} bound reports`] = { reports, syncs: runs[0].syncs, ms: Math.round(ms) };
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
