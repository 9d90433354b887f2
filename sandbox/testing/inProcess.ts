/** The sandbox app in-process (no socket), on a clock the test moves: for tests of one resource's edges. */
import { createApp } from "../app";
import type { SandboxOptions } from "../context";

const PRO = { Authorization: "Bearer demo-pro", "content-type": "application/json" };

export function inProcessSandbox(options: SandboxOptions = {}) {
  let clock = Date.UTC(2026, 10, 22, 12);
  const made = createApp({ taskDelayMs: 100, runDelayMs: 100, now: () => clock, ...options });
  return {
    ...made,
    advance: (ms: number) => (clock += ms),
    post: (path: string, body: unknown, headers: Record<string, string> = PRO) =>
      made.app.request(path, { method: "POST", headers, body: JSON.stringify(body) }),
    get: (path: string, headers: Record<string, string> = PRO) => made.app.request(path, { headers }),
  };
}
