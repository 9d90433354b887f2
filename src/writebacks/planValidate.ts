/**
 * Plan rows → checked campaign requests. Each row is read cell by cell (planCells), then
 * checked as a one-flight request against the client's zod schema, so the plan refuses
 * what the spec refuses; what the spec reads but does not refuse (a DAI flight without dates, …)
 * comes back as a warning that never blocks Create. Every problem is tied to a cell: row and column.
 */
import type { CellValue } from "../api/table";
import { campaignAdvice, campaignRequestSchema, type CampaignRequest } from "../api/schemas";
import { HOLD_PREFIX, PLAN_COLUMNS, type PlanColumn } from "./planColumns";
import { readCell, readText, type PlanCellValue } from "./planCells";

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
  /** Starts with WARNING for a warning. */
  reason: string;
}

/** How a warning's reason begins, in the list and in the row's validation cell. */
export const WARNING = "warning: ";

export type Flight = CampaignRequest["flights"][number];
export type CampaignFields = Omit<CampaignRequest, "flights">;

export interface PlanRow {
  /** Zero-based data row. */
  row: number;
  /** Cells the spec does not refuse but a planner should look at; they never block Create. */
  warnings: CellError[];
  /** Created campaign id already written back: the row is never sent again. */
  id?: string;
  /** Status starts with HOLD_PREFIX: the campaign may exist, so the row is not sent until cleared. */
  held?: boolean;
  errors: CellError[];
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

/** "Row 7, startDate: is required" — rows numbered as the sheet shows them. */
export function describeError(e: CellError, firstRowNumber: number): string {
  return `Row ${e.row + firstRowNumber}, ${e.column}: ${e.reason}`;
}

export function checkPlan(sheet: PlanSheet): PlanCheck {
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
    const checked = checkRow(row, id, inputColumns, cell);
    rows.push(
      typeof status === "string" && status.startsWith(HOLD_PREFIX) ? { ...checked, held: true } : checked,
    );
  });
  return { tableErrors, rows };
}

/** Plan amounts that cannot be below 0: a plan's own rule, since a negative cost or count is a typing slip. */
const AMOUNTS = ["totalCost", "cpm", "expectedImpressions"];

function checkRow(
  row: number,
  id: string | undefined,
  columns: readonly PlanColumn[],
  cell: (c: PlanColumn) => CellValue | undefined,
): PlanRow {
  const errors: CellError[] = [];
  const campaign: Record<string, PlanCellValue> = {};
  const flight: Record<string, PlanCellValue> = {};
  for (const c of columns) {
    const read = readCell(c.kind, cell(c));
    // Excel's list check ignores case ("dai" passes it): take the listed spelling.
    if (read.ok && c.choices && typeof read.value === "string") {
      const text = read.value;
      read.value = c.choices.find((x) => x.toLowerCase() === text.toLowerCase()) ?? text;
    }
    if (!read.ok) errors.push({ row, column: c.header, reason: read.reason });
    else if (typeof read.value === "number" && read.value < 0 && AMOUNTS.includes(c.header))
      errors.push({ row, column: c.header, reason: "must be 0 or more" });
    else if (read.value !== undefined) (c.level === "flight" ? flight : campaign)[c.header] = read.value;
  }
  const body = { ...campaign, flights: [flight] };
  const parsed = campaignRequestSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const column = issueColumn(issue.path);
      if (errors.some((e) => e.column === column)) continue; // one reason per cell is enough
      const value = column in flight ? flight[column] : campaign[column];
      errors.push({ row, column, reason: value === undefined ? "is required" : issue.message });
    }
  }
  // The cells read well enough to judge: a cell with an error gets no warning on top.
  const warnings = campaignAdvice(body as CampaignRequest)
    .map((a) => ({ row, column: issueColumn(a.path), reason: `${WARNING}${a.message}` }))
    .filter((w) => !errors.some((e) => e.column === w.column));
  if (errors.length || !parsed.success) return { row, id, errors, warnings };
  const { flights, ...fields } = parsed.data;
  return { row, id, errors, warnings, campaign: fields, flight: flights[0] };
}

/** A zod path such as ["flights", 0, "endDate"] or ["expectedUnits", 1, "position"] → plan column. */
function issueColumn(path: readonly PropertyKey[]): string {
  const key = path[0] === "flights" ? path[2] : path[0];
  return typeof key === "string" ? key : "type";
}
