/**
 * Report headers that were the service's field names (the audience report's `uploadedAt`, `d15`)
 * are now in a planner's words. A sheet written before keeps its columns through a refresh: each is
 * found by its new header, renamed, and the planner's formulas over it follow the new name.
 */
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import type { TypedTable } from "../api/table";
import { reportHeaderLabel } from "../api/fieldLabels";
import { createReportSheet, readDefinition, refreshReport } from "./reportSheets";

const OLD = ["Series", "Episode", "uploadedAt", "reach", "d15"];

function audience(names: readonly string[], episodes: number): TypedTable {
  return {
    columns: names.map((name, j) => ({ name, kind: j < 2 ? "text" : j === 2 ? "date" : "integer" })),
    rows: Array.from({ length: episodes }, (_, i) => [
      "Show",
      `Episode ${i}`,
      46000 + i,
      100 * (i + 1),
      10 * (i + 1),
    ]),
  };
}

test("a sheet written with the service's names keeps its columns, notes and formulas when the headers become words", async () => {
  const wb = new InMemoryWorkbook({ sheets: ["Plan"] });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  const def = await createReportSheet(
    wb.excel,
    { kind: "audience", params: {}, label: "Audience", chart: false },
    { type: "table", table: audience(OLD, 3) },
  );
  const ids = (await readDefinition(wb.excel, "Audience"))!.columns!.map((c) => c.id);
  // The planner's work: a per-listener column over reach, and a total of it elsewhere.
  await wb.excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem("Audience");
    const t = sheet.tables.getItem(def.tableName!);
    t.columns.add(undefined, undefined, "Per 15 days");
    await context.sync();
    t.columns.getItem("Per 15 days").getDataBodyRange().formulas = [0, 1, 2].map(() => ["=[@d15]/[@reach]"]);
    await context.sync();
  });
  // The planner's own format on d15, and an A1 formula beside the table.
  await wb.excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem("Audience");
    sheet.getRange("E4:E6").numberFormat = [["0.0"], ["0.0"], ["0.0"]];
    await context.sync();
  });
  wb.host.setInput("Audience", 3, 7, "=D4*2");
  wb.host.setInput("Plan", 0, 0, `=SUM(${def.tableName}[reach])`);
  expect(wb.host.cell("Plan", 0, 0).value).toBe(600);

  const now = OLD.map(reportHeaderLabel);
  expect(now).toEqual(["Series", "Episode", "Uploaded", "Reach", "RSS impressions in 15 days"]);
  await refreshReport(wb.excel, "Audience", async () => ({ type: "table", table: audience(now, 4) }));

  const header = [0, 1, 2, 3, 4, 5].map((c) => wb.host.cell("Audience", 2, c).value);
  expect(header).toEqual([...now, "Per 15 days"]);
  const after = (await readDefinition(wb.excel, "Audience"))!.columns!;
  // The same table columns (ids), renamed; none deleted and added again.
  expect(after.map((c) => c.id)).toEqual(ids);
  expect(after.map((c) => c.name)).toEqual(now);
  // The planner's formulas follow the new names and cover the new row.
  expect(wb.host.cell("Audience", 6, 5).value).toBeCloseTo(40 / 400, 12);
  expect(wb.host.cell("Plan", 0, 0).value).toBe(1000);
  // The planner's format stays on the renamed column, new row included; the A1 formula still reads Reach.
  expect([3, 4, 5, 6].map((r) => wb.host.cell("Audience", r, 4).numberFormat)).toEqual([
    "0.0",
    "0.0",
    "0.0",
    "0.0",
  ]);
  expect(wb.host.cell("Audience", 3, 7)).toMatchObject({ formula: "=D4*2", value: 200 });
});
