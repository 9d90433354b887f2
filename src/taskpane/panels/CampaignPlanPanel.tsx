/**
 * Campaign plan panel: insert a plan table, validate it, and create its campaigns
 * (one request per campaign, ids written back row by row). See docs/writebacks.md.
 */
import { useRef, useState } from "react";
import { Button, Spinner, Text, makeStyles, tokens } from "@fluentui/react-components";
import { PaneMessage } from "../components/PaneMessage";
import { useServices, NOT_CONNECTED } from "../services";
import { useFocusRescue } from "../focus";
import { campaignPlanIO, insertCampaignPlan, type CampaignPlanIO } from "../../excel/campaignPlan";
import { createCampaigns, validatePlan } from "../../writebacks/planActions";
import { describeHold, type CampaignHold } from "../../writebacks/planHolds";
import { describeCreate, describeValidation, type PlanMessage } from "../../writebacks/planMessages";
import { describeServiceError } from "../../writebacks/serviceErrors";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  buttons: { display: "flex", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  problems: { margin: 0, paddingLeft: tokens.spacingHorizontalL, maxHeight: "240px", overflowY: "auto" },
  held: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalXS },
});

type Busy = null | "insert" | "validate" | "create" | "release";
type Outcome = PlanMessage;

export function CampaignPlanPanel(): JSX.Element {
  const styles = useStyles();
  const { client, excel } = useServices();
  const [busy, setBusy] = useState<Busy>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [progress, setProgress] = useState<string | null>(null);
  /** Campaigns sent whose outcome the plan does not show: Create refuses them until released. */
  const [holds, setHolds] = useState<readonly CampaignHold[]>([]);
  /** The hold whose Release waits for a confirming second click. */
  const [confirming, setConfirming] = useState<string | null>(null);
  /** The plan the last Validate or Create worked on: its holds are listed, and released there. */
  const plan = useRef<CampaignPlanIO | null>(null);
  const stop = useRef<AbortController | null>(null);
  const createRef = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLElement>(null);
  // Stop after this campaign goes when the run ends: focus waits on Create campaigns.
  useFocusRescue(root, () => createRef.current);

  async function act(kind: Exclude<Busy, null>, work: () => Promise<Outcome>): Promise<void> {
    setBusy(kind);
    setOutcome(null);
    setConfirming(null);
    try {
      setOutcome(await work());
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

  return (
    <section className={`panel ${styles.root}`} ref={root}>
      <h3>Campaign plan</h3>
      <Text>One row per flight. Rows that share every campaign field are flights of one campaign.</Text>
      <div className={styles.buttons}>
        <Button onClick={insert} disabledFocusable={busy !== null}>
          Insert campaign plan
        </Button>
        <Button onClick={validate} disabledFocusable={busy !== null}>
          Validate
        </Button>
        <Button appearance="primary" onClick={create} disabledFocusable={busy !== null} ref={createRef}>
          Create campaigns
        </Button>
      </div>
      {busy && (
        <div className={styles.buttons}>
          <Spinner size="tiny" label={busy === "create" ? (progress ?? "Reading the plan…") : "Working…"} />
          {busy === "create" && (
            <Button onClick={() => stop.current?.abort()}>Stop after this campaign</Button>
          )}
        </div>
      )}
      {outcome && (
        <PaneMessage intent={outcome.intent} data-testid="plan-outcome">
          {outcome.text}
        </PaneMessage>
      )}
      {holds.length > 0 && (
        <section className={styles.held} aria-label="Held campaigns">
          <h4>Held campaigns</h4>
          <Text>
            Sent, but the plan does not show what came of them: they may exist on the service. Create will not
            send them again until you release them.
          </Text>
          {holds.map((h) => (
            <div className={styles.held} key={h.id}>
              <Text>{describeHold(h)}.</Text>
              {confirming === h.id ? (
                <div className={styles.buttons}>
                  <Text>Release only if the service has no such campaign.</Text>
                  <Button
                    size="small"
                    appearance="primary"
                    disabled={busy !== null}
                    aria-label={`Confirm: release "${h.name}" (the next Create sends it again)`}
                    onClick={() => void release(h)}
                  >
                    Release
                  </Button>
                  <Button size="small" onClick={() => setConfirming(null)}>
                    Cancel
                  </Button>
                </div>
              ) : (
                <div className={styles.buttons}>
                  <Button
                    size="small"
                    disabled={busy !== null}
                    aria-label={`Release "${h.name}"…`}
                    onClick={() => setConfirming(h.id)}
                  >
                    Release…
                  </Button>
                </div>
              )}
            </div>
          ))}
        </section>
      )}
      {outcome?.problems && (
        <ul className={styles.problems} aria-label="Plan problems">
          {outcome.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
