/**
 * The ADS.* functions as plain async functions, independent of the CustomFunctions runtime so the
 * browser preview and the tests call the very same code. Arguments are checked first (no request on
 * bad input); service answers go through the shared RequestCache.
 */
import type { DateSystem } from "../api/excelDates";
import { pointsToFraction } from "../api/decimalShift";
import type { AdsClient } from "../api/client";
import { AdsError, MaybeCountedError, plannerMessage, RequestValidationError } from "../api/errors";
import type { IndividualAdsResponse, ShowInfo } from "../api/schemas";
import * as arg from "./args";
import type { Arg } from "./args";
import { FunctionError, badArgument } from "./functionError";
import { RequestCache } from "./requestCache";
import { capResult } from "./resultLimits";
import { SELF_TEST_KINDS, selfTestGrid, type SelfTestKind } from "../runtime/selfTestValues";
import { formatted, PERCENT_FORMAT, type NumberShape } from "../runtime/numberShape";
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

function toFunctionError(err: unknown): FunctionError {
  if (err instanceof FunctionError) return err;
  if (err instanceof RequestValidationError) return badArgument(err.field, err.message);
  // A cell cannot offer Try again: recalculating it asks again.
  if (err instanceof MaybeCountedError)
    return new FunctionError(
      "#N/A",
      `${err.cause.message.replace(/\.$/, "")}. Not asked again, as it may have counted against the monthly allowance: recalculate to ask again.`,
    );
  if (err instanceof AdsError) return new FunctionError("#N/A", plannerMessage(err));
  return new FunctionError("#N/A", err instanceof Error ? err.message : String(err));
}

export function createAdsFunctions(deps: FunctionDeps) {
  function connected(): AdsClient {
    const c = deps.client();
    if (!c) throw new FunctionError("#N/A", NOT_CONNECTED);
    return c;
  }

  /**
   * Cache keys carry the service so two connections never share answers. `signal` is the calling
   * cell's cancellation; the fetcher gets the request's own signal (aborted only when every cell
   * waiting on it was cancelled).
   */
  function cached<T>(
    client: AdsClient,
    key: string,
    fetcher: (signal: AbortSignal) => Promise<T>,
    signal?: AbortSignal,
  ): Promise<T> {
    return deps.cache.get(`${client.baseUrl}|${key}`, fetcher, signal);
  }

  /** Show info without paging parameters: one request shared by SHOW, SHOWLISTENERS, TOPADVERTISERS, SIMILAR. */
  function showInfo(id: string, signal?: AbortSignal): Promise<ShowInfo> {
    const client = connected();
    return cached(client, `show|${id}`, (s) => client.shows.get(id, {}, s), signal);
  }

  /** Runs a function's body: its result within Excel's limits (resultLimits.ts), its errors as #N/A or #VALUE!. */
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

  return {
    SHOWLISTENERS: (showId: Arg, signal?: AbortSignal) =>
      guarded("SHOWLISTENERS", async () =>
        shape.showField(await showInfo(arg.showId(showId), signal), "monthlyListeners"),
      ),

    SHOW: (showId: Arg, field: Arg, signal?: AbortSignal) =>
      guarded("SHOW", async () => {
        const id = arg.showId(showId);
        const name = arg.requiredText(field, "field");
        const canonical = shape.canonicalShowField(name);
        if (!canonical)
          throw badArgument("field", `unknown show field "${name}" (see docs/functions.md for the list)`);
        return shape.showField(await showInfo(id, signal), canonical);
      }),

    EPISODES: (showId: Arg, count?: Arg, fields?: Arg, signal?: AbortSignal) =>
      guarded("EPISODES", async () => {
        const id = arg.showId(showId);
        const n = arg.optionalInt(count, "count", 1, 1000) ?? 25;
        const wanted = arg.optionalList(fields, "fields") ?? [...shape.EPISODE_FIELDS];
        for (const f of wanted) {
          if (!(shape.EPISODE_FIELDS as readonly string[]).includes(f)) {
            throw badArgument(
              "fields",
              `unknown episode field "${f}" (one of ${shape.EPISODE_FIELDS.join(", ")})`,
            );
          }
        }
        const client = connected();
        const pageSize = 100;
        const page = (i: number) =>
          cached(
            client,
            `episodes|${id}|${i}`,
            (s) => client.shows.get(id, { episodesPageIndex: i, episodesPageSize: pageSize }, s),
            signal,
          );
        // The first page says how many episodes exist: only the pages that hold some are asked for.
        const first = await page(0);
        const total = first.episodesPagination?.rowCount ?? n;
        const wantedPages = Math.ceil(Math.min(n, total) / pageSize);
        const rest = await Promise.all(
          Array.from({ length: Math.max(0, wantedPages - 1) }, (_, i) => page(i + 1)),
        );
        const pages = [first, ...rest];
        const merged = { ...pages[0], episodes: pages.flatMap((p) => p.episodes ?? []) };
        return shape.episodesGrid(merged, n, wanted);
      }),

    SIMILAR: (showId: Arg, count?: Arg, signal?: AbortSignal) =>
      guarded("SIMILAR", async () => {
        const id = arg.showId(showId);
        const n = arg.optionalInt(count, "count", 1, 50) ?? 50;
        return shape.similarGrid(await showInfo(id, signal), n);
      }),

    TOPADVERTISERS: (showId: Arg, signal?: AbortSignal) =>
      guarded("TOPADVERTISERS", async () =>
        shape.topAdvertisersGrid(await showInfo(arg.showId(showId), signal)),
      ),

    NETNEWREACH: (showId: Arg, advertisers: Arg, months?: Arg, signal?: AbortSignal) =>
      guarded("NETNEWREACH", async () => {
        const id = arg.showId(showId);
        const names = arg.nameList(advertisers, "advertisers");
        if (names.length > 10) throw badArgument("advertisers", "takes at most 10 advertiser names");
        const m = arg.optionalInt(months, "months", 1, 3);
        const client = connected();
        const show = await cached(
          client,
          `nnr|${id}|${names.join(",")}|${m ?? ""}`,
          (s) => client.shows.get(id, { netNewReachAdvertisers: names, months: m }, s),
          signal,
        );
        if (show.netNewReachPercent === null || show.netNewReachPercent === undefined) {
          throw new FunctionError(
            "#N/A",
            `Net new reach is not available for show ${id} (podcasts with listening data only)`,
          );
        }
        // A fraction, as Excel holds percentages (the service sends 0–100), shown as a percentage.
        return formatted(pointsToFraction(show.netNewReachPercent), PERCENT_FORMAT);
      }),

    SEARCH: (
      query: Arg,
      timeFrame?: Arg,
      mediaType?: Arg,
      transcriptOnly?: Arg,
      exact?: Arg,
      excludeAds?: Arg,
      showFilterIds?: Arg,
      signal?: AbortSignal,
    ) =>
      guarded("SEARCH", async () => {
        const q = {
          search: arg.requiredText(query, "query"),
          // Any whole number of days: the spec gives no minimum (0 or less finds nothing).
          timeFrame: arg.optionalInt(
            timeFrame,
            "timeFrame",
            Number.MIN_SAFE_INTEGER,
            Number.MAX_SAFE_INTEGER,
          ),
          mediaType: arg.optionalList(mediaType, "mediaType"),
          transcriptOnly: arg.optionalBool(transcriptOnly, "transcriptOnly"),
          exact: arg.optionalBool(exact, "exact"),
          excludeAds: arg.optionalBool(excludeAds, "excludeAds"),
          showFilterIds: arg.optionalIntList(showFilterIds, "showFilterIds"),
        };
        const client = connected();
        const result = await cached(
          client,
          JSON.stringify(["search", q]),
          (s) => client.search.episodes(q, s),
          signal,
        );
        if (result.data.length === 0) throw new FunctionError("#N/A", `No episodes match "${q.search}"`);
        return shape.searchGrid(result.data);
      }),

    ADS: (
      advertiser: Arg,
      startDate?: Arg,
      endDate?: Arg,
      maxRows?: Arg,
      offset?: Arg,
      limit?: Arg,
      signal?: AbortSignal,
    ) =>
      guarded("ADS", async (system) => {
        const name = arg.requiredText(advertiser, "advertiser");
        const start = arg.optionalDate(startDate, "startDate", system);
        const end = arg.optionalDate(endDate, "endDate", system);
        const rows = arg.optionalInt(maxRows, "maxRows", 1, 100_000) ?? 1000;
        const from = arg.optionalInt(offset, "offset", 0, 1_000_000);
        const pageSize = arg.optionalInt(limit, "limit", 1, 1000);
        const client = connected();
        const key = JSON.stringify(["ads", name, start, end, rows, from, pageSize]);
        const pages = await cached(
          client,
          key,
          async (s) => {
            const all: IndividualAdsResponse[] = [];
            for await (const page of client.ads.iterate(
              { advertiser: name, startDate: start, endDate: end, offset: from, limit: pageSize },
              { maxRows: rows, signal: s },
            ))
              all.push(page);
            return all;
          },
          signal,
        );
        if (pages.every((p) => p.data.length === 0))
          throw new FunctionError("#N/A", `No ads found for ${name}`);
        return shape.adsGrid(pages);
      }),

    INCREMENTALITY: (
      advertiser: Arg,
      aggregationLevel: Arg,
      startDate?: Arg,
      endDate?: Arg,
      action?: Arg,
      channelType?: Arg,
      includeErrors?: Arg,
      incCiCertainty?: Arg,
      signal?: AbortSignal,
    ) =>
      guarded("INCREMENTALITY", async (system) => {
        const body = {
          advertiser: arg.requiredText(advertiser, "advertiser"),
          aggregationLevel: arg.requiredText(aggregationLevel, "aggregationLevel"),
          startDate: arg.optionalDate(startDate, "startDate", system),
          endDate: arg.optionalDate(endDate, "endDate", system),
          action: arg.optionalText(action, "action"),
          channelType: arg.optionalText(channelType, "channelType"),
          includeErrors: arg.optionalBool(includeErrors, "includeErrors"),
          incCiCertainty: arg.optionalInt(incCiCertainty, "incCiCertainty", 1, 99),
        };
        const client = connected();
        const results = await cached(
          client,
          JSON.stringify(["incrementality", body]),
          (s) => client.incrementality.get(body, s),
          signal,
        );
        if (results.length === 0)
          throw new FunctionError("#N/A", `No incrementality results for ${body.advertiser}`);
        return shape.incrementalityGrid(results);
      }),

    /** The self-test's own function: a grid of labels, no request and no key (src/excel/selftest). */
    SELFTEST: (rows?: Arg, cols?: Arg, kind?: Arg, _signal?: AbortSignal) =>
      guarded("SELFTEST", async () => {
        const r = arg.optionalInt(rows, "rows", 1, 100) ?? 3;
        const c = arg.optionalInt(cols, "cols", 1, 26) ?? 2;
        const k = (arg.optionalText(kind, "kind")?.toLowerCase() ?? "text") as SelfTestKind;
        if (!SELF_TEST_KINDS.includes(k))
          throw badArgument("kind", `must be one of ${SELF_TEST_KINDS.join(", ")}`);
        return selfTestGrid(r, c, k);
      }),
  };
}

export type AdsFunctions = ReturnType<typeof createAdsFunctions>;
