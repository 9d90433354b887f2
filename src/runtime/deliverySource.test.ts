/**
 * A Delivery sheet's data from the practice service (issue #56): campaigns created through the client
 * come back by the ids Create returned, with what was booked; an id the report does not list is told.
 */
import { startSandbox } from "../../test/support/sandbox";
import { fetchSource } from "./reportSources";

let s: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  s = await startSandbox();
});
afterAll(() => s.close());

test("two created flights by their ids, booked beside delivered; an unknown id is named in a note", async () => {
  const client = s.client();
  const created = [];
  for (const [i, show] of ["1200000003", "1200000004"].entries())
    created.push(
      (
        await client.campaigns.create({
          name: `Delivery ${i + 1}`,
          advertiser: "Acme Mattress",
          itunesOrYtId: show,
          type: "DAI",
          flights: [
            { startDate: "2026-11-01", endDate: "2026-12-15", cpm: 25, expectedImpressions: 80_000 + i },
          ],
          expectedUnits: [{ position: "mid", length: 60 }],
          promo: `DEL${i + 1}`,
        })
      ).campaigns[0].id,
    );
  const notes: string[] = [];
  const table = await fetchSource(
    client,
    "delivery",
    { campaignIds: [...created, "cmp-nowhere"].join(", "), startDate: "2026-10-01", endDate: "2026-12-31" },
    { onNote: (n) => notes.push(n) },
  );
  const col = (name: string) => table.rows.map((r) => r[table.columns.findIndex((c) => c.name === name)]);
  expect(col("Campaign id")).toEqual(created);
  expect(col("Booked impressions")).toEqual([80_000, 80_001]);
  expect(col("Promo")).toEqual(["DEL1", "DEL2"]);
  expect(col("Impressions").every((v) => typeof v === "number" && v > 0)).toBe(true);
  expect(notes.join(" ")).toMatch(
    /1 campaign id is not in the service's campaigns-performance report.*cmp-nowhere/,
  );
});

test("neither ids nor an advertiser: refused by the field's name before anything is sent", async () => {
  await expect(fetchSource(s.client(), "delivery", { startDate: "2026-10-01" })).rejects.toThrow(
    /Delivery, Campaign ids: Give campaign ids.*nothing was sent/,
  );
});
