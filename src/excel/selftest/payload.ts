/**
 * Payload size: Excel on the web refuses a request, and an answer, over 5 MB of JSON; the writers
 * plan their syncs under it on true JSON bytes (chunkPlan.ts).
 */
import { PAYLOAD_LIMIT_BYTES } from "../chunkPlan";
import { a1 } from "../tableWriter";
import { check, failureCode, webOnly, type SelfTestStep } from "./step";

const CELL_CHARS = 250;
/** Rows of one column of CELL_CHARS-character strings weighing about `bytes` of JSON. */
function rowsFor(bytes: number): number {
  return Math.ceil(bytes / (CELL_CHARS + 5));
}
const text = (i: number) => `${String(i).padStart(8, "0")}${"x".repeat(CELL_CHARS - 8)}`;
const block = (rows: number, from = 0) => Array.from({ length: rows }, (_, i) => [text(from + i)]);

export const payloadSteps: SelfTestStep[] = [
  {
    id: "request-under-limit",
    family: "Payload size",
    title: "A write of about 4.5 MB in one sync succeeds",
    async run({ excel, sheet }) {
      const rows = rowsFor(4.5 * 2 ** 20);
      await excel.run(async (context) => {
        const range = context.workbook.worksheets.getItem(sheet).getRange(a1(0, 0, rows, 1));
        range.numberFormat = "@" as unknown as string[][];
        await context.sync();
        range.values = block(rows);
        await context.sync();
      });
      return `${rows.toLocaleString("en-US")} cells in one sync`;
    },
  },
  {
    id: "request-over-limit",
    family: "Payload size",
    title: "A write of about 5.5 MB in one sync is refused with RequestPayloadSizeLimitExceeded",
    skipUnless: webOnly,
    async run({ excel, sheet }) {
      const rows = rowsFor(PAYLOAD_LIMIT_BYTES * 1.05);
      const code = await failureCode(excel, async (context) => {
        context.workbook.worksheets.getItem(sheet).getRange(a1(0, 0, rows, 1)).values = block(rows);
        await context.sync();
      });
      check(
        code === "RequestPayloadSizeLimitExceeded",
        `the write ${code ? `failed with ${code}` : "succeeded"}`,
      );
      return "refused with RequestPayloadSizeLimitExceeded";
    },
  },
  {
    id: "response-over-limit",
    family: "Payload size",
    title: "Reading about 5.5 MB in one sync is refused with ResponsePayloadSizeLimitExceeded",
    skipUnless: webOnly,
    async run({ excel, sheet }) {
      const rows = rowsFor(PAYLOAD_LIMIT_BYTES * 1.05);
      const half = Math.ceil(rows / 2);
      await excel.run(async (context) => {
        const ws = context.workbook.worksheets.getItem(sheet);
        ws.getRange(a1(0, 0, half, 1)).values = block(half);
        await context.sync();
        ws.getRange(a1(half, 0, rows - half, 1)).values = block(rows - half, half);
        await context.sync();
      });
      const code = await failureCode(excel, async (context) => {
        context.workbook.worksheets
          .getItem(sheet)
          .getRange(a1(0, 0, rows, 1))
          .load("values");
        await context.sync();
      });
      check(
        code === "ResponsePayloadSizeLimitExceeded",
        `the read ${code ? `failed with ${code}` : "succeeded"}`,
      );
      return "refused with ResponsePayloadSizeLimitExceeded";
    },
  },
];
