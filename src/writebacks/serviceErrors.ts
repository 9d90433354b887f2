/**
 * Client errors → one sentence for the pane. The agent answers that users meet often
 * (429 runs in progress or monthly limit, 403 agent not active, 404 agent not found)
 * get their own words; everything else is said as errorWords.ts says it.
 */
import { AuthenticationError, NotFoundError, RateLimitError } from "../api/errors";
import { plannerMessage } from "../api/errorWords";

export function describeServiceError(e: unknown, context: { agentId?: number } = {}): string {
  const agent = context.agentId === undefined ? "The agent" : `Agent ${context.agentId}`;
  if (e instanceof RateLimitError) {
    return e.kind === "runs_in_progress"
      ? "Too many of your agent runs are in progress. Wait for one to finish, then start again."
      : "Monthly request limit reached. Please contact support to raise it.";
  }
  if (e instanceof AuthenticationError && e.reason === "agent_not_active") return `${agent} is not active.`;
  if (e instanceof NotFoundError && context.agentId !== undefined) return `${agent} was not found.`;
  // Everything else as errorWords says it: what failed, in the planner's words (the request is the Details).
  return plannerMessage(e);
}
