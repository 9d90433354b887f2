/**
 * Following an agent run: polls its status until it is done or failed, with the clock its elapsed
 * time is shown by. Stop following ends only the polling, never the run on the service.
 */
import { useEffect, useRef, useState } from "react";
import type { AdsClient } from "../../../api/client";
import { NOT_CONNECTED } from "../../services";
import { followRun } from "../../../writebacks/agentRun";
import { describeServiceError } from "../../../writebacks/serviceErrors";
import type { AgentMessage, RunView } from "./agentMessage";

export interface RunFollower {
  /** The pane is polling a run: the timer and spinner run, Start run and Follow run wait. */
  following: boolean;
  /** Time since the pane started (or started following) the run; null before any run. */
  elapsedMs: number | null;
  /** Starts the elapsed-time clock now. */
  startClock(): void;
  /** Follows the run to its end; its last status (null when following stopped or failed to read it). */
  follow(runId: number): Promise<RunView | null>;
  stopFollowing(): void;
}

export function useFollowRun(
  client: AdsClient | null,
  setRun: (run: RunView) => void,
  setMessage: (message: AgentMessage | null) => void,
): RunFollower {
  const [startedAt, setStartedAt] = useState<number | null>(null);
  const [now, setNow] = useState(Date.now());
  const stop = useRef<AbortController | null>(null);
  // The timer and spinner run while the pane follows the run, not merely while it is processing:
  // after Stop following the run may still be processing on the service.
  const [following, setFollowing] = useState(false);
  useEffect(() => {
    if (!following) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [following]);
  useEffect(() => () => stop.current?.abort(), []);

  /** Polls a started run until done or failed; Stop following ends only the polling. */
  async function follow(runId: number): Promise<RunView | null> {
    if (!client) {
      setMessage({ intent: "error", text: NOT_CONNECTED });
      return null;
    }
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
      return final;
    } catch (e) {
      setMessage(
        controller.signal.aborted
          ? {
              intent: "info",
              text: `Stopped following run ${runId}; it may still be running on the service.`,
            }
          : { intent: "error", text: `Run ${runId}: ${describeServiceError(e)}` },
      );
      return null;
    } finally {
      setNow(Date.now());
      setFollowing(false);
    }
  }

  return {
    following,
    elapsedMs: startedAt === null ? null : now - startedAt,
    startClock: () => {
      setStartedAt(Date.now());
      setNow(Date.now());
    },
    follow,
    stopFollowing: () => stop.current?.abort(),
  };
}
