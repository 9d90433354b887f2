/**
 * Parse-and-write of a large generated impressions report (sandbox generator, 46 default columns)
 * into the in-memory workbook, against plain papaparse parsing of the same CSV in the same run; the
 * number of syncs against the minimum the 5 MB payload limit allows, both on the true JSON bytes of
 * every request (what the in-memory workbook measures, as Excel on the web does); peak memory.
 */
import { performance } from "perf_hooks";
import Papa from "papaparse";
import { parseReportCsv } from "../src/api/csv";
import { minimumSyncs } from "../src/excel/chunkPlan";
import { writeNewTable } from "../src/excel/tableWriter";
import { InMemoryWorkbook } from "../preview/memory/workbook";
import { World, generateReportCsv } from "../sandbox/index";

export async function run(): Promise<Record<string, number | string>> {
  // 36 scaled campaign sets over ~100 days ≈ 100,000+ rows.
  const world = new World(30);
  const csv = generateReportCsv(
    world,
    "impressions",
    { startDate: "2026-08-01", endDate: "2026-11-08" },
    Date.UTC(2026, 10, 22),
  );
  let peakRss = 0;
  let peakHeap = 0;
  const sample = () => {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  };
  const timer = setInterval(sample, 20);
  try {
    let t = performance.now();
    const plain = Papa.parse<string[]>(csv, { header: false });
    const papaMs = performance.now() - t;
    const rows = plain.data.length - 2;

    t = performance.now();
    // The sandbox serves this CSV with its Content-Length, which proves it whole.
    const table = parseReportCsv("impressions", csv, { lengthProven: true });
    const parseMs = performance.now() - t;
    const workbook = new InMemoryWorkbook();
    t = performance.now();
    const result = await writeNewTable(workbook.excel, table, {
      sheetName: "Impressions",
      tableName: "Impressions",
    });
    const writeMs = performance.now() - t;
    sample();
    const payload = workbook.syncLog.reduce((n, s) => n + s.payloadBytes, 0);
    const maxSync = Math.max(...workbook.syncLog.map((s) => s.payloadBytes));
    return {
      rows: table.rows.length,
      columns: table.columns.length,
      csvMiB: Number((csv.length / 2 ** 20).toFixed(1)),
      papaparseRowsPerSec: Math.round(rows / (papaMs / 1000)),
      parseAndWriteRowsPerSec: Math.round(table.rows.length / ((parseMs + writeMs) / 1000)),
      throughputRatioVsPapaparse: Number(((parseMs + writeMs) / papaMs).toFixed(1)),
      parseMs: Math.round(parseMs),
      writeMs: Math.round(writeMs),
      syncs: result.syncs,
      payloadMiB: Number((payload / 2 ** 20).toFixed(1)),
      minimumSyncs: minimumSyncs(payload),
      syncRatio: Number((result.syncs / minimumSyncs(payload)).toFixed(2)),
      largestSyncMiB: Number((maxSync / 2 ** 20).toFixed(2)),
      peakRssMiB: Math.round(peakRss / 2 ** 20),
      peakHeapMiB: Math.round(peakHeap / 2 ** 20),
    };
  } finally {
    clearInterval(timer);
  }
}
