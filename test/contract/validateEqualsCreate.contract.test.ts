/**
 * Validate equals Create (#25): every campaign plan row the service (the sandbox, as strict as its
 * rules) refuses, the plan's Validate names on a cell first; every row Validate passes, the service
 * creates. The rows are every combination of the rules' inputs: type, dates, media type, amounts, units.
 */
import type { CampaignRequest } from "../../src/api/schemas";
import { BadRequestError } from "../../src/api/errors";
import { checkPlan } from "../../src/writebacks/planValidate";
import { planSheet, type PlanRowInput } from "../../src/writebacks/testing/planFixtures";
import { startSandbox } from "../support/sandbox";

const TYPES = ["DAI", "Baked-in", "reel", "story"] as const;
const STARTS = ["2026-12-01", undefined] as const;
const ENDS = ["2026-12-31", "2026-11-01", undefined] as const;
const EXPECTED = ["2026-12-05", undefined] as const;
const MEDIA = [undefined, "podcast", "SocialC"] as const;
const CPMS = [25, -1] as const;
const LENGTHS = [30, 0] as const;

interface Case {
  row: PlanRowInput;
  body: CampaignRequest;
}

const iso = (d: string | undefined) => (d === undefined ? undefined : `${d}T00:00:00.000Z`);

function cases(): Case[] {
  const out: Case[] = [];
  for (const type of TYPES)
    for (const start of STARTS)
      for (const end of ENDS)
        for (const expected of EXPECTED)
          for (const media of MEDIA)
            for (const cpm of CPMS)
              for (const length of LENGTHS) {
                const name = `Rule case ${out.length}`;
                out.push({
                  row: {
                    name,
                    advertiser: "Acme Mattress",
                    publisher: "lumen-audio",
                    type,
                    startDate: start ?? "",
                    endDate: end ?? "",
                    expectedDate: expected ?? "",
                    mediaType: media ?? "",
                    cpm,
                    expectedUnits: `pre:${length}`,
                  },
                  body: {
                    name,
                    advertiser: "Acme Mattress",
                    publisher: "lumen-audio",
                    type,
                    ...(media ? { mediaType: media } : {}),
                    expectedUnits: [{ position: "pre", length }],
                    flights: [
                      {
                        ...(start ? { startDate: iso(start) } : {}),
                        ...(end ? { endDate: iso(end) } : {}),
                        ...(expected ? { expectedDate: iso(expected) } : {}),
                        cpm,
                      },
                    ],
                  },
                });
              }
  return out;
}

describe("Validate equals Create", () => {
  let t: Awaited<ReturnType<typeof startSandbox>>;
  beforeAll(async () => {
    t = await startSandbox();
  });
  afterAll(() => t.close());

  test("every refusal of the service was named by Validate, and every row Validate passes is created", async () => {
    const client = t.client();
    const all = cases();
    const outcomes = { refused: 0, created: 0 };
    const disagreements: string[] = [];
    for (const c of all) {
      const refused = await client.campaigns.create(c.body).then(
        () => false,
        (e: unknown) => {
          if (e instanceof BadRequestError) return true;
          throw e;
        },
      );
      outcomes[refused ? "refused" : "created"]++;
      const [row] = checkPlan(planSheet([c.row])).rows;
      if (refused !== row.errors.length > 0)
        disagreements.push(
          `${JSON.stringify(c.row)}: service ${refused ? "refused" : "created"}, Validate ${JSON.stringify(row.errors.map((e) => `${e.column}: ${e.reason}`))}`,
        );
    }
    expect(disagreements).toEqual([]);
    // Both sides happen: the combinations cover rows the service takes and rows it refuses.
    expect(outcomes.refused).toBeGreaterThan(100);
    expect(outcomes.created).toBeGreaterThan(10);
  });
});
