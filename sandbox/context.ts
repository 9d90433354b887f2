/**
 * What every resource module of the sandbox shares: the options, the mutable state, the generated
 * world, the Hono app type, and small helpers for the spec's answers.
 */
import type { Context, Hono } from "hono";
import type { ReportKind } from "../src/api/schemas";
import type { World } from "./world";

export interface SandboxOptions {
  taskDelayMs?: number;
  runDelayMs?: number;
  downloadTtlMs?: number;
  reportCacheMs?: number;
  monthlyLimit?: number;
  maxRunsInProgress?: number;
  scale?: number;
  faults?: Partial<Faults>;
  now?: () => number;
}

export interface Faults {
  latencyMs: number;
  error500Rate: number;
  dropRate: number;
  truncateCsvRate: number;
  malformedJsonRate: number;
}

export type Account = { pro: boolean; problem?: { status: 403 | 429; message: string } };

export interface TaskRecord {
  id: string;
  kind: ReportKind;
  body: Record<string, unknown>;
  createdAt: number;
  fails: boolean;
  token: string;
  csv?: string;
}

export interface RunRecord {
  runId: number;
  key: string;
  agentId: number;
  params: Record<string, string>;
  createdAt: number;
  fails: boolean;
}

export interface SandboxState {
  requests: Map<string, number>;
  tasks: Map<string, TaskRecord>;
  runs: Map<number, RunRecord>;
  campaigns: { id: string; externalId: string | null; name: string; flight: number }[];
  advertisers: Map<string, { advertiserName: string; lookupName: string }>;
  faults: Faults;
}

/** The options with their defaults applied. */
export interface Settings {
  taskDelayMs: number;
  runDelayMs: number;
  downloadTtlMs: number;
  reportCacheMs: number;
  monthlyLimit: number;
  maxRunsInProgress: number;
  now: () => number;
}

export interface SandboxContext {
  settings: Settings;
  world: World;
  state: SandboxState;
  /** True with the given probability (fault injection); deterministic per sandbox. */
  hit(rate: number): boolean;
}

export type SandboxEnv = { Variables: { key: string; account: Account } };
export type SandboxApp = Hono<SandboxEnv>;

/** The origin the request came in on, for URLs the sandbox hands out. */
export function origin(c: Context): string {
  return new URL(c.req.url).origin;
}

/** The spec's 400 for report and JSON endpoints. */
export function invalidData(c: Context) {
  return c.json({ message: "Invalid data" }, 400);
}

/** The JSON body, or undefined when it is missing or not JSON. */
export function jsonBody(c: Context): Promise<unknown> {
  return c.req.json().catch(() => undefined);
}

export { slug } from "./csv/text";

export const env = (name: string): number | undefined =>
  process.env[name] !== undefined ? Number(process.env[name]) : undefined;
