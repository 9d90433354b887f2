/**
 * AI agents panel: agent id and parameters (typed, or read from a two-column range) →
 * start → status polled with elapsed time → output text (with Copy) and files, each
 * opened as a sheet, inserted (xlsx) or downloaded.
 */
import { useEffect, useRef, useState } from "react";
import {
  Button,
  Field,
  Input,
  Label,
  Spinner,
  Text,
  Textarea,
  makeStyles,
  tokens,
  useId,
} from "@fluentui/react-components";
import { PaneMessage } from "../components/PaneMessage";
import { useServices, NOT_CONNECTED } from "../services";
import { find, useFocusAfterRender, useFocusRescue } from "../focus";
import { workbookFileTargets } from "../../excel/agentFiles";
import { readSelectedText } from "../../excel/campaignPlanSelection";
import type { AgentFile, AgentRunStatus } from "../../api/schemas";
import { fileAction, formatSize } from "../../writebacks/agentFiles";
import { describeOpened, openAgentFile } from "../../writebacks/agentFileOpen";
import { pairsFromRange, paramsFromPairs, type ParamPair } from "../../writebacks/agentParams";
import { followRun, formatElapsed } from "../../writebacks/agentRun";
import { describeServiceError } from "../../writebacks/serviceErrors";
import { namesForAgent, recentAgentLabel, recentAgents, rememberAgent } from "../recentAgents";

const useStyles = makeStyles({
  root: { display: "flex", flexDirection: "column", gap: tokens.spacingVerticalM },
  // "Parameter n" with its Remove button, then Name and Value: side by side where each gets at least
  // 150 px (a 450 px pane), one under the other in a narrower one, so neither input is ever cramped.
  pair: {
    display: "grid",
    gridTemplateColumns: "repeat(auto-fit, minmax(150px, 1fr))",
    columnGap: tokens.spacingHorizontalS,
    rowGap: tokens.spacingVerticalXS,
  },
  pairHead: {
    gridColumn: "1 / -1",
    display: "flex",
    alignItems: "center",
    justifyContent: "space-between",
    gap: tokens.spacingHorizontalS,
  },
  pairField: { display: "flex", flexDirection: "column", minWidth: 0 },
  files: { listStyleType: "none", padding: 0, margin: 0 },
  row: { display: "flex", gap: tokens.spacingHorizontalS, flexWrap: "wrap", alignItems: "center" },
  file: {
    display: "flex",
    gap: tokens.spacingHorizontalS,
    alignItems: "center",
    justifyContent: "space-between",
  },
});

type RunView = Pick<AgentRunStatus, "runId" | "status" | "output" | "files" | "error">;

/** Hands bytes to the browser as a file download. */
function saveAs(bytes: Uint8Array, fileName: string): void {
  const url = URL.createObjectURL(new Blob([new Uint8Array(bytes)]));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const ACTION_LABEL = { table: "Open as sheet", workbook: "Insert sheets", download: "Download" } as const;

export function AgentsPanel(): JSX.Element {
  const styles = useStyles();
  const { client, excel } = useServices();
  const [agentId, setAgentId] = useState("");
  const [followId, setFollowId] = useState("");
  const [pairs, setPairs] = useState<ParamPair[]>([{ name: "", value: "" }]);
  const [run, setRun] = useState<RunView | null>(null);
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(Date.now());
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ intent: "error" | "success" | "info"; text: string } | null>(null);
  const stop = useRef<AbortController | null>(null);
  const root = useRef<HTMLElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const stopFollowingRef = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();
  // Stop following goes when the run ends or is no longer followed: focus waits on Start run.
  useFocusRescue(root, () => startRef.current);
  const ids = useId("agent-param");
  const agentList = useId("recent-agents");
  const [recent, setRecent] = useState(recentAgents);
  // The parameter names pickAgent filled in (not typed): they may be replaced by another agent's.
  const [filledNames, setFilledNames] = useState<string[] | null>(null);

  // The timer and spinner run while the pane follows the run, not merely while it is processing:
  // after Stop following the run may still be processing on the service.
  const [following, setFollowing] = useState(false);
  useEffect(() => {
    if (!following) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [following]);
  useEffect(() => () => stop.current?.abort(), []);

  const setPair = (i: number, patch: Partial<ParamPair>): void =>
    setPairs((prev) => prev.map((p, k) => (k === i ? { ...p, ...patch } : p)));

  function pickAgent(text: string): void {
    setAgentId(text);
    const filled = namesForAgent(text, recent, pairs, filledNames);
    if (!filled) return;
    setPairs(filled.pairs);
    setFilledNames(filled.names);
  }

  async function readRange(): Promise<void> {
    setMessage(null);
    try {
      const r = pairsFromRange(await readSelectedText(excel));
      if (!r.ok) setMessage({ intent: "error", text: r.error });
      else setPairs(r.pairs.length ? r.pairs : [{ name: "", value: "" }]);
    } catch (e) {
      setMessage({ intent: "error", text: describeServiceError(e) });
    }
  }

  /** Polls a started run until done or failed; Stop following ends only the polling. */
  async function follow(runId: number): Promise<void> {
    if (!client) return setMessage({ intent: "error", text: NOT_CONNECTED });
    stop.current?.abort();
    const controller = new AbortController();
    stop.current = controller;
    setFollowing(true);
    setMessage(null);
    try {
      const final = await followRun(() => client.agents.runStatus(runId, controller.signal), {
        signal: controller.signal,
        onStatus: (s) => setRun(s),
      });
      if (final.status === "failed")
        setMessage({ intent: "error", text: `The run failed: ${final.error ?? "no reason given"}` });
    } catch (e) {
      setMessage(
        controller.signal.aborted
          ? {
              intent: "info",
              text: `Stopped following run ${runId}; it may still be running on the service.`,
            }
          : { intent: "error", text: `Run ${runId}: ${describeServiceError(e)}` },
      );
    } finally {
      setNow(Date.now());
      setFollowing(false);
    }
  }

  async function start(): Promise<void> {
    setMessage(null);
    const id = Number(agentId.trim());
    if (!Number.isInteger(id) || id < 1)
      return setMessage({ intent: "error", text: "Agent id: enter a whole number, 1 or more" });
    const params = paramsFromPairs(pairs);
    if (!params.ok) return setMessage({ intent: "error", text: params.errors.join("\n") });
    if (!client) return setMessage({ intent: "error", text: NOT_CONNECTED });
    setBusy(true);
    setRun(null);
    let runId: number;
    try {
      // Never cancelled: an abandoned start could leave a run on the service with no id in hand,
      // counting against the runs-in-progress limit.
      runId = (await client.agents.startRun(id, params.params)).runId;
    } catch (e) {
      setMessage({ intent: "error", text: describeServiceError(e, { agentId: id }) });
      return;
    } finally {
      setBusy(false);
    }
    rememberAgent(id, Object.keys(params.params));
    setRecent(recentAgents());
    setStartedAt(Date.now());
    setNow(Date.now());
    setRun({ runId, status: "processing" });
    await follow(runId);
  }

  /** Follows a run started elsewhere (another session, a colleague, a crashed pane) by its id. */
  async function followById(): Promise<void> {
    setMessage(null);
    const id = Number(followId.trim());
    if (followId.trim() === "" || !Number.isInteger(id) || id < 1)
      return setMessage({ intent: "error", text: "Run id: enter a whole number, 1 or more" });
    if (!client) return setMessage({ intent: "error", text: NOT_CONNECTED });
    setRun(null);
    // Elapsed time counts from when the pane started following: its start time is not known here.
    setStartedAt(Date.now());
    setNow(Date.now());
    await follow(id);
  }

  async function copyOutput(text: string): Promise<void> {
    try {
      await navigator.clipboard.writeText(text);
      setMessage({ intent: "success", text: "Output copied." });
    } catch {
      setMessage({ intent: "error", text: "Copy is not allowed here: select the output and press Ctrl+C." });
    }
  }

  async function open(file: AgentFile): Promise<void> {
    if (!client || !run) return;
    setMessage(null);
    try {
      const opened = await openAgentFile(file, {
        ...workbookFileTargets(excel),
        // The client re-reads the run status for a fresh URL when the one it has expired.
        download: () => client.agents.downloadFile(run.runId, file),
        saveAs,
      });
      setMessage({ intent: "success", text: describeOpened(opened) });
    } catch (e) {
      setMessage({ intent: "error", text: `${file.fileName}: ${describeServiceError(e)}` });
    }
  }

  return (
    <section className={`panel ${styles.root}`} ref={root}>
      <h3>Run an AI agent</h3>
      {/* A form, so Enter in any field starts the run. */}
      <form
        className={styles.root}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy && !following) void start();
        }}
      >
        <Field
          label="Agent id"
          required
          hint={
            recent.length
              ? "Agents you ran from this computer are suggested (the service does not list its agents)."
              : "The agent's number, from whoever set it up (the service does not list its agents)."
          }
        >
          <Input
            value={agentId}
            onChange={(_, d) => pickAgent(d.value)}
            inputMode="numeric"
            list={recent.length ? agentList : undefined}
          />
        </Field>
        <datalist id={agentList}>
          {recent.map((a) => (
            <option key={a.id} value={String(a.id)} label={recentAgentLabel(a)} />
          ))}
        </datalist>
        {/* A fieldset, not a Field: a Field hands its one control id to every input inside it. */}
        <fieldset>
          <legend>Parameters</legend>
          <div className={styles.root}>
            {pairs.map((p, i) => {
              const id = `${ids}-${i}`;
              return (
                <div className={styles.pair} key={i} role="group" aria-labelledby={id}>
                  <div className={styles.pairHead}>
                    <Text id={id} weight="semibold">
                      Parameter {i + 1}
                    </Text>
                    <Button
                      size="small"
                      appearance="subtle"
                      aria-label={`Remove parameter ${i + 1}`}
                      data-remove-param={i}
                      onClick={() => {
                        setPairs((prev) => prev.filter((_, k) => k !== i));
                        // Rows are positional: the next row takes this place; removing the last row
                        // moves focus to the row above, or to Add parameter.
                        focusAfterRender(
                          find(root, `[data-remove-param="${i}"]`),
                          find(root, `[data-remove-param="${i - 1}"]`),
                          find(root, ".add-param"),
                        );
                      }}
                    >
                      Remove
                    </Button>
                  </div>
                  <div className={styles.pairField}>
                    <Label id={`${id}-name`} htmlFor={`${id}-name-input`}>
                      Name
                    </Label>
                    <Input
                      id={`${id}-name-input`}
                      aria-label={`Parameter ${i + 1} name`}
                      data-param-name={i}
                      value={p.name}
                      onChange={(_, d) => setPair(i, { name: d.value })}
                    />
                  </div>
                  <div className={styles.pairField}>
                    <Label id={`${id}-value`} htmlFor={`${id}-value-input`}>
                      Value
                    </Label>
                    <Input
                      id={`${id}-value-input`}
                      aria-label={`Parameter ${i + 1} value`}
                      value={p.value}
                      onChange={(_, d) => setPair(i, { value: d.value })}
                    />
                  </div>
                </div>
              );
            })}
            <div className={styles.row}>
              <Button
                className="add-param"
                onClick={() => {
                  setPairs((prev) => [...prev, { name: "", value: "" }]);
                  focusAfterRender(find(root, `[data-param-name="${pairs.length}"]`));
                }}
              >
                Add parameter
              </Button>
              <Button onClick={readRange}>Read from selected range</Button>
            </div>
          </div>
        </fieldset>
        <div className={styles.row}>
          <Button appearance="primary" type="submit" disabledFocusable={busy || following} ref={startRef}>
            Start run
          </Button>
          {following && (
            <Button ref={stopFollowingRef} onClick={() => stop.current?.abort()}>
              Stop following
            </Button>
          )}
          {run && run.status === "processing" && !following && !busy && (
            <Button
              onClick={() => {
                void follow(run.runId);
                focusAfterRender(() => stopFollowingRef.current);
              }}
            >
              Resume following run {run.runId}
            </Button>
          )}
        </div>
      </form>
      <form
        aria-label="Follow a run"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          if (!busy && !following) void followById();
        }}
      >
        <Field label="Follow a run by its id" hint="A run started earlier, here or elsewhere">
          <Input value={followId} onChange={(_, d) => setFollowId(d.value)} inputMode="numeric" />
        </Field>
        <Button type="submit" disabled={busy || following}>
          Follow run
        </Button>
      </form>
      {run && (
        <Text data-testid="agent-status">
          Run {run.runId}: {run.status}
          {startedAt !== null && ` (${formatElapsed(now - startedAt)})`}
        </Text>
      )}
      {following && <Spinner size="tiny" label="Running…" />}
      {typeof run?.output === "string" && (
        <Field label="Output">
          <Textarea readOnly value={run.output} resize="vertical" rows={8} aria-label="Agent output" />
          <Button onClick={() => void copyOutput(run.output ?? "")}>Copy</Button>
        </Field>
      )}
      {run?.files && run.files.length > 0 && (
        <ul className={`${styles.root} ${styles.files}`} aria-label="Agent files">
          {run.files.map((f) => {
            const verb = ACTION_LABEL[fileAction(f.fileType)];
            return (
              <li className={styles.file} key={f.fileId}>
                <Text>
                  {f.fileName} · {f.fileType} · {formatSize(f.size)}
                </Text>
                <Button size="small" onClick={() => void open(f)} aria-label={`${verb}: ${f.fileName}`}>
                  {verb}
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {message && (
        <PaneMessage
          intent={message.intent}
          data-testid="agent-message"
          bodyStyle={{ whiteSpace: "pre-wrap" }}
        >
          {message.text}
        </PaneMessage>
      )}
    </section>
  );
}
