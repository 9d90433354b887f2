/**
 * Write-backs: POST /campaign (one campaign per flight), POST /advertisers, POST /users/advertisers/invite.
 * A created flight of an advertiser and show the world knows joins the world (model/booking.ts): it is
 * in campaigns-performance and the impressions reports by the id returned, and its ads in its episodes.
 */
import {
  advertiserRequestSchema,
  campaignRequestSchema,
  campaignRules,
  inviteRequestSchema,
} from "../../src/api/schemas";
import { hash, rng, uuid } from "../random";
import { invalidData, jsonBody, slug, type SandboxApp, type SandboxContext } from "../context";
import { bookFlight } from "../model/booking";

export function writeRoutes(app: SandboxApp, { state, world }: SandboxContext): void {
  app.post("/api/public/campaign", async (c) => {
    // Stricter than the documentation (sandbox/README.md): the plan's rules are refusals here, and
    // the plan's Validate applies the same function, so it names whatever this refuses.
    const parsed = campaignRequestSchema.safeParse(await jsonBody(c));
    if (!parsed.success || campaignRules(parsed.data).length > 0) return invalidData(c);
    if (parsed.data.name.startsWith("FAIL500")) return c.json({ message: "Internal error" }, 500);
    const r = rng(hash(`campaign|${state.campaigns.length}|${parsed.data.name}`));
    const created = parsed.data.flights.map((_, i) => ({
      id: uuid(r),
      externalId: parsed.data.externalId ?? null,
      name: parsed.data.name,
      flight: i,
    }));
    state.campaigns.push(...created);
    for (const { id, flight } of created) {
      const booked = bookFlight(world, parsed.data, flight, id);
      if (booked) world.join(booked.campaign, booked.ads);
    }
    return c.json({ campaigns: created.map(({ id, externalId }) => ({ id, externalId })) });
  });
  app.post("/api/public/advertisers", async (c) => {
    const parsed = advertiserRequestSchema.safeParse(await jsonBody(c));
    if (!parsed.success) return invalidData(c);
    let name = parsed.data.advertiserName;
    if (parsed.data.itunesId) {
      const show = world.findShow(parsed.data.itunesId);
      name = `${show ? show.title.split("\n")[0] : `Show ${parsed.data.itunesId}`} (promo)`;
    }
    const key = name!.toLowerCase();
    const existing = state.advertisers.get(key) ?? { advertiserName: name!, lookupName: slug(name!) };
    state.advertisers.set(key, existing);
    return c.json(existing);
  });
  app.post("/api/public/users/advertisers/invite", async (c) => {
    const parsed = inviteRequestSchema.safeParse(await jsonBody(c));
    if (!parsed.success) return invalidData(c);
    return c.json({ message: `Invitation sent to ${parsed.data.email} for ${parsed.data.advertiserName}` });
  });
}
