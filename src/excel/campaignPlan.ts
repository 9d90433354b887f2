/**
 * The Office side of campaign plans: insert the plan table, read it, mark bad cells,
 * and write back each campaign's outcome. All decisions (parsing, validation, grouping,
 * the send loop) live in src/writebacks; this module only moves values in and out.
 */
import type { CellValue } from "../api/table";
import { INPUT_HEADERS, PLAN_COLUMNS, PLAN_HEADERS } from "../writebacks/planColumns";
import type { PlanIO } from "../writebacks/planActions";
import { rowStatus, type GroupOutcome } from "../writebacks/planSend";
import { REQUIRED_HEADERS, type CellError, type PlanSheet } from "../writebacks/planValidate";
import { localSerial } from "./campaignPlanDates";
import { cellValue, sheetNameFor, tableNameFor, TEXT_FORMAT } from "./cellFormats";
import { withNewSheet } from "./tableWriter";
import { columnName } from "./columnName";
import { takenNames } from "./workbookNames";
import type { ExcelHost } from "./host";

export const PLAN_SHEET = "Campaign plan";
export const PLAN_TABLE = "CampaignPlan";
export const BAD_CELL_FILL = "#FFC7CE";
const OUTPUT_HEADER_FILL = "#D9D9D9";

export interface PlanLocation {
  tableName: string;
  sheetName: string;
  /** Worksheet row number (1-based) of the first data row, for messages. */
  firstRowNumber: number;
}

export interface ReadPlan extends PlanLocation {
  sheet: PlanSheet;
}

/** Adds a sheet with an empty plan table (headers, one blank row, drop-down lists, formats) and activates it. */
export async function insertCampaignPlan(excel: ExcelHost, rows = 1): Promise<PlanLocation> {
  const taken = await takenNames(excel);
  const sheetName = sheetNameFor(PLAN_SHEET, taken.sheets);
  const tableName = tableNameFor(PLAN_TABLE, taken.tables);
  return withNewSheet(excel, sheetName, async (context, sheet) => {
    const last = columnName(PLAN_HEADERS.length - 1);
    const headerCells = sheet.getRange(`A1:${last}1`);
    headerCells.numberFormat = [PLAN_HEADERS.map(() => TEXT_FORMAT)];
    headerCells.values = [PLAN_HEADERS.slice()];
    const table = sheet.tables.add(`A1:${last}${1 + rows}`, true);
    table.name = tableName;
    const bodyRows = table.getDataBodyRange();
    const header = table.getHeaderRowRange();
    const each = (format: string): string[][] => Array.from({ length: rows }, () => [format]);
    PLAN_COLUMNS.forEach((c, i) => {
      const body = bodyRows.getColumn(i);
      if (c.kind === "date")
        body.numberFormat = each(c.header === "createdAt" ? "yyyy-mm-dd hh:mm:ss" : "yyyy-mm-dd");
      else if (c.kind === "text" || c.kind === "list" || c.kind === "units") body.numberFormat = each("@");
      if (c.choices) {
        body.dataValidation.rule = { list: { inCellDropDown: true, source: c.choices.join(",") } };
        // Where the spec says more values exist than it lists, a value off the list only warns.
        body.dataValidation.errorAlert = {
          showAlert: true,
          style: c.openChoices ? Excel.DataValidationAlertStyle.warning : Excel.DataValidationAlertStyle.stop,
          title: c.header,
          message: `Choose a ${c.header} from the list`,
        };
      }
      if (c.hint) body.dataValidation.prompt = { showPrompt: true, title: c.header, message: c.hint };
      if (c.level === "output") header.getCell(0, i).format.fill.color = OUTPUT_HEADER_FILL;
    });
    sheet.activate();
    // The first plan cell, so typing starts the first flight.
    sheet.getRange("A2").select();
    await context.sync();
    return { tableName, sheetName, firstRowNumber: 2 };
  });
}

function looksLikePlan(headers: readonly CellValue[]): boolean {
  const set = new Set(headers.map((h) => String(h)));
  return REQUIRED_HEADERS.every((h) => set.has(h));
}

/** The plan table holding the selection, else the first plan-shaped table in the workbook. */
async function findPlanTable(context: Excel.RequestContext): Promise<Excel.Table> {
  const selected = context.workbook.getSelectedRange().getTables(false);
  selected.load("items/name");
  const all = context.workbook.tables;
  all.load("items/name");
  await context.sync();
  // eslint-disable-next-line office-addins/load-object-before-read -- loaded above as "items/name"
  const inSelection = selected.items;
  const selectedNames = new Set(inSelection.map((t) => t.name));
  const candidates = [...inSelection, ...all.items.filter((t) => !selectedNames.has(t.name))];
  const headers = candidates.map((t) => {
    const r = t.getHeaderRowRange();
    r.load("values");
    return r;
  });
  await context.sync();
  const i = headers.findIndex((h) => looksLikePlan(h.values[0]));
  if (i < 0)
    throw new Error(
      "No campaign plan table found. Use 'Insert campaign plan' first, or select a cell in your plan.",
    );
  return candidates[i];
}

export async function readCampaignPlan(excel: ExcelHost): Promise<ReadPlan> {
  return excel.run(async (context) => {
    const table = await findPlanTable(context);
    const header = table.getHeaderRowRange();
    const body = table.getDataBodyRange();
    header.load("values");
    body.load("values,rowIndex");
    const worksheet = table.worksheet;
    table.load("name");
    worksheet.load("name");
    await context.sync();
    return {
      tableName: table.name,
      sheetName: worksheet.name,
      firstRowNumber: body.rowIndex + 1,
      sheet: { headers: header.values[0].map((h) => String(h)), rows: body.values as CellValue[][] },
    };
  });
}

/** Clears earlier marks, fills each bad cell and writes every row's reasons in the validation column. */
export async function markValidation(
  excel: ExcelHost,
  plan: ReadPlan,
  errors: readonly CellError[],
): Promise<void> {
  await excel.run(async (context) => {
    const table = context.workbook.tables.getItem(plan.tableName);
    const body = table.getDataBodyRange();
    const headers = plan.sheet.headers;
    const validationCol = headers.indexOf("validation");
    // Earlier marks go, the planner's own colours stay: only cells filled with our red are cleared
    // (one getCellProperties call reads every cell's fill; ExcelApi 1.9).
    const fills = body.getCellProperties({ format: { fill: { color: true } } });
    await context.sync();
    const input = headers.map((h) => INPUT_HEADERS.has(h));
    fills.value.forEach((row, r) =>
      row.forEach((cell, c) => {
        if (input[c] && cell.format?.fill?.color?.toUpperCase() === BAD_CELL_FILL)
          body.getCell(r, c).format.fill.clear();
      }),
    );
    const byRow = new Map<number, string[]>();
    for (const e of errors) {
      const c = headers.indexOf(e.column);
      if (c >= 0) body.getCell(e.row, c).format.fill.color = BAD_CELL_FILL;
      byRow.set(e.row, [...(byRow.get(e.row) ?? []), `${e.column}: ${e.reason}`]);
    }
    if (validationCol >= 0 && plan.sheet.rows.length > 0) {
      const column = body.getColumn(validationCol);
      column.numberFormat = plan.sheet.rows.map(() => ["@"]);
      column.values = plan.sheet.rows.map((_, r) => [cellValue(byRow.get(r)?.join("; ") ?? null).value]);
    }
    await context.sync();
  });
}

/**
 * Writes one campaign's outcome (status, ids, time) into its rows, in one sync. The rows are read
 * again first: if the planner sorted, inserted or deleted rows since the plan was read, the flights
 * are no longer where they were, and writing would put ids on the wrong rows. Then nothing is
 * written and the error (with the ids, see WriteBackError) says so.
 */
export async function writeCampaignOutcome(
  excel: ExcelHost,
  plan: ReadPlan,
  outcome: GroupOutcome,
): Promise<void> {
  await excel.run(async (context) => {
    const body = context.workbook.tables.getItem(plan.tableName).getDataBodyRange();
    const col = (h: string): number => plan.sheet.headers.indexOf(h);
    const inputs = plan.sheet.headers
      .map((h, c) => [h, c] as const)
      .filter(([h]) => INPUT_HEADERS.has(h))
      .map(([, c]) => c);
    const now = outcome.rows.map((row) => {
      const r = body.getRow(row);
      r.load("values");
      return r;
    });
    await context.sync();
    outcome.rows.forEach((row, k) => {
      const moved = inputs.some((c) => now[k].values[0][c] !== plan.sheet.rows[row][c]);
      if (moved)
        throw new Error(
          `row ${row + plan.firstRowNumber} changed while campaigns were being created (rows sorted, inserted or deleted?)`,
        );
    });
    const put = (row: number, header: string, value: string | number, format: string): void => {
      const c = col(header);
      if (c < 0) return;
      const cell = body.getCell(row, c);
      cell.numberFormat = [[format]];
      cell.values = [[cellValue(value).value]];
    };
    for (const row of outcome.rows) {
      const { status, flight } = rowStatus(outcome, row);
      put(row, "status", status, "@");
      if (!flight) continue;
      put(row, "id", flight.id, "@");
      put(row, "createdExternalId", flight.externalId ?? "", "@");
      put(row, "createdAt", localSerial(outcome.at), "yyyy-mm-dd hh:mm:ss");
    }
    await context.sync();
  });
}

/** The plan I/O the Validate and Create actions need, bound to the plan table found at read time. */
export function campaignPlanIO(excel: ExcelHost): PlanIO {
  let plan: ReadPlan | null = null;
  const current = (): ReadPlan => {
    if (!plan) throw new Error("The campaign plan has not been read yet");
    return plan;
  };
  return {
    read: async () => (plan = await readCampaignPlan(excel)),
    mark: (errors) => markValidation(excel, current(), errors),
    writeBack: (outcome) => writeCampaignOutcome(excel, current(), outcome),
  };
}
