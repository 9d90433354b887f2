/**
 * The Campaign plan panel's actions (insert, validate, create, release a hold), one at a time, with
 * their outcome, Create's progress and Stop, and the holds of the plan last worked on.
 */
import { useRef, useState } from "react";
import { NOT_CONNECTED, useClearNotConnected, type Services } from "../services";
import { campaignPlanIO, insertCampaignPlan, type CampaignPlanIO } from "../../excel/campaignPlan";
import { createCampaigns, validatePlan, type PlanCellRef } from "../../writebacks/planActions";
import type { CampaignHold } from "../../writebacks/planHolds";
import { describeCreate, describeValidation, type PlanMessage } from "../../writebacks/planMessages";
import { describeServiceError } from "../../writebacks/serviceErrors";

type Busy = null | "insert" | "validate" | "create" | "release";
type Outcome = PlanMessage;

export interface CampaignPlan {
  busy: Busy;
  outcome: Outcome | null;
  /** Create's "Creating campaign n of m…", once it is under way. */
  progress: string | null;
  /** Campaigns sent whose outcome the plan does not show: Create refuses them until released. */
  holds: readonly CampaignHold[];
  /** The hold whose Release waits for a confirming second click. */
  confirming: string | null;
  setConfirming(id: string | null): void;
  insert(): Promise<void>;
  validate(): Promise<void>;
  create(): Promise<void>;
  /** Stop after this campaign: takes effect between campaigns. */
  stop(): void;
  release(hold: CampaignHold): Promise<void>;
  /** Selects a problem's cell in the plan last read. */
  goTo(cell: PlanCellRef): Promise<void>;
  /** Where goTo went ("Selected 'Campaign plan'!F6"), or why it could not. */
  located: string | null;
}

/** A plan written before labels had its headers renamed to words as it was read: the outcome says so. */
function withRenamed(done: Outcome, renamed: readonly string[]): Outcome {
  if (!renamed.length) return done;
  return {
    ...done,
    text: `${done.text} The plan's headers were renamed to words (${renamed.join(", ")}); it reads as before.`,
  };
}

/** Going to a problem's cell in the plan last read, and where that went ("Selected 'Campaign plan'!F6"). */
function useGoToCell(plan: { current: CampaignPlanIO | null }) {
  const [located, setLocated] = useState<string | null>(null);
  const goTo = async (cell: PlanCellRef): Promise<void> => {
    const io = plan.current;
    if (!io) return;
    try {
      setLocated(`Selected ${await io.select(cell.row, cell.column)}`);
    } catch (e) {
      setLocated(`Could not go to that cell: ${describeServiceError(e)}`);
    }
  };
  return { located, setLocated, goTo };
}

export function useCampaignPlan({ client, excel }: Pick<Services, "client" | "excel">): CampaignPlan {
  const [busy, setBusy] = useState<Busy>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  useClearNotConnected(client, outcome, () => setOutcome(null));
  const [progress, setProgress] = useState<string | null>(null);
  const [holds, setHolds] = useState<readonly CampaignHold[]>([]);
  const [confirming, setConfirming] = useState<string | null>(null);
  /** The plan the last Validate or Create worked on: its holds are listed, and released there. */
  const plan = useRef<CampaignPlanIO | null>(null);
  const stop = useRef<AbortController | null>(null);
  const { located, setLocated, goTo } = useGoToCell(plan);

  async function act(kind: Exclude<Busy, null>, work: () => Promise<Outcome>): Promise<void> {
    setBusy(kind);
    setOutcome(null);
    setConfirming(null);
    setLocated(null);
    try {
      setOutcome(withRenamed(await work(), kind === "insert" ? [] : (plan.current?.renamed() ?? [])));
    } catch (e) {
      setOutcome({ intent: "error", text: describeServiceError(e) });
    } finally {
      // Whatever happened (a failed write-back above all), show the holds that plan records now.
      const io = plan.current;
      if (io && kind !== "insert") setHolds(await io.holds().catch(() => []));
      setBusy(null);
    }
  }

  /** A fresh plan I/O for an action, kept for the Held campaigns list. */
  const planIO = (): CampaignPlanIO => (plan.current = campaignPlanIO(excel));

  const insert = (): Promise<void> =>
    act("insert", async () => {
      const at = await insertCampaignPlan(excel);
      return {
        intent: "success",
        text: `Plan table ${at.tableName} added on sheet "${at.sheetName}". One row per flight.`,
      };
    });

  const validate = (): Promise<void> =>
    act("validate", async () => {
      return describeValidation(await validatePlan(planIO()));
    });

  const create = (): Promise<void> =>
    act("create", async () => {
      if (!client) return { intent: "error", text: NOT_CONNECTED };
      const controller = new AbortController();
      stop.current = controller;
      setProgress(null);
      const r = await createCampaigns(planIO(), (body) => client.campaigns.create(body), {
        // Stop takes effect between campaigns: a request already sent is never cut off half-way.
        signal: controller.signal,
        onProgress: (done, total) => setProgress(`Creating campaign ${done + 1} of ${total}…`),
      }).finally(() => {
        stop.current = null;
        setProgress(null);
      });
      return describeCreate(r);
    });

  const release = (hold: CampaignHold): Promise<void> =>
    act("release", async () => {
      if (!plan.current) throw new Error("Validate or Create first, so the plan is known");
      await plan.current.release(hold.id);
      return {
        intent: "success",
        text: `Released "${hold.name}": the next Create sends it again.`,
      };
    });

  return {
    busy,
    goTo,
    located,
    outcome,
    progress,
    holds,
    confirming,
    setConfirming,
    insert,
    validate,
    create,
    stop: () => stop.current?.abort(),
    release,
  };
}
