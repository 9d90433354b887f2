/**
 * Campaign plan panel: insert a plan table, validate it, and create its campaigns
 * (one request per campaign, ids written back row by row). See docs/writebacks.md.
 */
import { useRef, useState } from "react";
import { Button, Spinner, Text, makeStyles, tokens } from "@fluentui/react-components";
import { PaneMessage } from "../components/PaneMessage";
import { useServices, NOT_CONNECTED } from "../services";
import { useFocusRescue } from "../focus";
import { campaignPlanIO, insertCampaignPlan } from "../../excel/campaignPlan";
import { createCampaigns, validatePlan } from "../../writebacks/planActions";
import { describeCreate, describeValidation, type PlanMessage } from "../../writebacks/planMessages";
import { describeServiceError } from "../../writebacks/serviceErrors";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  buttons: { display: "flex", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  problems: { margin: 0, paddingLeft: tokens.spacingHorizontalL, maxHeight: "240px", overflowY: "auto" },
});

type Busy = null | "insert" | "validate" | "create";
type Outcome = PlanMessage;

export function CampaignPlanPanel(): JSX.Element {
  const styles = useStyles();
  const { client, excel } = useServices();
  const [busy, setBusy] = useState<Busy>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [progress, setProgress] = useState<string | null>(null);
  const stop = useRef<AbortController | null>(null);
  const createRef = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLElement>(null);
  // Stop after this campaign goes when the run ends: focus waits on Create campaigns.
  useFocusRescue(root, () => createRef.current);

  async function act(kind: Exclude<Busy, null>, work: () => Promise<Outcome>): Promise<void> {
    setBusy(kind);
    setOutcome(null);
    try {
      setOutcome(await work());
    } catch (e) {
      setOutcome({ intent: "error", text: describeServiceError(e) });
    } finally {
      setBusy(null);
    }
  }

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
      return describeValidation(await validatePlan(campaignPlanIO(excel)));
    });

  const create = (): Promise<void> =>
    act("create", async () => {
      if (!client) return { intent: "error", text: NOT_CONNECTED };
      const controller = new AbortController();
      stop.current = controller;
      setProgress(null);
      const r = await createCampaigns(campaignPlanIO(excel), (body) => client.campaigns.create(body), {
        // Stop takes effect between campaigns: a request already sent is never cut off half-way.
        signal: controller.signal,
        onProgress: (done, total) => setProgress(`Creating campaign ${done + 1} of ${total}…`),
      }).finally(() => {
        stop.current = null;
        setProgress(null);
      });
      return describeCreate(r);
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
