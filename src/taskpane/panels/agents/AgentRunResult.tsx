/** The followed run: its status and elapsed time, the output text (with Copy) and its files. */
import { Button, Field, Spinner, Textarea } from "@fluentui/react-components";
import { Text } from "../../components/Prose";
import type { AgentFile } from "../../../api/schemas";
import { formatSize } from "../../../writebacks/agentFiles";
import { openLabel } from "../../../writebacks/agentFileOpen";
import { formatElapsed } from "../../../writebacks/agentRun";
import type { AgentRun } from "./useAgentRun";
import { useAgentsStyles } from "./agentsStyles";

export interface AgentRunResultProps {
  agent: Pick<AgentRun, "run" | "elapsedMs" | "following" | "copyOutput" | "open">;
}

export function AgentRunResult({ agent }: AgentRunResultProps) {
  const { run, elapsedMs, following } = agent;
  return (
    <>
      {run && (
        <Text data-testid="agent-status">
          Run {run.runId}: {run.status}
          {elapsedMs !== null && ` (${formatElapsed(elapsedMs)})`}
        </Text>
      )}
      {following && <Spinner size="tiny" label="Running…" />}
      {typeof run?.output === "string" && (
        <Field label="Output">
          <Textarea readOnly value={run.output} resize="vertical" rows={8} aria-label="Agent output" />
          <Button onClick={() => void agent.copyOutput(run.output ?? "")}>Copy</Button>
        </Field>
      )}
      {run?.files && run.files.length > 0 && (
        <AgentFiles files={run.files} onOpen={(f) => void agent.open(f)} />
      )}
    </>
  );
}

/** Each file with what opening it does: as a sheet, its sheets inserted (xlsx), or downloaded. */
function AgentFiles({ files, onOpen }: { files: readonly AgentFile[]; onOpen(file: AgentFile): void }) {
  const styles = useAgentsStyles();
  return (
    <ul className={`${styles.root} ${styles.files}`} aria-label="Agent files">
      {files.map((f) => {
        const verb = openLabel(f);
        return (
          <li className={styles.file} key={f.fileId}>
            <Text>
              {f.fileName} · {f.fileType} · {formatSize(f.size)}
            </Text>
            <Button size="small" onClick={() => onOpen(f)} aria-label={`${verb}: ${f.fileName}`}>
              {verb}
            </Button>
          </li>
        );
      })}
    </ul>
  );
}
