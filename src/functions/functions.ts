/**
 * The ADS.* worksheet functions (namespace ADS, set in the manifest). CustomFunctionsMetadataPlugin
 * writes functions.json from this JSDoc and adds the CustomFunctions.associate calls. Each function
 * delegates to src/functions/adsFunctions.ts; errors become #N/A or #VALUE! with the message.
 */
import { FunctionError } from "./functionError";
import { adsFunctions as f } from "./runtime";

async function excel<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    const e =
      err instanceof FunctionError
        ? err
        : new FunctionError("#N/A", err instanceof Error ? err.message : String(err));
    const code =
      e.code === "#VALUE!" ? CustomFunctions.ErrorCode.invalidValue : CustomFunctions.ErrorCode.notAvailable;
    throw new CustomFunctions.Error(code, e.message.slice(0, 255));
  }
}

/**
 * Estimated monthly listeners of a show (podcast listeners who download at least one episode).
 * @customfunction SHOWLISTENERS
 * @param {any} showId Directory id, Alpha channel id or Alpha playlist id of the show.
 * @returns {Promise<any>} Monthly listeners.
 */
export function showListeners(showId: any): Promise<any> {
  return excel(() => f.SHOWLISTENERS(showId));
}

/**
 * One field of a show's info, e.g. "monthlyDownloads", "adLoad", "hostRead", "contentRisk" (case-insensitive).
 * @customfunction SHOW
 * @param {any} showId Directory id, Alpha channel id or Alpha playlist id of the show.
 * @param {string} field Name of a show info field, for example monthlyDownloads.
 * @returns {Promise<any>} The field's value.
 */
export function show(showId: any, field: string): Promise<any> {
  return excel(() => f.SHOW(showId, field));
}

/**
 * The show's most recent episodes as a table with a header row.
 * @customfunction EPISODES
 * @param {any} showId Directory id, Alpha channel id or Alpha playlist id of the show.
 * @param {any} [count] Number of episodes, 1 to 1000 (default 25).
 * @param {any[][]} [fields] Episode fields to show: comma-separated text or a range (default: all).
 * @returns {Promise<any[][]>} Spilled table of episodes.
 */
export function episodes(showId: any, count?: any, fields?: any[][]): Promise<any[][]> {
  return excel(() => f.EPISODES(showId, count, fields));
}

/**
 * Podcast shows similar to this one, with the five similarity measures.
 * @customfunction SIMILAR
 * @param {any} showId Directory id, Alpha channel id or Alpha playlist id of the show.
 * @param {any} [count] Number of shows, 1 to 50 (default 50).
 * @returns {Promise<any[][]>} Spilled table of similar shows.
 */
export function similar(showId: any, count?: any): Promise<any[][]> {
  return excel(() => f.SIMILAR(showId, count));
}

/**
 * Up to 25 advertisers of the show, most ads first.
 * @customfunction TOPADVERTISERS
 * @param {any} showId Directory id, Alpha channel id or Alpha playlist id of the show.
 * @returns {Promise<any[][]>} Spilled column of advertiser names.
 */
export function topAdvertisers(showId: any): Promise<any[][]> {
  return excel(() => f.TOPADVERTISERS(showId));
}

/**
 * Share (0-100) of the show's reach not exposed to the given advertisers (podcasts only).
 * @customfunction NETNEWREACH
 * @param {any} showId Directory id of the podcast.
 * @param {any[][]} advertisers Advertiser lookup names: comma-separated text or a range (1 to 10).
 * @param {any} [months] Listening window in months, 1 to 3 (default 1).
 * @returns {Promise<any>} Net new reach in percent.
 */
export function netNewReach(showId: any, advertisers: any[][], months?: any): Promise<any> {
  return excel(() => f.NETNEWREACH(showId, advertisers, months));
}

/**
 * Episodes whose title, description or transcript match a query.
 * @customfunction SEARCH
 * @param {string} query Text to search for.
 * @param {any} [timeFrame] Days to look back (default 31).
 * @param {any[][]} [mediaType] Media types: podcast, alpha, radio, radio_show, beta or all (text or range).
 * @param {boolean} [transcriptOnly] TRUE to search transcripts only.
 * @returns {Promise<any[][]>} Spilled table of matching episodes.
 */
export function search(
  query: string,
  timeFrame?: any,
  mediaType?: any[][],
  transcriptOnly?: boolean,
): Promise<any[][]> {
  return excel(() => f.SEARCH(query, timeFrame, mediaType, transcriptOnly));
}

/**
 * Individual detected ads of an advertiser (Pro users with API access).
 * @customfunction ADS
 * @param {string} advertiser Advertiser name.
 * @param {any} [startDate] First date (date cell or YYYY-MM-DD; default 24 months ago).
 * @param {any} [endDate] Last date (date cell or YYYY-MM-DD; default today).
 * @param {any} [maxRows] Most rows to fetch, 1 to 100000 (default 1000; 1000 rows a request).
 * @returns {Promise<any[][]>} Spilled table of ads.
 */
export function ads(advertiser: string, startDate?: any, endDate?: any, maxRows?: any): Promise<any[][]> {
  return excel(() => f.ADS(advertiser, startDate, endDate, maxRows));
}

/**
 * Test and control counts, lift and incrementality for an advertiser.
 * @customfunction INCREMENTALITY
 * @param {string} advertiser Advertiser names, comma-separated.
 * @param {string} aggregationLevel Level of reporting, for example channel, publisher or show_campaign.
 * @param {any} [startDate] First date (date cell or YYYY-MM-DD; default 3 months ago).
 * @param {any} [endDate] Last date (date cell or YYYY-MM-DD; default one week from today).
 * @param {string} [action] Comma-separated actions (default all).
 * @param {string} [channelType] Comma-separated channel types; only with aggregationLevel channel.
 * @returns {Promise<any[][]>} Spilled table of results.
 */
export function incrementality(
  advertiser: string,
  aggregationLevel: string,
  startDate?: any,
  endDate?: any,
  action?: string,
  channelType?: string,
): Promise<any[][]> {
  return excel(() => f.INCREMENTALITY(advertiser, aggregationLevel, startDate, endDate, action, channelType));
}
