/**
 * The two plan buttons as plain functions over injected I/O: Validate and Create campaigns.
 * The pane wires the I/O to src/excel and the client; tests wire it to fakes or the
 * in-memory workbook.
 */
import type { CampaignRequest } from "../api/schemas";
import { groupCampaigns, type CampaignGroup } from "./planGroup";
import { holdOf, type CampaignHold } from "./planHolds";
import {
  sendCampaigns,
  type CreatedCampaigns,
  type GroupOutcome,
  type SendDeps,
  type SendSummary,
} from "./planSend";
import { checkPlan, describeError, type CellError, type PlanRow, type PlanSheet } from "./planValidate";

export interface PlanIO {
  /** The plan's rows and the holds recorded on it. */
  read(): Promise<{ sheet: PlanSheet; firstRowNumber: number; holds: readonly CampaignHold[] }>;
  /** Replaces all validation marks with these (warnings are written in the Problems cell, unmarked). */
  mark(errors: readonly CellError[], warnings?: readonly CellError[]): Promise<void>;
  /** Records, before a campaign's request, that it is being sent (durable, on the plan). */
  hold(hold: CampaignHold): Promise<void>;
  /** Writes one campaign's outcome into its rows and, in the same batch after them, drops its hold. */
  writeBack(outcome: GroupOutcome): Promise<void>;
  /** Drops a hold: the planner has checked the service (or the campaign certainly does not exist). */
  release(holdId: string): Promise<void>;
}

/** A campaign Create leaves out because a hold stops it, with that hold. */
export interface HeldCampaign {
  name: string;
  /** Sheet row numbers of its flights now. */
  rows: number[];
  hold: CampaignHold;
}

/** Groups Create may send, and those a hold stops. */
function splitHeld(
  groups: readonly CampaignGroup[],
  holds: readonly CampaignHold[],
  firstRowNumber: number,
): { free: CampaignGroup[]; held: HeldCampaign[] } {
  const free: CampaignGroup[] = [];
  const held: HeldCampaign[] = [];
  for (const g of groups) {
    const hold = holdOf(holds, g);
    if (hold) held.push({ name: g.body.name, rows: g.rows.map((r) => r + firstRowNumber), hold });
    else free.push(g);
  }
  return { free, held };
}

/** A problem's cell: the zero-based data row and the column's key, for the pane to select it. */
export interface PlanCellRef {
  row: number;
  column: string;
}

export interface ValidateResult {
  /** Non-blank rows checked. */
  rows: number;
  /** Table-level problems, then "Row 7, CPM: ...": each one Create would be refused for. */
  problems: string[];
  /** Each problem's cell, in the order of `problems` (null: a problem of the table itself). */
  problemCells: (PlanCellRef | null)[];
  /** Rows with at least one problem. */
  problemRows: number;
  /** What Create sends all the same but the planner should look at ("Row 6, End date: … in the past"). */
  warnings: string[];
  /** Each warning's cell, in the order of `warnings`. */
  warningCells: PlanCellRef[];
  /** What Create would send now: one entry per campaign, with the sheet rows of its flights. */
  campaigns: { name: string; rows: number[] }[];
  /** Rows with an id (created) or held for checking: never sent. */
  skipped: number;
  /** Campaigns a hold keeps from Create until the planner releases them. */
  heldCampaigns: HeldCampaign[];
  /** Every hold recorded on the plan (some may match no row any more). */
  holds: readonly CampaignHold[];
}

/** Rows Create may send: no id yet, not held. Created and held rows are history, never re-judged. */
function pendingRows(rows: readonly PlanRow[]): PlanRow[] {
  return rows.filter((r) => !r.id && !r.held);
}

/** What day it is for the plan's checks ("yyyy-mm-dd", local): a flight before it warns. Today unless a test injects it. */
export interface PlanClock {
  today?: string;
}

export async function validatePlan(
  io: Pick<PlanIO, "read" | "mark">,
  { today }: PlanClock = {},
): Promise<ValidateResult> {
  const { sheet, firstRowNumber, holds } = await io.read();
  const check = checkPlan(sheet, today);
  const errors = check.rows.flatMap((r) => r.errors);
  const pending = pendingRows(check.rows);
  const warnings = pending.flatMap((r) => r.warnings ?? []);
  if (check.tableErrors.length === 0) await io.mark(errors, warnings);
  const { free, held } = splitHeld(groupCampaigns(pending), holds, firstRowNumber);
  return {
    rows: check.rows.length,
    problems: [...check.tableErrors, ...errors.map((e) => describeError(e, firstRowNumber))],
    problemCells: [...check.tableErrors.map(() => null), ...errors.map(cellRef)],
    problemRows: new Set(errors.map((e) => e.row)).size,
    warnings: warnings.map((w) => describeError(w, firstRowNumber)),
    warningCells: warnings.map(cellRef),
    campaigns: free.map((g) => ({ name: g.body.name, rows: g.rows.map((r) => r + firstRowNumber) })),
    skipped: check.rows.length - pending.length,
    heldCampaigns: held,
    holds,
  };
}

const cellRef = (e: CellError): PlanCellRef => ({ row: e.row, column: e.column });

export type CreateResult =
  | { kind: "invalid"; problems: string[]; problemCells: (PlanCellRef | null)[] }
  | { kind: "nothing-to-send"; alreadyCreated: number; held: number; heldCampaigns: HeldCampaign[] }
  | {
      kind: "sent";
      summary: SendSummary;
      firstRowNumber: number;
      /** Rows marked "Check:". */
      held: number;
      /** Campaigns a hold kept from this run. */
      heldCampaigns: HeldCampaign[];
    };

export async function createCampaigns(
  io: PlanIO,
  create: (body: CampaignRequest) => Promise<CreatedCampaigns>,
  opts: Pick<SendDeps, "signal" | "onProgress"> & PlanClock = {},
): Promise<CreateResult> {
  const { today, ...send } = opts;
  const { sheet, firstRowNumber, holds } = await io.read();
  // The same day as Validate's: the past-flight warning is written by Create as well.
  const check = checkPlan(sheet, today);
  if (check.tableErrors.length)
    return { kind: "invalid", problems: check.tableErrors, problemCells: check.tableErrors.map(() => null) };
  const pending = pendingRows(check.rows);
  const held = check.rows.filter((r) => !r.id && r.held).length;
  const errors = pending.flatMap((r) => r.errors);
  await io.mark(
    errors,
    pending.flatMap((r) => r.warnings ?? []),
  );
  if (errors.length)
    return {
      kind: "invalid",
      problems: errors.map((e) => describeError(e, firstRowNumber)),
      problemCells: errors.map(cellRef),
    };
  // A campaign whose hold is still recorded may exist on the service: never sent again until released.
  const { free, held: heldCampaigns } = splitHeld(groupCampaigns(pending), holds, firstRowNumber);
  if (free.length === 0)
    return {
      kind: "nothing-to-send",
      alreadyCreated: check.rows.length - pending.length - held,
      held,
      heldCampaigns,
    };
  const summary = await sendCampaigns(free, {
    create,
    writeBack: io.writeBack,
    hold: io.hold,
    release: io.release,
    firstRowNumber,
    ...send,
  });
  return { kind: "sent", summary, firstRowNumber, held, heldCampaigns };
}
