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
import { checkPlan, describeError, type CellError, type PlanSheet } from "./planValidate";

export interface PlanIO {
  read(): Promise<{ sheet: PlanSheet; firstRowNumber: number }>;
  /** Replaces all validation marks with these. */
  mark(errors: readonly CellError[]): Promise<void>;
  writeBack(outcome: GroupOutcome): Promise<void>;
}

export interface ValidateResult {
  /** Non-blank rows checked. */
  rows: number;
  /** "Row 7, cpm: ..." plus table-level problems. */
  problems: string[];
}

export async function validatePlan(io: Pick<PlanIO, "read" | "mark">): Promise<ValidateResult> {
  const { sheet, firstRowNumber } = await io.read();
  const check = checkPlan(sheet);
  const errors = check.rows.flatMap((r) => r.errors);
  if (check.tableErrors.length === 0) await io.mark(errors);
  return {
    rows: check.rows.length,
    problems: [...check.tableErrors, ...errors.map((e) => describeError(e, firstRowNumber))],
  };
}

export type CreateResult =
  | { kind: "invalid"; problems: string[] }
  | { kind: "nothing-to-send"; alreadyCreated: number }
  | { kind: "sent"; summary: SendSummary; firstRowNumber: number };

export async function createCampaigns(
  io: PlanIO,
  create: (body: CampaignRequest, signal?: AbortSignal) => Promise<CreatedCampaigns>,
  opts: Pick<SendDeps, "signal" | "onProgress"> = {},
): Promise<CreateResult> {
  const { sheet, firstRowNumber } = await io.read();
  const check = checkPlan(sheet);
  if (check.tableErrors.length) return { kind: "invalid", problems: check.tableErrors };
  // Rows already created are history: their cells are not re-judged and never block a send.
  const pending = check.rows.filter((r) => !r.id);
  const errors = pending.flatMap((r) => r.errors);
  await io.mark(errors);
  if (errors.length)
    return { kind: "invalid", problems: errors.map((e) => describeError(e, firstRowNumber)) };
  const groups = groupCampaigns(pending);
  if (groups.length === 0)
    return { kind: "nothing-to-send", alreadyCreated: check.rows.length - pending.length };
  const summary = await sendCampaigns(groups, { create, writeBack: io.writeBack, ...opts });
  return { kind: "sent", summary, firstRowNumber };
}
