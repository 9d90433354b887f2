/**
 * A refresh whose new data has no rows (a request edited to a range the service has no data for):
 * an Excel table keeps one body row, and that row must be empty, not the old first row. The
 * planner's calculated column and a note under the table are handled as for any other size, the
 * widths stay as they were, and a later refresh with rows writes exactly those rows.
 */
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import type { TypedTable } from "../api/table";
import { BAND_ROWS } from "./charts/chartLayout";
import { createReportSheet, readDefinition, refreshReport } from "./reportSheets";

const DAY = 46326; // 2026-10-31
/** The header's row: under the sheet's status line, the rows kept for its chart and a blank row. */
const HEADER = 2 + BAND_ROWS;
const COLS = [0, 1, 2, 3, 4];

function report(days: number): TypedTable {
  return {
    columns: [
      { name: "Day", kind: "date" },
      { name: "Advertiser", kind: "text" },
      { name: "Spend", kind: "currency" },
      { name: "Impressions", kind: "integer" },
    ],
    rows: Array.from({ length: days }, (_, d) => [DAY - d, "Acme Mattress", 87926.19 - d, 1000 * (d + 1)]),
  };
}

async function setup() {
  const wb = new InMemoryWorkbook({ sheets: ["Dashboard"] });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  const def = await createReportSheet(
    wb.excel,
    { kind: "impressions", params: {}, label: "Spend by day" },
    { type: "table", table: report(5) },
  );
  const name = def.tableName!;
  // The planner's work: a calculated column in the table, and a note two rows under it.
  await wb.excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem("Spend by day");
    const t = sheet.tables.getItem(name);
    t.resize(`A${HEADER + 1}:E${HEADER + 6}`);
    sheet.getRange(`E${HEADER + 1}`).values = [["Double"]];
    sheet.getRange(`E${HEADER + 2}:E${HEADER + 6}`).formulas = COLS.map(() => ["=[@Spend]*2"]);
    await context.sync();
  });
  wb.host.setInput("Spend by day", HEADER + 7, 0, "checked with finance");
  // A dashboard over the table's columns.
  wb.host.setInput("Dashboard", 0, 0, `=SUM(${name}[Spend])`);
  wb.host.setInput("Dashboard", 1, 0, `=MAX(${name}[Spend])`);
  wb.host.setInput("Dashboard", 2, 0, `=COUNT(${name}[Day])`);
  return { wb, name };
}

const row = (wb: InMemoryWorkbook, r: number) =>
  COLS.map((c) => wb.host.cell("Spend by day", HEADER + 1 + r, c));
const widths = (wb: InMemoryWorkbook) => [0, 1, 2, 3].map((c) => wb.host.columnWidths("Spend by day").get(c));

test("refreshed from 5 rows to none: one empty body row, formats as the columns', planner's work as for any size, widths kept", async () => {
  const { wb, name } = await setup();
  const before = widths(wb);
  const formats = row(wb, 0).map((c) => c.numberFormat);
  expect(wb.host.cell("Dashboard", 0, 0).value).toBeGreaterThan(400_000);

  await refreshReport(wb.excel, "Spend by day", async () => ({ type: "table", table: report(0) }));
  expect((await readDefinition(wb.excel, "Spend by day"))!.rowCount).toBe(0);
  const t = wb.host.tables().find((x) => x.name === name)!;
  expect(t.rect).toEqual({ row: HEADER, col: 0, rows: 2, cols: 5 });
  // The one body row holds nothing of the old data, and has the columns' formats.
  const cells = row(wb, 0);
  expect(cells.slice(0, 4).map((c) => c.value ?? "")).toEqual(["", "", "", ""]);
  expect(cells.slice(0, 4).map((c) => c.numberFormat)).toEqual(formats.slice(0, 4));
  // The calculated column is filled in the row, as in every row of any refresh.
  expect(cells[4].formula).toBe("=[@Spend]*2");
  // The note under the table moved up with the table's end, as for any shrink.
  expect(wb.host.cell("Spend by day", HEADER + 3, 0).value).toBe("checked with finance");
  expect(row(wb, 4)[0].value).toBeNull();
  // The dashboard counts nothing stale.
  expect(wb.host.cell("Dashboard", 0, 0).value).toBe(0);
  expect(wb.host.cell("Dashboard", 1, 0).value).toBe(0);
  expect(wb.host.cell("Dashboard", 2, 0).value).toBe(0);
  // The widths are not shrunk to the headers (a date still fits the Day column).
  expect(widths(wb)).toEqual(before);

  // Still nothing: the widths hold.
  await refreshReport(wb.excel, "Spend by day", async () => ({ type: "table", table: report(0) }));
  expect(widths(wb)).toEqual(before);
  expect(
    row(wb, 0)
      .slice(0, 4)
      .map((c) => c.value ?? ""),
  ).toEqual(["", "", "", ""]);

  // Data again: exactly those rows, the note still under the table.
  await refreshReport(wb.excel, "Spend by day", async () => ({ type: "table", table: report(3) }));
  expect(wb.host.tables().find((x) => x.name === name)!.rect).toEqual({
    row: HEADER,
    col: 0,
    rows: 4,
    cols: 5,
  });
  expect([0, 1, 2].map((r) => row(wb, r).map((c) => c.value))).toEqual(
    report(3).rows.map((r) => [...r, (r[2] as number) * 2]),
  );
  expect(row(wb, 3).map((c) => c.value ?? "")).toEqual(["", "", "", "", ""]);
  expect(wb.host.cell("Spend by day", HEADER + 5, 0).value).toBe("checked with finance");
  expect(wb.host.cell("Dashboard", 2, 0).value).toBe(3);
  expect(widths(wb)).toEqual(before);
});
