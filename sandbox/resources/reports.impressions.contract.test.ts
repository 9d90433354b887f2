/**
 * POST /impressions honours every parameter it accepts: one case per parameter, each proving it by a
 * different (mostly narrower) answer than the same request without it, through the real client.
 */
import type { ImpressionsRequest } from "../../src/api/schemas";
import type { TypedTable } from "../../src/api/table";
import { startSandbox } from "../../test/support/sandbox";
import { column, dates, sum } from "../testing/tables";

let s: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  s = await startSandbox();
});
afterAll(() => s.close());

/** Every accessible advertiser, two weeks of October, one row per campaign and day. */
const BASE: ImpressionsRequest = { startDate: "2026-10-01", endDate: "2026-10-14" };
const run = async (params: ImpressionsRequest, fields?: string[]): Promise<TypedTable> =>
  (await s.client().reports.run("impressions", { ...BASE, ...(fields ? { fields } : {}), ...params })).table;
const total = async (params: ImpressionsRequest, field: string) =>
  sum(await run(params, ["Campaign", field]), field);

/** By campaign: a measure's sum per campaign. */
async function perCampaign(params: ImpressionsRequest, field: string): Promise<Map<string, number>> {
  const t = await run(params, ["Campaign", field]);
  const out = new Map<string, number>();
  column(t, "Campaign").forEach((c, i) =>
    out.set(String(c), (out.get(String(c)) ?? 0) + Number(t.rows[i][1])),
  );
  return out;
}

describe("dates and advertisers", () => {
  test("startDate/endDate: only days inside the range, and a narrower range gives fewer rows", async () => {
    const wide = await run({}, ["Day", "Campaign"]);
    const narrow = await run({ startDate: "2026-10-05", endDate: "2026-10-06" }, ["Day", "Campaign"]);
    expect(new Set(dates(narrow, "Day"))).toEqual(new Set(["2026-10-05", "2026-10-06"]));
    expect(dates(wide, "Day").every((d) => d >= "2026-10-01" && d <= "2026-10-14")).toBe(true);
    expect(narrow.rows.length).toBeLessThan(wide.rows.length);
  });
  test("advertiser: only that advertiser's campaigns", async () => {
    const t = await run({ advertiser: ["Northwind Coffee"] }, ["Advertiser", "Campaign"]);
    expect(new Set(column(t, "Advertiser"))).toEqual(new Set(["Northwind Coffee"]));
    expect(new Set(column(await run({}, ["Advertiser"]), "Advertiser")).size).toBe(6);
  });
  test("campaignTags and campaignTagsExclude: the tagged campaigns, or all but them", async () => {
    const tagged = await run({ campaignTags: ["brand"] }, ["Tags", "Campaign"]);
    expect(tagged.rows.length).toBeGreaterThan(0);
    expect(column(tagged, "Tags").every((t) => String(t).split(",").includes("brand"))).toBe(true);
    const others = await run({ campaignTags: ["brand"], campaignTagsExclude: true }, ["Tags", "Campaign"]);
    expect(others.rows.length).toBeGreaterThan(0);
    expect(column(others, "Tags").some((t) => String(t).split(",").includes("brand"))).toBe(false);
  });
});

describe("conversions follow the attribution settings", () => {
  test.each<[string, ImpressionsRequest, "fewer" | "more"]>([
    ["attributionWindow", { attributionWindow: 7 }, "fewer"],
    ["attributionStreamingWindow", { attributionStreamingWindow: 2 }, "fewer"],
    ["attributionSaiWindow", { attributionSaiWindow: 60 }, "more"],
    ["attributionPreset", { attributionPreset: "none" }, "fewer"],
    ["excludeReferrers (empty list: no referrer excluded)", { excludeReferrers: [] }, "more"],
    ["excludeUtmMediums", { excludeUtmMediums: [] }, "more"],
    ["excludeUtmSources", { excludeUtmSources: [] }, "more"],
    ["excludePriorVisitors", { excludePriorVisitors: true }, "fewer"],
    ["timeRangeConv", { timeRangeConv: true }, "fewer"],
    ["ytSimulcastConv off", { ytSimulcastConv: false }, "fewer"],
    ["ytSimulcastConvWeight", { ytSimulcastConvWeight: 2 }, "more"],
    ["rSimulcastConv on", { rSimulcastConv: true }, "more"],
    ["svSimulcastConv on", { svSimulcastConv: true }, "more"],
  ])("%s: %o gives %s visitors", async (_name, params, direction) => {
    const [base, changed] = [await total({}, "Visitors"), await total(params, "Visitors")];
    if (direction === "fewer") expect(changed).toBeLessThan(base);
    else expect(changed).toBeGreaterThan(base);
  });
  test("rSimulcastConvWeight and svSimulcastConvWeight weigh the Beta and Gamma conversions", async () => {
    const beta = (w: number) => total({ rSimulcastConv: true, rSimulcastConvWeight: w }, "Visitors");
    expect(await beta(2)).toBeGreaterThan(await beta(0.5));
    const gamma = (w: number) => total({ svSimulcastConv: true, svSimulcastConvWeight: w }, "Visitors");
    expect(await gamma(2)).toBeGreaterThan(await gamma(0.5));
  });
  test("timeRangeConvWithWindow: between the strict range and no range rule", async () => {
    const strict = await total({ timeRangeConv: true }, "Visitors");
    const withWindow = await total({ timeRangeConv: true, timeRangeConvWithWindow: true }, "Visitors");
    expect(withWindow).toBeGreaterThan(strict);
    expect(withWindow).toBeLessThan(await total({}, "Visitors"));
  });
  test("attributionModel: first and last share the credit differently between campaigns", async () => {
    const first = await perCampaign({ attributionModel: "first" }, "Visitors");
    const last = await perCampaign({ attributionModel: "last" }, "Visitors");
    const diffs = [...first].map(([c, v]) => Math.sign(v - (last.get(c) ?? 0)));
    expect(diffs).toContain(1);
    expect(diffs).toContain(-1);
  });
  test("excludePriorCustomers: fewer purchases; useNonPurchasesRevenue: more revenue, same purchases", async () => {
    expect(await total({ excludePriorCustomers: true }, "Purchases")).toBeLessThan(
      await total({}, "Purchases"),
    );
    expect(await total({ useNonPurchasesRevenue: true }, "Revenue")).toBeGreaterThan(
      await total({}, "Revenue"),
    );
    expect(await total({ useNonPurchasesRevenue: true }, "Purchases")).toBe(await total({}, "Purchases"));
  });
  test("modelPublicSpaceIps off: the modeled figures lose the public-space uplift", async () => {
    expect(await total({ modelPublicSpaceIps: false }, "Visitors Modeled")).toBeLessThan(
      await total({}, "Visitors Modeled"),
    );
  });
  test("modelOffline: offline purchases appear (none without it)", async () => {
    expect(await total({}, "Offline Purchases")).toBe(0);
    expect(await total({ modelOffline: true }, "Offline Purchases")).toBeGreaterThan(0);
  });
  test("useSettingsProfiles: Acme Mattress's profile turns offline modeling on; a sent value still wins", async () => {
    const acme: ImpressionsRequest = { advertiser: ["Acme Mattress"] };
    expect(await total(acme, "Offline Purchases")).toBe(0);
    expect(await total({ ...acme, useSettingsProfiles: true }, "Offline Purchases")).toBeGreaterThan(0);
    expect(
      await total({ ...acme, useSettingsProfiles: true, modelOffline: false }, "Offline Purchases"),
    ).toBe(0);
    // The profile's modelOffline applies only when exactly one advertiser is given.
    const two: ImpressionsRequest = {
      advertiser: ["Acme Mattress", "Wayne Travel"],
      useSettingsProfiles: true,
    };
    expect(await total(two, "Offline Purchases")).toBe(0);
  });
});

describe("spend", () => {
  test("includeYtSpend: Alpha-only campaigns get spend only with it", async () => {
    const alphaSpend = async (params: ImpressionsRequest) => {
      const t = await run(params, ["Media Type", "Spend"]);
      return column(t, "Spend").filter((_, i) => column(t, "Media Type")[i] === "alpha");
    };
    expect((await alphaSpend({})).every((v) => v === null)).toBe(true);
    expect((await alphaSpend({ includeYtSpend: true })).some((v) => typeof v === "number" && v > 0)).toBe(
      true,
    );
  });
  test("spendOnPublishDate off: a baked-in flight's spend is spread over the days after each episode", async () => {
    const days = async (params: ImpressionsRequest) => {
      const t = await run({ ...params, advertiser: ["Umbrella Health"] }, ["Type", "Spend"]);
      return column(t, "Spend").filter((v, i) => column(t, "Type")[i] === "baked-in" && Number(v) > 0).length;
    };
    expect(await days({ spendOnPublishDate: false })).toBeGreaterThan(await days({}));
  });
});

describe("incrementality columns", () => {
  test("showIncrementalResults makes the incremental columns available, each at most its base", async () => {
    const t = await run({ showIncrementalResults: true }, ["Campaign", "Visitors", "Incremental Visitors"]);
    const base = column(t, "Visitors");
    expect(column(t, "Incremental Visitors").every((v, i) => Number(v) <= Number(base[i]))).toBe(true);
    expect(sum(t, "Incremental Visitors")).toBeGreaterThan(0);
  });
  test("incrementalDisplayType: which level's rate the incremental columns and the source use", async () => {
    const source = async (type: ImpressionsRequest["incrementalDisplayType"]) =>
      new Set(
        column(
          await run({ showIncrementalResults: true, incrementalDisplayType: type }, [
            "Incrementality Source",
          ]),
          "Incrementality Source",
        ),
      );
    expect(await source("channel")).toEqual(new Set(["Synthetic - Channel"]));
    expect(await source("campaign")).toEqual(new Set(["Synthetic - Campaign"]));
    const auto = await source("auto_serve_or_campaign");
    expect(auto).toContain("Synthetic - Campaign");
    expect([...auto].some((v) => String(v).startsWith("AutoServe"))).toBe(true);
    const inc = (type: ImpressionsRequest["incrementalDisplayType"]) =>
      total({ showIncrementalResults: true, incrementalDisplayType: type }, "Incremental Visitors");
    expect(await inc("campaign")).not.toBe(await inc("channel"));
  });
  test("incCiCertainty: a higher certainty gives wider confidence intervals", async () => {
    const ci = async (incCiCertainty: number) =>
      sum(
        await run({ showIncrementalResults: true, incCiCertainty }, [
          "Campaign",
          "Visitors Campaign Confidence Interval (+/- range)",
        ]),
        "Visitors Campaign Confidence Interval (+/- range)",
      );
    expect(await ci(99)).toBeGreaterThan(await ci(80));
  });
});

describe("shape", () => {
  test("fields: exactly those columns, in that order; fieldMapping renames without moving", async () => {
    const t = await run({ fields: ["Spend", "Day", "Show ID"], fieldMapping: { Spend: "Cost" } });
    expect(t.columns.map((c) => c.name)).toEqual(["Cost", "Day", "Show ID"]);
  });
  test("timeGrouping: day, week, month and all; weekStartsOn: monday or sunday", async () => {
    const fields = ["Day", "Week", "Month", "Campaign"];
    const weekday = (d: string) => new Date(`${d}T00:00:00Z`).getUTCDay();
    const monday = await run({ timeGrouping: "week" }, fields);
    expect(new Set(dates(monday, "Week").map(weekday))).toEqual(new Set([1]));
    const sunday = await run({ timeGrouping: "week", weekStartsOn: "sunday" }, fields);
    expect(new Set(dates(sunday, "Week").map(weekday))).toEqual(new Set([0]));
    expect(new Set(dates(await run({ timeGrouping: "month" }, fields), "Month"))).toEqual(
      new Set(["2026-10-01"]),
    );
    const all = await run({ timeGrouping: "all" }, fields);
    expect(column(all, "Day").every((v) => v === null)).toBe(true);
    // A week's row is the sum of its days.
    const byDay = await total({ timeGrouping: "day" }, "Visitors");
    expect(await total({ timeGrouping: "week" }, "Visitors")).toBe(byDay);
    expect(await total({ timeGrouping: "all" }, "Visitors")).toBe(byDay);
  });
  test("geoGrouping: a row per country, region, zip or DMA; the geo rows add up to the whole", async () => {
    const whole = await total({}, "Podcast & Streaming Impressions");
    for (const geo of ["country", "region", "zip", "DMA"] as const) {
      const t = await run({ geoGrouping: geo }, [
        "Campaign",
        "Geo",
        "Country",
        "Podcast & Streaming Impressions",
      ]);
      expect(sum(t, "Podcast & Streaming Impressions")).toBe(whole);
      expect(new Set(column(t, "Geo")).size).toBe(geo === "country" ? 3 : 4);
    }
    const dma = await run({ geoGrouping: "DMA" }, ["Geo", "DMA Code"]);
    expect(new Set(column(dma, "DMA Code"))).toEqual(new Set(["803", "501", null]));
  });
  test("aggregateEpisodicBuysPerShow: one row per show, so the episode columns are blank", async () => {
    const fields = ["Show", "Episode", "Episode GUID"];
    expect(column(await run({}, fields), "Episode").every((v) => v !== null)).toBe(true);
    const agg = await run({ aggregateEpisodicBuysPerShow: true }, fields);
    expect(column(agg, "Episode").every((v) => v === null)).toBe(true);
    expect(column(agg, "Episode GUID").every((v) => v === null)).toBe(true);
  });
  test("skipCampaignTransliteration: campaign names keep their Unicode; other text still transliterates", async () => {
    const names = async (params: ImpressionsRequest) =>
      column(
        await run({ ...params, advertiser: ["Acme Mattress"] }, ["Campaign", "Campaign & Initiative"]),
        "Campaign",
      );
    expect(await names({})).toContain('Acme Mattress - "Spring", launch');
    expect(await names({ skipCampaignTransliteration: true })).toContain('Acme Mattress – "Spring", launch');
  });
  test("formatting: numberFormatting, summary (with the name) and totals recomputed from the rows", async () => {
    const c = s.client();
    const fields = [
      "Campaign",
      "Spend",
      "Revenue",
      "ROAS",
      "CPM",
      "Podcast & Streaming Impressions",
      "Reach",
    ];
    const plain = await c.reports.run("impressions", { ...BASE, fields, formatting: { totals: true } });
    const t = plain.table;
    expect(t.totals?.[0]).toBe("Total");
    const at = (name: string) => fields.indexOf(name);
    const totals = t.totals!;
    expect(totals[at("Spend")]).toBeCloseTo(sum(t, "Spend"), 2);
    expect(totals[at("Revenue")]).toBeCloseTo(sum(t, "Revenue"), 2);
    // Ratios are recomputed from the totals of their parts, never added up.
    expect(totals[at("ROAS")]).toBeCloseTo(Number(totals[at("Revenue")]) / Number(totals[at("Spend")]), 2);
    expect(totals[at("CPM")]).toBeCloseTo(
      (Number(totals[at("Spend")]) / Number(totals[at("Podcast & Streaming Impressions")])) * 1000,
      2,
    );
    expect(Number(totals[at("Reach")])).toBeLessThan(sum(t, "Reach"));
    const shaped = await c.reports.run("impressions", {
      ...BASE,
      fields,
      name: "October review",
      formatting: { numberFormatting: true, summary: true },
    });
    expect(shaped.table.summary?.[0]).toEqual(["Report", "October review"]);
    expect((await c.tasks.download(shaped.task.url)).text).toMatch(
      /"\$\d{1,3}(,\d{3})*\.\d{2}"|\$\d+\.\d{2}/,
    );
    expect(sum(shaped.table, "Spend")).toBeCloseTo(sum(t, "Spend"), 1);
  });
});

test("a report by week shows Week without a Day that repeats it; by month, a Month column and no Week", async () => {
  const { fetchSource } = await import("../../src/runtime/reportSources");
  const names = async (timeGrouping: "day" | "week" | "month") =>
    (
      await fetchSource(s.client(), "impressions", {
        startDate: "2026-09-01",
        endDate: "2026-10-31",
        timeGrouping,
      })
    ).columns
      .map((c) => c.name)
      .filter((n) => ["Week", "Day", "Month"].includes(n));
  expect(await names("day")).toEqual(["Week", "Day"]);
  expect(await names("week")).toEqual(["Week"]);
  expect(await names("month")).toEqual(["Month"]);
});
