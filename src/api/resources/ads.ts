/** POST /advertisers/individual-ads (Pro users), one page or all of them. */
import type { Core } from "../core";
import {
  individualAdsRequestSchema,
  individualAdsResponseSchema,
  type IndividualAdsRequest,
  type IndividualAdsResponse,
} from "../schemas";
import { validateRequest } from "../validate";

const PATH = "/api/public/advertisers/individual-ads";
const ENDPOINT = `POST ${PATH}`;
const MAX_ADS_PAGE = 1000;
/** The largest offset the service accepts. */
const MAX_ADS_OFFSET = 1_000_000;

export class Ads {
  /** Individual ads were answered on this key: its account is Pro (a later refusal is the advertiser's). */
  answered = false;

  constructor(private readonly core: Core) {}

  async individual(params: IndividualAdsRequest, signal?: AbortSignal): Promise<IndividualAdsResponse> {
    const body = validateRequest(individualAdsRequestSchema, params, ENDPOINT);
    const page = await this.core.request({
      method: "POST",
      path: PATH,
      endpoint: ENDPOINT,
      body,
      schema: individualAdsResponseSchema,
      retry: true,
      signal,
    });
    this.answered = true;
    return page;
  }

  /**
   * Every page from `offset` on, `limit` rows a page (default and maximum 1000), until the total or
   * `maxRows` is reached.
   */
  async *iterate(
    params: IndividualAdsRequest,
    opts: { maxRows?: number; signal?: AbortSignal } = {},
  ): AsyncGenerator<IndividualAdsResponse> {
    const pageSize = params.limit ?? MAX_ADS_PAGE;
    let offset = params.offset ?? 0;
    let delivered = 0;
    const maxRows = opts.maxRows ?? Infinity;
    // The service takes offsets up to 1,000,000: paging stops there rather than failing.
    while (delivered < maxRows && offset <= MAX_ADS_OFFSET) {
      const limit = Math.min(pageSize, maxRows - delivered);
      const page = await this.individual({ ...params, limit, offset }, opts.signal);
      yield page;
      delivered += page.data.length;
      offset += page.data.length;
      if (page.data.length === 0 || offset >= page.pagination.total) return;
    }
  }
}
