/**
 * The functions' shared-runtime wiring: one RequestCache and its spend gate, one client per
 * connection, built from the session the task pane fills in. Answers are held for this workbook
 * and account (answerStore.ts, in this computer's storage) until the planner refreshes them or the
 * freshness they set says so; requests count toward the month's count as the functions'.
 */
import type { AdsClient } from "../api/client";
import type { DateSystem } from "../api/excelDates";
import { dateSystemOf } from "../excel/dateSystem";
import { recalculateFully } from "../excel/fullRecalculation";
import type { ExcelHost } from "../excel/host";
import { workbookIdOf } from "../excel/store/workbookId";
import type { NetworkLimits } from "../runtime/networkLimits";
import { serviceClient } from "../runtime/serviceClient";
import {
  getConnection,
  getNetworkLimits,
  getSpendSettings,
  setSpendWorkbook,
  subscribe,
  type Connection,
} from "../runtime/session";
import { openSpendQuestion } from "../runtime/spendGuard";
import { createAdsFunctions } from "./adsFunctions";
import { accountId, localAnswerStore } from "./answerStore";
import { lastCallAt } from "./excelCalls";
import { keptRefusal } from "./functionKit";
import { numberShape, type IsSetSupported } from "../runtime/numberShape";
import { noteCardsNotShown } from "../runtime/cardNotice";
import { RequestCache, type HeldSummary } from "./requestCache";
import { SpendGate, type GateHold } from "./spendGate";

const HOUR = 3_600_000;

/** The Excel this runtime runs in (Office's, or the preview's); null where there is none. */
function excelHere(): ExcelHost | null {
  const excel = (globalThis as { Excel?: Partial<ExcelHost> }).Excel;
  return typeof excel?.run === "function" ? (excel as ExcelHost) : null;
}

/** Asks the Excel this runtime runs in for a full recalculation. */
function recalculateWorkbook(): void {
  const excel = excelHere();
  // Nothing is lost when it cannot: the cells keep what they show until the next recalculation.
  if (excel) recalculateFully(excel).catch(() => undefined);
}

const gate = new SpendGate({
  limit: () => getSpendSettings().limit,
  ask: openSpendQuestion,
  recalculate: recalculateWorkbook,
  lastCallAt,
});

/**
 * One cache per runtime: the pane, the commands and the functions are one module graph on the
 * shared-runtime page (webpack.config.js), so this module, and its cache, exists once.
 */
const cache = new RequestCache({
  concurrency: 4,
  gate,
  keep: keptRefusal,
  maxAgeMs: () => {
    const hours = getSpendSettings().freshnessHours;
    return hours === null ? undefined : hours * HOUR;
  },
});
let current: { connection: Connection; limits: NetworkLimits; client: AdsClient } | null = null;

function client(): AdsClient | null {
  const connection = getConnection();
  if (!connection) return null;
  const limits = getNetworkLimits();
  if (!current || current.connection !== connection || current.limits !== limits) {
    current = { connection, limits, client: serviceClient(connection, limits, "functions") };
  }
  return current.client;
}

function storage(): Storage | null {
  try {
    return typeof localStorage === "undefined" ? null : localStorage;
  } catch {
    return null;
  }
}

/**
 * Where this connection's answers are held: this workbook's id and the account's, asked once per
 * connection. Until known (or where they cannot be: no storage, no workbook id), answers are held in
 * memory only.
 */
let scope: { connection: Connection; ready: Promise<void> } | null = null;

function ready(): Promise<void> {
  const connection = getConnection();
  if (!connection) return Promise.resolve();
  if (scope?.connection === connection) return scope.ready;
  const excel = excelHere();
  const store = storage();
  const settled = (async () => {
    if (!excel || !store) return;
    const [workbook, account] = await Promise.all([
      workbookIdOf(excel),
      accountId(connection.baseUrl, connection.apiKey),
    ]);
    setSpendWorkbook(workbook);
    if (getConnection() === connection) cache.setStore(localAnswerStore(store, workbook, account));
  })().catch(() => undefined);
  scope = { connection, ready: settled };
  return settled;
}

// Another key or service, or signing out: the previous connection's answers must never be served
// (another account's data, or a kept "Invalid token" after the right key was entered); that
// account's held answers stay in its own store. The session also notifies on every counted request:
// only a change of connection clears. A new connection also recalculates the workbook, so cells that
// said "Not connected" (or showed another account's answers) ask again without Refresh ADS functions.
let seen = getConnection();
subscribe(() => {
  const now = getConnection();
  if (now === seen) return;
  seen = now;
  current = null;
  scope = null;
  cache.setStore(undefined);
  cache.clear();
  gate.reset();
  if (now) recalculateWorkbook();
});

/** This Excel's requirement sets: Office's in Office; the preview says its in-memory host's. */
let isSetSupported: IsSetSupported = (name, version) =>
  (globalThis as { Office?: typeof Office }).Office?.context?.requirements?.isSetSupported(name, version) ??
  false;

/** Whether this Excel has requirement set `name` at `version` (the pane's input watch asks too). */
export const supportsSet: IsSetSupported = (name, version) => isSetSupported(name, version);

/** The preview's host answers for its requirement sets (it has no Office.context). */
export function setRequirements(check: IsSetSupported): void {
  isSetSupported = check;
}

/** The workbook's date system, asked once of the Excel this runtime runs in (Office's, or the preview's). */
function workbookDateSystem(): Promise<DateSystem> {
  const excel = excelHere();
  return excel ? dateSystemOf(excel) : Promise.resolve("1900");
}

/** Advertiser names the workbook and this computer know; loaded only when an advertiser is refused. */
async function advertisersKnown(): Promise<readonly string[]> {
  const { knownAdvertisers } = await import("../excel/advertiserNames");
  const excel = excelHere();
  return excel ? knownAdvertisers(excel) : [];
}

export const adsFunctions = createAdsFunctions({
  client,
  cache,
  numberShape: () => numberShape(isSetSupported),
  dateSystem: workbookDateSystem,
  ready,
  cardsNotShown: noteCardsNotShown,
  knownAdvertisers: advertisersKnown,
});

/** Every held answer is stale from now: the next calculation asks for fresh ones (through the guard). */
export function refreshFunctionAnswers(): void {
  cache.refresh();
}

/**
 * Refresh all: every held answer stale, and the calls a recalculation makes gathered without being
 * sent, so the action asks once for everything it spends (src/commands/guardedRefresh.ts).
 */
export function holdFunctionRequests(): GateHold {
  cache.refresh();
  return gate.hold();
}

/** How many answers this workbook holds, and how old they are (the Sheets tab). */
export async function heldAnswers(): Promise<HeldSummary> {
  await ready();
  return cache.heldSummary();
}
