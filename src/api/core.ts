/**
 * The client core: base URL, key, injected fetch, timeout, bounded retries with backoff and jitter,
 * and the rule that the key only ever goes to the configured service origin.
 */
import type { z } from "zod";
import {
  AbortedError,
  AdsError,
  ConnectionError,
  RequestValidationError,
  ResponseValidationError,
  ServerError,
  TimeoutError,
  errorFromResponse,
} from "./errors";
import { validateResponse } from "./validate";

export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface ClientOptions {
  /** Service base address, e.g. https://api.example.com or http://127.0.0.1:4010 (http only on loopback). */
  baseUrl: string;
  apiKey: string;
  fetch?: FetchLike;
  /** Per-attempt timeout; default 60 s. */
  timeoutMs?: number;
  /** Retries after the first attempt for idempotent calls; default 2. */
  maxRetries?: number;
  /** Called once for each request that counts against the monthly allowance. */
  onRequest?: (endpoint: string) => void;
  /** Injected for tests. */
  sleep?: Sleep;
  random?: () => number;
  /** First poll delay for tasks and agent runs (default 1000 ms) and its cap (default 10 s). */
  pollInitialDelayMs?: number;
  pollMaxDelayMs?: number;
}

export type QueryValue = string | number | boolean | readonly (string | number | boolean)[] | undefined;

export interface RequestSpec<S extends z.ZodType> {
  method: "GET" | "POST";
  path: string;
  /** Name used in errors, e.g. "POST /api/public/campaign". */
  endpoint?: string;
  query?: Record<string, QueryValue>;
  body?: unknown;
  schema: S;
  /** Send the key (every endpoint but the two status polls). Default true. */
  auth?: boolean;
  /** Counts against the monthly allowance. Default: whenever the key is sent. */
  counted?: boolean;
  /** Safe to retry on connection errors and 5xx. */
  retry: boolean;
  signal?: AbortSignal;
  /** Empty 403/429 bodies mean "agent not active" / "runs in progress" here. */
  agentRunStart?: boolean;
}

/**
 * Hosts plain http may go to: this computer, in local and development builds and outside webpack. A
 * deployable build allows none (it talks to its service over https), and its bundles carry no loopback name.
 */
const LOOPBACK_HTTP = typeof ADS_LOOPBACK_HTTP === "undefined" || ADS_LOOPBACK_HTTP;
const LOOPBACK: ReadonlySet<string> = LOOPBACK_HTTP
  ? new Set(["127.0.0.1", "localhost", "[::1]", "::1"])
  : new Set();
const HTTP_RULE = LOOPBACK_HTTP
  ? "baseUrl must use https:// (plain http is allowed only for 127.0.0.1 / localhost)"
  : "baseUrl must use https://";

export const abortableSleep: Sleep = (ms, signal) =>
  new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortedError("Cancelled", "sleep"));
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortedError("Cancelled", "sleep"));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });

/** Serializes query parameters: arrays as repeated keys, booleans as true/false, unset values skipped. */
export function buildQuery(query: Record<string, QueryValue> | undefined): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    const list = Array.isArray(value) ? value : [value];
    for (const v of list) params.append(key, String(v));
  }
  const s = params.toString();
  return s ? `?${s}` : "";
}

export function normalizeBaseUrl(baseUrl: string): URL {
  let url: URL;
  try {
    url = new URL(baseUrl);
  } catch {
    throw new RequestValidationError("baseUrl", `baseUrl is not a web address: ${baseUrl}`, "client");
  }
  if (url.protocol === "http:" && !LOOPBACK.has(url.hostname)) {
    throw new RequestValidationError("baseUrl", HTTP_RULE, "client");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new RequestValidationError("baseUrl", "baseUrl must be an https:// address", "client");
  }
  url.search = "";
  url.hash = "";
  return url;
}

export class Core {
  readonly base: URL;
  /** The base URL's path without a trailing slash ("" for the origin root). */
  private readonly basePath: string;
  private readonly fetchImpl: FetchLike;
  readonly sleep: Sleep;
  private readonly random: () => number;
  readonly timeoutMs: number;
  readonly maxRetries: number;
  readonly pollInitialDelayMs: number;
  readonly pollMaxDelayMs: number;

  constructor(private readonly options: ClientOptions) {
    this.base = normalizeBaseUrl(options.baseUrl);
    this.basePath = this.base.pathname.replace(/\/+$/, "");
    if (!options.apiKey || !options.apiKey.trim()) {
      throw new RequestValidationError("apiKey", "apiKey is required", "client");
    }
    this.fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
    this.sleep = options.sleep ?? abortableSleep;
    this.random = options.random ?? Math.random;
    this.timeoutMs = options.timeoutMs ?? 60_000;
    this.maxRetries = options.maxRetries ?? 2;
    this.pollInitialDelayMs = options.pollInitialDelayMs ?? 1000;
    this.pollMaxDelayMs = options.pollMaxDelayMs ?? 10_000;
  }

  url(path: string, query?: Record<string, QueryValue>): string {
    return `${this.base.origin}${this.basePath}${path}${buildQuery(query)}`;
  }

  /** Whether a URL is on the configured service origin (the only place the key may go). */
  isServiceOrigin(url: string): boolean {
    try {
      return new URL(url).origin === this.base.origin;
    } catch {
      return false;
    }
  }

  /** One JSON call: validated, typed, retried when safe. */
  async request<S extends z.ZodType>(spec: RequestSpec<S>): Promise<z.output<S>> {
    const endpoint = spec.endpoint ?? `${spec.method} ${spec.path}`;
    const auth = spec.auth ?? true;
    const headers: Record<string, string> = { Accept: "application/json" };
    if (auth) headers.Authorization = `Bearer ${this.options.apiKey}`;
    if (spec.body !== undefined) headers["Content-Type"] = "application/json";
    const url = this.url(spec.path, spec.query);
    const response = await this.send(
      url,
      { method: spec.method, headers, body: spec.body === undefined ? undefined : JSON.stringify(spec.body) },
      {
        endpoint,
        retry: spec.retry,
        signal: spec.signal,
        counted: spec.counted ?? auth,
        agentRunStart: spec.agentRunStart,
      },
    );
    const text = await this.readText(response, endpoint, spec.signal);
    let json: unknown;
    try {
      json = text.length ? JSON.parse(text) : undefined;
    } catch {
      throw new ResponseValidationError("(body)", "the answer is not valid JSON", endpoint);
    }
    return validateResponse(spec.schema, json, endpoint);
  }

  /**
   * Fetches a result or download URL. The key is sent only when the URL is on the service origin;
   * the call is not counted against the monthly allowance.
   */
  async download(
    url: string,
    opts: { endpoint: string; signal?: AbortSignal; retry?: boolean },
  ): Promise<Response> {
    let absolute: string;
    try {
      absolute = new URL(url, this.base).toString();
    } catch {
      throw new ResponseValidationError("url", `not a web address: ${url}`, opts.endpoint);
    }
    const headers: Record<string, string> = {};
    if (this.isServiceOrigin(absolute)) headers.Authorization = `Bearer ${this.options.apiKey}`;
    return this.send(
      absolute,
      { method: "GET", headers },
      { endpoint: opts.endpoint, retry: opts.retry ?? true, signal: opts.signal, counted: false },
    );
  }

  async readText(response: Response, endpoint: string, signal?: AbortSignal): Promise<string> {
    try {
      return await response.text();
    } catch (err) {
      if (signal?.aborted) throw new AbortedError("Cancelled", endpoint);
      throw new ConnectionError(
        `The connection dropped while reading the answer (${errorText(err)})`,
        endpoint,
      );
    }
  }

  private backoff(attempt: number): number {
    const base = Math.min(8000, 500 * 2 ** attempt);
    return Math.round(base / 2 + (base / 2) * this.random());
  }

  private async send(
    url: string,
    init: RequestInit,
    ctx: {
      endpoint: string;
      retry: boolean;
      signal?: AbortSignal;
      counted: boolean;
      agentRunStart?: boolean;
    },
  ): Promise<Response> {
    const attempts = ctx.retry ? this.maxRetries + 1 : 1;
    let lastError: AdsError | undefined;
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) await this.sleep(this.backoff(attempt - 1), ctx.signal);
      try {
        return await this.attempt(url, init, ctx);
      } catch (err) {
        if (!(err instanceof AdsError)) throw err;
        lastError = err;
        // A POST that timed out has most likely reached the service: trying it again would spend the
        // monthly allowance twice (and start a second report task) for one answer.
        const transient =
          err instanceof ConnectionError ||
          err instanceof ServerError ||
          (err instanceof TimeoutError && (init.method ?? "GET") !== "POST");
        if (!transient) throw err;
      }
    }
    throw lastError!;
  }

  private async attempt(
    url: string,
    init: RequestInit,
    ctx: { endpoint: string; signal?: AbortSignal; counted: boolean; agentRunStart?: boolean },
  ): Promise<Response> {
    if (ctx.signal?.aborted) throw new AbortedError("Cancelled", ctx.endpoint);
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, this.timeoutMs);
    const onAbort = () => controller.abort();
    ctx.signal?.addEventListener("abort", onAbort, { once: true });
    let response: Response;
    try {
      if (ctx.counted) this.options.onRequest?.(ctx.endpoint);
      response = await this.fetchImpl(url, { ...init, signal: controller.signal });
    } catch (err) {
      if (ctx.signal?.aborted) throw new AbortedError("Cancelled", ctx.endpoint);
      if (timedOut)
        throw new TimeoutError(`No answer within ${Math.round(this.timeoutMs / 1000)} s`, ctx.endpoint);
      throw new ConnectionError(`Could not reach the service (${errorText(err)})`, ctx.endpoint);
    } finally {
      clearTimeout(timer);
      ctx.signal?.removeEventListener("abort", onAbort);
    }
    if (!response.ok) {
      const body = await response.text().catch(() => "");
      throw errorFromResponse(response.status, body, {
        endpoint: ctx.endpoint,
        agentRunStart: ctx.agentRunStart,
      });
    }
    return response;
  }
}

function errorText(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? `${err.message}: ${cause.message}` : err.message;
  }
  return String(err);
}
