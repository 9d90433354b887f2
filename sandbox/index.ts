/**
 * The sandbox: a local emulator of the whole service (see README.md beside this file).
 * `createSandbox(options).listen(port)` serves it on 127.0.0.1 only; port 0 picks a free port.
 */
import { serve } from "@hono/node-server";
import type { AddressInfo } from "net";
import { createApp, KEYS, type SandboxOptions } from "./app";
import { ACCESSIBLE_ADVERTISERS, DEMO_ALPHA_CHANNEL, DEMO_SHOW_ID } from "./world";

export type { SandboxOptions } from "./app";
export { generateReportCsv } from "./csv";
export { World } from "./world";

/** 120 podcast directory ids the sandbox knows (1200000001 …). */
export const SHOW_IDS = Array.from({ length: 120 }, (_, i) => String(1200000001 + i));
export const SANDBOX_KEYS = Object.keys(KEYS);
export const FIXTURES = {
  showId: DEMO_SHOW_ID,
  alphaChannel: DEMO_ALPHA_CHANNEL,
  advertisers: ACCESSIBLE_ADVERTISERS,
  inaccessibleAdvertiser: "Globex Bank",
  activeAgents: [1, 2],
  inactiveAgent: 3,
};

export function createSandbox(options: SandboxOptions = {}) {
  const { app, state, world } = createApp(options);
  return {
    app,
    state,
    world,
    /** Requests counted against `key`'s monthly allowance so far. */
    requests: (key: string) => state.requests.get(key) ?? 0,
    listen(port = 0, host = "127.0.0.1"): Promise<{ url: string; port: number; close(): Promise<void> }> {
      return new Promise((resolve, reject) => {
        const server = serve({ fetch: app.fetch, port, hostname: host }, (info: AddressInfo) => {
          resolve({
            url: `http://${host}:${info.port}`,
            port: info.port,
            close: () =>
              new Promise<void>((done) => {
                (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
                server.close(() => done());
              }),
          });
        });
        server.on("error", reject);
      });
    },
  };
}
