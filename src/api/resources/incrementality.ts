/** POST /incrementality: synchronous results (no task). */
import type { Core } from "../core";
import {
  incrementalityRequestSchema,
  incrementalityResponseSchema,
  type IncrementalityRequest,
  type IncrementalityResult,
} from "../schemas";
import { validateRequest } from "../validate";

const PATH = "/api/public/incrementality";

export class Incrementality {
  constructor(private readonly core: Core) {}

  async get(body: IncrementalityRequest, signal?: AbortSignal): Promise<IncrementalityResult[]> {
    const endpoint = `POST ${PATH}`;
    const valid = validateRequest(incrementalityRequestSchema, body, endpoint);
    return this.core.request({
      method: "POST",
      path: PATH,
      endpoint,
      body: valid,
      schema: incrementalityResponseSchema,
      retry: true,
      signal,
    });
  }
}
