/**
 * The ADS.* functions that look across shows: episode search, an advertiser's individual ads and
 * its incrementality results.
 */
import type { DateSystem } from "../api/excelDates";
import type { AdsClient } from "../api/client";
import type { IndividualAdsResponse, IndividualAdsRequest } from "../api/schemas";
import * as arg from "./args";
import type { Arg } from "./args";
import { FunctionError } from "./functionError";
import type { FunctionKit } from "./functionKit";
import * as shape from "./shapes";

/** SEARCH's arguments, checked in order, as the search query. */
function searchQuery(
  query: Arg,
  timeFrame: Arg | undefined,
  mediaType: Arg | undefined,
  transcriptOnly: Arg | undefined,
  exact: Arg | undefined,
  excludeAds: Arg | undefined,
  showFilterIds: Arg | undefined,
) {
  return {
    search: arg.requiredText(query, "query"),
    // Any whole number of days: the spec gives no minimum (0 or less finds nothing).
    timeFrame: arg.optionalInt(timeFrame, "timeFrame", Number.MIN_SAFE_INTEGER, Number.MAX_SAFE_INTEGER),
    mediaType: arg.optionalList(mediaType, "mediaType"),
    transcriptOnly: arg.optionalBool(transcriptOnly, "transcriptOnly"),
    exact: arg.optionalBool(exact, "exact"),
    excludeAds: arg.optionalBool(excludeAds, "excludeAds"),
    showFilterIds: arg.optionalIntList(showFilterIds, "showFilterIds"),
  };
}

/** Every page of an advertiser's ads, up to `maxRows` rows. */
async function allAdPages(
  client: AdsClient,
  request: IndividualAdsRequest,
  maxRows: number,
  signal: AbortSignal,
): Promise<IndividualAdsResponse[]> {
  const all: IndividualAdsResponse[] = [];
  for await (const page of client.ads.iterate(request, { maxRows, signal })) all.push(page);
  return all;
}

/** ADS: an advertiser's individual ads, with the dates read in the workbook's date system. */
async function ads(
  kit: FunctionKit,
  system: DateSystem,
  args: { advertiser: Arg; startDate?: Arg; endDate?: Arg; maxRows?: Arg; offset?: Arg; limit?: Arg },
  signal?: AbortSignal,
): Promise<shape.Grid> {
  const name = arg.requiredText(args.advertiser, "advertiser");
  const start = arg.optionalDate(args.startDate, "startDate", system);
  const end = arg.optionalDate(args.endDate, "endDate", system);
  const rows = arg.optionalInt(args.maxRows, "maxRows", 1, 100_000) ?? 1000;
  const from = arg.optionalInt(args.offset, "offset", 0, 1_000_000);
  const pageSize = arg.optionalInt(args.limit, "limit", 1, 1000);
  const client = kit.connected();
  const key = JSON.stringify(["ads", name, start, end, rows, from, pageSize]);
  // At most a request a page, and no page past the service's largest offset.
  const pagesAtMost = Math.min(
    Math.ceil(rows / (pageSize ?? 1000)),
    Math.floor((1_000_000 - (from ?? 0)) / (pageSize ?? 1000)) + 1,
  );
  const pages = await kit.forAdvertisers([name], () =>
    kit.cached(
      client,
      key,
      (s) =>
        allAdPages(
          client,
          { advertiser: name, startDate: start, endDate: end, offset: from, limit: pageSize },
          rows,
          s,
        ),
      signal,
      pagesAtMost,
    ),
  );
  if (pages.every((p) => p.data.length === 0)) throw new FunctionError("#N/A", `No ads found for ${name}`);
  return shape.adsGrid(pages);
}

export function searchFunctions(kit: FunctionKit) {
  const { guarded, connected, cached } = kit;
  return {
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
        const q = searchQuery(query, timeFrame, mediaType, transcriptOnly, exact, excludeAds, showFilterIds);
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
      guarded("ADS", (system) =>
        ads(kit, system, { advertiser, startDate, endDate, maxRows, offset, limit }, signal),
      ),

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
        const names = body.advertiser.split(",").map((n) => n.trim());
        const results = await kit.forAdvertisers(names, () =>
          cached(
            client,
            JSON.stringify(["incrementality", body]),
            (s) => client.incrementality.get(body, s),
            signal,
          ),
        );
        if (results.length === 0)
          throw new FunctionError("#N/A", `No incrementality results for ${body.advertiser}`);
        return shape.incrementalityGrid(results);
      }),
  };
}
