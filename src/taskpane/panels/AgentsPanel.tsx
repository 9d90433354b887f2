/**
 * AI agents panel: agent id and parameters (typed, or read from a two-column range) →
 * start → status polled with elapsed time → output text (with Copy) and files, each
 * opened as a sheet, inserted (xlsx) or downloaded.
 */
import { useRef, useState } from "react";
import { useId } from "@fluentui/react-components";
import { PaneMessage } from "../components/PaneMessage";
import { useServices } from "../services";
import { useFocusAfterRender, useFocusRescue } from "../focus";
import { readSelectedText } from "../../excel/campaignPlanSelection";
import { pairsFromRange, type ParamPair } from "../../writebacks/agentParams";
import { describeServiceError } from "../../writebacks/serviceErrors";
import { knownParamNames, namesForAgent, recentAgents, rememberAgent } from "../recentAgents";
import { useAgentsStyles } from "./agents/agentsStyles";
import { useAgentRun } from "./agents/useAgentRun";
import { AgentIdField } from "./agents/AgentIdField";
import { AgentParams } from "./agents/AgentParams";
import { AgentRunButtons } from "./agents/AgentRunButtons";
import { FollowRunForm } from "./agents/FollowRunForm";
import { AgentRunResult } from "./agents/AgentRunResult";
import { useKept } from "../paneMemory";

export function AgentsPanel(): JSX.Element {
  const styles = useAgentsStyles();
  const { client, excel } = useServices();
  const [agentId, setAgentId] = useKept("agents.agentId", "");
  const [pairs, setPairs] = useKept<ParamPair[]>("agents.params", [{ name: "", value: "" }]);
  const agent = useAgentRun({ client, excel });
  const { busy, following, message, setMessage } = agent;
  const root = useRef<HTMLElement>(null);
  const startRef = useRef<HTMLButtonElement>(null);
  const focusAfterRender = useFocusAfterRender();
  // Stop following goes when the run ends or is no longer followed: focus waits on Start run.
  useFocusRescue(root, () => startRef.current);
  const ids = useId("agent-param");
  const agentList = useId("recent-agents");
  const [recent, setRecent] = useState(recentAgents);
  // The parameter names pickAgent filled in (not typed): they may be replaced by another agent's.
  const [filledNames, setFilledNames] = useState<string[] | null>(null);

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

  const start = () =>
    agent.start(agentId, pairs, (id, names) => {
      rememberAgent(id, names);
      setRecent(recentAgents());
    });

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
        <AgentIdField value={agentId} recent={recent} listId={agentList} onChange={pickAgent} />
        <AgentParams
          pairs={pairs}
          knownNames={knownParamNames(recent)}
          setPairs={setPairs}
          idPrefix={ids}
          root={root}
          focusAfterRender={focusAfterRender}
          onReadRange={readRange}
        />
        <AgentRunButtons agent={agent} startRef={startRef} focusAfterRender={focusAfterRender} />
      </form>
      <FollowRunForm blocked={busy || following} onFollow={(id) => void agent.followById(id)} />
      <AgentRunResult agent={agent} />
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
