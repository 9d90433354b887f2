/**
 * What the plan buttons say: Validate's and Create's results as one message for the pane, with
 * sheet row numbers, so the wording is tested without a pane.
 */
import { capText } from "../api/excelLimits";
import type { CreateResult, HeldCampaign, PlanCellRef, ValidateResult } from "./planActions";
import { describeHold } from "./planHolds";
import { MESSAGE_CHARS } from "./planSend";

export interface PlanMessage {
  intent: "success" | "warning" | "error" | "info";
  text: string;
  /** Problems and warnings, each a line the pane lists ("Row 6, End date: is before start date"). */
  problems?: string[];
  /** Each line's cell, in the order of `problems` (null: the table's own): the pane selects it. */
  problemCells?: (PlanCellRef | null)[];
}

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

function rowList(rows: readonly number[]): string {
  return `${rows.length === 1 ? "row" : "rows"} ${rows.join(", ")}`;
}

/** A reason as a sentence: its own full stop kept ("… for access."), one added where it has none. */
const sentence = (text: string): string => (/[.!?…]$/.test(text.trimEnd()) ? text.trimEnd() : `${text}.`);

const EMPTY_PLAN: PlanMessage = {
  intent: "info",
  text: "The plan has no rows yet: add one row per flight under the header.",
};

/** Campaigns a hold keeps from Create, and what the planner can do. */
function heldText(held: readonly HeldCampaign[], verb: string): string {
  if (held.length === 0) return "";
  const which = held.map((h) => `${describeHold(h.hold)} (now ${rowList(h.rows)})`).join("; ");
  return (
    ` ${held.length === 1 ? "1 campaign is" : `${held.length} campaigns are`} held and ${verb}: ${which}.` +
    " It may exist on the service: check it there, then release it under Held campaigns (or write its ids into the plan)."
  );
}

export function describeValidation(r: ValidateResult): PlanMessage {
  if (r.rows === 0 && r.problems.length === 0) return EMPTY_PLAN;
  const skipped =
    (r.skipped ? ` ${plural(r.skipped, "row")} already created or held will be skipped.` : "") +
    heldText(r.heldCampaigns, "would not be sent");
  if (r.problems.length > 0) {
    const where = r.problemRows ? `in ${plural(r.problemRows, "row")}` : "with the plan table";
    return {
      intent: "warning",
      text: `${plural(r.problems.length, "problem")} ${where}; bad cells are marked. Create would be refused until they are fixed. Choose a problem below to go to its cell.`,
      problems: [...r.problems, ...r.warnings],
      problemCells: [...r.problemCells, ...r.warningCells],
    };
  }
  const warned = r.warnings.length
    ? {
        intent: "warning" as const,
        problems: r.warnings,
        problemCells: r.warningCells,
        note: ` ${plural(r.warnings.length, "warning")} to look at below (Create sends those rows all the same).`,
      }
    : null;
  if (r.campaigns.length === 0)
    return {
      intent: r.heldCampaigns.length ? "warning" : "info",
      text: `All ${plural(r.rows, "row")} ${r.rows === 1 ? "is" : "are"} valid. Nothing to send.${skipped}`,
    };
  const groups = r.campaigns.map((c) => `"${c.name}" (${rowList(c.rows)})`).join("; ");
  const send = `Create would send ${plural(r.campaigns.length, "campaign")}: ${groups}.${skipped}`;
  const valid = `All ${plural(r.rows, "row")} ${r.rows === 1 ? "is" : "are"} valid.`;
  if (warned)
    return {
      intent: warned.intent,
      text: `${valid} ${send}${warned.note}`,
      problems: warned.problems,
      problemCells: warned.problemCells,
    };
  return { intent: "success", text: `${valid} ${send}` };
}

export function describeCreate(r: CreateResult): PlanMessage {
  if (r.kind === "invalid")
    return {
      intent: "warning",
      text: "Nothing was sent: fix the marked cells first. Choose a problem below to go to its cell.",
      problems: r.problems,
      problemCells: r.problemCells,
    };
  const held =
    (r.held
      ? ` ${plural(r.held, "row")} marked "Check:" ${r.held === 1 ? "is" : "are"} held: check the service, then clear the status to send again.`
      : "") + heldText(r.heldCampaigns, "was not sent");
  if (r.kind === "nothing-to-send" && r.alreadyCreated === 0 && held === "") return EMPTY_PLAN;
  if (r.kind === "nothing-to-send")
    return {
      intent: r.heldCampaigns.length ? "warning" : "info",
      text: `Nothing to send: ${plural(r.alreadyCreated, "row")} already have an id.${held}`,
    };
  const { summary } = r;
  const done = `${plural(summary.campaigns, "campaign")} created (${plural(summary.flights, "flight")}).`;
  if (!summary.failure) return { intent: held ? "warning" : "success", text: `${done}${held}` };
  const rows = summary.failure.rows.map((row) => row + r.firstRowNumber);
  const where = rows.length ? ` at ${rowList(rows)}` : "";
  const next = summary.notAttempted
    ? ` ${plural(summary.notAttempted, "row")} not sent yet: run again to send them.`
    : "";
  const check = summary.failure.uncertain
    ? " The service may have created that campaign: check it, then clear the row's status to send it again."
    : "";
  return {
    intent: rows.length ? "error" : "warning",
    text: `${done} Stopped${where}: ${sentence(capText(summary.failure.message, MESSAGE_CHARS))}${check}${next}${held}`,
  };
}
