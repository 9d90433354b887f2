/** What the Agents panel tells the planner, and the part of a run's status it shows. */
import type { AgentRunStatus } from "../../../api/schemas";

export interface AgentMessage {
  intent: "error" | "success" | "info";
  text: string;
}

export type RunView = Pick<AgentRunStatus, "runId" | "status" | "output" | "files" | "error">;

/** A whole number, 1 or more, as typed (an agent or run id); null for anything else. */
export function positiveWhole(text: string): number | null {
  const id = Number(text.trim());
  return Number.isInteger(id) && id >= 1 ? id : null;
}
