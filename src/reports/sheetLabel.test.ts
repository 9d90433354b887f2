import { periodLabel, renameOffer, sheetLabel } from "./sheetLabel";

const TODAY = new Date(2026, 10, 26);

test.each([
  ["2026-10-01", "2026-10-31", "Oct"],
  ["2026-10-03", "2026-10-03", "3 Oct"],
  ["2026-08-01", "2026-10-31", "Aug–Oct"],
  ["2025-10-01", "2025-10-31", "Oct 2025"],
  ["2025-12-01", "2026-01-31", "Dec 2025–Jan 2026"],
  ["2026-09-01", undefined, "from Sep"],
  [undefined, "2025-02-01", "to Feb 2025"],
  [undefined, undefined, null],
  ["soon", "", null],
] as const)("the period %s to %s reads %s", (a, b, label) => {
  expect(periodLabel(a, b, TODAY)).toBe(label);
});

test("a sheet says what it holds: kind, grouping, period and the one advertiser", () => {
  expect(
    sheetLabel(
      "impressions",
      { timeGrouping: "day", startDate: "2026-10-01", endDate: "2026-10-31", advertiser: ["Acme"] },
      undefined,
      TODAY,
    ),
  ).toBe("Impressions by day, Oct · Acme");
  expect(
    sheetLabel(
      "estimatedSpendByDay",
      { advertisers: ["Acme Mattress", "Globex"], startDate: "2026-08-01", endDate: "2026-10-31" },
      undefined,
      TODAY,
    ),
  ).toBe("Spend by day, Aug–Oct");
  expect(sheetLabel("campaignsPerformance", {}, undefined, TODAY)).toBe("Campaign performance");
  expect(sheetLabel("show", { id: "1200000001" }, undefined, TODAY)).toBe("Show 1200000001");
});

test("a relative range says so (it rolls at each refresh); a custom one names its months", () => {
  expect(sheetLabel("audience", {}, { kind: "last", count: 3, unit: "months" }, TODAY)).toBe(
    "Audience, last 3 months",
  );
  expect(sheetLabel("lag", {}, { kind: "previousMonth" }, TODAY)).toBe("Lag, previous month");
  expect(
    sheetLabel(
      "lag",
      { startDate: "2020-01-01" },
      { kind: "custom", startDate: "2026-09-01", endDate: "2026-09-30" },
      TODAY,
    ),
  ).toBe("Lag, Sep");
  expect(sheetLabel("lag", { startDate: "2026-01-01" }, { kind: "serviceDefault" }, TODAY)).toBe("Lag");
});

test("within Excel's 31 characters: the advertiser goes first, then the grouping, then the period", () => {
  expect(
    sheetLabel("impressions", { timeGrouping: "day" }, { kind: "last", count: 30, unit: "days" }, TODAY),
  ).toBe("Impressions, last 30 days");
  expect(sheetLabel("search", { search: "mattress", timeFrame: 365 }, undefined, TODAY)).toBe(
    "Search for mattress",
  );
  const long = sheetLabel(
    "estimatedSpendByShowByDay",
    { advertisers: ["Northwind Coffee Roasters"], startDate: "2025-12-01", endDate: "2026-01-31" },
    undefined,
    TODAY,
  );
  expect(long).toBe("Spend by show");
  const mid = sheetLabel(
    "impressions",
    {
      timeGrouping: "week",
      advertiser: ["Northwind Coffee"],
      startDate: "2026-10-01",
      endDate: "2026-10-31",
    },
    undefined,
    TODAY,
  );
  expect(mid).toBe("Impressions by week, Oct");
  expect(mid.length).toBeLessThanOrEqual(31);
});

test("the report's own name wins", () => {
  expect(sheetLabel("impressions", { name: "  Q4 brand  ", timeGrouping: "day" }, undefined, TODAY)).toBe(
    "Q4 brand",
  );
});

test("a sheet still named for its old period is offered the new one; a name the planner gave is left alone", () => {
  const before = {
    kind: "impressions" as const,
    params: {},
    datePreset: { kind: "last" as const, count: 30, unit: "days" as const },
  };
  const after = { ...before, datePreset: { kind: "last" as const, count: 3, unit: "months" as const } };
  const old = sheetLabel(before.kind, before.params, before.datePreset, TODAY);
  expect(renameOffer(old, before, after, TODAY)).toBe(sheetLabel(after.kind, {}, after.datePreset, TODAY));
  expect(renameOffer(`${old} (2)`, before, after, TODAY)).toBe(
    sheetLabel(after.kind, {}, after.datePreset, TODAY),
  );
  expect(renameOffer("Q4 for the client", before, after, TODAY)).toBeUndefined();
  expect(renameOffer(old, before, before, TODAY)).toBeUndefined();
});
