/** GET /episode/search. Arrays go as repeated query keys. */
import type { Core } from "../core";
import { searchQuerySchema, searchResponseSchema, type SearchQuery, type SearchResponse } from "../schemas";
import { validateRequest } from "../validate";

const PATH = "/api/public/episode/search";

export class Search {
  constructor(private readonly core: Core) {}

  async episodes(query: SearchQuery, signal?: AbortSignal): Promise<SearchResponse> {
    const endpoint = `GET ${PATH}`;
    const q = validateRequest(searchQuerySchema, query, endpoint);
    return this.core.request({
      method: "GET",
      path: PATH,
      endpoint,
      query: q,
      schema: searchResponseSchema,
      retry: true,
      signal,
    });
  }
}
