/**
 * The sandbox service: every endpoint of the spec over the generated world, validating requests with
 * the client's own zod schemas. Each resource lives in sandbox/resources/ beside its contract tests;
 * this module wires them. Choices where the spec says "not shown" are in sandbox/README.md.
 */
import { Hono } from "hono";
import { cors } from "hono/cors";
import { ALL_ADVERTISERS, World } from "./world";
import { hash, rng } from "./random";
import {
  env,
  slug,
  type SandboxContext,
  type SandboxEnv,
  type SandboxOptions,
  type SandboxState,
} from "./context";
import { KEYS, authentication } from "./resources/auth";
import { adminRoutes, faultInjection, faultsApply, parseFaultsEnv } from "./resources/faults";
import { requestLimits } from "./resources/limits";
import { reportRoutes } from "./resources/reports";
import { showRoutes } from "./resources/shows";
import { searchRoutes } from "./resources/search";
import { adsRoutes } from "./resources/ads";
import { incrementalityRoutes } from "./resources/incrementality";
import { writeRoutes } from "./resources/writes";
import { agentRoutes } from "./resources/agents";

export type { SandboxOptions } from "./context";
export { KEYS };

export function createApp(options: SandboxOptions = {}) {
  const settings = {
    taskDelayMs: options.taskDelayMs ?? env("SANDBOX_TASK_DELAY_MS") ?? 1500,
    runDelayMs: options.runDelayMs ?? env("SANDBOX_RUN_DELAY_MS") ?? 1500,
    downloadTtlMs: options.downloadTtlMs ?? env("SANDBOX_DOWNLOAD_TTL_MS") ?? 60_000,
    reportCacheMs: options.reportCacheMs ?? 10 * 60_000,
    monthlyLimit: options.monthlyLimit ?? env("SANDBOX_MONTHLY_LIMIT") ?? 1_000_000,
    maxRunsInProgress: options.maxRunsInProgress ?? 2,
    now: options.now ?? Date.now,
  };
  // The world's today is the app's: its data runs through the day it starts (sandbox/README.md).
  const world = new World(options.scale ?? env("SANDBOX_SCALE") ?? 1, settings.now(), settings.now);
  const state: SandboxState = {
    requests: new Map(),
    faultsInjected: 0,
    tasks: new Map(),
    runs: new Map(),
    campaigns: [],
    advertisers: new Map(
      ALL_ADVERTISERS.map((a) => [a.toLowerCase(), { advertiserName: a, lookupName: slug(a) }]),
    ),
    faults: {
      latencyMs: 0,
      error500Rate: 0,
      dropRate: 0,
      truncateCsvRate: 0,
      malformedJsonRate: 0,
      stallRate: 0,
      dropAfterRate: 0,
      wrongTaskIdRate: 0,
      httpUrlRate: 0,
      echoKeyRate: 0,
      hostileXlsxRate: 0,
      faultPaths: "",
      ...parseFaultsEnv(process.env.SANDBOX_FAULTS),
      ...options.faults,
    },
  };
  let faultCounter = 0;
  const faultRoll = () => rng(hash(`fault|${faultCounter++}`))();
  const ctx: SandboxContext = {
    settings,
    world,
    state,
    hit: (rate, path) => {
      const hit =
        (path === undefined || faultsApply(state.faults, path)) &&
        (rate >= 1 || (rate > 0 && faultRoll() < rate));
      if (hit) state.faultsInjected++;
      return hit;
    },
  };

  const app = new Hono<SandboxEnv>();
  app.use(
    "*",
    cors({
      origin: (o) => (isAllowedOrigin(o) ? o : null),
      allowHeaders: ["Authorization", "Content-Type"],
      allowMethods: ["GET", "POST", "OPTIONS"],
      maxAge: 600,
    }),
  );
  requestLimits(app);
  faultInjection(app, ctx);
  authentication(app, ctx);
  reportRoutes(app, ctx);
  showRoutes(app, ctx);
  searchRoutes(app, ctx);
  adsRoutes(app, ctx);
  incrementalityRoutes(app, ctx);
  writeRoutes(app, ctx);
  agentRoutes(app, ctx);
  adminRoutes(app, ctx);
  app.onError((err, c) => c.json({ message: { error: "Unexpected error", detail: err.message } }, 500));
  return { app, state, world };
}

function isAllowedOrigin(origin: string): boolean {
  if (!origin) return false;
  const extra = (process.env.SANDBOX_CORS_ORIGINS ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (extra.includes(origin)) return true;
  try {
    const u = new URL(origin);
    return ["127.0.0.1", "localhost", "[::1]"].includes(u.hostname);
  } catch {
    return false;
  }
}
