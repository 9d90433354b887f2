/** Starts the sandbox in-process on a free loopback port, with a client factory for contract tests. */
import { AdsClient, type ClientOptions } from "../../src/api/client";
import { createSandbox, type SandboxOptions } from "../../sandbox/index";

/**
 * The sandbox's clock in contract tests: it starts at 2026-11-22 12:00 UTC, two days after the world's
 * newest episodes, and runs at real speed, so answers relative to "now" (search timeFrame, default
 * date ranges) are the same whatever day the tests run.
 */
const WORLD_START = Date.UTC(2026, 10, 22, 12);
const began = Date.now();
export const worldNow = (): number => WORLD_START + (Date.now() - began);

export async function startSandbox(options: SandboxOptions = {}) {
  const sandbox = createSandbox({ taskDelayMs: 60, runDelayMs: 60, now: worldNow, ...options });
  const server = await sandbox.listen(0);
  const client = (apiKey = "demo-pro", extra: Partial<ClientOptions> = {}) =>
    new AdsClient({
      baseUrl: server.url,
      apiKey,
      pollInitialDelayMs: 20,
      pollMaxDelayMs: 100,
      maxRetries: 0,
      ...extra,
    });
  return { sandbox, url: server.url, close: server.close, client };
}
