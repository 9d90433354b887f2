/**
 * Issue #46: the Sheets tab reads a hundred reports in as few round trips as ten. Through the genuine
 * office.js client into the in-memory host, the `context.sync()` calls are counted (each a round trip
 * to Excel): the tab's reading of every report, its bound cells, every set and its range, and the
 * stale marks written when cells changed, are a fixed number whatever the number of reports.
 */
import type { InMemoryWorkbook } from "../../preview/memory/workbook";
import { BOUND_TODAY, boundReportsWorkbook } from "../../test/support/boundReports";
import { previewReportSets } from "../excel/reportSets";
import { readDefinition } from "../excel/store/reportRecords";
import { listReportSheets } from "./reportActions";
import type { Services } from "./services";

const TODAY = BOUND_TODAY;

/** The tab's reading, its two sections together as they mount: the syncs it took and what it listed. */
async function readTab(wb: InMemoryWorkbook) {
  const services = { excel: wb.excel } as unknown as Services;
  const before = wb.syncLog.length;
  const [sheets, sets] = await Promise.all([listReportSheets(services), previewReportSets(wb.excel, TODAY)]);
  return { syncs: wb.syncLog.length - before, sheets, sets };
}

test("the Sheets tab reads 100 bound reports and their set in at most 5 syncs, as few as for 8", async () => {
  const small = await boundReportsWorkbook(8);
  const big = await boundReportsWorkbook(100);
  const few = await readTab(small);
  const many = await readTab(big);
  expect(many.sheets).toHaveLength(100);
  expect(many.sets[0].preview?.values).toHaveLength(25);
  expect(many.syncs).toBeLessThanOrEqual(5);
  expect(many.syncs).toBe(few.syncs);
  // Every client's cell changed: every report goes stale, marked in one batched write of the store.
  for (let c = 0; c < 25; c++) big.host.setInput("Inputs", c + 1, 0, `Client ${c + 1} new`);
  const stale = await readTab(big);
  expect(stale.sheets.every((s) => s.bound?.changed.length === 1)).toBe(true);
  expect(stale.syncs).toBeLessThanOrEqual(8);
  const first = (await readDefinition(big.excel, stale.sheets[0].sheetName))!;
  expect(first.stale?.changed[0]).toContain("Client 1 new");
  // Each sheet's own status line, rendered from its record, says so too.
  for (const s of stale.sheets)
    expect(String(big.host.cell(s.sheetName, 0, 0).value)).toMatch(/^Stale: .*Client \d+ new/);
  // Read again, nothing more to write: the plain reading's syncs.
  expect((await readTab(big)).syncs).toBe(many.syncs);
}, 120_000);
