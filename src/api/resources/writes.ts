/** Campaign creation, advertiser creation and invites. None of these is ever retried by the client. */
import type { Core } from "../core";
import {
  advertiserRequestSchema,
  advertiserResponseSchema,
  campaignRequestSchema,
  campaignResponseSchema,
  inviteRequestSchema,
  inviteResponseSchema,
  type AdvertiserRequest,
  type AdvertiserResponse,
  type CampaignRequest,
  type CampaignResponse,
  type InviteRequest,
  type InviteResponse,
} from "../schemas";
import { validateRequest } from "../validate";

export class Campaigns {
  constructor(private readonly core: Core) {}

  /** One campaign per flight; ids come back in the order of the flights. */
  async create(body: CampaignRequest, signal?: AbortSignal): Promise<CampaignResponse> {
    const path = "/api/public/campaign";
    const endpoint = `POST ${path}`;
    const valid = validateRequest(campaignRequestSchema, body, endpoint);
    return this.core.request({
      method: "POST",
      path,
      endpoint,
      body: valid,
      schema: campaignResponseSchema,
      retry: false,
      signal,
    });
  }
}

export class Advertisers {
  constructor(private readonly core: Core) {}

  /** Creates an advertiser by name, or the promo advertiser of a show by directory id (never both). */
  async create(body: AdvertiserRequest, signal?: AbortSignal): Promise<AdvertiserResponse> {
    const path = "/api/public/advertisers";
    const endpoint = `POST ${path}`;
    const valid = validateRequest(advertiserRequestSchema, body, endpoint);
    return this.core.request({
      method: "POST",
      path,
      endpoint,
      body: valid,
      schema: advertiserResponseSchema,
      retry: false,
      signal,
    });
  }
}

export class Users {
  constructor(private readonly core: Core) {}

  async inviteAdvertiser(body: InviteRequest, signal?: AbortSignal): Promise<InviteResponse> {
    const path = "/api/public/users/advertisers/invite";
    const endpoint = `POST ${path}`;
    const valid = validateRequest(inviteRequestSchema, body, endpoint);
    return this.core.request({
      method: "POST",
      path,
      endpoint,
      body: valid,
      schema: inviteResponseSchema,
      retry: false,
      signal,
    });
  }
}
