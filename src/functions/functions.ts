/**
 * The ADS.* worksheet functions (namespace ADS, set in the manifest). CustomFunctionsMetadataPlugin
 * writes functions.json from this JSDoc and adds the CustomFunctions.associate calls. Each function
 * delegates to src/functions/adsFunctions.ts; errors become #N/A or #VALUE! with the message.
 * The functions register with the page's first load; the code behind them (the service client, its
 * schemas, the CSV reader) is loaded on the first call (functionsCode.ts), so the page's first load
 * stays light.
 */
import type { AdsFunctions } from "./adsFunctions";
import { FunctionError } from "./functionError";
import { noteCall, noteFirstCall } from "./excelCalls";
import { functionsCode } from "./functionsCode";

/**
 * Runs one function for one cell. Excel cancels a cell whose formula was deleted or changed, or when
 * the user stops a calculation: the signal tells the shared request engine this cell stopped waiting.
 */
async function excel<T>(
  invocation: CustomFunctions.CancelableInvocation,
  call: (f: AdsFunctions, signal: AbortSignal) => Promise<T>,
): Promise<T> {
  noteCall();
  const controller = new AbortController();
  invocation.onCanceled = () => controller.abort();
  const answer = (async () => {
    try {
      return await call(await functionsCode(), controller.signal);
    } catch (err) {
      const e =
        err instanceof FunctionError
          ? err
          : new FunctionError("#N/A", err instanceof Error ? err.message : String(err));
      const code =
        e.code === "#VALUE!"
          ? CustomFunctions.ErrorCode.invalidValue
          : CustomFunctions.ErrorCode.notAvailable;
      throw new CustomFunctions.Error(code, e.message.slice(0, 255));
    }
  })();
  noteFirstCall(answer);
  return answer;
}

/**
 * Estimated monthly listeners of a show (podcast listeners who download at least one episode).
 * @customfunction SHOWLISTENERS
 * @cancelable
 * @param {any} showId Directory id, Alpha channel id or Alpha playlist id of the show.
 * @returns {Promise<any>} Monthly listeners.
 */
export function showListeners(showId: any, invocation: CustomFunctions.CancelableInvocation): Promise<any> {
  return excel(invocation, (f, signal) => f.SHOWLISTENERS(showId, signal));
}

/**
 * One field of a show's info, e.g. "monthlyDownloads", "adLoad", "hostRead", "contentRisk" (case-insensitive).
 * @customfunction SHOW
 * @cancelable
 * @param {any} showId Directory id, Alpha channel id or Alpha playlist id of the show.
 * @param {string} field Name of a show info field, for example monthlyDownloads.
 * @returns {Promise<any>} The field's value.
 */
export function show(
  showId: any,
  field: string,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<any> {
  return excel(invocation, (f, signal) => f.SHOW(showId, field, signal));
}

/**
 * The show's most recent episodes as a table with a header row.
 * @customfunction EPISODES
 * @cancelable
 * @param {any} showId Directory id, Alpha channel id or Alpha playlist id of the show.
 * @param {any} [count] Number of episodes, 1 to 1000 (default 25).
 * @param {any[][]} [fields] Episode fields to show: comma-separated text or a range (default: all).
 * @returns {Promise<any[][]>} Spilled table of episodes.
 */
export function episodes(
  showId: any,
  count: any,
  fields: any[][],
  invocation: CustomFunctions.CancelableInvocation,
): Promise<any[][]> {
  return excel(invocation, (f, signal) => f.EPISODES(showId, count, fields, signal));
}

/**
 * Podcast shows similar to this one, with the five similarity measures.
 * @customfunction SIMILAR
 * @cancelable
 * @param {any} showId Directory id, Alpha channel id or Alpha playlist id of the show.
 * @param {any} [count] Number of shows, 1 to 50 (default 50).
 * @returns {Promise<any[][]>} Spilled table of similar shows.
 */
export function similar(
  showId: any,
  count: any,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<any[][]> {
  return excel(invocation, (f, signal) => f.SIMILAR(showId, count, signal));
}

/**
 * Shows an advertiser could buy next: the seeds' similar shows ranked by net new listeners, similarity and ad load.
 * @customfunction PROSPECTS
 * @cancelable
 * @param {any[][]} advertisers Advertisers to find new listeners for: comma-separated text or a range (1 to 10).
 * @param {any[][]} seedShows Show ids the candidates are similar to: comma-separated text or a range.
 * @param {any} [count] Candidates to look at, 1 to 100 (default 20); each is one request.
 * @param {any} [minListeners] Leave out candidates with fewer monthly listeners.
 * @param {any} [maxAdLoad] Leave out candidates with a higher ad load, in percent.
 * @param {any} [maxContentRisk] Leave out candidates riskier than this: minimal, low, medium, high or floor.
 * @param {any[][]} [competitors] Advertiser names to look for among each show's top advertisers.
 * @returns {Promise<any[][]>} Spilled ranking, highest score first.
 */
export function prospects(
  advertisers: any[][],
  seedShows: any[][],
  count: any,
  minListeners: any,
  maxAdLoad: any,
  maxContentRisk: any,
  competitors: any[][],
  invocation: CustomFunctions.CancelableInvocation,
): Promise<any[][]> {
  return excel(invocation, (f, signal) =>
    f.PROSPECTS(advertisers, seedShows, count, minListeners, maxAdLoad, maxContentRisk, competitors, signal),
  );
}

/**
 * How a flight paces: its delivered share of booked impressions over the share of its days gone, on the day the answer was fetched.
 * @customfunction PACING
 * @cancelable
 * @param {any} campaignId The campaign id a plan's Create returned (its Campaign id column).
 * @param {any} [startDate] Start of the report's period (default: 3 months ago).
 * @param {any} [endDate] End of the report's period (default: a week ahead).
 * @returns {Promise<any>} Pacing as a percentage (100% on track); #N/A in words before the flight starts.
 */
export function pacing(
  campaignId: any,
  startDate: any,
  endDate: any,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<any> {
  return excel(invocation, (f, signal) => f.PACING(campaignId, startDate, endDate, signal));
}

/**
 * One field of a flight's delivery: Impressions, Booked impressions, Spend, Ads aired, Reach, Pace, Owed impressions, ….
 * @customfunction DELIVERY
 * @cancelable
 * @param {any} campaignId The campaign id a plan's Create returned (its Campaign id column).
 * @param {string} field A Delivery sheet column, for example Impressions, or Pacing, Projected impressions, Owed impressions, Pace.
 * @param {any} [startDate] Start of the report's period (default: 3 months ago).
 * @param {any} [endDate] End of the report's period (default: a week ahead).
 * @returns {Promise<any>} The field's value.
 */
export function delivery(
  campaignId: any,
  field: string,
  startDate: any,
  endDate: any,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<any> {
  return excel(invocation, (f, signal) => f.DELIVERY(campaignId, field, startDate, endDate, signal));
}

/**
 * Up to 25 advertisers of the show, most ads first.
 * @customfunction TOPADVERTISERS
 * @cancelable
 * @param {any} showId Directory id, Alpha channel id or Alpha playlist id of the show.
 * @returns {Promise<any[][]>} Spilled column of advertiser names.
 */
export function topAdvertisers(
  showId: any,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<any[][]> {
  return excel(invocation, (f, signal) => f.TOPADVERTISERS(showId, signal));
}

/**
 * Share (0-100) of the show's reach not exposed to the given advertisers (podcasts only).
 * @customfunction NETNEWREACH
 * @cancelable
 * @param {any} showId Directory id of the podcast.
 * @param {any[][]} advertisers Advertiser lookup names: comma-separated text or a range (1 to 10).
 * @param {any} [months] Listening window in months, 1 to 3 (default 1).
 * @returns {Promise<any>} Net new reach in percent.
 */
export function netNewReach(
  showId: any,
  advertisers: any[][],
  months: any,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<any> {
  return excel(invocation, (f, signal) => f.NETNEWREACH(showId, advertisers, months, signal));
}

/**
 * The show as a card: its title in the cell, its audience, ads and about fields on the card, read with a dot (=B2.[Monthly listeners]).
 * @customfunction SHOWCARD
 * @cancelable
 * @param {any} showId Directory id, Alpha channel id or Alpha playlist id of the show.
 * @returns {Promise<any>} The show's card (its title as text where this Excel cannot show data types).
 */
export function showCard(showId: any, invocation: CustomFunctions.CancelableInvocation): Promise<any> {
  return excel(invocation, (f, signal) => f.SHOWCARD(showId, signal));
}

/**
 * The advertiser as a card: its name in the cell, its detected ads, shows and estimated spend on the card, read with a dot (=B2.[Ads detected]).
 * @customfunction ADVERTISERCARD
 * @cancelable
 * @param {string} advertiser Advertiser name.
 * @returns {Promise<any>} The advertiser's card (its name as text where this Excel cannot show data types).
 */
export function advertiserCard(
  advertiser: string,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<any> {
  return excel(invocation, (f, signal) => f.ADVERTISERCARD(advertiser, signal));
}

/**
 * Episodes whose title, description or transcript match a query.
 * @customfunction SEARCH
 * @cancelable
 * @param {string} query Text to search for.
 * @param {any} [timeFrame] Days to look back (default 31).
 * @param {any[][]} [mediaType] Media types: podcast, alpha, radio, radio_show, beta or all (text or range).
 * @param {boolean} [transcriptOnly] TRUE to search transcripts only.
 * @param {boolean} [exact] TRUE for an exact-match search (the query as one phrase).
 * @param {boolean} [excludeAds] TRUE to leave ads out of the results.
 * @param {any[][]} [showFilterIds] Only these show ids: comma-separated text or a range.
 * @returns {Promise<any[][]>} Spilled table of matching episodes.
 */
export function search(
  query: string,
  timeFrame: any,
  mediaType: any[][],
  transcriptOnly: boolean,
  exact: boolean,
  excludeAds: boolean,
  showFilterIds: any[][],
  invocation: CustomFunctions.CancelableInvocation,
): Promise<any[][]> {
  return excel(invocation, (f, signal) =>
    f.SEARCH(query, timeFrame, mediaType, transcriptOnly, exact, excludeAds, showFilterIds, signal),
  );
}

/**
 * Individual detected ads of an advertiser (Pro users with API access).
 * @customfunction ADS
 * @cancelable
 * @param {string} advertiser Advertiser name.
 * @param {any} [startDate] First date (date cell or YYYY-MM-DD; default 24 months ago).
 * @param {any} [endDate] Last date (date cell or YYYY-MM-DD; default today).
 * @param {any} [maxRows] Most rows to fetch, 1 to 100000 (default 1000).
 * @param {any} [offset] Rows to skip first, 0 to 1000000 (default 0).
 * @param {any} [limit] Rows per request, 1 to 1000 (default 1000).
 * @returns {Promise<any[][]>} Spilled table of ads.
 */
export function ads(
  advertiser: string,
  startDate: any,
  endDate: any,
  maxRows: any,
  offset: any,
  limit: any,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<any[][]> {
  return excel(invocation, (f, signal) =>
    f.ADS(advertiser, startDate, endDate, maxRows, offset, limit, signal),
  );
}

/**
 * Test and control counts, lift and incrementality for an advertiser.
 * @customfunction INCREMENTALITY
 * @cancelable
 * @param {string} advertiser Advertiser names, comma-separated.
 * @param {string} aggregationLevel Level of reporting, for example channel, publisher or show_campaign.
 * @param {any} [startDate] First date (date cell or YYYY-MM-DD; default 3 months ago).
 * @param {any} [endDate] Last date (date cell or YYYY-MM-DD; default one week from today).
 * @param {string} [action] Comma-separated actions (default all).
 * @param {string} [channelType] Comma-separated channel types; applies only with aggregationLevel channel.
 * @param {boolean} [includeErrors] TRUE to include results that could not be calculated, with the reason.
 * @param {any} [incCiCertainty] Confidence-interval certainty in percent, 1 to 99 (default 95).
 * @returns {Promise<any[][]>} Spilled table of results.
 */
export function incrementality(
  advertiser: string,
  aggregationLevel: string,
  startDate: any,
  endDate: any,
  action: string,
  channelType: string,
  includeErrors: boolean,
  incCiCertainty: any,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<any[][]> {
  return excel(invocation, (f, signal) =>
    f.INCREMENTALITY(
      advertiser,
      aggregationLevel,
      startDate,
      endDate,
      action,
      channelType,
      includeErrors,
      incCiCertainty,
      signal,
    ),
  );
}

/**
 * A grid computed without the service, of labels ("r1c1", …), numbers, percentages or dates: the
 * add-in's self-test uses it to check that results spill, show #SPILL! when blocked, and keep
 * their number formats.
 * @customfunction SELFTEST
 * @cancelable
 * @param {any} [rows] Rows, 1 to 100 (default 3).
 * @param {any} [cols] Columns, 1 to 26 (default 2).
 * @param {any} [kind] text (default), number, percent, date, or card (one cell: a card whose field a dot reference reads).
 * @returns {Promise<any[][]>} The grid.
 */
export function selfTest(
  rows: any,
  cols: any,
  kind: any,
  invocation: CustomFunctions.CancelableInvocation,
): Promise<any[][]> {
  return excel(invocation, (f, signal) => f.SELFTEST(rows, cols, kind, signal));
}
