/**
 * Shared-runtime state: the connection (API key and base URL), the network limits and the request counter.
 * The task pane, the custom functions and the ribbon commands run in one JavaScript
 * runtime (manifest: SharedRuntime) and one module graph (webpack.config.js), so this
 * module's state is theirs to share. The key lives only here (and, when the user ticks "remember", in the
 * browser's local storage of the add-in origin): never in the workbook.
 */

import { DEFAULT_LIMITS, storedLimits, type NetworkLimits } from "./networkLimits";

export interface Connection {
  apiKey: string;
  baseUrl: string;
}

type Listener = () => void;

interface SessionState {
  connection: Connection | null;
  limits: NetworkLimits;
  requestsThisMonth: { month: string; count: number };
  listeners: Set<Listener>;
}

const COUNTER_STORAGE = "ads-analytics.requestCounter";
/** The planner's network limits (Connect tab): this computer's, like the counter. */
const LIMITS_STORAGE = "ads-analytics.networkLimits";
/** Only when the user ticks "Remember on this computer": the add-in origin's storage, never the workbook. */
const REMEMBERED = "ads-analytics.connection";

function monthOf(date: Date): string {
  return `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}`;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/** Read from storage on first use (not at import: tests and hosts set storage up first). */
let session: SessionState | null = null;

function state(): SessionState {
  let s = session;
  if (!s) {
    let counter = { month: monthOf(new Date()), count: 0 };
    const saved = storage()?.getItem(COUNTER_STORAGE);
    if (saved) {
      try {
        const parsed = JSON.parse(saved) as { month?: unknown; count?: unknown };
        if (typeof parsed.month === "string" && typeof parsed.count === "number") {
          counter = { month: parsed.month, count: parsed.count };
        }
      } catch {
        /* a corrupt counter starts again from zero */
      }
    }
    s = {
      connection: remembered(),
      limits: storedLimits(storage()?.getItem(LIMITS_STORAGE)),
      requestsThisMonth: counter,
      listeners: new Set(),
    };
    session = s;
  }
  return s;
}

function remembered(): Connection | null {
  try {
    const parsed = JSON.parse(storage()?.getItem(REMEMBERED) ?? "null") as Partial<Connection> | null;
    return parsed && typeof parsed.apiKey === "string" && typeof parsed.baseUrl === "string"
      ? { apiKey: parsed.apiKey, baseUrl: parsed.baseUrl }
      : null;
  } catch {
    return null;
  }
}

function emit(): void {
  for (const l of state().listeners) l();
}

export function getConnection(): Connection | null {
  return state().connection;
}

/** Sets (or, with null, forgets) the connection; `remember` keeps it on this computer for the next session. */
export function setConnection(connection: Connection | null, options: { remember?: boolean } = {}): void {
  state().connection = connection;
  if (connection && options.remember) storage()?.setItem(REMEMBERED, JSON.stringify(connection));
  else storage()?.removeItem(REMEMBERED);
  emit();
}

export function getNetworkLimits(): NetworkLimits {
  return state().limits;
}

/** New limits for every request from now on (the pane, the functions, the ribbon). */
export function setNetworkLimits(limits: NetworkLimits): void {
  state().limits = limits;
  storage()?.setItem(LIMITS_STORAGE, JSON.stringify(limits));
  emit();
}

export function isRemembered(): boolean {
  return remembered() !== null;
}

/** Called for every request that counts against the monthly allowance (keyed endpoints). */
export function countRequest(now: Date = new Date()): void {
  const s = state();
  const month = monthOf(now);
  if (s.requestsThisMonth.month !== month) s.requestsThisMonth = { month, count: 0 };
  s.requestsThisMonth.count += 1;
  storage()?.setItem(COUNTER_STORAGE, JSON.stringify(s.requestsThisMonth));
  emit();
}

export function requestsThisMonth(now: Date = new Date()): number {
  const s = state().requestsThisMonth;
  return s.month === monthOf(now) ? s.count : 0;
}

export function subscribe(listener: Listener): () => void {
  state().listeners.add(listener);
  return () => state().listeners.delete(listener);
}

/** Test helper: forget everything. */
export function resetSession(): void {
  const s = state();
  s.connection = null;
  s.limits = DEFAULT_LIMITS;
  storage()?.removeItem(LIMITS_STORAGE);
  s.requestsThisMonth = { month: monthOf(new Date()), count: 0 };
  storage()?.removeItem(COUNTER_STORAGE);
  emit();
}
