/**
 * The functions' side of the spend guard (src/runtime/spendGuard.ts). Excel calls the functions one
 * cell at a time, so the requests a recalculation needs are gathered first: every call not held
 * waits here until no new one has come for `windowMs` (for an action's first gathering, until Excel
 * itself has made none for `windowMs`, when that is known: `quietLeft`). If they fit in what one action may spend
 * without asking (the planner's limit, less what this action already sent), they go; otherwise the
 * pane is asked with their count (an upper bound: distinct calls not held, their pages counted in
 * full), the cells show their held answers or why they wait, and nothing goes until the planner
 * chooses. Continue sends exactly those requests, then the workbook recalculates to show their
 * answers; Not now sends none, and the workbook recalculates so each waiting cell says why.
 *
 * An action that counts its own requests first (Refresh all: its report sheets and the functions
 * together) holds the gate (`hold()`): the calls a full recalculation makes are gathered, not sent,
 * until the action has asked once for everything.
 */
import type { OpenQuestion, SpendRequest } from "../runtime/spendGuard";
import { CancelledError, type Admission, type Gate, type Ticket } from "./requestCache";

export interface SpendGateOptions {
  /** What one action may send without asking (the planner's limit). */
  limit: () => number;
  /** Puts a question to the pane (src/runtime/spendGuard.ts's openSpendQuestion). */
  ask: (request: SpendRequest) => OpenQuestion;
  /** Recalculates the workbook, so cells show the answers Continue fetched, or why Not now left them. */
  recalculate?: () => void;
  /** Quiet time that ends a gathering (default 100 ms). */
  windowMs?: number;
  /**
   * When Excel last called an ADS function (functionsCode.ts), if known: an action's first gathering
   * counts its quiet from there (see `quietLeft`). Unknown (-Infinity, or not given): from the last
   * call that reached the gate.
   */
  lastCallAt?: () => number;
  /** A gathering this long after the last one starts a new action (default 2 s). */
  idleMs?: number;
  now?: () => number;
}

interface Waiting extends Ticket {
  resolve: (a: Admission) => void;
  reject: (e: unknown) => void;
}

/** Requests gathered by an action that asks once for everything it sends (Refresh all). */
export interface GateHold {
  /** Settles once no call has joined for the gate's window (the recalculation has asked for all it needs). */
  quiet(): Promise<void>;
  /** Requests the gathered calls spend at most, and how many calls they are. */
  cost(): number;
  calls(): number;
  /**
   * Gathers no more: a call made from now on goes the usual way (within the limit, or asked for),
   * while the gathered ones wait for release or decline.
   */
  close(): void;
  /** Sends every gathered request and settles when all have answered (or failed). */
  release(): Promise<void>;
  /** Sends none: held answers stay until the next refresh, other calls say why. */
  decline(): void;
}

/** The host's task scheduler where it has one (Chromium's, so Edge's WebView2 and Excel on the web). */
interface TaskScheduler {
  postTask(task: () => void, options: { priority: "user-blocking"; signal: AbortSignal }): Promise<unknown>;
}

/**
 * Runs `task` after `ms`; a task with no wait left goes ahead of the page's queued work where the host
 * can say so. On a cold start the calls reach the gate while the pane's scripts are still queued to
 * run, and a plain timer would wait the 40 to 60 ms they take (issue #46). Returns its cancel.
 */
function schedule(task: () => void, ms: number): () => void {
  const scheduler = (globalThis as { scheduler?: TaskScheduler }).scheduler;
  if (ms > 0 || typeof scheduler?.postTask !== "function") {
    const timer = setTimeout(task, ms);
    return () => clearTimeout(timer);
  }
  const cancel = new AbortController();
  scheduler.postTask(task, { priority: "user-blocking", signal: cancel.signal }).catch(() => undefined);
  return () => cancel.abort();
}

const sum = (ts: Iterable<Ticket>) => [...ts].reduce((n, t) => n + t.cost, 0);

const RECALCULATION = "Recalculating the ADS functions";

export class SpendGate implements Gate {
  private readonly gathered = new Map<string, Waiting>();
  private cancelDecision = () => undefined as void;
  private question: { open: OpenQuestion; tickets: Map<string, Ticket> } | null = null;
  private held: {
    tickets: Map<string, Ticket>;
    lastJoin: number;
    wake: () => void;
    closed: boolean;
  } | null = null;
  /** What the current action has sent, and when its last gathering was decided. */
  private action = { sent: 0, decidedAt: -Infinity };
  private readonly windowMs: number;
  private readonly idleMs: number;
  private readonly now: () => number;

  constructor(private readonly options: SpendGateOptions) {
    this.windowMs = options.windowMs ?? 100;
    this.idleMs = options.idleMs ?? 2000;
    this.now = options.now ?? Date.now;
  }

  admit(ticket: Ticket): Promise<Admission> {
    const held = this.held;
    if (held && (!held.closed || held.tickets.has(ticket.key))) {
      if (!held.closed) {
        held.tickets.set(ticket.key, ticket);
        held.lastJoin = this.now();
        held.wake();
      }
      return Promise.resolve("holding");
    }
    if (this.question) {
      if (!this.question.tickets.has(ticket.key)) {
        this.question.tickets.set(ticket.key, ticket);
        this.question.open.update(this.describe(this.question.tickets));
      }
      return Promise.resolve("asking");
    }
    return new Promise<Admission>((resolve, reject) => {
      const waiting: Waiting = { ...ticket, resolve, reject };
      // Another cell with the same call joins the one request (the cache shares it): one ticket.
      this.gathered.set(ticket.key, waiting);
      ticket.signal.addEventListener(
        "abort",
        () => {
          if (this.gathered.get(ticket.key) !== waiting) return;
          this.gathered.delete(ticket.key);
          reject(new CancelledError());
        },
        { once: true },
      );
      this.cancelDecision();
      this.cancelDecision = schedule(() => this.decide(), this.quietLeft());
    });
  }

  /**
   * How long the gathering still waits for calls. Usually the whole window after the last call that
   * reached the gate. But an action's first gathering (none decided within `idleMs`) waits only until
   * Excel itself has made no call for the window (issue #46): its calls reached the gate long after
   * Excel made them, because they waited for the functions' code (loaded on the first call), the
   * workbook's date system or where answers are held. Those waits are shared: every call waiting on
   * one goes on in the same burst of promise jobs once it settles, and a function body reaches the
   * gate in promise jobs after them, so a call Excel made before the quiet reaches the gate before
   * the next task, and the gathering holds every call of the recalculation as a window counted at the
   * gate would. A call Excel makes while the gathering waits moves its end (`decide`). Later
   * gatherings of the action (the second requests of PROSPECTS or EPISODES, sent after the first
   * answers) wait the whole window, as before.
   */
  private quietLeft(): number {
    return this.excelQuietLeft() ?? this.windowMs;
  }

  /** For an action's first gathering, how long until Excel has made no call for the window; else null. */
  private excelQuietLeft(): number | null {
    const lastCall = this.options.lastCallAt?.() ?? -Infinity;
    const firstOfAction = this.now() - this.action.decidedAt > this.idleMs;
    if (!firstOfAction || lastCall === -Infinity) return null;
    return Math.max(0, lastCall + this.windowMs - this.now());
  }

  private describe(tickets: Map<string, Ticket>): SpendRequest {
    const calls = tickets.size;
    return {
      action: RECALCULATION,
      requests: sum(tickets.values()),
      exact: false,
      detail: `${calls.toLocaleString("en-US")} ${calls === 1 ? "function call" : "distinct function calls"} without a held answer`,
    };
  }

  /** The gathering is over: within the limit it goes, else the pane is asked. */
  private decide(): void {
    const left = this.excelQuietLeft();
    if (left !== null && left > 0 && this.gathered.size > 0) {
      // Excel called again while the first gathering waited: that call has yet to reach the gate.
      this.cancelDecision = schedule(() => this.decide(), left);
      return;
    }
    const batch = [...this.gathered.values()];
    this.gathered.clear();
    if (batch.length === 0) return;
    if (this.now() - this.action.decidedAt > this.idleMs) this.action.sent = 0;
    this.action.decidedAt = this.now();
    const cost = sum(batch);
    if (this.action.sent + cost <= this.options.limit()) {
      this.action.sent += cost;
      for (const w of batch) w.resolve("go");
      return;
    }
    const tickets = new Map<string, Ticket>(batch.map((w) => [w.key, w]));
    const open = this.options.ask(this.describe(tickets));
    this.question = { open, tickets };
    for (const w of batch) w.resolve("asking");
    void open.answer.then((yes) => this.answered(open, yes));
  }

  private async answered(open: OpenQuestion, yes: boolean): Promise<void> {
    if (this.question?.open !== open) return;
    const tickets = [...this.question.tickets.values()];
    this.question = null;
    if (yes) {
      this.action = { sent: this.action.sent + sum(tickets), decidedAt: this.now() };
      await Promise.all(tickets.map((t) => t.send()));
    } else for (const t of tickets) t.decline();
    this.options.recalculate?.();
  }

  /** Gathers every call from now on, without sending, until the action releases or declines them. */
  hold(): GateHold {
    this.cancelDecision();
    const tickets = new Map<string, Ticket>();
    let wake = () => undefined as void;
    const held = { tickets, lastJoin: this.now(), wake: () => wake(), closed: false };
    // Calls already gathered join the hold: the action asks for them too.
    for (const w of this.gathered.values()) {
      tickets.set(w.key, w);
      w.resolve("holding");
    }
    this.gathered.clear();
    this.held = held;
    const done = () => {
      if (this.held === held) this.held = null;
    };
    return {
      quiet: () =>
        new Promise<void>((resolve) => {
          let timer: ReturnType<typeof setTimeout> | undefined;
          const check = () => {
            clearTimeout(timer);
            timer = setTimeout(() => {
              wake = () => undefined;
              resolve();
            }, this.windowMs);
          };
          wake = check;
          check();
        }),
      cost: () => sum(tickets.values()),
      calls: () => tickets.size,
      close: () => void (held.closed = true),
      release: async () => {
        done();
        this.action = { sent: this.action.sent + sum(tickets.values()), decidedAt: this.now() };
        await Promise.all([...tickets.values()].map((t) => t.send()));
      },
      decline: () => {
        done();
        for (const t of tickets.values()) t.decline();
      },
    };
  }

  /** Another connection: gathered calls are dropped and an open question withdrawn (it spoke of the old one). */
  reset(): void {
    this.cancelDecision();
    for (const w of this.gathered.values()) w.reject(new CancelledError());
    this.gathered.clear();
    const open = this.question?.open;
    this.question = null;
    open?.withdraw();
    this.held = null;
    this.action = { sent: 0, decidedAt: -Infinity };
  }
}
