/**
 * The Agents panel's run: start one (or follow one by its id), follow it to its end, and act on
 * what it gave: copy the output, open each file the planner chooses as a sheet, insert it or download it.
 */
import { useState } from "react";
import { NOT_CONNECTED, useClearNotConnected, type Services } from "../../services";
import type { AgentFile } from "../../../api/schemas";
import { useRunFiles } from "./useRunFiles";
import { paramsFromPairs, type ParamPair } from "../../../writebacks/agentParams";
import { describeServiceError } from "../../../writebacks/serviceErrors";
import { positiveWhole, type AgentMessage, type RunView } from "./agentMessage";
import { useFollowRun, type RunFollower } from "./useFollowRun";

export interface AgentRun extends RunFollower {
  run: RunView | null;
  /** The start request is on its way. */
  busy: boolean;
  message: AgentMessage | null;
  setMessage(message: AgentMessage | null): void;
  /** Starts the agent with these parameters; `onStarted` hears of it once the service took the run. */
  start(agentIdText: string, pairs: readonly ParamPair[], onStarted: StartedListener): Promise<void>;
  /** Follows a run started elsewhere (another session, a colleague, a crashed pane) by its id. */
  followById(runIdText: string): Promise<void>;
  copyOutput(text: string): Promise<void>;
  open(file: AgentFile): Promise<void>;
}

type StartedListener = (agentId: number, paramNames: string[]) => void;

export function useAgentRun({ client, excel }: Pick<Services, "client" | "excel">): AgentRun {
  const [run, setRun] = useState<RunView | null>(null);
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<AgentMessage | null>(null);
  useClearNotConnected(client, message, () => setMessage(null));
  const follower = useFollowRun(client, setRun, setMessage);
  const { openOne, finished } = useRunFiles(client, excel, setMessage);

  async function start(agentIdText: string, pairs: readonly ParamPair[], onStarted: StartedListener) {
    setMessage(null);
    const id = positiveWhole(agentIdText);
    if (id === null)
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
    onStarted(id, Object.keys(params.params));
    follower.startClock();
    setRun({ runId, status: "processing" });
    finished(await follower.follow(runId));
  }

  async function followById(runIdText: string): Promise<void> {
    setMessage(null);
    const id = positiveWhole(runIdText);
    if (id === null) return setMessage({ intent: "error", text: "Run id: enter a whole number, 1 or more" });
    if (!client) return setMessage({ intent: "error", text: NOT_CONNECTED });
    setRun(null);
    // Elapsed time counts from when the pane started following: its start time is not known here.
    follower.startClock();
    finished(await follower.follow(id));
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
      setMessage({ intent: "success", text: await openOne(file, { runId: run.runId }) });
    } catch (e) {
      setMessage({ intent: "error", text: e instanceof Error ? e.message : String(e) });
    }
  }

  return { ...follower, run, busy, message, setMessage, start, followById, copyOutput, open };
}
