/**
 * The Prospects sheet's room (issue #48) over the report table core: the sheet is made as every
 * report sheet is (createReportSheet: status line, the weights' labels as its summary block, the
 * table), then the weights are written right of their labels and a Score column is added to the
 * table, an Excel formula over the row's cells (structured references) and the weight cells, with
 * the table sorted by it. The weights and the Score column are the planner's from then on: a refresh
 * rewrites the labels and the report columns only, keeps the Score column (filled for new rows) and
 * sorts by it again. Editing a weight re-ranks with no request. Its ids are named for what they are
 * and its chart drawn last, as after each refresh (prospectsChart.ts).
 */
import type { ExcelHost } from "./host";
import type { ReportDefinition } from "../reports/definition";
import { DEFAULT_WEIGHTS, WEIGHTED_COLUMN, WEIGHT_NAMES, type WeightName } from "../reports/prospects";
import { fittedWidth } from "./cellFormats";
import { createReportSheet, type NewReport, type SheetData } from "./reportSheets";
import { drawProspectsChart } from "./prospectsChart";
import { BAND_ROWS } from "./charts/chartLayout";

/** The Score column's header. */
export const SCORE_COLUMN = "Score";

/** Sheet rows (1-based) of the weights: under the status line and the block's first line. */
const FIRST_WEIGHT_ROW = 3;

/** Where each weight sits: column B beside its label, absolute, so every row's Score reads the same cell. */
export function weightCells(): Record<WeightName, string> {
  return Object.fromEntries(WEIGHT_NAMES.map((k, i) => [k, `$B$${FIRST_WEIGHT_ROW + i}`])) as Record<
    WeightName,
    string
  >;
}

/** The Score column's width: "-999,999,999,999" and its header, in the add-in's fitted widths (cellFormats.ts). */
export const SCORE_WIDTH_PT = fittedWidth(SCORE_COLUMN, [-999_999_999_999], "integer", "#,##0");

/** The Score formula: each weighed column of the row times its weight's cell. */
export function scoreFormula(): string {
  const cells = weightCells();
  return `=${WEIGHT_NAMES.map((k) => `[@[${WEIGHTED_COLUMN[k]}]]*${cells[k]}`).join("+")}`;
}

/** Writes a new Prospects sheet: the report table, its weights and its Score column, sorted by Score. */
export async function createProspectsSheet(
  excel: ExcelHost,
  report: NewReport,
  data: SheetData & { type: "table" },
  now = new Date(),
): Promise<ReportDefinition> {
  // The report chart off; rows kept above the table for the Prospects chart (prospectsChart.ts).
  const def = await createReportSheet(excel, { ...report, chart: false, bandRows: BAND_ROWS }, data, now);
  await excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(def.sheetName);
    sheet.getRange(`B${FIRST_WEIGHT_ROW}:B${FIRST_WEIGHT_ROW + WEIGHT_NAMES.length - 1}`).values =
      WEIGHT_NAMES.map((k) => [DEFAULT_WEIGHTS[k]]);
    const table = sheet.tables.getItem(def.tableName!);
    const score = table.columns.add(undefined, undefined, SCORE_COLUMN);
    await context.sync();
    if (data.table.rows.length > 0) {
      score.getDataBodyRange().formulas = data.table.rows.map(() => [scoreFormula()]);
      score.getDataBodyRange().numberFormat = data.table.rows.map(() => ["#,##0"]);
    }
    // As wide as a score of the weights a planner types reads (issue #57: -3.7 million showed ####
    // in a standard column): the planner's weights are theirs, so the column is sized for them.
    score.getRange().format.columnWidth = SCORE_WIDTH_PT;
    await context.sync();
    table.columns.load("items/name");
    await context.sync();
    const key = table.columns.items.findIndex((c) => c.name === SCORE_COLUMN);
    table.sort.apply([{ key, ascending: false }]);
    sheet.getRange(`B${FIRST_WEIGHT_ROW}:B${FIRST_WEIGHT_ROW + WEIGHT_NAMES.length - 1}`).numberFormat =
      WEIGHT_NAMES.map(() => ["#,##0"]);
    await context.sync();
  });
  await drawProspectsChart(excel, def.sheetName, def.tableName!);
  return def;
}
