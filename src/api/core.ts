/**
 * The client core: base URL, key, injected fetch, timeout, bounded retries with backoff and jitter,
 * and the rule that the key only ever goes to the configured service origin.
 */
import type { z } from "zod";
import {
  AbortedError,
  AdsError,
  MaybeCountedError,
  RequestValidationError,
  ResponseValidationError,
  ServerError,
  errorFromResponse,
} from "./errors";
import { spentAllowance } from "./allowance";
import { decodeText } from "./download";
import { ExchangeFailure, exchange, type Answer, type BodySink, type FetchLike } from "./exchange";
import { DEFAULT_DEADLINE_MS, DEFAULT_STALL_MS } from "./networkDefaults";
import { validateResponse } from "./validate";

export type { FetchLike };
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;

export interface ClientOptions {
  /** Service base address, e.g. https://api.example.com or http://127.0.0.1:4010 (http only on loopback). */
  baseUrl: string;
  apiKey: string;
  fetch?: FetchLike;
  /**
   * The no-progress limit: the longest wait for an answer to start, and between two pieces of its
   * body (default 60 s; docs/network.md).
   */
  stallMs?: number;
  /** The whole-exchange deadline: every attempt of one request ends by then (default 5 minutes). */
  deadlineMs?: number;
  /**
   * Retries after the first attempt, for requests that spend nothing (status polls, downloads), and
   * for any request that provably never reached the service; default 2.
   */
  maxRetries?: number;
  /**
   * Called once for each request that spent the monthly allowance, when that is known: its answer
   * came (a refusal before an account was charged, such as an unknown key or the monthly limit,
   * spent nothing: allowance.ts), or it failed after it may have reached the service.
   */
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
  /**
   * Safe to ask again. A request that spends the allowance is still sent once: after a failure that
   * may have reached the service it is not re-sent, and fails with MaybeCountedError instead.
   */
  retry: boolean;
  /** What may have happened when a counted request failed ambiguously, e.g. "The report may have started". */
  uncertain?: string;
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
function buildQuery(query: Record<string, QueryValue> | undefined): string {
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

function normalizeBaseUrl(baseUrl: string): URL {
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
  readonly stallMs: number;
  readonly deadlineMs: number;
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
    this.stallMs = options.stallMs ?? DEFAULT_STALL_MS;
    this.deadlineMs = options.deadlineMs ?? DEFAULT_DEADLINE_MS;
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

  /** One JSON call: validated, typed, retried when safe; its errors know the path it was sent to. */
  async request<S extends z.ZodType>(spec: RequestSpec<S>): Promise<z.output<S>> {
    try {
      return await this.requestOnce(spec);
    } catch (err) {
      if (err instanceof AdsError) err.requestPath ??= spec.path;
      if (err instanceof MaybeCountedError) err.cause.requestPath ??= spec.path;
      throw err;
    }
  }

  private async requestOnce<S extends z.ZodType>(spec: RequestSpec<S>): Promise<z.output<S>> {
    const endpoint = spec.endpoint ?? `${spec.method} ${spec.path}`;
    const auth = spec.auth ?? true;
    const headers: Record<string, string> = { Accept: "application/json" };
    if (auth) headers.Authorization = `Bearer ${this.options.apiKey}`;
    if (spec.body !== undefined) headers["Content-Type"] = "application/json";
    const url = this.url(spec.path, spec.query);
    const answer = await this.send(
      url,
      { method: spec.method, headers, body: spec.body === undefined ? undefined : JSON.stringify(spec.body) },
      {
        endpoint,
        retry: spec.retry,
        signal: spec.signal,
        counted: spec.counted ?? auth,
        agentRunStart: spec.agentRunStart,
        uncertain: spec.uncertain,
      },
    );
    const text = decodeText(answer.bytes);
    let json: unknown;
    try {
      json = text.length ? JSON.parse(text) : undefined;
    } catch {
      throw this.scrubbed(new ResponseValidationError("(body)", "the answer is not valid JSON", endpoint));
    }
    try {
      return validateResponse(spec.schema, json, endpoint);
    } catch (err) {
      throw this.scrubbed(err);
    }
  }

  /**
   * Fetches a result or download URL, read whole or handed to a `sink` as it arrives. The key is sent only when the URL is on the
   * service origin; the call is not counted against the monthly allowance. Only over https when the
   * service is https; plain http only on this computer, and only when the service is too.
   */
  async download(
    url: string,
    opts: { endpoint: string; signal?: AbortSignal; retry?: boolean; sink?: () => BodySink },
  ): Promise<Answer> {
    let target: URL;
    try {
      target = new URL(url, this.base);
    } catch {
      throw this.scrubbed(new ResponseValidationError("url", `not a web address: ${url}`, opts.endpoint));
    }
    const plainAllowed = this.base.protocol === "http:" && LOOPBACK.has(target.hostname);
    if (target.protocol !== "https:" && !(target.protocol === "http:" && plainAllowed)) {
      throw this.scrubbed(
        new ResponseValidationError(
          "url",
          `the file is offered at ${target.protocol}//${target.host}, not over https, so it was not downloaded`,
          opts.endpoint,
        ),
      );
    }
    const absolute = target.toString();
    const headers: Record<string, string> = {};
    if (this.isServiceOrigin(absolute)) headers.Authorization = `Bearer ${this.options.apiKey}`;
    return this.send(
      absolute,
      { method: "GET", headers },
      {
        endpoint: opts.endpoint,
        retry: opts.retry ?? true,
        signal: opts.signal,
        counted: false,
        sink: opts.sink,
      },
    );
  }

  /** The key's text never leaves in an error: the service may echo it (docs/network.md, "Secrets"). */
  private scrubbed<E>(err: E): E {
    if (err instanceof Error) {
      err.message = scrubSecret(err.message, this.options.apiKey);
      if (err.cause instanceof Error) this.scrubbed(err.cause);
    }
    return err;
  }

  /** Adds a counted request to the month's count when `spent`. */
  private countIf(ctx: { counted: boolean; endpoint: string }, spent: boolean): void {
    if (ctx.counted && spent) this.options.onRequest?.(ctx.endpoint);
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
      uncertain?: string;
      sink?: () => BodySink;
    },
  ): Promise<Answer> {
    const deadlineAt = Date.now() + this.deadlineMs;
    const limits = { stallMs: this.stallMs, deadlineAt, deadlineMs: this.deadlineMs };
    const attempts = ctx.retry ? this.maxRetries + 1 : 1;
    let last: { error: AdsError; reachedService: boolean } | undefined;
    for (let attempt = 0; attempt < attempts; attempt++) {
      if (attempt > 0) {
        const wait = this.backoff(attempt - 1);
        if (Date.now() + wait >= deadlineAt) break;
        await this.sleep(wait, ctx.signal).catch((err: unknown) => {
          throw this.scrubbed(err);
        });
      }
      let answer: Answer;
      try {
        answer = await exchange(this.fetchImpl, url, init, limits, ctx);
      } catch (err) {
        if (!(err instanceof ExchangeFailure)) throw err;
        // No answer: it counted unless it provably never left (a timeout most likely arrived).
        this.countIf(ctx, !err.unsent);
        if (err.error instanceof AbortedError) throw err.error;
        last = { error: err.error, reachedService: !err.unsent };
        // A request that spends the allowance is asked again only when it provably never went out.
        if (ctx.counted && !err.unsent) break;
        continue;
      }
      const error = answer.ok
        ? null
        : errorFromResponse(answer.status, decodeText(answer.bytes), {
            endpoint: ctx.endpoint,
            agentRunStart: ctx.agentRunStart,
          });
      // A refusal before an account with allowance was charged (an unknown key, the monthly limit)
      // spent nothing, as the service counts (allowance.ts).
      this.countIf(ctx, error === null || spentAllowance(error));
      if (error === null) return answer;
      // 4xx answers are final; a 5xx may be passing, but a counted request has reached the service.
      if (!(error instanceof ServerError)) throw this.scrubbed(error);
      last = { error, reachedService: true };
      if (ctx.counted) break;
    }
    const error = last!.error;
    if (ctx.counted && ctx.retry && last!.reachedService)
      throw this.scrubbed(new MaybeCountedError(error, ctx.uncertain));
    throw this.scrubbed(error);
  }
}

/** Replaces the key's text (as sent, URL-encoded or JSON-escaped) wherever it appears. */
export function scrubSecret(text: string, secret: string): string {
  if (!secret || secret.length < 4) return text;
  let out = text;
  for (const form of new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)]))
    out = out.split(form).join("[the API key]");
  return out;
}
