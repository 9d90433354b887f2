/**
 * The Delivery sheet's room (issue #56) over the report table core: the sheet is made as every report
 * sheet is (createReportSheet: status line, chart band, the table of what was bought beside what was
 * delivered), then the pacing columns are added to the table as formulas over the row (Flight
 * elapsed, Delivered, Pacing, Projected impressions, Owed impressions, Pace: src/reports/delivery.ts)
 * and an empty Make-good column for the planner. From then on they are the planner's columns: a
 * refresh rewrites the report's columns only and fills the formulas into new rows, as it does for
 * every calculated column a planner adds; the planner may change a formula or the make-goods typed.
 */
import type { ReportDefinition } from "../../reports/definition";
import { MAKE_GOOD_COLUMN, PACING_COLUMNS } from "../../reports/delivery";
import { fittedWidth } from "../cellFormats";
import type { ExcelHost } from "../host";
import { createReportSheet, type NewReport, type SheetData } from "../reportSheets";

/** Widths the added columns are given (points): their headers and what their formulas show. */
const PACE_WIDTH_PT = fittedWidth("ended short by 9,999,999 impressions", [], "text", "General");

/** Writes a new Delivery sheet: the report table, then its pacing formulas and the Make-good column. */
export async function createDeliverySheet(
  excel: ExcelHost,
  report: NewReport,
  data: SheetData & { type: "table" },
  now = new Date(),
): Promise<ReportDefinition> {
  const def = await createReportSheet(excel, { ...report, chart: false }, data, now);
  // No flights yet (a plan just created, not synced by the service): the table's one blank row gets
  // the formulas, so the columns are calculated ones the refresh fills when flights arrive.
  const rows = Math.max(1, data.table.rows.length);
  await excel.run(async (context) => {
    const table = context.workbook.worksheets.getItem(def.sheetName).tables.getItem(def.tableName!);
    const added = PACING_COLUMNS.map((c) => ({ c, column: table.columns.add(undefined, undefined, c.name) }));
    const makeGood = table.columns.add(undefined, undefined, MAKE_GOOD_COLUMN);
    await context.sync();
    for (const { c, column } of added) {
      // Every row the same formula: Excel makes it the column's calculated formula.
      const body = column.getDataBodyRange();
      body.numberFormat = Array.from({ length: rows }, () => [c.format]);
      body.formulas = Array.from({ length: rows }, () => [c.formula]);
      column.getRange().format.columnWidth =
        c.name === "Pace" ? PACE_WIDTH_PT : fittedWidth(c.name, [9_999_999], "integer", "#,##0");
    }
    // Text: a make-good typed as "50,000 in Dec" stays as typed.
    makeGood.getDataBodyRange().numberFormat = Array.from({ length: rows }, () => ["@"]);
    makeGood.getRange().format.columnWidth = fittedWidth(
      MAKE_GOOD_COLUMN,
      ["50,000 in the next flight"],
      "text",
      "@",
    );
    await context.sync();
  });
  return def;
}
