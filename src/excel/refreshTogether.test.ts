/**
 * Two refreshes of one sheet started at once (the pane's Refresh while the ribbon's Refresh all
 * runs): one waits for the other, so the report and its definition are each one refresh's, never a
 * mix. 100 tries, each with its fetches answering in a different order.
 */
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import type { TypedTable } from "../api/table";
import { createReportSheet, readDefinition, refreshAll, refreshReport } from "./reportSheets";

const DAY = 45992;

function report(days: number, tag: string): TypedTable {
  return {
    columns: [
      { name: "Day", kind: "date" },
      { name: "Campaign", kind: "text" },
      { name: "Spend", kind: "currency" },
    ],
    rows: Array.from({ length: days }, (_, d) => [DAY + d, `${tag} ${d}`, 100 + d]),
  };
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

test("two refreshes of one sheet at once leave one refresh's report and a definition that matches it, 100 of 100 tries", async () => {
  let correct = 0;
  for (let i = 0; i < 100; i++) {
    const wb = new InMemoryWorkbook({ sheets: ["Plan"] });
    (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
    const def = await createReportSheet(
      wb.excel,
      { kind: "impressions", params: {}, label: "Spend", chart: false },
      { type: "table", table: report(2, "first") },
    );
    const a = report(3 + (i % 4), "pane");
    const b = report(9 - (i % 5), "all");
    // The fetches answer after different delays, so either may finish its request first.
    await Promise.all([
      refreshReport(wb.excel, "Spend", async () => (await pause(i % 3), { type: "table", table: a }), {
        origin: "pane",
      }),
      refreshAll(wb.excel, async () => (await pause((i + 1) % 3), { type: "table", table: b }), {
        origin: "ribbon",
      }),
    ]);
    const saved = (await readDefinition(wb.excel, "Spend"))!;
    const t = wb.host.tables().find((x) => x.name === def.tableName)!;
    const body = Array.from(
      { length: t.rect.rows - 1 },
      (_, r) => wb.host.cell("Spend", t.rect.row + 1 + r, 1).value,
    );
    const whole = (x: TypedTable) => JSON.stringify(body) === JSON.stringify(x.rows.map((r) => r[1]));
    const one = whole(a) ? a : whole(b) ? b : null;
    if (one && saved.rowCount === one.rows.length && saved.status === "ok") correct++;
  }
  expect(correct).toBe(100);
}, 120_000);
