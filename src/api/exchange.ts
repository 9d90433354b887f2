/**
 * One HTTP exchange held to its limits (docs/network.md): the answer must start, and then keep
 * arriving, with no gap longer than the no-progress limit, and the whole exchange (every attempt
 * of one request) must end by its deadline. The body is read here, chunk by chunk, so a service
 * that sends its headers and then falls silent cannot hang a report, a refresh or a function cell.
 */
import { AbortedError, ConnectionError, TimeoutError } from "./errors";

/** The fetch an exchange goes through (the platform's, or one injected by tests). */
export type FetchLike = (input: string, init?: RequestInit) => Promise<Response>;

export interface ExchangeLimits {
  /** Longest wait for the answer to start, and between two pieces of its body. */
  stallMs: number;
  /** When the whole request (every attempt) must have ended, as a Date.now() time. */
  deadlineAt: number;
  /** The deadline's length, for messages. */
  deadlineMs: number;
}

/** An answer read whole: its status, headers and every byte of its body. */
export interface Answer {
  status: number;
  ok: boolean;
  headers: Headers;
  /** "cors" / "opaque" answers may hide headers (download.ts). */
  type: ResponseType;
  /** The body, when it was read whole (empty when a BodySink took it). */
  bytes: Uint8Array;
  /** The body's length in bytes, however it was taken. */
  size: number;
}

/**
 * Takes a successful answer's body as it arrives, piece by piece, instead of it being read whole:
 * a big download is then never held at once (a report is parsed as it comes).
 */
export interface BodySink {
  write(chunk: Uint8Array): void;
  /** The body has ended (not called when the exchange fails). */
  end(): void;
}

/** Where an exchange was when it failed: before any answer came, or while its body arrived. */
export type Phase = "request" | "body";

/** A failure that says how far the exchange got, so the caller can tell whether the request went out. */
export class ExchangeFailure extends Error {
  constructor(
    readonly error: ConnectionError | TimeoutError | AbortedError,
    readonly phase: Phase,
    /** The request provably never reached the service (refused, no such host). */
    readonly unsent: boolean,
  ) {
    super(error.message);
  }
}

/** Connection errors that prove nothing was sent: the connection was never made. */
const UNSENT_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);

function codeOf(err: unknown): string | undefined {
  const cause = (err as { cause?: { code?: unknown } } | undefined)?.cause;
  return typeof cause?.code === "string" ? cause.code : undefined;
}

function reasonOf(err: unknown): string {
  if (err instanceof Error) {
    const cause = (err as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? `${err.message}: ${cause.message}` : err.message;
  }
  return String(err);
}

const seconds = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`);

/** One exchange's limits at work: the stall and deadline timers and the caller's cancel. */
interface Watch {
  /** The fetch's signal: aborted once a limit is hit or the caller cancels. */
  signal: AbortSignal;
  /** Rejects with the ExchangeFailure when a limit is hit or the caller cancels; never resolves. */
  stopped: Promise<never>;
  /** Restarts the no-progress timer. */
  armStall(): void;
  /** The answer has started: a stall from now on is one in the body. */
  enterBody(): void;
  /** Clears the timers and stops listening to the caller's cancel. */
  end(): void;
}

function stallMessage(phase: Phase, endpoint: string, stallMs: number): string {
  return phase === "request"
    ? `No answer from ${endpoint} for ${seconds(stallMs)} (the no-progress limit); gave up`
    : `The answer from ${endpoint} stopped arriving: nothing for ${seconds(stallMs)} (the no-progress limit); gave up`;
}

/** Starts the deadline timer and listens to the caller's cancel; the stall timer starts at armStall. */
function watchLimits(limits: ExchangeLimits, endpoint: string, signal: AbortSignal | undefined): Watch {
  const controller = new AbortController();
  let phase: Phase = "request";
  let stop: ((failure: ExchangeFailure) => void) | undefined;
  // Settles only when a limit is hit or the caller cancels; every await of the exchange races it.
  const stopped = new Promise<never>((_, reject) => (stop = reject));
  stopped.catch(() => undefined);
  const fail = (error: TimeoutError | AbortedError) => {
    // The limit first: the aborted fetch rejects at once, and the race must settle with the reason.
    stop?.(new ExchangeFailure(error, phase, false));
    controller.abort();
  };
  let stallTimer: ReturnType<typeof setTimeout> | undefined;
  const armStall = () => {
    clearTimeout(stallTimer);
    stallTimer = setTimeout(
      () => fail(new TimeoutError(stallMessage(phase, endpoint, limits.stallMs), endpoint)),
      limits.stallMs,
    );
  };
  const deadlineTimer = setTimeout(
    () =>
      fail(
        new TimeoutError(
          `No complete answer from ${endpoint} within ${seconds(limits.deadlineMs)} (the request deadline); gave up`,
          endpoint,
        ),
      ),
    Math.max(0, limits.deadlineAt - Date.now()),
  );
  const onAbort = () => fail(new AbortedError("Cancelled", endpoint));
  signal?.addEventListener("abort", onAbort, { once: true });
  return {
    signal: controller.signal,
    stopped,
    armStall,
    enterBody: () => {
      phase = "body";
    },
    end: () => {
      clearTimeout(stallTimer);
      clearTimeout(deadlineTimer);
      signal?.removeEventListener("abort", onAbort);
    },
  };
}

/** The failure of a fetch that gave no answer: a limit's own, or a connection error (unsent when provably so). */
function requestFailure(err: unknown, endpoint: string): ExchangeFailure {
  if (err instanceof ExchangeFailure) return err;
  const code = codeOf(err);
  return new ExchangeFailure(
    new ConnectionError(`Could not reach the service for ${endpoint} (${reasonOf(err)})`, endpoint),
    "request",
    code !== undefined && UNSENT_CODES.has(code),
  );
}

/** The failure of a body read: a limit's own, or a dropped connection. */
function bodyFailure(err: unknown, endpoint: string): ExchangeFailure {
  if (err instanceof ExchangeFailure) return err;
  return new ExchangeFailure(
    new ConnectionError(
      `The connection dropped while reading the answer from ${endpoint} (${reasonOf(err)})`,
      endpoint,
    ),
    "body",
    false,
  );
}

/** Runs one attempt: fetch, then the body read whole, within the limits. */
export async function exchange(
  fetchImpl: FetchLike,
  url: string,
  init: RequestInit,
  limits: ExchangeLimits,
  ctx: {
    endpoint: string;
    signal?: AbortSignal;
    /** Opens a sink for this attempt's body when the answer is a success (a retry opens a new one). */
    sink?: () => BodySink;
  },
): Promise<Answer> {
  const { endpoint, signal } = ctx;
  if (signal?.aborted) throw new ExchangeFailure(new AbortedError("Cancelled", endpoint), "request", true);
  const watch = watchLimits(limits, endpoint, signal);
  let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
  try {
    watch.armStall();
    let response: Response;
    try {
      response = await Promise.race([fetchImpl(url, { ...init, signal: watch.signal }), watch.stopped]);
    } catch (err) {
      throw requestFailure(err, endpoint);
    }
    watch.enterBody();
    watch.armStall();
    const chunks: Uint8Array[] = [];
    let size = 0;
    const sink = response.ok ? ctx.sink?.() : undefined;
    reader = response.body?.getReader();
    while (reader) {
      let read: ReadableStreamReadResult<Uint8Array>;
      try {
        read = await Promise.race([reader.read(), watch.stopped]);
      } catch (err) {
        throw bodyFailure(err, endpoint);
      }
      if (read.done) break;
      size += read.value.length;
      // The sink's own failure is not the connection's: it goes out as it is.
      if (sink) sink.write(read.value);
      else chunks.push(read.value);
      watch.armStall();
    }
    sink?.end();
    return {
      status: response.status,
      ok: response.ok,
      headers: response.headers,
      type: response.type,
      bytes: sink ? new Uint8Array(0) : joinBytes(chunks, size),
      size,
    };
  } catch (err) {
    // A stalled body is let go: nothing waits on it any more.
    reader?.cancel().catch(() => undefined);
    throw err;
  } finally {
    watch.end();
  }
}

/** The pieces of a body as one array of `size` bytes (the piece itself when there is one). */
export function joinBytes(chunks: readonly Uint8Array[], size: number): Uint8Array {
  if (chunks.length === 1) return chunks[0];
  const out = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}
