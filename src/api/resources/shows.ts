/** GET /series/episodes/{id}: show info with episode paging and net new reach. */
import type { Core } from "../core";
import { showInfoQuerySchema, showInfoSchema, type ShowInfo, type ShowInfoQuery } from "../schemas";
import { validateRequest } from "../validate";

const PATH = "/api/public/series/episodes";
const ENDPOINT = `GET ${PATH}/{id}`;

export class Shows {
  constructor(private readonly core: Core) {}

  /** id: a directory id, an Alpha channel id or an Alpha playlist id. */
  async get(id: string, query: Omit<ShowInfoQuery, "id"> = {}, signal?: AbortSignal): Promise<ShowInfo> {
    const q = validateRequest(showInfoQuerySchema, { ...query, id }, ENDPOINT);
    return this.core.request({
      method: "GET",
      path: `${PATH}/${encodeURIComponent(q.id)}`,
      endpoint: ENDPOINT,
      query: {
        episodesPageIndex: q.episodesPageIndex,
        episodesPageSize: q.episodesPageSize,
        netNewReachAdvertisers: q.netNewReachAdvertisers?.join(","),
        months: q.months,
      },
      schema: showInfoSchema,
      retry: true,
      signal,
    });
  }
}
