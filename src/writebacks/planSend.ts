/**
 * The idempotent send loop: one request per campaign, and the outcome written back to
 * the plan before the next request starts. Because a row's id is written as soon as its
 * campaign exists, stopping at any point (failure, abort, crash) leaves the plan telling
 * the truth, and a re-run sends only the rows that still have no id.
 */
import { plannerCause, plannerMessage } from "../api/errorWords";
import { AdsError, RequestValidationError } from "../api/errors";
import type { CampaignRequest } from "../api/schemas";
import { capText } from "../api/excelLimits";
import { HOLD_PREFIX } from "./planColumns";
import type { CampaignGroup } from "./planGroup";
import { holdFor, type CampaignHold } from "./planHolds";

/** A service message inside a status or a pane message: long enough to read, short enough to keep the advice after it. */
export const MESSAGE_CHARS = 2000;

export interface CreatedFlight {
  row: number;
  id: string;
  externalId: string | null;
}

export type GroupOutcome = (
  | { kind: "created"; rows: number[]; flights: CreatedFlight[]; at: Date }
  | {
      kind: "failed";
      rows: number[];
      message: string;
      /** True when the service may have created the campaign anyway (no clear refusal). */
      uncertain: boolean;
      at: Date;
    }
) & {
  /** The hold recorded before the request: the write-back drops it once the rows tell the outcome. */
  holdId?: string;
};

/**
 * Whether a failed POST certainly created nothing: refused before sending (the request did not
 * validate) or answered with a 4xx. A timeout, a lost connection, a 5xx or an unreadable answer
 * leaves it open.
 */
export function certainlyNotCreated(e: unknown): boolean {
  if (e instanceof RequestValidationError) return true;
  return e instanceof AdsError && e.status !== undefined && e.status >= 400 && e.status < 500;
}

/** The status text a row gets from its campaign's outcome (and its created flight, if any). */
export function rowStatus(outcome: GroupOutcome, row: number): { status: string; flight?: CreatedFlight } {
  const check =
    "the campaign may exist: check it on the service, then clear this status to send the row again";
  if (outcome.kind === "created") {
    const flight = outcome.flights.find((f) => f.row === row);
    if (flight) return { status: "Created", flight };
    return { status: `${HOLD_PREFIX} the service answered without an id for this flight; ${check}` };
  }
  // The message is cut so the advice after it always shows (a service may answer 40,000 characters).
  const message = capText(outcome.message, MESSAGE_CHARS);
  if (outcome.uncertain) return { status: `${HOLD_PREFIX} ${message}; ${check}` };
  return { status: `Failed: ${message}` };
}

export interface CreatedCampaigns {
  campaigns: { id: string; externalId?: string | null }[];
}

export interface SendDeps {
  /** POST /api/public/campaign; never retried nor aborted (either could create a campaign twice). */
  create(body: CampaignRequest): Promise<CreatedCampaigns>;
  /** Writes one campaign's outcome to the plan (and drops its hold); awaited before the next request. */
  writeBack(outcome: GroupOutcome): Promise<void>;
  /**
   * Records, before the request, that the campaign is being sent, where a failed write-back, a crash
   * or a closed pane cannot lose it. When it cannot be recorded, the campaign is not sent.
   */
  hold?(hold: CampaignHold): Promise<void>;
  /** Drops a hold (used when the campaign certainly was not created but its rows could not say so). */
  release?(holdId: string): Promise<void>;
  now?: () => Date;
  signal?: AbortSignal;
  /** Worksheet row number of data row 0, for messages (default 1). */
  firstRowNumber?: number;
  /** Called before each request: campaigns sent so far and in all. */
  onProgress?: (done: number, total: number) => void;
}

export interface SendSummary {
  /** Campaign requests that succeeded. */
  campaigns: number;
  /** Rows that received an id. */
  flights: number;
  /** The failure that stopped the loop, if any; uncertain when the campaign may exist anyway. */
  failure?: { rows: number[]; message: string; uncertain: boolean };
  /** Rows not attempted because the loop stopped first. */
  notAttempted: number;
}

/** Thrown when a campaign was created but its ids could not be written: the ids are in the message so nothing is lost. */
export class WriteBackError extends Error {
  constructor(
    readonly flights: CreatedFlight[],
    cause: unknown,
    campaignName: string,
    firstRowNumber: number,
    held = false,
  ) {
    super(
      `Campaign "${campaignName}" was created but the plan could not be updated (${messageOf(cause)}). ` +
        `Write these ids into the id column before running again: ` +
        flights.map((f) => `row ${f.row + firstRowNumber} → ${f.id}`).join(", ") +
        (held ? ". Until you release it under Held campaigns, Create will not send it again." : ""),
    );
    this.name = "WriteBackError";
  }
}

/** A failure in the planner's words (errorWords.ts): never the request's method and path. */
function messageOf(e: unknown): string {
  // What went wrong only: the plan says itself what to do (check the service, clear the status).
  return (e instanceof AdsError ? plannerCause(e) : plannerMessage(e)).replace(/\.$/, "");
}

export async function sendCampaigns(groups: readonly CampaignGroup[], deps: SendDeps): Promise<SendSummary> {
  const now = deps.now ?? (() => new Date());
  const summary: SendSummary = { campaigns: 0, flights: 0, notAttempted: 0 };
  const firstRowNumber = deps.firstRowNumber ?? 1;
  for (let i = 0; i < groups.length; i++) {
    const group = groups[i];
    if (deps.signal?.aborted) {
      summary.notAttempted += remainingRows(groups, i);
      summary.failure = { rows: [], message: "Stopped before all campaigns were sent", uncertain: false };
      return summary;
    }
    deps.onProgress?.(i, groups.length);
    const hold = holdFor(group, firstRowNumber, now());
    if (deps.hold) {
      try {
        await deps.hold(hold);
      } catch (e) {
        summary.failure = {
          rows: group.rows,
          message: `"${group.body.name}" was not sent: the plan could not record the send first (${messageOf(e)})`,
          uncertain: false,
        };
        summary.notAttempted += remainingRows(groups, i + 1);
        return summary;
      }
    }
    const holdId = deps.hold ? hold.id : undefined;
    let created: CreatedCampaigns;
    try {
      // The stop signal is checked between campaigns only: aborting a POST in flight could leave a
      // campaign created on the service with no id in the plan, and a re-run would create it twice.
      created = await deps.create(group.body);
    } catch (e) {
      const message = messageOf(e);
      const uncertain = !certainlyNotCreated(e);
      try {
        await deps.writeBack({ kind: "failed", rows: group.rows, message, uncertain, at: now(), holdId });
      } catch (markErr) {
        // Nothing was created: the hold can go (if even that fails, the planner can release it).
        if (!uncertain && holdId) await deps.release?.(holdId).catch(() => undefined);
        throw new Error(
          unmarkedFailureMessage(group, { message, uncertain, holdId }, markErr, firstRowNumber),
        );
      }
      summary.failure = { rows: group.rows, message, uncertain };
      summary.notAttempted += remainingRows(groups, i + 1);
      return summary;
    }
    // The service answers one {id, externalId} per flight, in flight order.
    const flights = group.rows
      .map((row, k) => ({ row, campaign: created.campaigns[k] }))
      .filter((f) => f.campaign !== undefined)
      .map((f) => ({ row: f.row, id: f.campaign.id, externalId: f.campaign.externalId ?? null }));
    try {
      await deps.writeBack({ kind: "created", rows: group.rows, flights, at: now(), holdId });
    } catch (e) {
      throw new WriteBackError(flights, e, group.body.name, firstRowNumber, holdId !== undefined);
    }
    summary.campaigns += 1;
    summary.flights += flights.length;
    if (flights.length !== group.rows.length) {
      const missing = group.rows.slice(flights.length);
      summary.failure = {
        rows: missing,
        message: `The service returned ${flights.length} ids for ${group.rows.length} flights`,
        uncertain: true,
      };
      summary.notAttempted += remainingRows(groups, i + 1);
      return summary;
    }
  }
  return summary;
}

/**
 * A failed campaign whose rows could not be marked (moved, workbook busy): what they should have
 * said. An unmarked campaign that may exist stays held by its hold, so Create will not send it again.
 */
function unmarkedFailureMessage(
  group: CampaignGroup,
  failure: { message: string; uncertain: boolean; holdId: string | undefined },
  markErr: unknown,
  firstRowNumber: number,
): string {
  const { message, uncertain, holdId } = failure;
  const rows = group.rows.map((r) => r + firstRowNumber).join(", ");
  const held = holdId
    ? " Create will not send it again until you have checked the service and released it under Held campaigns."
    : " Check the service before running again.";
  return (
    `Campaign "${group.body.name}" failed (${capText(message, MESSAGE_CHARS)})` +
    `${uncertain ? " and may exist on the service" : ""}; ` +
    `${group.rows.length === 1 ? "row" : "rows"} ${rows} could not be marked (${messageOf(markErr)}).` +
    (uncertain ? held : "")
  );
}

function remainingRows(groups: readonly CampaignGroup[], from: number): number {
  return groups.slice(from).reduce((n, g) => n + g.rows.length, 0);
}
