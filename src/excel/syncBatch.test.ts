/**
 * Sync filling, measured on the genuine request bodies office.js sends (the in-memory Excel host
 * records each one): no sync ever passes 5 MB, whatever the rows hold; the planned bytes of every
 * sync are never under what office.js sent and within a few percent of it; and a big table takes at
 * most 1.1 × the fewest syncs its bytes allow (issue 14's goal).
 */
import { dateSystemOf } from "./dateSystem";
import fc from "fast-check";
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import type { CellValue, TypedTable } from "../api/table";
import { minimumSyncs, PAYLOAD_LIMIT_BYTES } from "./chunkPlan";
import { observePlannedSyncs, SyncBatch, fillChunks } from "./syncBatch";
import { writeNewTable } from "./newTableSheet";
import { impressionsTable } from "./testing/tables";

const cell: fc.Arbitrary<CellValue> = fc.oneof(
  // Date-time serials (18 bytes of JSON), long text near the cell limit, text JSON escapes, numbers.
  fc.integer({ min: 0, max: 2_000_000 }).map((n) => 45292 + n / 86_400 + 1 / 3),
  fc.integer({ min: 1, max: 32_000 }).map((n) => 'é"\\\n'.repeat(Math.ceil(n / 4)).slice(0, n)),
  fc.string({ maxLength: 40 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constant(null),
);

/** Each SyncBatch sync's planned bytes beside the genuine body office.js sent for it. */
async function plannedAndSent(wb: InMemoryWorkbook, write: () => Promise<unknown>) {
  const planned: { bytes: number; index: number }[] = [];
  observePlannedSyncs((bytes) => planned.push({ bytes, index: wb.syncLog.length }));
  try {
    await write();
  } finally {
    observePlannedSyncs(undefined);
  }
  return planned.map((p) => ({ planned: p.bytes, sent: wb.syncLog[p.index].payloadBytes }));
}

test("no sync passes 5 MB on random tables of long text, escapes and date serials", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.integer({ min: 1, max: 12 }),
      fc.array(fc.array(cell, { minLength: 12, maxLength: 12 }), { minLength: 1, maxLength: 400 }),
      async (width, rows) => {
        const table: TypedTable = {
          columns: Array.from({ length: width }, (_, c) => ({
            name: `C${c}`,
            kind: c % 2 ? "text" : "number",
          })),
          rows: rows.map((r) => r.slice(0, width)),
        };
        const wb = new InMemoryWorkbook();
        // The host refuses a body over 5 MB: the write would reject.
        const pairs = await plannedAndSent(wb, () =>
          writeNewTable(wb.excel, table, { sheetName: "S", tableName: "T" }, { topLines: [["status"]] }),
        );
        expect(Math.max(...wb.syncLog.map((s) => s.payloadBytes))).toBeLessThan(PAYLOAD_LIMIT_BYTES);
        for (const p of pairs) expect(p.planned).toBeGreaterThanOrEqual(p.sent);
      },
    ),
    { numRuns: 25 },
  );
}, 180_000);

test("a big uniform table: every full sync planned at or above what office.js sent, within 3 %, and at most 1.1 × the fewest syncs", async () => {
  const wb = new InMemoryWorkbook();
  // The pane asks the workbook's date system when it opens (dateSystem.ts): the write's own syncs are bounded here.
  await dateSystemOf(wb.excel);
  wb.syncLog.length = 0;
  const pairs = await plannedAndSent(wb, () =>
    writeNewTable(
      wb.excel,
      impressionsTable(70_000),
      { sheetName: "S", tableName: "T" },
      { topLines: [["status"]] },
    ),
  );
  const sent = wb.syncLog.map((s) => s.payloadBytes);
  const minimum = minimumSyncs(sent.reduce((a, b) => a + b, 0));
  expect(minimum).toBeGreaterThanOrEqual(6);
  expect(wb.syncLog.length).toBeLessThanOrEqual(Math.floor(1.1 * minimum));
  expect(Math.max(...sent)).toBeLessThan(PAYLOAD_LIMIT_BYTES);
  expect(pairs.length).toBeGreaterThanOrEqual(5);
  for (const p of pairs) {
    expect(p.planned).toBeGreaterThanOrEqual(p.sent);
    expect(p.planned / p.sent).toBeLessThan(1.03);
  }
}, 120_000);

test("chunks fill the sync another writer started, and the last one is left for the caller", async () => {
  const synced: number[] = [];
  const batch = new SyncBatch(
    { sync: async () => void synced.push(batch.queued) } as unknown as Excel.RequestContext,
    100,
  );
  batch.add(30);
  const chunks: [number, number][] = [];
  await fillChunks(batch, [20, 20, 20, 20, 20, 20], 5, (start, end) => chunks.push([start, end]));
  // 30 queued + 5 + 3 × 20 = 95 fits; the 4th row would not.
  expect(chunks).toEqual([
    [0, 3],
    [3, 6],
  ]);
  expect(synced).toEqual([95]);
  expect(batch.queued).toBe(65);
  expect(batch.syncs).toBe(1);
});
