/**
 * A report table read back from its sheet for its chart (switched on from the Sheets tab, or copied
 * onto the Dashboard): the columns its sums read, or a sample to choose a chart over its columns.
 */
import type { CellValue, TypedTable } from "../api/table";
import { summaryReads } from "../reports/chartSummary";
import type { ReportDefinition } from "../reports/definition";
import { isDateFormat } from "./dateSystem";
import { reportHeaderLabel } from "../api/fieldLabels";
import type { ExcelHost } from "./host";

/**
 * A report table's headers as the report named its columns: a report column the planner renamed or
 * moved is still that column (found by its table column id, as a refresh finds it), so the Dashboard's
 * figures and charts keep finding it; every other column keeps its header.
 */
export function reportNamesOf(
  def: Pick<ReportDefinition, "columns">,
  headers: readonly string[],
  ids: readonly number[],
): string[] {
  return headers.map((h, i) => {
    const written = def.columns?.find((c) => c.id !== undefined && c.id === ids[i]);
    return written ? reportHeaderLabel(written.name) : h;
  });
}

/** Rows read to tell the table's number columns from its text ones when a chart is switched on. */
const SHAPE_ROWS = 20;

/** Rows read at once when a chart's columns are read back (well under Excel's response limit). */
export const CHART_READ_ROWS = 20_000;

/** The table's columns by the report's names, each a number column where its first rows hold numbers. */
function shapeOf(
  def: Pick<ReportDefinition, "columns">,
  headers: readonly string[],
  ids: readonly number[],
  sample: readonly CellValue[][],
): TypedTable {
  return {
    columns: reportNamesOf(def, headers, ids).map((name, i) => ({
      name,
      kind: sample.some((r) => typeof r[i] === "number") ? ("number" as const) : ("text" as const),
    })),
    rows: [...sample],
  };
}

/** The columns a summary sums, and each one's kind from the format the add-in wrote (dates, money). */
function summedColumns(def: Pick<ReportDefinition, "kind" | "columns">, shape: TypedTable) {
  const wanted = shape.columns.flatMap((c, j) => (summaryReads(def.kind, c.name) ? [j] : []));
  const formatOf = (name: string) =>
    def.columns?.find((c) => reportHeaderLabel(c.name) === reportHeaderLabel(name))?.format ?? "General";
  const columns = wanted.map((j) => {
    const name = shape.columns[j].name;
    const format = formatOf(name);
    const kind = isDateFormat(format)
      ? ("date" as const)
      : /\$/.test(format)
        ? ("currency" as const)
        : shape.columns[j].kind === "number"
          ? ("integer" as const)
          : ("text" as const);
    return { name, kind };
  });
  return { wanted, columns };
}

/**
 * The table as its chart reads it, from its header, column ids and whole body as read in one go
 * (chartColumns, without its reads: a table whose body was read with other work).
 */
export function tableReadBack(
  def: Pick<ReportDefinition, "kind" | "columns">,
  headers: readonly string[],
  ids: readonly number[],
  body: readonly CellValue[][],
): TypedTable {
  if (body.length === 0) return { columns: [], rows: [] };
  const shape = shapeOf(def, headers, ids, body.slice(0, SHAPE_ROWS));
  const { wanted, columns } = summedColumns(def, shape);
  if (wanted.length === 0) return shape;
  return { columns, rows: body.map((r) => wanted.map((j) => r[j])) };
}

/**
 * The table as its chart reads it: every row of the columns a summary sums (whole, in blocks of
 * rows), or a sample of every column for a chart over the table's columns. Kinds come from the
 * formats the add-in wrote (dates, money), the rest from the values.
 */
export async function chartColumns(excel: ExcelHost, def: ReportDefinition): Promise<TypedTable> {
  const shape = await tableShape(excel, def);
  const { wanted, columns } = summedColumns(def, shape);
  if (wanted.length === 0) return shape;
  const rows: CellValue[][] = await excel.run(async (context) => {
    const body = context.workbook.worksheets
      .getItem(def.sheetName)
      .tables.getItem(def.tableName!)
      .getDataBodyRange();
    body.load("rowCount");
    await context.sync();
    const out: CellValue[][] = Array.from({ length: body.rowCount }, () => []);
    for (let start = 0; start < body.rowCount; start += CHART_READ_ROWS) {
      const count = Math.min(CHART_READ_ROWS, body.rowCount - start);
      const parts = wanted.map((j) => {
        const r = body.getCell(start, j).getResizedRange(count - 1, 0);
        r.load("values");
        return r;
      });
      // One read per block of rows: a whole report's columns at once could pass the response limit.
      // eslint-disable-next-line office-addins/no-context-sync-in-loop
      await context.sync();
      parts.forEach((r, k) => r.values.forEach((v, i) => (out[start + i][k] = v[0] as CellValue)));
    }
    return out;
  });
  return { columns, rows };
}

/**
 * The report table as it stands, enough to choose its chart: the header, and each column's kind
 * from its first rows (number where they hold numbers). Only those rows are read, whatever the size.
 */
async function tableShape(excel: ExcelHost, def: ReportDefinition): Promise<TypedTable> {
  return excel.run(async (context) => {
    const table = context.workbook.worksheets.getItem(def.sheetName).tables.getItem(def.tableName!);
    const header = table.getHeaderRowRange();
    header.load("values");
    table.columns.load("items/id");
    const body = table.getDataBodyRange();
    body.load("rowCount,columnCount");
    await context.sync();
    if (body.rowCount === 0) return { columns: [], rows: [] };
    const sample = body
      .getCell(0, 0)
      .getResizedRange(Math.min(SHAPE_ROWS, body.rowCount) - 1, body.columnCount - 1);
    sample.load("values");
    await context.sync();
    return shapeOf(
      def,
      header.values[0].map(String),
      table.columns.items.map((c) => c.id),
      sample.values as CellValue[][],
    );
  });
}
