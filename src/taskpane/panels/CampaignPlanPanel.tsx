/**
 * Campaign plan panel: insert a plan table, validate it, and create its campaigns
 * (one request per campaign, ids written back row by row). See docs/writebacks.md.
 */
import { useRef, useState } from "react";
import {
  Button,
  MessageBar,
  MessageBarBody,
  Spinner,
  Text,
  makeStyles,
  tokens,
} from "@fluentui/react-components";
import { useServices } from "../services";
import { campaignPlanIO, insertCampaignPlan } from "../../excel/campaignPlan";
import { createCampaigns, validatePlan } from "../../writebacks/planActions";
import { describeServiceError } from "../../writebacks/serviceErrors";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  buttons: { display: "flex", gap: tokens.spacingHorizontalS, flexWrap: "wrap" },
  problems: { margin: 0, paddingLeft: tokens.spacingHorizontalL, maxHeight: "240px", overflowY: "auto" },
});

type Busy = null | "insert" | "validate" | "create";
type Outcome = { intent: "success" | "warning" | "error" | "info"; text: string; problems?: string[] };

export function CampaignPlanPanel(): JSX.Element {
  const styles = useStyles();
  const { client, excel } = useServices();
  const [busy, setBusy] = useState<Busy>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [progress, setProgress] = useState<string | null>(null);
  const stop = useRef<AbortController | null>(null);

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
      const r = await validatePlan(campaignPlanIO(excel));
      if (r.problems.length === 0) return { intent: "success", text: `All ${r.rows} rows are valid.` };
      return {
        intent: "warning",
        text: `${r.problems.length} problem(s) in ${r.rows} rows; bad cells are marked.`,
        problems: r.problems,
      };
    });

  const create = (): Promise<void> =>
    act("create", async () => {
      if (!client) return { intent: "error", text: "Connect to the service first." };
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
      if (r.kind === "invalid")
        return {
          intent: "warning",
          text: "Nothing was sent: fix the marked cells first.",
          problems: r.problems,
        };
      if (r.kind === "nothing-to-send")
        return { intent: "info", text: `Nothing to send: ${r.alreadyCreated} row(s) already have an id.` };
      const { summary } = r;
      const done = `${summary.campaigns} campaign(s) created (${summary.flights} flight(s)).`;
      if (!summary.failure) return { intent: "success", text: done };
      const rows = summary.failure.rows.map((row) => row + r.firstRowNumber).join(", ");
      const where = rows ? ` at row ${rows}` : "";
      return {
        intent: rows ? "error" : "warning",
        text: `${done} Stopped${where}: ${summary.failure.message}. ${summary.notAttempted} row(s) not sent; run again to continue.`,
      };
    });

  return (
    <section className={`panel ${styles.root}`} aria-labelledby="plan-heading">
      <h3 id="plan-heading">Campaign plan</h3>
      <Text>One row per flight. Rows that share every campaign field are flights of one campaign.</Text>
      <div className={styles.buttons}>
        <Button onClick={insert} disabled={busy !== null}>
          Insert campaign plan
        </Button>
        <Button onClick={validate} disabled={busy !== null}>
          Validate
        </Button>
        <Button appearance="primary" onClick={create} disabled={busy !== null}>
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
        <MessageBar intent={outcome.intent} data-testid="plan-outcome">
          <MessageBarBody>{outcome.text}</MessageBarBody>
        </MessageBar>
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
