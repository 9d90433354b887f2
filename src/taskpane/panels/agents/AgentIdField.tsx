/** The agent id, with the agents run from this computer suggested under it. */
import { Field, Input } from "@fluentui/react-components";
import { recentAgentLabel, type RecentAgent } from "../../recentAgents";

export interface AgentIdFieldProps {
  value: string;
  recent: readonly RecentAgent[];
  /** The id of the suggestions' datalist (the panel's useId, so the DOM ids stay put). */
  listId: string;
  onChange(value: string): void;
}

export function AgentIdField({ value, recent, listId, onChange }: AgentIdFieldProps) {
  return (
    <>
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
          value={value}
          onChange={(_, d) => onChange(d.value)}
          inputMode="numeric"
          list={recent.length ? listId : undefined}
        />
      </Field>
      <datalist id={listId}>
        {recent.map((a) => (
          <option key={a.id} value={String(a.id)} label={recentAgentLabel(a)} />
        ))}
      </datalist>
    </>
  );
}
