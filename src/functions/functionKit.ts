/**
 * What every ADS.* function body stands on: the connected client, the shared RequestCache, the
 * show info several functions share, and the guard that fits a result to Excel and turns errors
 * into #N/A or #VALUE!.
 */
import type { DateSystem } from "../api/excelDates";
import type { AdsClient } from "../api/client";
import {
  AdsError,
  AuthenticationError,
  MaybeCountedError,
  RateLimitError,
  RequestValidationError,
} from "../api/errors";
import { plannerCause, plannerMessage, refusedAdvertiser } from "../api/errorWords";
import { spentAllowance } from "../api/allowance";
import type { ShowInfo } from "../api/schemas";
import { FunctionError } from "./functionError";
import { SpendDeclinedError, SpendWaitingError, type RequestCache } from "./requestCache";
import { capResult } from "./resultLimits";
import type { NumberShape } from "../runtime/numberShape";
import { monthlyLimitText as monthlyLimitWords } from "../runtime/spendGuard";
import * as shape from "./shapes";
import type { CardNumberKind } from "./cards/cellValues";

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
  /** Settles once the cache knows where this workbook's and account's answers are held (runtime.ts). */
  ready?: () => Promise<void>;
  /** A card function answered with text, as this Excel cannot show data types (the pane says why once). */
  cardsNotShown?: () => void;
  /** Advertiser names the workbook and this computer know: a refused advertiser's message offers the close ones. */
  knownAdvertisers?: () => Promise<readonly string[]>;
  /** The clock an answer's day is read from (pacing as of the day it was fetched); Date.now when not given. */
  now?: () => number;
}

export const NOT_CONNECTED = "Not connected: open the Ads Analytics pane and connect with your API key";

/** A cell whose request waits for the planner's answer in the pane (the spend guard). */
export const WAITING_FOR_PANE =
  "Not sent yet: this calculation needs more requests than you allow one action without asking. Choose Continue or Not now in the Ads Analytics pane (Home, Ads Analytics, Open pane).";
/** A cell whose request waits while Refresh all counts what it will spend. */
export const WAITING_FOR_ACTION =
  "Not sent yet: Refresh all is counting the requests it needs; the Ads Analytics pane asks before it sends them.";
/** A cell whose request the planner chose not to send. */
export const DECLINED_IN_PANE =
  "Not sent: you chose Not now in the Ads Analytics pane. Refresh ADS functions (Sheets tab) to ask again.";

/** A refusal the add-in keeps (until the next refresh) rather than asking again: asking cannot change it. */
export function keptRefusal(err: unknown): boolean {
  return (err instanceof AuthenticationError || err instanceof RateLimitError) && !spentAllowance(err);
}

/** The monthly limit in those words, with the month's count, and that the cell will not ask again by itself. */
export function monthlyLimitText(err: RateLimitError): string {
  return `${monthlyLimitWords(err.message)} Not asked again until you refresh the functions.`;
}

export interface FunctionKit {
  /** The connected client; #N/A when the pane is not connected. */
  connected(): AdsClient;
  /** Now, in milliseconds (FunctionDeps.now). */
  now(): number;
  /**
   * Cache keys carry the service so two connections never share answers. `signal` is the calling
   * cell's cancellation; the fetcher gets the request's own signal (aborted only when every cell
   * waiting on it was cancelled). `cost`: the requests the fetcher sends at most (its pages).
   */
  cached<T>(
    client: AdsClient,
    key: string,
    fetcher: (signal: AbortSignal) => Promise<T>,
    signal?: AbortSignal,
    cost?: number,
  ): Promise<T>;
  /**
   * Runs `ask`, which names the advertisers `names`: a refusal of them is #N/A saying the name may be
   * misspelled or not on this key, with the close names the workbook knows (errorWords.ts).
   */
  forAdvertisers<T>(names: readonly string[], ask: () => Promise<T>): Promise<T>;
  /** Show info without paging parameters: one request shared by SHOW, SHOWLISTENERS, TOPADVERTISERS, SIMILAR. */
  showInfo(id: string, signal?: AbortSignal): Promise<ShowInfo>;
  /** Runs a function's body: its result within Excel's limits (resultLimits.ts), its errors as #N/A or #VALUE!. */
  guarded<T extends shape.Cell | shape.Grid>(
    fn: string,
    body: (system: DateSystem) => Promise<T>,
  ): Promise<T>;
  /**
   * Runs a card function's body: `kind` is how this Excel takes numbers in a card, or null where it
   * cannot show data types (the body answers with text; the pane is told once). Errors as in guarded.
   */
  guardedCard(
    fn: string,
    body: (system: DateSystem, kind: CardNumberKind | null) => Promise<Excel.EntityCellValue | string>,
  ): Promise<Excel.EntityCellValue | string>;
}

function toFunctionError(err: unknown): FunctionError {
  if (err instanceof FunctionError) return err;
  if (err instanceof SpendWaitingError)
    return new FunctionError("#N/A", err.why === "asking" ? WAITING_FOR_PANE : WAITING_FOR_ACTION);
  if (err instanceof SpendDeclinedError) return new FunctionError("#N/A", DECLINED_IN_PANE);
  if (err instanceof RateLimitError && err.kind === "monthly")
    return new FunctionError("#N/A", monthlyLimitText(err));
  if (err instanceof RequestValidationError) return new FunctionError("#VALUE!", plannerMessage(err));
  // A cell cannot offer Try again: recalculating it asks again.
  if (err instanceof MaybeCountedError)
    return new FunctionError(
      "#N/A",
      `${plannerCause(err.cause)} Not asked again, as it may have counted against the monthly allowance: recalculate to ask again.`,
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

  async function cached<T>(
    client: AdsClient,
    key: string,
    fetcher: (signal: AbortSignal) => Promise<T>,
    signal?: AbortSignal,
    cost = 1,
  ): Promise<T> {
    await deps.ready?.();
    return deps.cache.get(`${client.baseUrl}|${key}`, fetcher, signal, cost);
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
      // Where held answers are filed (the workbook's id, the account's) is asked at once, beside the
      // date system, rather than after it: two round trips to Excel at the same time (issue #46).
      void deps.ready?.();
      const system = (await deps.dateSystem?.()) ?? "1900";
      const result = capResult(await body(system), fn);
      return shape.forHost(result, deps.numberShape?.() ?? "plain", system);
    } catch (err) {
      throw toFunctionError(err);
    }
  }

  async function guardedCard(
    fn: string,
    body: (system: DateSystem, kind: CardNumberKind | null) => Promise<Excel.EntityCellValue | string>,
  ): Promise<Excel.EntityCellValue | string> {
    try {
      void deps.ready?.();
      const system = (await deps.dateSystem?.()) ?? "1900";
      const shapeHere = deps.numberShape?.() ?? "plain";
      const kind = shapeHere === "plain" ? null : shapeHere;
      const result = await body(system, kind);
      if (typeof result !== "string") return result;
      deps.cardsNotShown?.();
      return capResult(result, fn);
    } catch (err) {
      throw toFunctionError(err);
    }
  }

  async function forAdvertisers<T>(names: readonly string[], ask: () => Promise<T>): Promise<T> {
    try {
      return await ask();
    } catch (err) {
      if (!refusedAdvertiser(err)) throw err;
      const knownAdvertisers = (await deps.knownAdvertisers?.().catch(() => [])) ?? [];
      const proSeen = deps.client()?.ads.answered ?? false;
      throw new FunctionError("#N/A", plannerMessage(err, { advertisers: names, knownAdvertisers, proSeen }));
    }
  }

  return { connected, now: deps.now ?? Date.now, cached, showInfo, guarded, guardedCard, forAdvertisers };
}
