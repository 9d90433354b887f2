/**
 * Shared-runtime state: the connection (API key and base URL), the network limits, the month's
 * requests (spendLedger.ts) and the planner's spending settings (spendSettings.ts).
 * The task pane, the custom functions and the ribbon commands run in one JavaScript
 * runtime (manifest: SharedRuntime) and one module graph (webpack.config.js), so this
 * module's state is theirs to share. The key lives only here (and, when the user ticks "remember", in the
 * browser's local storage of the add-in origin): never in the workbook.
 */

import { DEFAULT_LIMITS, storedLimits, type NetworkLimits } from "./networkLimits";
import { SpendLedger, type SpendKind, type SpendTotals } from "./spendLedger";
import { DEFAULT_SPEND_SETTINGS, storedSpendSettings, type SpendSettings } from "./spendSettings";

export interface Connection {
  apiKey: string;
  baseUrl: string;
}

type Listener = () => void;

interface SessionState {
  connection: Connection | null;
  limits: NetworkLimits;
  ledger: SpendLedger;
  spending: SpendSettings;
  listeners: Set<Listener>;
}

/** The planner's network limits (Connect tab): this computer's, like the month's count. */
const LIMITS_STORAGE = "ads-analytics.networkLimits";
/** The planner's spending settings (Connect tab): this computer's. */
const SPENDING_STORAGE = "ads-analytics.spendSettings";
/** Only when the user ticks "Remember on this computer": the add-in origin's storage, never the workbook. */
const REMEMBERED = "ads-analytics.connection";

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
    s = {
      connection: remembered(),
      limits: storedLimits(storage()?.getItem(LIMITS_STORAGE)),
      ledger: new SpendLedger(storage),
      spending: storedSpendSettings(storage()?.getItem(SPENDING_STORAGE)),
      listeners: new Set(),
    };
    session = s;
    // Another pane (another workbook) counted: this pane's totals changed with it.
    if (typeof addEventListener === "function")
      addEventListener("storage", (e: StorageEvent) => {
        if (SpendLedger.isLedgerKey(e.key)) emit();
      });
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

/** Called for every request that spent the monthly allowance (src/api/allowance.ts), with its kind. */
export function countRequest(kind: SpendKind, now: Date = new Date()): void {
  state().ledger.count(kind, now);
  emit();
}

/** This month's requests from every pane on this computer (all workbooks). */
export function requestsThisMonth(now: Date = new Date()): number {
  return state().ledger.totals(now).allTotal;
}

/** This month's requests by kind, this workbook's and every workbook's. */
export function spendThisMonth(now: Date = new Date()): SpendTotals {
  return state().ledger.totals(now);
}

/** The workbook this runtime belongs to, once known: its requests are counted as its own. */
export function setSpendWorkbook(id: string): void {
  state().ledger.setWorkbook(id);
  emit();
}

export function getSpendSettings(): SpendSettings {
  return state().spending;
}

export function setSpendSettings(settings: SpendSettings): void {
  state().spending = settings;
  storage()?.setItem(SPENDING_STORAGE, JSON.stringify(settings));
  emit();
}

export function subscribe(listener: Listener): () => void {
  state().listeners.add(listener);
  return () => state().listeners.delete(listener);
}

/** Test helper: forget everything (this pane's count starts again as a new pane's). */
export function resetSession(): void {
  const s = state();
  s.connection = null;
  s.limits = DEFAULT_LIMITS;
  storage()?.removeItem(LIMITS_STORAGE);
  s.spending = DEFAULT_SPEND_SETTINGS;
  storage()?.removeItem(SPENDING_STORAGE);
  const st = storage();
  if (st && typeof st.key === "function") {
    const keys: string[] = [];
    for (let i = 0; i < st.length; i++) {
      const key = st.key(i);
      if (key !== null && SpendLedger.isLedgerKey(key)) keys.push(key);
    }
    for (const key of keys) st.removeItem(key);
  }
  s.ledger = new SpendLedger(storage);
  emit();
}
