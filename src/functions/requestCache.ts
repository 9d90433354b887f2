/**
 * The request engine behind the ADS.* functions: identical calls in flight share one request,
 * answers are cached for a while (a recalculation costs nothing), and requests run with bounded
 * concurrency. The monthly allowance is the user's money.
 */

export interface RequestCacheOptions {
  /** How long a successful answer is reused (default 10 minutes). */
  ttlMs?: number;
  /** How long a failure is reused, so a recalculation does not repeat a failing request (default 60 s). */
  errorTtlMs?: number;
  /** Requests running at once (default 4). */
  concurrency?: number;
  /** Answers kept at most; past it, expired then oldest settled answers are dropped (default 2,000). */
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  promise: Promise<unknown>;
  settledAt?: number;
  failed?: boolean;
  /** Aborts the request once every caller waiting on it has been cancelled. */
  controller: AbortController;
  /** Callers still waiting; Infinity once a caller that cannot be cancelled joined. */
  waiters: number;
}

/** Thrown to callers of a request that was dropped because every caller was cancelled. */
class CancelledError extends Error {
  constructor() {
    super("Cancelled");
    this.name = "CancelledError";
  }
}

export class RequestCache {
  private readonly entries = new Map<string, Entry>();
  private readonly queue: (() => void)[] = [];
  private running = 0;
  private readonly ttlMs: number;
  private readonly errorTtlMs: number;
  readonly concurrency: number;
  private readonly now: () => number;
  private readonly maxEntries: number;
  /** Highest number of requests seen running at once (for tests and benchmarks). */
  maxRunning = 0;

  constructor(options: RequestCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 10 * 60_000;
    this.errorTtlMs = options.errorTtlMs ?? 60_000;
    this.concurrency = Math.max(1, options.concurrency ?? 4);
    this.now = options.now ?? Date.now;
    this.maxEntries = Math.max(1, options.maxEntries ?? 2000);
  }

  /**
   * The answer for `key`: shared when in flight, reused while fresh, else fetched (queued behind the
   * bound). With `signal` (Excel cancelled the cell) the caller stops waiting; the request itself is
   * dropped (or, when queued, never sent) only once every caller waiting on it has been cancelled,
   * and a dropped request is not cached.
   */
  get<T>(key: string, fetcher: (signal: AbortSignal) => Promise<T>, signal?: AbortSignal): Promise<T> {
    let entry = this.entries.get(key);
    if (!entry || this.expired(entry)) {
      const fresh: Entry = { promise: Promise.resolve(), controller: new AbortController(), waiters: 0 };
      fresh.promise = this.limited(() => fetcher(fresh.controller.signal), fresh.controller.signal).then(
        (value) => {
          fresh.settledAt = this.now();
          return value;
        },
        (err: unknown) => {
          fresh.settledAt = this.now();
          fresh.failed = true;
          throw err;
        },
      );
      // Keep an unobserved rejection from being reported as unhandled; callers still see it.
      fresh.promise.catch(() => undefined);
      if (this.entries.size >= this.maxEntries) this.evict();
      this.entries.set(key, fresh);
      entry = fresh;
    }
    this.join(key, entry, signal);
    return entry.promise as Promise<T>;
  }

  private join(key: string, entry: Entry, signal: AbortSignal | undefined): void {
    if (!signal) {
      entry.waiters = Infinity;
      return;
    }
    const leave = () => {
      entry.waiters--;
      if (entry.waiters > 0 || entry.settledAt !== undefined) return;
      entry.controller.abort();
      if (this.entries.get(key) === entry) this.entries.delete(key);
    };
    entry.waiters++;
    if (signal.aborted) leave();
    else signal.addEventListener("abort", leave, { once: true });
  }

  /** Drops expired answers; if still full, the oldest settled ones (in-flight requests are kept). */
  private evict(): void {
    for (const [key, entry] of this.entries) if (this.expired(entry)) this.entries.delete(key);
    for (const [key, entry] of this.entries) {
      if (this.entries.size < this.maxEntries) break;
      if (entry.settledAt !== undefined) this.entries.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private expired(entry: Entry): boolean {
    if (entry.settledAt === undefined) return false;
    return this.now() - entry.settledAt > (entry.failed ? this.errorTtlMs : this.ttlMs);
  }

  private async limited<T>(fetcher: () => Promise<T>, signal: AbortSignal): Promise<T> {
    let waited = false;
    if (this.running >= this.concurrency) {
      waited = true;
      await new Promise<void>((resolve, reject) => {
        const wake = () => {
          signal.removeEventListener("abort", drop);
          resolve();
        };
        // Cancelled while queued: leave the queue, never send.
        const drop = () => {
          const at = this.queue.indexOf(wake);
          if (at >= 0) this.queue.splice(at, 1);
          reject(new CancelledError());
        };
        this.queue.push(wake);
        signal.addEventListener("abort", drop, { once: true });
      });
    }
    if (signal.aborted) {
      // Woken, then cancelled before starting: the slot goes to the next in the queue.
      if (waited) this.queue.shift()?.();
      throw new CancelledError();
    }
    this.running++;
    this.maxRunning = Math.max(this.maxRunning, this.running);
    try {
      return await fetcher();
    } finally {
      this.running--;
      this.queue.shift()?.();
    }
  }
}
