/** POST /incrementality: synchronous results per advertiser, group and action. */
import { incrementalityRequestSchema } from "../../src/api/schemas";
import { hash, int, rng, round } from "../random";
import { ACCESSIBLE_ADVERTISERS } from "../world";
import { invalidData, jsonBody, type SandboxApp, type SandboxContext } from "../context";

export function incrementalityRoutes(app: SandboxApp, _ctx: SandboxContext): void {
  app.post("/api/public/incrementality", async (c) => {
    const parsed = incrementalityRequestSchema.safeParse(await jsonBody(c));
    if (!parsed.success) return invalidData(c);
    return c.json(
      incrementality({
        ...parsed.data,
        advertiser: parsed.data.advertiser ?? ACCESSIBLE_ADVERTISERS.join(","),
      }),
    );
  });
}

export function incrementality(q: {
  advertiser: string;
  aggregationLevel?: string;
  channelType?: string;
  action?: string;
  startDate?: string;
  endDate?: string;
  includeErrors?: boolean;
  incCiCertainty?: number;
}) {
  const level = q.aggregationLevel ?? "channel";
  const groups =
    level === "channel"
      ? (q.channelType?.split(",").map((s) => s.trim()) ?? ["podcast", "streaming", "all"])
      : level === "publisher"
        ? ["Lumen Audio", "Harbor Media"]
        : ["Demo Show / Spring"];
  const actions = q.action?.split(",").map((s) => s.trim()) ?? ["purchase", "visitor"];
  const z = 1.96 * ((q.incCiCertainty ?? 95) / 95);
  const out: Record<string, unknown>[] = [];
  for (const advertiser of q.advertiser.split(",").map((s) => s.trim())) {
    for (const g of groups) {
      for (const action of actions) {
        const r = rng(hash(`inc|${advertiser}|${level}|${g}|${action}`));
        const controlSize = int(r, 40_000, 90_000);
        const testSize = int(r, 40_000, 90_000);
        const controlActions = int(r, 200, 900);
        const testActions = Math.round(controlActions * (1 + r() * 0.4) * (testSize / controlSize));
        const lift = round(testActions / testSize / (controlActions / controlSize), 3);
        const inc = round((1 - 1 / lift) * 100, 2);
        const half = round(z * 4, 2);
        out.push({
          advertiser,
          aggregationLevel: level,
          channelType: level === "channel" ? g : null,
          action,
          startDate: q.startDate ?? "2026-08-22",
          endDate: q.endDate ?? "2026-11-29",
          campaign: level === "show_campaign" ? g : null,
          publisher: level === "publisher" ? g : null,
          controlActions,
          testActions,
          controlSize,
          testSize,
          lift,
          incrementalPercent: inc,
          liftCiLower: round((lift - 1) * 100 - half, 2),
          liftCiUpper: round((lift - 1) * 100 + half, 2),
          incrementalCiLower: round(inc - half, 2),
          incrementalCiUpper: round(inc + half, 2),
          errorReason: null,
        });
      }
    }
    if (q.includeErrors)
      out.push({
        advertiser,
        aggregationLevel: level,
        channelType: null,
        action: "lead",
        startDate: q.startDate ?? "2026-08-22",
        endDate: q.endDate ?? "2026-11-29",
        campaign: null,
        publisher: null,
        controlActions: 0,
        testActions: 0,
        controlSize: 0,
        testSize: 0,
        lift: null,
        incrementalPercent: null,
        liftCiLower: null,
        liftCiUpper: null,
        incrementalCiLower: null,
        incrementalCiUpper: null,
        errorReason: "Not enough conversions in the control group",
      });
  }
  return out;
}
