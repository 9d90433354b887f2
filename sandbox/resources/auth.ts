/**
 * Authentication and the monthly allowance: every keyed endpoint counts, the two status polls never
 * do (the file-processor poll needs no key at all).
 */
import { MONTHLY_LIMIT_MESSAGE } from "../../src/api/errors";
import type { Account, SandboxApp, SandboxContext } from "../context";

export const KEYS: Record<string, Account> = {
  "demo-pro": { pro: true },
  "demo-basic": { pro: false },
  "demo-disabled": { pro: false, problem: { status: 403, message: "API access is disabled" } },
  "demo-nolimit": { pro: false, problem: { status: 403, message: "API limit is not configured" } },
  "demo-exhausted": { pro: true, problem: { status: 429, message: MONTHLY_LIMIT_MESSAGE } },
};

const STATUS_POLL = /^\/api\/public\/(file-processor\/status\/|ai-chat\/agent-runs\/[^/]+\/status$)/;
const FILE_STATUS = /^\/api\/public\/file-processor\/status\//;

export function authentication(app: SandboxApp, { state, settings }: SandboxContext): void {
  app.use("/api/public/*", async (c, next) => {
    if (FILE_STATUS.test(c.req.path)) return next();
    const header = c.req.header("Authorization") ?? "";
    const key = /^Bearer (.+)$/.exec(header)?.[1] ?? "";
    const account = KEYS[key];
    if (!account) return c.json({ message: "Invalid token" }, 403);
    const poll = STATUS_POLL.test(c.req.path);
    // The monthly limit never blocks the uncounted status poll.
    if (account.problem && !(account.problem.status === 429 && poll)) {
      return c.json({ message: account.problem.message }, account.problem.status);
    }
    c.set("key", key);
    c.set("account", account);
    if (poll) return next();
    const used = (state.requests.get(key) ?? 0) + 1;
    if (used > settings.monthlyLimit) return c.json({ message: MONTHLY_LIMIT_MESSAGE }, 429);
    state.requests.set(key, used);
    return next();
  });
}
