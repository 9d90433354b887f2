/**
 * Sync filling, measured on the request bodies office.js would send (SerialisingHost): no sync ever
 * passes 5 MB, whatever the rows hold, and a big table takes at most 1.1 × the fewest syncs its bytes
 * allow (issue 14's goal).
 */
import fc from "fast-check";
import type { CellValue, TypedTable } from "../api/table";
import { minimumSyncs, PAYLOAD_LIMIT_BYTES } from "./chunkPlan";
import { SyncBatch, fillChunks } from "./syncBatch";
import { writeNewTable } from "./tableWriter";
import { impressionsTable } from "./testing/tables";
import { SerialisingHost } from "./testing/serialisingHost";

const cell: fc.Arbitrary<CellValue> = fc.oneof(
  // Date-time serials (18 bytes of JSON), long text near the cell limit, text JSON escapes, numbers.
  fc.integer({ min: 0, max: 2_000_000 }).map((n) => 45292 + n / 86_400 + 1 / 3),
  fc.integer({ min: 1, max: 32_000 }).map((n) => 'é"\\\n'.repeat(Math.ceil(n / 4)).slice(0, n)),
  fc.string({ maxLength: 40 }),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.constant(null),
);

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
        const host = new SerialisingHost();
        // The host refuses a body over 5 MB: the write would reject.
        await writeNewTable(host, table, { sheetName: "S", tableName: "T" }, { topLines: [["status"]] });
        expect(Math.max(...host.syncs.map((s) => s.bytes))).toBeLessThan(PAYLOAD_LIMIT_BYTES);
      },
    ),
    { numRuns: 25 },
  );
}, 120_000);

test("a big uniform table takes at most 1.1 × the fewest syncs its request bytes allow", async () => {
  const host = new SerialisingHost();
  await writeNewTable(
    host,
    impressionsTable(70_000),
    { sheetName: "S", tableName: "T" },
    { topLines: [["status"]] },
  );
  const minimum = minimumSyncs(host.totalBytes());
  expect(minimum).toBeGreaterThanOrEqual(6);
  expect(host.syncs.length).toBeLessThanOrEqual(Math.floor(1.1 * minimum));
  expect(Math.max(...host.syncs.map((s) => s.bytes))).toBeLessThan(PAYLOAD_LIMIT_BYTES);
}, 60_000);

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
