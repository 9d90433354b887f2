import { impressionsTable } from "./tables";
import { SerialisingHost } from "./serialisingHost";
import { writeNewTable } from "../tableWriter";
import { PAYLOAD_LIMIT_BYTES } from "../chunkPlan";

test("each sync is serialised as one request body, with every value the add-in sent", async () => {
  const host = new SerialisingHost();
  const bodies: number[] = [];
  host.onSync = (s) => bodies.push(s.bytes);
  await host.run(async (context) => {
    const range = context.workbook.worksheets.getItem("S").getRange("A1:B1");
    range.values = [["é", 12.5]];
    await context.sync();
    range.numberFormat = [["@", "0.00"]];
    await context.sync();
  });
  expect(host.syncs).toHaveLength(2);
  expect(bodies).toEqual(host.syncs.map((s) => s.bytes));
  // The value's JSON is in the body: "é" is 2 UTF-8 bytes.
  expect(host.syncs[0].bytes).toBeGreaterThan(JSON.stringify([["é", 12.5]]).length + 1);
  expect(host.syncs[0].calls).toBe(3); // getItem("S"), getRange("A1:B1") and the values set
});

test("a batch over 5 MB is refused as Excel on the web refuses it", async () => {
  const host = new SerialisingHost();
  const big = "x".repeat(PAYLOAD_LIMIT_BYTES);
  await expect(
    host.run(async (context) => {
      context.workbook.worksheets.getItem("S").getRange("A1").values = [[big]];
      await context.sync();
    }),
  ).rejects.toMatchObject({ code: "RequestPayloadSizeLimitExceeded" });
});

test("a big table's write stays under the limit in every sync and carries all of its values", async () => {
  const host = new SerialisingHost();
  const table = impressionsTable(20_000);
  await writeNewTable(host, table, { sheetName: "S", tableName: "T" });
  expect(Math.max(...host.syncs.map((s) => s.bytes))).toBeLessThan(PAYLOAD_LIMIT_BYTES);
  expect(host.totalBytes()).toBeGreaterThan(JSON.stringify(table.rows).length);
});
