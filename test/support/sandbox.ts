/** Starts the sandbox in-process on a free loopback port, with a client factory for contract tests. */
import { AdsClient, type ClientOptions } from "../../src/api/client";
import { createSandbox, type SandboxOptions } from "../../sandbox/index";

export async function startSandbox(options: SandboxOptions = {}) {
  const sandbox = createSandbox({ taskDelayMs: 60, runDelayMs: 60, ...options });
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
