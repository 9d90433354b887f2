/**
 * A refresh fits the report's columns to the new data but never makes one narrower than it was
 * (issue #57): a column the planner widened keeps its width, wherever the new data moves it, as
 * Excel's own AutoFit on a planner's wider column would not narrow it either (docs/excel-fidelity.md
 * row 49). A column whose new values are longer grows; a column the report no longer has takes
 * nothing of its width to the one that moves into its place.
 */
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import type { TypedTable } from "../api/table";
import { createReportSheet, refreshReport } from "./reportSheets";

const SHEET = "Spend by day";
const DAY = 46326; // 2026-10-31

function report(advertiser: string | null): TypedTable {
  return {
    columns: [
      { name: "Day", kind: "date" },
      ...(advertiser === null ? [] : [{ name: "Advertiser", kind: "text" as const }]),
      { name: "Spend", kind: "currency" },
    ],
    rows: Array.from({ length: 5 }, (_, d) => [
      DAY - d,
      ...(advertiser === null ? [] : [advertiser]),
      87926.19 - d,
    ]),
  };
}

async function sheetWith(table: TypedTable) {
  const wb = new InMemoryWorkbook();
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  const def = await createReportSheet(
    wb.excel,
    { kind: "impressions", params: {}, label: SHEET },
    { type: "table", table },
  );
  return { wb, tableName: def.tableName! };
}

/** The table's columns' widths by header, as the planner sees them. */
async function widthsByHeader(wb: InMemoryWorkbook, tableName: string): Promise<Record<string, number>> {
  return wb.excel.run(async (context) => {
    const header = context.workbook.tables.getItem(tableName).getHeaderRowRange();
    header.load("values");
    const props = header.getColumnProperties({ format: { columnWidth: true } });
    await context.sync();
    return Object.fromEntries(
      header.values[0].map((h, j) => [String(h), props.value[j].format!.columnWidth!]),
    );
  });
}

async function widen(wb: InMemoryWorkbook, tableName: string, column: string, points: number) {
  await wb.excel.run(async (context) => {
    const col = context.workbook.tables.getItem(tableName).columns.getItem(column).getRange();
    col.format.columnWidth = points;
    await context.sync();
  });
}

const refresh = (wb: InMemoryWorkbook, table: TypedTable) =>
  refreshReport(wb.excel, SHEET, async () => ({ type: "table", table }));

test("a column the planner widened keeps its width through a refresh; the others are fitted as before", async () => {
  const { wb, tableName } = await sheetWith(report("Acme"));
  const fitted = await widthsByHeader(wb, tableName);
  await widen(wb, tableName, "Advertiser", fitted.Advertiser + 120);
  await refresh(wb, report("Acme"));
  const after = await widthsByHeader(wb, tableName);
  expect(after.Advertiser).toBe(fitted.Advertiser + 120);
  expect(after.Day).toBe(fitted.Day);
  expect(after.Spend).toBe(fitted.Spend);
});

test("a column whose new values are longer grows to fit them", async () => {
  const { wb, tableName } = await sheetWith(report("Acme"));
  const before = await widthsByHeader(wb, tableName);
  await refresh(wb, report("Acme Mattress Company of Greater Springfield"));
  const after = await widthsByHeader(wb, tableName);
  expect(after.Advertiser).toBeGreaterThan(before.Advertiser);
});

test("a widened column keeps its width when the new data drops a column before it (the width moves with it)", async () => {
  const { wb, tableName } = await sheetWith(report("Acme"));
  const fitted = await widthsByHeader(wb, tableName);
  await widen(wb, tableName, "Spend", fitted.Spend + 90);
  await refresh(wb, report(null));
  const after = await widthsByHeader(wb, tableName);
  expect(Object.keys(after)).toEqual(["Day", "Spend"]);
  expect(after.Spend).toBe(fitted.Spend + 90);
});

test("a planner's column keeps its width when the report's columns before it change", async () => {
  const { wb, tableName } = await sheetWith(report("Acme"));
  await wb.excel.run(async (context) => {
    const table = context.workbook.tables.getItem(tableName);
    const notes = table.columns.add(undefined, undefined, "My notes");
    notes.getRange().format.columnWidth = 150;
    await context.sync();
  });
  await refresh(wb, report(null));
  const after = await widthsByHeader(wb, tableName);
  expect(Object.keys(after)).toEqual(["Day", "Spend", "My notes"]);
  expect(after["My notes"]).toBe(150);
});
