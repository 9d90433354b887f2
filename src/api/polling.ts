/**
 * Polling for tasks and agent runs: abortable sleep, backoff from the initial delay to a cap,
 * an overall deadline, progress callbacks, and a hard error on a status the spec does not list.
 */
import { AbortedError, TaskFailedError, TimeoutError, UnknownStatusError } from "./errors";
import type { Sleep } from "./core";

export interface PollProgress {
  status: string;
  elapsedMs: number;
  polls: number;
}

export interface PollOptions {
  signal?: AbortSignal;
  /** Give up after this long (default 30 minutes). */
  deadlineMs?: number;
  onProgress?: (progress: PollProgress) => void;
}

export interface PollSpec<T> {
  endpoint: string;
  read: (signal?: AbortSignal) => Promise<T>;
  statusOf: (value: T) => string;
  waiting: readonly string[];
  done: readonly string[];
  failed: readonly string[];
  /** Message for a failed status; the spec does not state causes. */
  failureMessage: (value: T) => string;
  sleep: Sleep;
  initialDelayMs: number;
  maxDelayMs: number;
  now?: () => number;
}

export async function pollUntilSettled<T>(spec: PollSpec<T>, opts: PollOptions = {}): Promise<T> {
  const now = spec.now ?? Date.now;
  const started = now();
  const deadline = started + (opts.deadlineMs ?? 30 * 60_000);
  let delay = spec.initialDelayMs;
  for (let polls = 1; ; polls++) {
    if (opts.signal?.aborted) throw new AbortedError("Cancelled", spec.endpoint);
    const value = await spec.read(opts.signal);
    const status = spec.statusOf(value);
    opts.onProgress?.({ status, elapsedMs: now() - started, polls });
    if (spec.done.includes(status)) return value;
    if (spec.failed.includes(status)) throw new TaskFailedError(spec.failureMessage(value), spec.endpoint);
    if (!spec.waiting.includes(status)) {
      throw new UnknownStatusError(
        `Unknown status "${status}" (expected one of ${[...spec.waiting, ...spec.done, ...spec.failed].join(", ")})`,
        spec.endpoint,
      );
    }
    const remaining = deadline - now();
    if (remaining <= 0) {
      throw new TimeoutError(
        `Still ${status} after ${Math.round((now() - started) / 1000)} s; gave up`,
        spec.endpoint,
      );
    }
    await spec.sleep(Math.min(delay, remaining), opts.signal);
    delay = Math.min(spec.maxDelayMs, Math.round(delay * 1.6));
  }
}
