/**
 * The functions' shared-runtime wiring: one RequestCache and one client per connection, built from
 * the session the task pane fills in. Requests count toward the pane's monthly counter.
 */
import type { AdsClient } from "../api/client";
import type { DateSystem } from "../api/excelDates";
import { dateSystemOf } from "../excel/dateSystem";
import { recalculateFully } from "../excel/fullRecalculation";
import type { ExcelHost } from "../excel/host";
import type { NetworkLimits } from "../runtime/networkLimits";
import { serviceClient } from "../runtime/serviceClient";
import { getConnection, getNetworkLimits, subscribe, type Connection } from "../runtime/session";
import { createAdsFunctions } from "./adsFunctions";
import { numberShape, type IsSetSupported } from "../runtime/numberShape";
import { RequestCache } from "./requestCache";

/**
 * One cache per runtime: the pane, the commands and the functions are one module graph on the
 * shared-runtime page (webpack.config.js), so this module, and its cache, exists once.
 */
const cache = new RequestCache({ concurrency: 4 });
let current: { connection: Connection; limits: NetworkLimits; client: AdsClient } | null = null;

function client(): AdsClient | null {
  const connection = getConnection();
  if (!connection) return null;
  const limits = getNetworkLimits();
  if (!current || current.connection !== connection || current.limits !== limits) {
    current = { connection, limits, client: serviceClient(connection, limits) };
  }
  return current.client;
}

// Another key or service, or signing out: the previous connection's answers must never be served
// (another account's data, or a cached "Invalid token" after the right key was entered).
// The session also notifies on every counted request: only a change of connection clears.
// A new connection also recalculates the workbook, so cells that said "Not connected" (or showed
// another account's answers) ask again without the planner pressing Refresh ADS functions.
let seen = getConnection();
subscribe(() => {
  const now = getConnection();
  if (now === seen) return;
  seen = now;
  current = null;
  cache.clear();
  if (now) recalculateWorkbook();
});

/** Asks the Excel this runtime runs in (Office's, or the preview's) for a full recalculation. */
function recalculateWorkbook(): void {
  const excel = (globalThis as { Excel?: Partial<ExcelHost> }).Excel;
  if (typeof excel?.run !== "function") return;
  // Nothing is lost when it cannot: the cells keep what they show until the next recalculation.
  recalculateFully(excel as ExcelHost).catch(() => undefined);
}

/** This Excel's requirement sets: Office's in Office; the preview says its in-memory host's. */
let isSetSupported: IsSetSupported = (name, version) =>
  (globalThis as { Office?: typeof Office }).Office?.context?.requirements?.isSetSupported(name, version) ??
  false;

/** The preview's host answers for its requirement sets (it has no Office.context). */
export function setRequirements(check: IsSetSupported): void {
  isSetSupported = check;
}

/** The workbook's date system, asked once of the Excel this runtime runs in (Office's, or the preview's). */
function workbookDateSystem(): Promise<DateSystem> {
  const excel = (globalThis as { Excel?: Partial<ExcelHost> }).Excel;
  return typeof excel?.run === "function" ? dateSystemOf(excel as ExcelHost) : Promise.resolve("1900");
}

export const adsFunctions = createAdsFunctions({
  client,
  cache,
  numberShape: () => numberShape(isSetSupported),
  dateSystem: workbookDateSystem,
});

/** Forgets every cached answer (Refresh all, the pane's "Refresh functions" button). */
export function clearFunctionCache(): void {
  cache.clear();
}
