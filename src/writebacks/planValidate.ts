/**
 * Plan rows → checked campaign requests. Each row is read cell by cell (planCells), then
 * checked as a one-flight request against the client's zod schema and every rule of
 * campaignRules (a DAI flight without dates, …), the code the client and the sandbox apply:
 * Validate names what Create would be refused. Every problem is tied to a cell: row and column.
 */
import { plainWords } from "../api/errorWords";
import type { CellValue } from "../api/table";
import { campaignRequestSchema, campaignRules, type CampaignRequest } from "../api/schemas";
import { HOLD_PREFIX, PLAN_COLUMNS, planLabel, type PlanColumn } from "./planColumns";
import { readCell, readText, type PlanCellValue } from "./planCells";
import { platformValue } from "../api/platformWords";

/** The plan as read from the sheet: header row and data rows, values as Excel returns them. */
export interface PlanSheet {
  headers: readonly string[];
  rows: readonly (readonly CellValue[])[];
}

export interface CellError {
  /** Zero-based data row. */
  row: number;
  /** Plan column header. */
  column: string;
  reason: string;
}

type Flight = CampaignRequest["flights"][number];
type CampaignFields = Omit<CampaignRequest, "flights">;
/** A flight's dates as read from their cells (those that read as dates), whatever else the row holds. */
type FlightDates = Partial<Record<"startDate" | "endDate" | "expectedDate", string>>;

export interface PlanRow {
  /** Zero-based data row. */
  row: number;
  /** Created campaign id already written back: the row is never sent again. */
  id?: string;
  /** Status starts with HOLD_PREFIX: the campaign may exist, so the row is not sent until cleared. */
  held?: boolean;
  errors: CellError[];
  /** What the planner may accept and send all the same (a flight wholly in the past). */
  warnings?: CellError[];
  /** The campaign fields and the flight of this row; present when the row has no errors. */
  campaign?: CampaignFields;
  flight?: Flight;
}

export interface PlanCheck {
  /** Problems with the table itself (missing columns); nothing can be sent while any exist. */
  tableErrors: string[];
  /** Non-blank rows only. */
  rows: PlanRow[];
}

/** Columns a table must have to be read as a campaign plan. */
export const REQUIRED_HEADERS = [
  "name",
  "advertiser",
  "type",
  "status",
  "id",
  "createdExternalId",
  "createdAt",
];

/**
 * "Row 7, Start date: is required" — rows numbered as the sheet shows them, columns by their headers.
 * A reason that begins with the column's own name ("cpm must be 0 or more") says it once: "Row 7, CPM:
 * must be 0 or more".
 */
export function describeError(e: CellError, firstRowNumber: number): string {
  return `Row ${e.row + firstRowNumber}, ${cellProblem(e)}`;
}

/**
 * One problem as its row's Problems cell and the pane's list both say it: the column's label once,
 * then the reason in plain words ("End date: is before start date", "Currency: must be one of USD, EUR,
 * GBP"), never the label twice nor the service's field name.
 */
function cellProblem(e: Pick<CellError, "column" | "reason">): string {
  const label = planLabel(e.column);
  const reason = plainWords(e.reason);
  const lead = [label, e.column].find((name) => reason.toLowerCase().startsWith(`${name.toLowerCase()} `));
  return `${label}: ${lead ? reason.slice(lead.length + 1) : reason}`;
}

/** A row's Problems cell: each problem once, then each warning once, in the same voice. */
export function problemsCell(errors: readonly CellError[], warnings: readonly CellError[] = []): string {
  const unique = (list: readonly CellError[]) => [...new Set(list.map(cellProblem))];
  return [...unique(errors), ...unique(warnings).map((w) => `Warning: ${w}`)].join("; ");
}

/** Today as the planner's calendar has it (YYYY-MM-DD, local). */
function localToday(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, "0")}-${String(d.getDate()).padStart(2, "0")}`;
}

/**
 * A flight whose every date (end, expected air date, start) is before today has already run: a warning
 * on its last date, never a refusal (a planner may be recording a past flight on purpose).
 */
function pastFlightWarning(row: number, flight: FlightDates, today: string): CellError | undefined {
  const dated = (["endDate", "expectedDate", "startDate"] as const).filter((k) => flight[k]);
  if (dated.length === 0) return undefined;
  const last = dated.reduce((a, b) => ((flight[a] ?? "") >= (flight[b] ?? "") ? a : b));
  const day = (flight[last] ?? "").slice(0, 10);
  if (day >= today) return undefined;
  return {
    row,
    column: last,
    reason: `${day} is in the past: this flight has already run (today is ${today}). Create sends it all the same; change the dates if it should run again`,
  };
}

export function checkPlan(sheet: PlanSheet, today: string = localToday()): PlanCheck {
  const headerIndex = new Map<string, number>();
  sheet.headers.forEach((h, i) => headerIndex.set(String(h).trim(), i));
  const tableErrors = REQUIRED_HEADERS.filter((h) => !headerIndex.has(h)).map(
    (h) => `The plan table has no "${h}" column`,
  );
  const inputColumns = PLAN_COLUMNS.filter((c) => c.level !== "output" && headerIndex.has(c.header));
  const idCol = headerIndex.get("id");
  const statusCol = headerIndex.get("status");

  const rows: PlanRow[] = [];
  sheet.rows.forEach((cells, row) => {
    const cell = (c: PlanColumn): CellValue | undefined => cells[headerIndex.get(c.header) as number];
    const blank = inputColumns.every((c) => {
      const v = cell(c);
      return v === null || v === undefined || (typeof v === "string" && v.trim() === "");
    });
    if (blank) return;
    const idRead = idCol === undefined ? undefined : readText(cells[idCol]);
    const id = idRead?.ok ? idRead.value : undefined;
    const status = statusCol === undefined ? undefined : cells[statusCol];
    const { checked, dates } = checkRow(row, id, inputColumns, cell);
    // Told with the row's problems, not after them: a planner fixing a row hears everything at once.
    const past = !id && pastFlightWarning(row, checked.flight ?? dates, today);
    if (past) checked.warnings = [past];
    rows.push(
      typeof status === "string" && status.startsWith(HOLD_PREFIX) ? { ...checked, held: true } : checked,
    );
  });
  return { tableErrors, rows };
}

function checkRow(
  row: number,
  id: string | undefined,
  columns: readonly PlanColumn[],
  cell: (c: PlanColumn) => CellValue | undefined,
): { checked: PlanRow; dates: FlightDates } {
  const errors: CellError[] = [];
  // One reason per cell is enough.
  const add = (path: readonly PropertyKey[], reason: string) => {
    const column = issueColumn(path);
    if (!errors.some((e) => e.column === column)) errors.push({ row, column, reason });
  };
  const campaign: Record<string, PlanCellValue> = {};
  const flight: Record<string, PlanCellValue> = {};
  for (const c of columns) {
    const read = readCell(c.kind, cell(c));
    // Excel's list check ignores case ("dai" passes it): take the listed spelling.
    if (read.ok && c.choices && typeof read.value === "string") {
      const text = read.value;
      read.value = c.choices.find((x) => x.toLowerCase() === text.toLowerCase()) ?? text;
      // A word the drop-down shows ("Radio show") is sent as the service's value (radio_show).
      if (c.serviceValues) read.value = platformValue(read.value, c.serviceValues);
    }
    if (!read.ok) add([c.header], read.reason);
    else if (read.value !== undefined) (c.level === "flight" ? flight : campaign)[c.header] = read.value;
  }
  const dates: FlightDates = {};
  for (const k of ["startDate", "endDate", "expectedDate"] as const)
    if (typeof flight[k] === "string") dates[k] = flight[k];
  const body = { ...campaign, flights: [flight] };
  const parsed = campaignRequestSchema.safeParse(body);
  // The plan's rules first (their reason says why a cell is needed), whatever else is wrong: all at once.
  for (const rule of campaignRules(body)) add(rule.path, rule.message);
  if (!parsed.success)
    for (const issue of parsed.error.issues) {
      const column = issueColumn(issue.path);
      const value = column in flight ? flight[column] : campaign[column];
      add(issue.path, value === undefined ? "is required" : issue.message);
    }
  if (errors.length || !parsed.success) return { checked: { row, id, errors }, dates };
  const { flights, ...fields } = parsed.data;
  return { checked: { row, id, errors, campaign: fields, flight: flights[0] }, dates };
}

/** A zod path such as ["flights", 0, "endDate"] or ["expectedUnits", 1, "position"] → plan column. */
function issueColumn(path: readonly PropertyKey[]): string {
  const key = path[0] === "flights" ? path[2] : path[0];
  return typeof key === "string" ? key : "type";
}
