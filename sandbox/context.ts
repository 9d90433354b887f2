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
  /** The connection is cut before the request is handled (nothing counted). */
  dropRate: number;
  truncateCsvRate: number;
  malformedJsonRate: number;
  /** Headers and half the body sent, then silence until the client gives up. */
  stallRate: number;
  /** The request is handled (and counted), then the connection is cut before the answer. */
  dropAfterRate: number;
  /** A status poll answers with another task's id and file (or a run status with another run's id). */
  wrongTaskIdRate: number;
  /** Result and file URLs point at plain http on a host that is not this computer. */
  httpUrlRate: number;
  /** A 500 whose message echoes the request's Authorization header (the key). */
  echoKeyRate: number;
  /** Agent xlsx files call out of the workbook (WEBSERVICE, external links, DDE). */
  hostileXlsxRate: number;
  /** Only requests whose path matches this regular expression get faults ("" = every request). */
  faultPaths: string;
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
  /** The hostileXlsx fault fired when the run started: its xlsx file calls out of the workbook. */
  hostile: boolean;
}

export interface SandboxState {
  requests: Map<string, number>;
  /** Faults injected so far (tests tell a fault that fired from one whose requests never came). */
  faultsInjected: number;
  tasks: Map<string, TaskRecord>;
  runs: Map<number, RunRecord>;
  campaigns: { id: string; externalId: string | null; name: string; flight: number }[];
  advertisers: Map<string, { advertiserName: string; lookupName: string }>;
  faults: Faults;
}

/** The options with their defaults applied. */
interface Settings {
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
  /**
   * True with the given probability (fault injection), for a request on `path` when faultPaths
   * matches it; deterministic per sandbox.
   */
  hit(rate: number, path?: string): boolean;
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
