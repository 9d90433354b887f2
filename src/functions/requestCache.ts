/**
 * The request engine behind the ADS.* functions. The monthly allowance is the planner's money, and
 * Excel calls the functions again whenever it likes (rows inserted, a full calculation, a group
 * expanded): so an answer is held for the same call until the planner asks for fresh ones, and a
 * recalculation costs nothing.
 *
 * - Held answers: a call's answer is reused for as long as the add-in runs and, through an
 *   AnswerStore (answerStore.ts), across reopening the pane. `refresh()` (Refresh ADS functions,
 *   Refresh all) makes every held answer stale; so does the planner's freshness (`maxAgeMs`).
 * - A stale answer is still shown while its fresh one is fetched or while the planner decides.
 * - Every request not held goes through the spend gate (spendGate.ts), which lets it go, or holds it
 *   back while the planner is asked. A held-back call shows its stale answer, or a WaitingError.
 * - Failures: a refusal that will not change by asking again (`keep`: an unknown key, the monthly
 *   limit) is kept until the next refresh; any other failure for a minute, then asked again.
 * - Identical calls in flight share one request, at most `concurrency` run at once, and a request is
 *   aborted (or, queued, never sent) only once every cell waiting for it was cancelled.
 */
import type { AnswerStore } from "./answerStore";

export interface RequestCacheOptions {
  /** How long a failure (other than a kept one) is reused before asking again (default 60 s). */
  errorTtlMs?: number;
  /** Requests running at once (default 4). */
  concurrency?: number;
  /** Calls kept in memory at most; past it the oldest settled ones go (the store still has them). Default 5,000. */
  maxEntries?: number;
  now?: () => number;
  /** The planner's freshness: answers older than this are fetched again. Undefined: kept until refreshed. */
  maxAgeMs?: () => number | undefined;
  /** Failures kept until the next refresh, because asking again cannot change them. */
  keep?: (err: unknown) => boolean;
  /** Decides on every request not held (spendGate.ts); without one, every request goes. */
  gate?: Gate;
}

/** What the spend gate says of a request: send it now, or hold it back (the planner is asked, or an action counts first). */
export type Admission = "go" | "asking" | "holding";

/** A request waiting for the gate. */
export interface Ticket {
  key: string;
  /** Requests it spends at most (the pages of a long answer). */
  cost: number;
  /** Aborted once every cell waiting for it was cancelled: it leaves the gate. */
  signal: AbortSignal;
  /** Sends a held-back request (the planner chose Continue); settles once its answer is held or it failed. */
  send(): Promise<void>;
  /** The planner chose Not now: its stale answer is kept until the next refresh, or the call says why. */
  decline(): void;
}

export interface Gate {
  admit(ticket: Ticket): Promise<Admission>;
}

/** Thrown to callers of a request that was dropped because every caller was cancelled. */
export class CancelledError extends Error {
  constructor() {
    super("Cancelled");
    this.name = "CancelledError";
  }
}

/** A call with no held answer whose request is held back: the planner is asked, or an action is counting. */
export class SpendWaitingError extends Error {
  constructor(readonly why: "asking" | "holding") {
    super(why === "asking" ? "Waiting for the planner" : "Waiting while an action counts its requests");
    this.name = "SpendWaitingError";
  }
}

/** A call whose request the planner chose not to send (Not now); kept until the next refresh. */
export class SpendDeclinedError extends Error {
  constructor() {
    super("Not sent: the planner chose Not now");
    this.name = "SpendDeclinedError";
  }
}

interface Held {
  value: unknown;
  at: number;
  /** The refresh generation it belongs to: older ones are stale. */
  gen: number;
  /** Kept through the planner's Not now until the next refresh, however old. */
  pinned: boolean;
}

interface Failure {
  error: unknown;
  at: number;
  gen: number;
  kept: boolean;
}

interface Flight {
  promise: Promise<unknown>;
  controller: AbortController;
  /** Callers still waiting; Infinity once a caller that cannot be cancelled joined. */
  waiters: number;
  settled: boolean;
}

interface Entry {
  held?: Held;
  failure?: Failure;
  /** The refresh generation in which the planner chose Not now for this call. */
  declinedGen?: number;
  flight?: Flight;
  /** A request held back by the gate, sent if the planner chooses Continue. */
  parked?: (signal: AbortSignal) => Promise<unknown>;
}

export interface HeldSummary {
  /** Answers held. */
  count: number;
  /** When the oldest and newest were fetched (ms), when any is held. */
  oldest?: number;
  newest?: number;
}

export class RequestCache {
  private readonly entries = new Map<string, Entry>();
  private readonly queue: (() => void)[] = [];
  private running = 0;
  private readonly errorTtlMs: number;
  readonly concurrency: number;
  private readonly now: () => number;
  private readonly maxEntries: number;
  private store: AnswerStore | undefined;
  /** Bumped by refresh(): answers of an earlier generation are stale. */
  private gen = 0;
  /** When the last refresh happened: stored answers fetched before it are stale. */
  private refreshedAt = -Infinity;
  /** Highest number of requests seen running at once (for tests and benchmarks). */
  maxRunning = 0;

  constructor(private readonly options: RequestCacheOptions = {}) {
    this.errorTtlMs = options.errorTtlMs ?? 60_000;
    this.concurrency = Math.max(1, options.concurrency ?? 4);
    this.now = options.now ?? Date.now;
    this.maxEntries = Math.max(1, options.maxEntries ?? 5000);
  }

  /** Where answers are held across reopening the pane (this workbook's and account's); none: memory only. */
  setStore(store: AnswerStore | undefined): void {
    this.store = store;
  }

  /**
   * The answer for `key`: held (and fresh), shared while in flight, or asked for through the gate.
   * `cost` is how many requests the fetcher sends at most. With `signal` (Excel cancelled the cell)
   * the caller stops waiting; the request is dropped only once every caller has been cancelled.
   */
  get<T>(
    key: string,
    fetcher: (signal: AbortSignal) => Promise<T>,
    signal?: AbortSignal,
    cost = 1,
  ): Promise<T> {
    const entry = this.entry(key);
    if (!entry.flight) {
      const held = entry.held;
      if (held && !this.stale(held)) return Promise.resolve(held.value as T);
      const f = entry.failure;
      if (f && f.gen === this.gen && (f.kept || this.now() - f.at <= this.errorTtlMs))
        return Promise.reject(f.error);
      if (!held && entry.declinedGen === this.gen) return Promise.reject(new SpendDeclinedError());
      entry.flight = this.start(key, entry, fetcher, cost);
    }
    const flight = entry.flight;
    this.join(key, entry, flight, signal);
    return flight.promise as Promise<T>;
  }

  /** The memory entry for `key`, its answer read from the store when memory has none. */
  private entry(key: string): Entry {
    let entry = this.entries.get(key);
    if (!entry) {
      entry = {};
      const stored = this.store?.read(key);
      if (stored)
        entry.held = {
          value: stored.value,
          at: stored.at,
          gen: stored.at >= this.refreshedAt ? this.gen : this.gen - 1,
          pinned: false,
        };
      if (this.entries.size >= this.maxEntries) this.evict();
      this.entries.set(key, entry);
    }
    return entry;
  }

  private stale(h: Held): boolean {
    if (h.gen < this.gen) return true;
    const maxAge = h.pinned ? undefined : this.options.maxAgeMs?.();
    return maxAge !== undefined && this.now() - h.at > maxAge;
  }

  private newFlight(): Flight {
    return { promise: Promise.resolve(), controller: new AbortController(), waiters: 0, settled: false };
  }

  /** A request for `key`: through the gate when there is one, then sent (bounded by `concurrency`). */
  private start(
    key: string,
    entry: Entry,
    fetcher: (signal: AbortSignal) => Promise<unknown>,
    cost: number,
  ): Flight {
    const flight = this.newFlight();
    const gate = this.options.gate;
    flight.promise = gate
      ? gate
          .admit({
            key,
            cost,
            signal: flight.controller.signal,
            send: () => this.sendParked(key),
            decline: () => this.declineParked(key),
          })
          .then((admission) => {
            if (admission === "go") return this.fetch(key, entry, fetcher, flight);
            // Held back: sent later if the planner says so; meanwhile the stale answer, or why not.
            entry.parked = fetcher;
            this.land(entry, flight);
            if (entry.held) return entry.held.value;
            throw new SpendWaitingError(admission);
          })
      : this.fetch(key, entry, fetcher, flight);
    // Keep an unobserved rejection from being reported as unhandled; callers still see it.
    flight.promise.catch(() => undefined);
    flight.promise.then(
      () => this.land(entry, flight),
      () => this.land(entry, flight),
    );
    return flight;
  }

  private land(entry: Entry, flight: Flight): void {
    flight.settled = true;
    if (entry.flight === flight) entry.flight = undefined;
  }

  private async fetch(
    key: string,
    entry: Entry,
    fetcher: (signal: AbortSignal) => Promise<unknown>,
    flight: Flight,
  ): Promise<unknown> {
    const gen = this.gen;
    try {
      const value = await this.limited(() => fetcher(flight.controller.signal), flight.controller.signal);
      const at = this.now();
      entry.held = { value, at, gen, pinned: false };
      entry.failure = undefined;
      entry.declinedGen = undefined;
      // Fetched the usual way while also held back: nothing is left to send for it.
      entry.parked = undefined;
      this.store?.write(key, { value, at });
      return value;
    } catch (err) {
      if (!flight.controller.signal.aborted && !(err instanceof CancelledError))
        entry.failure = { error: err, at: this.now(), gen, kept: this.options.keep?.(err) ?? false };
      throw err;
    }
  }

  /** The planner chose Continue: the held-back request goes; no cell waits on it (the workbook recalculates after). */
  private sendParked(key: string): Promise<void> {
    const entry = this.entries.get(key);
    const fetcher = entry?.parked;
    if (!entry || !fetcher) return Promise.resolve();
    entry.parked = undefined;
    if (!entry.flight) {
      const flight = this.newFlight();
      flight.waiters = Infinity;
      flight.promise = this.fetch(key, entry, fetcher, flight);
      flight.promise.then(
        () => this.land(entry, flight),
        () => this.land(entry, flight),
      );
      entry.flight = flight;
    }
    return entry.flight.promise.then(
      () => undefined,
      () => undefined,
    );
  }

  /** The planner chose Not now: a stale answer stays until the next refresh; a call without one says why. */
  private declineParked(key: string): void {
    const entry = this.entries.get(key);
    if (!entry?.parked) return;
    entry.parked = undefined;
    if (entry.held) entry.held = { ...entry.held, gen: this.gen, pinned: true };
    else entry.declinedGen = this.gen;
  }

  private join(key: string, entry: Entry, flight: Flight, signal: AbortSignal | undefined): void {
    if (!signal) {
      flight.waiters = Infinity;
      return;
    }
    const leave = () => {
      flight.waiters--;
      if (flight.waiters > 0 || flight.settled) return;
      flight.controller.abort();
      if (entry.flight === flight) entry.flight = undefined;
      if (this.entries.get(key) === entry && !entry.held && !entry.parked) this.entries.delete(key);
    };
    flight.waiters++;
    if (signal.aborted) leave();
    else signal.addEventListener("abort", leave, { once: true });
  }

  /** Drops the oldest settled calls from memory (the store keeps their answers). */
  private evict(): void {
    for (const [key, entry] of this.entries) {
      if (this.entries.size < this.maxEntries) break;
      if (!entry.flight && !entry.parked) this.entries.delete(key);
    }
  }

  /**
   * Refresh ADS functions / Refresh all: every held answer is stale from now, and kept refusals
   * are asked again. Stale answers still show until their fresh ones arrive.
   */
  refresh(): void {
    this.gen++;
    this.refreshedAt = this.now();
  }

  /** Forgets every call in memory (another connection: its answers come from its own store). */
  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  /** How many answers are held for this workbook and account, and how old they are. */
  heldSummary(): HeldSummary {
    const times = this.store
      ? this.store.fetchedTimes()
      : [...this.entries.values()].flatMap((e) => (e.held ? [e.held.at] : []));
    if (times.length === 0) return { count: 0 };
    return { count: times.length, oldest: Math.min(...times), newest: Math.max(...times) };
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
