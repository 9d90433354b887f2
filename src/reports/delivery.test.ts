/** The Delivery sheet's pure core (issue #56): which flights, in which order, and pacing in words. */
import type { TypedTable } from "../api/table";
import { campaignIdList, deliveryParamsSchema, deliveryTable, idsNotFound, pacingOf } from "./delivery";

const cp: TypedTable = {
  columns: [
    "Advertiser",
    "Publisher",
    "Podcast",
    "Start date",
    "End date",
    "Unit",
    "Campaign Id",
    "Promo",
    "Expected Impressions",
    "Spend",
    "Ads",
    "Impressions",
    "Reach",
    "Freq",
    "Resolved Status",
    "CPM",
  ].map((name) => ({ name, kind: "text" as const })),
  rows: [
    ["Acme Mattress", "P1", "Show A", 1, 10, "pre", "cmp-1", "A1", 100, 5, 1, 50, 20, 2.5, "Resolved", 20],
    ["Northwind Coffee", "P2", "Show B", 1, 10, "mid", "cmp-2", "N1", 200, 5, 1, 80, 30, 2.6, "Resolved", 21],
    ["acme mattress", "P3", "Show C", 1, 10, "post", "cmp-3", "A2", 300, 5, 1, 90, 40, 2.2, "Resolved", 22],
  ],
};

test("the ids asked for, in the order asked, bought beside delivered under the sheet's names", () => {
  const t = deliveryTable(cp, { campaignIds: "cmp-3, CMP-1" });
  expect(t.columns.map((c) => c.name).slice(0, 4)).toEqual([
    "Campaign id",
    "Advertiser",
    "Publisher",
    "Show",
  ]);
  expect(t.rows.map((r) => r[0])).toEqual(["cmp-3", "cmp-1"]);
  expect(t.rows[0][t.columns.findIndex((c) => c.name === "Booked impressions")]).toBe(300);
  expect(idsNotFound(t, { campaignIds: "cmp-3, CMP-1, cmp-9" })).toEqual(["cmp-9"]);
});

test("an advertiser's flights, whatever the case the service writes the name in", () => {
  expect(deliveryTable(cp, { advertiser: "Acme Mattress" }).rows.map((r) => r[0])).toEqual([
    "cmp-1",
    "cmp-3",
  ]);
});

test("a report without a column the sheet needs is refused by the column's name, nothing written", () => {
  const without = {
    ...cp,
    columns: cp.columns.map((c) => (c.name === "Impressions" ? { ...c, name: "Imps" } : c)),
  };
  expect(() => deliveryTable(without, { advertiser: "Acme Mattress" })).toThrow(
    /no Impressions column.*nothing was written/,
  );
});

test("parameters: ids or an advertiser are required, named by the field; id lists split on commas and spaces", () => {
  const bad = deliveryParamsSchema.safeParse({ startDate: "2026-12-01" });
  expect(bad.success).toBe(false);
  expect(bad.error?.issues[0].path).toEqual(["campaignIds"]);
  expect(campaignIdList(" a, b;c  a\n")).toEqual(["a", "b", "c"]);
});

test("pacing in words at each stage of a flight (days 1 to 10, booked 1,000)", () => {
  const flight = (impressions: number) => ({ start: 1, end: 10, booked: 1000, impressions });
  expect(pacingOf(flight(0), 0).words).toBe("not started");
  expect(pacingOf(flight(500), 5)).toMatchObject({
    elapsed: 0.5,
    pacing: 1,
    projected: 1000,
    owed: 0,
    words: "on track",
  });
  expect(pacingOf(flight(300), 5)).toMatchObject({ projected: 600, owed: 400, words: "behind by 40%" });
  expect(pacingOf(flight(700), 5).words).toBe("ahead by 40%");
  expect(pacingOf(flight(880), 11).words).toBe("ended short by 120 impressions");
  expect(pacingOf(flight(1000), 11).words).toBe("ended, delivered");
  expect(pacingOf({ start: 10, end: 1, booked: 1000, impressions: 0 }, 5).words).toBe(
    "ends before it starts",
  );
  expect(pacingOf({ start: 1, end: 10, booked: null, impressions: 10 }, 5).words).toBe(
    "no booked impressions",
  );
});
