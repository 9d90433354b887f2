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

  /** The answer for `key`: shared when in flight, reused while fresh, else fetched (queued behind the bound). */
  get<T>(key: string, fetcher: () => Promise<T>): Promise<T> {
    const entry = this.entries.get(key);
    if (entry && !this.expired(entry)) return entry.promise as Promise<T>;
    const fresh: Entry = { promise: Promise.resolve() };
    fresh.promise = this.limited(fetcher).then(
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
    return fresh.promise as Promise<T>;
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

  private async limited<T>(fetcher: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) await new Promise<void>((resolve) => this.queue.push(resolve));
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
