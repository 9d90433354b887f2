/**
 * What every ADS.* function body stands on: the connected client, the shared RequestCache, the
 * show info several functions share, and the guard that fits a result to Excel and turns errors
 * into #N/A or #VALUE!.
 */
import type { DateSystem } from "../api/excelDates";
import type { AdsClient } from "../api/client";
import {
  AdsError,
  causeText,
  MaybeCountedError,
  plannerMessage,
  RequestValidationError,
} from "../api/errors";
import type { ShowInfo } from "../api/schemas";
import { FunctionError, badArgument } from "./functionError";
import type { RequestCache } from "./requestCache";
import { capResult } from "./resultLimits";
import type { NumberShape } from "../runtime/numberShape";
import * as shape from "./shapes";

export interface FunctionDeps {
  /** The connected client, or null when the pane is not connected. */
  client(): AdsClient | null;
  cache: RequestCache;
  /**
   * How this Excel takes formatted numbers from functions (numberShape.ts): with data types, dates
   * show as dates and percentages as percentages; without, plain values. Plain when not given.
   */
  numberShape?: () => NumberShape;
  /** The workbook's date system: date arguments are read in it, dates returned in it. The 1900 system when not given. */
  dateSystem?: () => Promise<DateSystem>;
}

export const NOT_CONNECTED = "Not connected: open the Ads Analytics pane and connect with your API key";

export interface FunctionKit {
  /** The connected client; #N/A when the pane is not connected. */
  connected(): AdsClient;
  /**
   * Cache keys carry the service so two connections never share answers. `signal` is the calling
   * cell's cancellation; the fetcher gets the request's own signal (aborted only when every cell
   * waiting on it was cancelled).
   */
  cached<T>(
    client: AdsClient,
    key: string,
    fetcher: (signal: AbortSignal) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T>;
  /** Show info without paging parameters: one request shared by SHOW, SHOWLISTENERS, TOPADVERTISERS, SIMILAR. */
  showInfo(id: string, signal?: AbortSignal): Promise<ShowInfo>;
  /** Runs a function's body: its result within Excel's limits (resultLimits.ts), its errors as #N/A or #VALUE!. */
  guarded<T extends shape.Cell | shape.Grid>(
    fn: string,
    body: (system: DateSystem) => Promise<T>,
  ): Promise<T>;
}

function toFunctionError(err: unknown): FunctionError {
  if (err instanceof FunctionError) return err;
  if (err instanceof RequestValidationError) return badArgument(err.field, err.message);
  // A cell cannot offer Try again: recalculating it asks again.
  if (err instanceof MaybeCountedError)
    return new FunctionError(
      "#N/A",
      `${causeText(err.cause)}. Not asked again, as it may have counted against the monthly allowance: recalculate to ask again.`,
    );
  if (err instanceof AdsError) return new FunctionError("#N/A", plannerMessage(err));
  return new FunctionError("#N/A", err instanceof Error ? err.message : String(err));
}

export function functionKit(deps: FunctionDeps): FunctionKit {
  function connected(): AdsClient {
    const c = deps.client();
    if (!c) throw new FunctionError("#N/A", NOT_CONNECTED);
    return c;
  }

  function cached<T>(
    client: AdsClient,
    key: string,
    fetcher: (signal: AbortSignal) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    return deps.cache.get(`${client.baseUrl}|${key}`, fetcher, signal);
  }

  function showInfo(id: string, signal?: AbortSignal): Promise<ShowInfo> {
    const client = connected();
    return cached(client, `show|${id}`, (s) => client.shows.get(id, {}, s), signal);
  }

  async function guarded<T extends shape.Cell | shape.Grid>(
    fn: string,
    body: (system: DateSystem) => Promise<T>,
  ): Promise<T> {
    try {
      const system = (await deps.dateSystem?.()) ?? "1900";
      const result = capResult(await body(system), fn);
      return shape.forHost(result, deps.numberShape?.() ?? "plain", system);
    } catch (err) {
      throw toFunctionError(err);
    }
  }

  return { connected, cached, showInfo, guarded };
}
