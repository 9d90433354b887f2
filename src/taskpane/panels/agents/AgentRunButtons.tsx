/** Start run, and while a run is followed Stop following; a run left processing offers Resume following. */
import { useRef, type RefObject } from "react";
import { Button } from "@fluentui/react-components";
import type { useFocusAfterRender } from "../../focus";
import type { AgentRun } from "./useAgentRun";
import { useAgentsStyles } from "./agentsStyles";

export interface AgentRunButtonsProps {
  agent: Pick<AgentRun, "run" | "busy" | "following" | "follow" | "stopFollowing">;
  startRef: RefObject<HTMLButtonElement>;
  focusAfterRender: ReturnType<typeof useFocusAfterRender>;
}

export function AgentRunButtons({ agent, startRef, focusAfterRender }: AgentRunButtonsProps) {
  const styles = useAgentsStyles();
  const stopFollowingRef = useRef<HTMLButtonElement>(null);
  const { run, busy, following } = agent;
  return (
    <div className={styles.row}>
      <Button appearance="primary" type="submit" disabledFocusable={busy || following} ref={startRef}>
        Start run
      </Button>
      {following && (
        <Button ref={stopFollowingRef} onClick={() => agent.stopFollowing()}>
          Stop following
        </Button>
      )}
      {run && run.status === "processing" && !following && !busy && (
        <Button
          onClick={() => {
            void agent.follow(run.runId);
            focusAfterRender(() => stopFollowingRef.current);
          }}
        >
          Resume following run {run.runId}
        </Button>
      )}
    </div>
  );
}
