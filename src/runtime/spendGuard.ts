/**
 * The spend guard: an action that would send more requests than the planner's limit for one action
 * (spendSettings.ts, 50 unless changed) asks first, in the pane, and sends nothing until answered.
 * Any action calls it with its count, exact (a report sheet's refresh is one request) or an upper
 * bound (function calls not held, whose pages are not known until asked): a recalculation of the
 * ADS.* cells (src/functions/spendGate.ts), Refresh all (src/commands/guardedRefresh.ts). A report
 * set's Run for each asks always, whatever the limit, with its exact count (openSpendQuestion:
 * src/taskpane/reportSetActions.ts). Plain module state, shared by the pane, the functions and the ribbon.
 */
import { getSpendSettings, spendThisMonth } from "./session";

export interface SpendRequest {
  /** What asks, in the pane's words: "Refresh all", "Recalculating the ADS functions". */
  action: string;
  /** Requests it would send. */
  requests: number;
  /** Whether `requests` is exact, or an upper bound. */
  exact: boolean;
  /** What the requests are for, e.g. "4 report sheets and up to 116 function calls". */
  detail?: string;
}

export interface SpendQuestion extends SpendRequest {
  id: number;
}

export interface OpenQuestion {
  id: number;
  /** True once the planner chose Continue, false for Not now (or when the question was withdrawn). */
  answer: Promise<boolean>;
  /** The count grew while the question waited (more cells asked). */
  update(patch: Partial<SpendRequest>): void;
  /** The question no longer stands (another connection): answered Not now without the planner. */
  withdraw(): void;
}

type Listener = () => void;

let nextId = 1;
const open = new Map<number, { question: SpendQuestion; settle: (yes: boolean) => void }>();
const listeners = new Set<Listener>();

function tell(): void {
  for (const l of listeners) l();
}

/** Whether `requests` may go without asking: within the planner's limit for one action. */
export function withinLimit(requests: number): boolean {
  return requests <= getSpendSettings().limit;
}

/** Puts a question to the pane; its answer comes when the planner chooses Continue or Not now. */
export function openSpendQuestion(request: SpendRequest): OpenQuestion {
  const id = nextId++;
  let settle: (yes: boolean) => void = () => undefined;
  const answer = new Promise<boolean>((resolve) => {
    settle = (yes) => {
      if (!open.delete(id)) return;
      resolve(yes);
      tell();
    };
  });
  open.set(id, { question: { ...request, id }, settle });
  tell();
  return {
    id,
    answer,
    update(patch) {
      const entry = open.get(id);
      if (!entry) return;
      entry.question = { ...entry.question, ...patch };
      tell();
    },
    withdraw: () => settle(false),
  };
}

/**
 * The reusable guard: resolves true at once when `request` is within the limit, else asks the pane
 * and resolves with the planner's answer. Nothing should be sent before it resolves true.
 */
export function askToSpend(request: SpendRequest): Promise<boolean> {
  if (withinLimit(request.requests)) return Promise.resolve(true);
  return openSpendQuestion(request).answer;
}

/** The questions waiting for the planner, oldest first. */
export function spendQuestions(): SpendQuestion[] {
  return [...open.values()].map((e) => e.question);
}

export function answerSpendQuestion(id: number, yes: boolean): void {
  open.get(id)?.settle(yes);
}

export function subscribeSpendQuestions(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

const n = (x: number) => x.toLocaleString("en-US");
const requests = (x: number) => `${n(x)} ${x === 1 ? "request" : "requests"}`;

/**
 * "This will spend 120 requests; 160 spent this month." With the allowance known: "…; 160 of 10,000
 * spent this month, 9,840 left." An upper bound reads "up to 120 requests".
 */
export function spendQuestionText(q: SpendRequest, now: Date = new Date()): string {
  const spent = spendThisMonth(now).allTotal;
  const { allowance } = getSpendSettings();
  const month =
    allowance === null
      ? `${n(spent)} spent this month`
      : `${n(spent)} of ${n(allowance)} spent this month, ${n(Math.max(0, allowance - spent))} left`;
  return `This will spend ${q.exact ? "" : "up to "}${requests(q.requests)}; ${month}.`;
}

/**
 * The monthly limit in those words, with this computer's count: "Monthly request limit reached: the
 * service refused this request (429 "…"). This add-in counted 1,204 requests this month on this
 * computer (310 from this workbook)."
 */
export function monthlyLimitText(serviceMessage: string, now: Date = new Date()): string {
  const { allTotal, workbookTotal } = spendThisMonth(now);
  return `Monthly request limit reached: the service refused this request (429 "${serviceMessage}"). This add-in counted ${requests(allTotal)} this month on this computer (${n(workbookTotal)} from this workbook).`;
}
