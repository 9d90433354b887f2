/**
 * Campaign plan panel: insert a plan table, validate it, and create its campaigns
 * (one request per campaign, ids written back row by row). See docs/writebacks.md.
 */
import { useRef } from "react";
import { Button, Spinner } from "@fluentui/react-components";
import { Text } from "../components/Prose";
import { PaneMessage } from "../components/PaneMessage";
import { useServices } from "../services";
import { useFocusRescue } from "../focus";
import { useCampaignPlanStyles } from "./campaignPlanStyles";
import { HeldCampaigns } from "./HeldCampaigns";
import { PlanProblems } from "./PlanProblems";
import { useCampaignPlan } from "./useCampaignPlan";

export function CampaignPlanPanel(): JSX.Element {
  const styles = useCampaignPlanStyles();
  const {
    busy,
    outcome,
    progress,
    holds,
    confirming,
    setConfirming,
    insert,
    validate,
    create,
    stop,
    release,
    goTo,
    located,
  } = useCampaignPlan(useServices());
  const createRef = useRef<HTMLButtonElement>(null);
  const root = useRef<HTMLElement>(null);
  // Stop after this campaign goes when the run ends: focus waits on Create campaigns.
  useFocusRescue(root, () => createRef.current);

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
          {busy === "create" && <Button onClick={stop}>Stop after this campaign</Button>}
        </div>
      )}
      {outcome && (
        <PaneMessage intent={outcome.intent} data-testid="plan-outcome">
          {outcome.text}
        </PaneMessage>
      )}
      {holds.length > 0 && (
        <HeldCampaigns
          holds={holds}
          confirming={confirming}
          onConfirming={setConfirming}
          onRelease={(h) => void release(h)}
          busy={busy !== null}
        />
      )}
      {outcome?.problems && (
        <PlanProblems
          problems={outcome.problems}
          cells={outcome.problemCells}
          onGo={(cell) => void goTo(cell)}
          located={located}
        />
      )}
    </section>
  );
}
