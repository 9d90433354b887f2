/**
 * The Office side of campaign plans: insert the plan table, read it, mark bad cells,
 * and write back each campaign's outcome. All decisions (parsing, validation, grouping,
 * the send loop) live in src/writebacks; this module only moves values in and out.
 */
import type { CellValue } from "../api/table";
import {
  INPUT_HEADERS,
  PLAN_COLUMNS,
  PLAN_LABELS,
  planColumnOf,
  type PlanColumn,
} from "../writebacks/planColumns";
import type { PlanIO } from "../writebacks/planActions";
import type { CampaignHold } from "../writebacks/planHolds";
import { rowStatus, type GroupOutcome } from "../writebacks/planSend";
import { problemsCell, REQUIRED_HEADERS, type CellError, type PlanSheet } from "../writebacks/planValidate";
import type { DateSystem } from "../api/excelDates";
import { localSerial } from "./campaignPlanDates";
import { dateSystemOf, fromWorkbookSerial, toWorkbookSerial } from "./dateSystem";
import { cellValue, sheetNameFor, tableNameFor, TEXT_FORMAT } from "./cellFormats";
import { dropHoldAfter, queueReadHolds, readHolds, writeHold } from "./store/holdStore";
import { withNewSheet } from "./newTableSheet";
import { columnName } from "./columnName";
import { takenNames } from "./workbookNames";
import type { ExcelHost } from "./host";
import { PAYLOAD_LIMIT_BYTES } from "../api/excelLimits";

const PLAN_SHEET = "Campaign plan";
const PLAN_TABLE = "CampaignPlan";
export const BAD_CELL_FILL = "#FFC7CE";
/**
 * The line around a marked cell: dark red, Medium, at least 3:1 against the mark's fill, the rows'
 * white and banded fills beside it and the header above it (WCAG 2.1 non-text contrast; test/contrast.test.ts).
 */
export const BAD_CELL_BORDER = { style: "Continuous", color: "#5A0000", weight: "Medium" } as const;
/** The result columns' headers: dark text on light yellow, drawn over the table style's own (test/contrast.test.ts). */
export const OUTPUT_HEADER_FILL = "#FFF2CC";
export const OUTPUT_HEADER_FONT = "#1F1F1F";
/** The table style a plan table is made with (tables.add's default in Excel). */
export const PLAN_TABLE_STYLE = "TableStyleMedium2";

export interface PlanLocation {
  tableName: string;
  sheetName: string;
  /** Worksheet row number (1-based) of the first data row, for messages. */
  firstRowNumber: number;
}

export interface ReadPlan extends PlanLocation {
  sheet: PlanSheet;
  /** Holds recorded on the plan's sheet (src/writebacks/planHolds.ts). */
  holds: CampaignHold[];
  /** Custom-property parts of each hold, by id: what dropping it deletes. */
  holdParts: Map<string, number>;
  /** The workbook's date system: `sheet`'s dates are moved out of it (the 1900 system's), written ones into it. */
  dateSystem: DateSystem;
  /** Headers of a plan written before labels, renamed to words as it was read ("startDate → Start date"). */
  renamed: string[];
}

const DATE_HEADERS: ReadonlySet<string> = new Set(
  PLAN_COLUMNS.filter((c) => c.kind === "date").map((c) => c.header),
);

/** Plan rows as read, with the numbers in date columns moved to the 1900 system. */
function rowsFromWorkbook(
  headers: readonly string[],
  rows: CellValue[][],
  system: DateSystem,
): CellValue[][] {
  if (system === "1900") return rows;
  const dated = headers.flatMap((h, c) => (DATE_HEADERS.has(h) ? [c] : []));
  return rows.map((row) =>
    row.map((v, c) => (typeof v === "number" && dated.includes(c) ? fromWorkbookSerial(v, system) : v)),
  );
}

/** Characters a plan column's values need (a created id, a time, a message); a date needs 10. */
const CONTENT_CHARS: Partial<Record<string, number>> = { createdAt: 19, id: 36, status: 24, validation: 40 };

/**
 * A plan column's width in points, about 7 a character, as report columns are fitted: its header
 * with room for the filter button, and the values it will hold (a date never shows ####).
 */
function planColumnWidth(c: PlanColumn): number {
  const content = CONTENT_CHARS[c.header] ?? (c.kind === "date" ? 10 : 12);
  return Math.min(60, Math.max(c.label.length + 2, content)) * 7;
}

/** Adds a sheet with an empty plan table (headers, one blank row, drop-down lists, formats, widths) and activates it. */
export async function insertCampaignPlan(excel: ExcelHost, rows = 1): Promise<PlanLocation> {
  const taken = await takenNames(excel);
  const sheetName = sheetNameFor(PLAN_SHEET, taken.sheets);
  const tableName = tableNameFor(PLAN_TABLE, taken.tables);
  return withNewSheet(excel, sheetName, async (context, sheet) => {
    const last = columnName(PLAN_LABELS.length - 1);
    const headerCells = sheet.getRange(`A1:${last}1`);
    headerCells.numberFormat = [PLAN_LABELS.map(() => TEXT_FORMAT)];
    headerCells.values = [PLAN_LABELS.slice()];
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
          style: c.openChoices ? "Warning" : "Stop",
          title: c.label,
          message: `Choose a ${c.label.toLowerCase()} from the list`,
        };
      }
      if (c.hint) body.dataValidation.prompt = { showPrompt: true, title: c.label, message: c.hint };
      if (c.level === "output") {
        header.getCell(0, i).format.fill.color = OUTPUT_HEADER_FILL;
        header.getCell(0, i).format.font.color = OUTPUT_HEADER_FONT;
      }
      header.getCell(0, i).format.columnWidth = planColumnWidth(c);
    });
    sheet.activate();
    // The first plan cell, so typing starts the first flight.
    sheet.getRange("A2").select();
    await context.sync();
    return { tableName, sheetName, firstRowNumber: 2 };
  });
}

function looksLikePlan(headers: readonly CellValue[]): boolean {
  const set = new Set(headers.map((h) => planColumnOf(h)?.header ?? String(h)));
  return REQUIRED_HEADERS.every((h) => set.has(h));
}

const planTable = (context: Excel.RequestContext, plan: ReadPlan): Excel.Table =>
  context.workbook.tables.getItem(plan.tableName);

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
  const dateSystem = await dateSystemOf(excel);
  return excel.run(async (context) => {
    const table = await findPlanTable(context);
    const header = table.getHeaderRowRange();
    const body = table.getDataBodyRange();
    header.load("values");
    body.load("values,rowIndex");
    const worksheet = table.worksheet;
    table.load("name");
    worksheet.load("name");
    const readHoldsHere = queueReadHolds(worksheet);
    await context.sync();
    const { holds, parts } = readHoldsHere();
    // Headers by their columns' keys; a plan written before labels gets its headers renamed to words.
    const cells = header.values[0].map((h) => String(h));
    const headers = cells.map((h) => planColumnOf(h)?.header ?? h);
    const renamed: string[] = [];
    cells.forEach((h, i) => {
      const c = planColumnOf(h);
      if (!c || h.trim() !== c.header || c.label === c.header) return;
      header.getCell(0, i).values = [[c.label]];
      renamed.push(`${h.trim()} → ${c.label}`);
    });
    if (renamed.length) await context.sync();
    return {
      tableName: table.name,
      sheetName: worksheet.name,
      firstRowNumber: body.rowIndex + 1,
      sheet: { headers, rows: rowsFromWorkbook(headers, body.values as CellValue[][], dateSystem) },
      holds,
      holdParts: parts,
      dateSystem,
      renamed,
    };
  });
}

/** A marked cell's lines: the edges of a run of marked cells in one column, and the lines between them. */
const MARK_LINES = ["EdgeTop", "EdgeBottom", "EdgeLeft", "EdgeRight", "InsideHorizontal"] as const;

/** Cells of the plan's body, as runs of consecutive rows in one column (one range each: a few calls a run, not a cell). */
function columnRuns(
  cells: readonly { row: number; col: number }[],
): { row: number; col: number; rows: number }[] {
  const sorted = [...cells].sort((a, b) => a.col - b.col || a.row - b.row);
  const runs: { row: number; col: number; rows: number }[] = [];
  for (const { row, col } of sorted) {
    const last = runs[runs.length - 1];
    if (last && last.col === col && row <= last.row + last.rows)
      last.rows = Math.max(last.rows, row - last.row + 1);
    else runs.push({ row, col, rows: 1 });
  }
  return runs;
}

/**
 * What marking (or unmarking) one run puts in a request, at most: its range, the fill, five lines of
 * three properties each (measured at about 3.2 KB for a lone cell's four lines through office.js).
 */
const RUN_BYTES = 4 * 1024;
/** Runs one request carries: half of Excel on the web's 5 MB, the rest left for the Problems column. */
export const RUNS_PER_SYNC = Math.floor(PAYLOAD_LIMIT_BYTES / 2 / RUN_BYTES);

/**
 * Marks a run of cells (fill and outline: each side's style, colour and weight), or takes the mark
 * away; queued only, no read. The outline is Excel's one line between two cells.
 */
function mark(body: Excel.Range, run: { row: number; col: number; rows: number }, marked: boolean): void {
  const cells = body.getCell(run.row, run.col).getResizedRange(run.rows - 1, 0);
  if (marked) cells.format.fill.color = BAD_CELL_FILL;
  else cells.format.fill.clear();
  for (const side of MARK_LINES) {
    if (side === "InsideHorizontal" && run.rows === 1) continue;
    const line = cells.format.borders.getItem(side);
    if (marked) line.set(BAD_CELL_BORDER);
    else line.style = "None";
  }
}

/**
 * Clears earlier marks, fills and outlines each bad cell and writes every row's reasons in the
 * validation column: each problem once, then each warning (a flight in the past), which marks no cell.
 * The outline is Excel's one line between two cells: the old marks' lines go before the new ones are
 * drawn, so a fixed cell beside a still-bad one leaves the bad one's outline whole. Marks go in runs
 * (a column's consecutive cells, one range each) in the sync that writes the reasons; only a plan
 * with more runs than one request holds (RUNS_PER_SYNC) takes a sync per that many more.
 */
export async function markValidation(
  excel: ExcelHost,
  plan: ReadPlan,
  errors: readonly CellError[],
  warnings: readonly CellError[] = [],
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
    const earlier = fills.value.flatMap((row, r) =>
      row.flatMap((cell, c) =>
        input[c] && cell.format?.fill?.color?.toUpperCase() === BAD_CELL_FILL ? [{ row: r, col: c }] : [],
      ),
    );
    const bad = errors.flatMap((e) => {
      const col = headers.indexOf(e.column);
      return col >= 0 ? [{ row: e.row, col }] : [];
    });
    // Old marks go before new ones are drawn (a line two cells share is drawn last); a plan with more
    // runs than one request holds is marked in several syncs, any other in the one sync below.
    const runs = [
      ...columnRuns(earlier).map((run) => ({ run, marked: false })),
      ...columnRuns(bad).map((run) => ({ run, marked: true })),
    ];
    for (let i = 0; i < runs.length; i++) {
      // eslint-disable-next-line office-addins/no-context-sync-in-loop -- a sync per RUNS_PER_SYNC runs keeps each request under 5 MB
      if (i > 0 && i % RUNS_PER_SYNC === 0) await context.sync();
      mark(body, runs[i].run, runs[i].marked);
    }
    if (validationCol >= 0 && plan.sheet.rows.length > 0) {
      const column = body.getColumn(validationCol);
      column.numberFormat = plan.sheet.rows.map(() => ["@"]);
      column.values = plan.sheet.rows.map((_, r) => {
        const text = problemsCell(
          errors.filter((e) => e.row === r),
          warnings.filter((w) => w.row === r),
        );
        return [cellValue(text || null).value];
      });
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
  const hold = outcome.holdId ? { id: outcome.holdId, parts: plan.holdParts.get(outcome.holdId) ?? 0 } : null;
  // The hold is dropped by the store, last in the sync that writes the rows: once they tell the outcome.
  await dropHoldAfter(
    excel,
    (context) => planTable(context, plan).worksheet,
    hold,
    async (context) => {
      const body = planTable(context, plan).getDataBodyRange();
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
        const [values] = rowsFromWorkbook(
          plan.sheet.headers,
          now[k].values as CellValue[][],
          plan.dateSystem,
        );
        const moved = inputs.some((c) => values[c] !== plan.sheet.rows[row][c]);
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
        // The second it was created: a time with its milliseconds would show the next second where
        // Excel rounds (and the same second where other spreadsheets cut, docs/excel-fidelity.md).
        const second = new Date(Math.floor(outcome.at.getTime() / 1000) * 1000);
        put(row, "createdAt", toWorkbookSerial(localSerial(second), plan.dateSystem), "yyyy-mm-dd hh:mm:ss");
      }
    },
  );
  if (outcome.holdId) plan.holdParts.delete(outcome.holdId);
}

/** Records a hold on the plan's sheet through the store (refused when another window holds that campaign). */
async function recordHold(excel: ExcelHost, plan: ReadPlan, hold: CampaignHold): Promise<void> {
  const parts = await writeHold(excel, (context) => planTable(context, plan).worksheet, hold);
  plan.holdParts.set(hold.id, parts);
}

/** Drops a hold: the planner has checked the service and Create may send that campaign again. */
async function releaseHold(excel: ExcelHost, plan: ReadPlan, id: string): Promise<void> {
  await dropHoldAfter(
    excel,
    (context) => planTable(context, plan).worksheet,
    { id, parts: plan.holdParts.get(id) ?? 0 },
    async () => undefined,
  );
  plan.holdParts.delete(id);
  plan.holds = plan.holds.filter((h) => h.id !== id);
}

/** The holds recorded on the plan's sheet now (after an action that may have added or dropped some). */
async function readPlanHolds(excel: ExcelHost, plan: ReadPlan): Promise<CampaignHold[]> {
  const found = await readHolds(excel, (context) => planTable(context, plan).worksheet);
  plan.holds = found.holds;
  plan.holdParts = found.parts;
  return found.holds;
}

/** Activates the plan's sheet and selects one of its cells (Excel scrolls it into view). */
async function selectPlanCell(
  excel: ExcelHost,
  plan: ReadPlan,
  row: number,
  column: string,
): Promise<string> {
  return excel.run(async (context) => {
    const table = planTable(context, plan);
    const c = Math.max(0, plan.sheet.headers.indexOf(column));
    const cell = table.getDataBodyRange().getCell(row, c);
    table.worksheet.activate();
    cell.select();
    cell.load("address");
    await context.sync();
    return cell.address;
  });
}

export interface CampaignPlanIO extends PlanIO {
  /** Selects a problem's cell (zero-based data row, column key) on the plan last read; its address. */
  select(row: number, column: string): Promise<string>;
  /** The holds on the plan the last read found (the pane's Held campaigns list). */
  holds(): Promise<CampaignHold[]>;
  /** The headers the last read renamed to words (a plan written before labels). */
  renamed(): readonly string[];
}

/** The plan I/O the Validate and Create actions need, bound to the plan table found at read time. */
export function campaignPlanIO(excel: ExcelHost): CampaignPlanIO {
  let plan: ReadPlan | null = null;
  const current = (): ReadPlan => {
    if (!plan) throw new Error("The campaign plan has not been read yet");
    return plan;
  };
  return {
    read: async () => (plan = await readCampaignPlan(excel)),
    mark: (errors, warnings) => markValidation(excel, current(), errors, warnings),
    select: (row, column) => selectPlanCell(excel, current(), row, column),
    hold: (hold) => recordHold(excel, current(), hold),
    writeBack: (outcome) => writeCampaignOutcome(excel, current(), outcome),
    release: (id) => releaseHold(excel, current(), id),
    holds: () => readPlanHolds(excel, current()),
    renamed: () => plan?.renamed ?? [],
  };
}
