/**
 * The two plan buttons as plain functions over injected I/O: Validate and Create campaigns.
 * The pane wires the I/O to src/excel and the client; tests wire it to fakes or the
 * in-memory workbook.
 */
import type { CampaignRequest } from "../api/schemas";
import { groupCampaigns } from "./planGroup";
import {
  sendCampaigns,
  type CreatedCampaigns,
  type GroupOutcome,
  type SendDeps,
  type SendSummary,
} from "./planSend";
import { checkPlan, describeError, type CellError, type PlanRow, type PlanSheet } from "./planValidate";

export interface PlanIO {
  read(): Promise<{ sheet: PlanSheet; firstRowNumber: number }>;
  /** Replaces all validation marks with these. */
  mark(errors: readonly CellError[]): Promise<void>;
  writeBack(outcome: GroupOutcome): Promise<void>;
}

export interface ValidateResult {
  /** Non-blank rows checked. */
  rows: number;
  /** "Row 7, cpm: ..." plus table-level problems, then the warnings ("Row 7, startDate: warning: ..."). */
  problems: string[];
  /** How many of the problems are warnings (they never block Create). */
  warnings: number;
  /** What Create would send now: one entry per campaign, with the sheet rows of its flights. */
  campaigns: { name: string; rows: number[] }[];
  /** Rows with an id (created) or held for checking: never sent. */
  skipped: number;
}

/** Rows Create may send: no id yet, not held. Created and held rows are history, never re-judged. */
function pendingRows(rows: readonly PlanRow[]): PlanRow[] {
  return rows.filter((r) => !r.id && !r.held);
}

export async function validatePlan(io: Pick<PlanIO, "read" | "mark">): Promise<ValidateResult> {
  const { sheet, firstRowNumber } = await io.read();
  const check = checkPlan(sheet);
  const errors = check.rows.flatMap((r) => r.errors);
  const warnings = check.rows.flatMap((r) => r.warnings);
  if (check.tableErrors.length === 0) await io.mark([...errors, ...warnings]);
  const pending = pendingRows(check.rows);
  return {
    rows: check.rows.length,
    problems: [
      ...check.tableErrors,
      ...[...errors, ...warnings].map((e) => describeError(e, firstRowNumber)),
    ],
    warnings: warnings.length,
    campaigns: groupCampaigns(pending).map((g) => ({
      name: g.body.name,
      rows: g.rows.map((r) => r + firstRowNumber),
    })),
    skipped: check.rows.length - pending.length,
  };
}

export type CreateResult =
  | { kind: "invalid"; problems: string[] }
  | { kind: "nothing-to-send"; alreadyCreated: number; held: number }
  | { kind: "sent"; summary: SendSummary; firstRowNumber: number; held: number };

export async function createCampaigns(
  io: PlanIO,
  create: (body: CampaignRequest) => Promise<CreatedCampaigns>,
  opts: Pick<SendDeps, "signal" | "onProgress"> = {},
): Promise<CreateResult> {
  const { sheet, firstRowNumber } = await io.read();
  const check = checkPlan(sheet);
  if (check.tableErrors.length) return { kind: "invalid", problems: check.tableErrors };
  const pending = pendingRows(check.rows);
  const held = check.rows.filter((r) => !r.id && r.held).length;
  const errors = pending.flatMap((r) => r.errors);
  // Warnings are marked too (the planner sees them), but only errors hold the send back.
  await io.mark([...errors, ...pending.flatMap((r) => r.warnings)]);
  if (errors.length)
    return { kind: "invalid", problems: errors.map((e) => describeError(e, firstRowNumber)) };
  const groups = groupCampaigns(pending);
  if (groups.length === 0)
    return { kind: "nothing-to-send", alreadyCreated: check.rows.length - pending.length - held, held };
  const summary = await sendCampaigns(groups, { create, writeBack: io.writeBack, firstRowNumber, ...opts });
  return { kind: "sent", summary, firstRowNumber, held };
}
