import type { CellValue, ColumnKind, TypedTable } from "../api/table";
import { chartSummary, OTHER, TOP_BARS, TOP_GROUPS } from "./chartSummary";

const table = (columns: [string, ColumnKind][], rows: CellValue[][]): TypedTable => ({
  columns: columns.map(([name, kind]) => ({ name, kind })),
  rows,
});
const sum = (xs: readonly (number | null)[]) => xs.reduce((a: number, b) => a + (b ?? 0), 0);
const columnSum = (t: TypedTable, name: string) =>
  sum(t.rows.map((r) => r[t.columns.findIndex((c) => c.name === name)] as number));

/** Impressions by day × campaign: `campaigns` campaigns, each with a row on each of `days` days (in shuffled order). */
function byDayAndCampaign(days: number, campaigns: number): TypedTable {
  const rows: CellValue[][] = [];
  for (let d = 0; d < days; d++)
    for (let c = 0; c < campaigns; c++)
      rows.push([46000 + d, `Campaign ${c}`, (c + 1) * 100 + d, (c + 1) * 2.5]);
  // The report's order is not the day's: the summary sorts.
  rows.reverse();
  return table(
    [
      ["Day", "datetime"],
      ["Campaign", "text"],
      ["Podcast Impressions", "integer"],
      ["Spend", "currency"],
    ],
    rows,
  );
}

describe("chartSummary", () => {
  test("several rows a day give one point a day, in day order", () => {
    const t = byDayAndCampaign(12, 3);
    const s = chartSummary("impressions", t)!;
    expect(s.categories).toEqual(Array.from({ length: 12 }, (_, d) => 46000 + d));
    for (const series of s.series) expect(series.values).toHaveLength(12);
    expect(s.category).toBe("Day");
  });

  test("the series add up to the table's totals; beside campaign lines, spend draws no line of its own", () => {
    const t = byDayAndCampaign(9, 4);
    const s = chartSummary("impressions", t)!;
    const impressions = s.series.filter((x) => x.axis === "primary");
    expect(sum(impressions.map((x) => sum(x.values)))).toBe(columnSum(t, "Podcast Impressions"));
    // A fifth line in other units on a second axis tangles with four campaign lines: the table has the spend.
    expect(s.series.filter((x) => x.axis === "secondary")).toHaveLength(0);
    expect(s.secondaryTitle).toBeUndefined();
    expect(s.valueTitle).toBe("Podcast Impressions");
    expect(s.title).toBe("Impressions by day, per campaign");
  });

  test("one line of impressions has spend beside it on its own money axis, summing to the table", () => {
    const t = byDayAndCampaign(9, 1);
    const s = chartSummary("impressions", t)!;
    const spend = s.series.filter((x) => x.axis === "secondary");
    expect(spend).toHaveLength(1);
    expect(spend[0].kind).toBe("currency");
    expect(sum(spend[0].values)).toBeCloseTo(columnSum(t, "Spend"), 9);
    expect(s.secondaryTitle).toBe("Spend");
    expect(s.title).toBe("Impressions and spend by day");
  });

  test("the largest groups by total, then Other: top N plus Other equals the whole, each day", () => {
    const t = byDayAndCampaign(7, TOP_GROUPS + 4);
    const s = chartSummary("impressions", t)!;
    const lines = s.series.filter((x) => x.axis === "primary");
    expect(lines.map((x) => x.name)).toEqual([
      ...Array.from({ length: TOP_GROUPS }, (_, i) => `Campaign ${TOP_GROUPS + 3 - i}`),
      `${OTHER} (4 campaigns)`,
    ]);
    const impressions = t.columns.findIndex((c) => c.name === "Podcast Impressions");
    s.categories.forEach((day, i) => {
      const whole = sum(t.rows.filter((r) => r[0] === day).map((r) => r[impressions] as number));
      expect(sum(lines.map((x) => x.values[i]))).toBe(whole);
    });
  });

  test("one campaign is no grouping: impressions and spend, one line each", () => {
    const s = chartSummary("impressions", byDayAndCampaign(5, 1))!;
    expect(s.series.map((x) => [x.name, x.axis])).toEqual([
      ["Podcast Impressions", "primary"],
      ["Spend", "secondary"],
    ]);
  });

  test("spend by day × read type: a line per read type, summing to the table", () => {
    const rows: CellValue[][] = [];
    for (let d = 0; d < 6; d++)
      for (const read of ["host-read", "producer-read", "announcer"])
        rows.push([46000 + d, "Acme", 10 + d, read]);
    const t = table(
      [
        ["Day", "datetime"],
        ["Advertiser", "text"],
        ["Estimated Spend", "currency"],
        ["Read By", "text"],
      ],
      rows,
    );
    const s = chartSummary("estimatedSpendByDay", t)!;
    expect(s.categories).toHaveLength(6);
    expect(s.series.map((x) => x.name).sort()).toEqual(["announcer", "host-read", "producer-read"]);
    expect(sum(s.series.map((x) => sum(x.values)))).toBe(columnSum(t, "Estimated Spend"));
  });

  test("bars by campaign: the largest ten and Other, equal to the whole", () => {
    const rows: CellValue[][] = Array.from({ length: 25 }, (_, i) => [`C${i}`, (i % 7) * 1000 + i]);
    const t = table(
      [
        ["Campaign", "text"],
        ["Impressions", "integer"],
      ],
      rows,
    );
    const s = chartSummary("campaignsPerformance", t)!;
    expect(s.categories).toHaveLength(TOP_BARS + 1);
    // A bar chart draws its first category at the bottom: Other, then the ten from smallest to largest.
    expect(s.categories[0]).toBe(`${OTHER} (15 campaigns)`);
    const values = s.series[0].values;
    expect(sum(values)).toBe(columnSum(t, "Impressions"));
    const top = values.slice(1) as number[];
    expect(top).toEqual([...top].sort((a, b) => a - b));
    expect(Math.min(...top)).toBeGreaterThanOrEqual(
      Math.max(
        ...t.rows
          .map((r) => r[1] as number)
          .sort((a, b) => b - a)
          .slice(TOP_BARS),
      ),
    );
  });

  test("audience over hundreds of episodes: the ten largest, no sum of the rest", () => {
    const rows: CellValue[][] = Array.from({ length: 300 }, (_, i) => [
      `Episode ${i}`,
      i,
      i / 2,
      i / 3,
      i / 4,
    ]);
    const t = table(
      [
        ["Episode", "text"],
        ["RSS impressions in 15 days", "integer"],
        ["RSS impressions in 30 days", "integer"],
        ["RSS impressions in 45 days", "integer"],
        ["RSS impressions in 60 days", "integer"],
      ],
      rows,
    );
    const s = chartSummary("audience", t)!;
    expect(s.categories).toEqual(Array.from({ length: TOP_BARS }, (_, i) => `Episode ${290 + i}`));
    expect(s.series.map((x) => x.name)).toEqual([15, 30, 45, 60].map((d) => `RSS impressions in ${d} days`));
    expect(s.title).toMatch(/10 largest episodes/);
  });

  test("a report with nothing to sum has no summary", () => {
    expect(chartSummary("impressions", table([["Campaign", "text"]], [["A"]]))).toBeNull();
    expect(chartSummary("impressions", byDayAndCampaign(0, 0))).toBeNull();
    expect(chartSummary("lag", byDayAndCampaign(3, 3))).toBeNull();
  });
});

test("a daily report that also carries its week is drawn by day", () => {
  const t = table(
    [
      ["Week", "date"],
      ["Day", "date"],
      ["Podcast Impressions", "integer"],
    ],
    Array.from({ length: 14 }, (_, d) => [46000 + Math.floor(d / 7) * 7, 46000 + d, 10]),
  );
  expect(chartSummary("impressions", t)).toMatchObject({ category: "Day", categories: expect.any(Array) });
  expect(chartSummary("impressions", t)!.categories).toHaveLength(14);
});

test("one group past the top is drawn itself, not as Other (1 campaigns)", () => {
  const s = chartSummary("impressions", byDayAndCampaign(3, TOP_GROUPS + 1))!;
  expect(s.series.filter((x) => x.axis === "primary").map((x) => x.name)).not.toContain(
    expect.stringMatching(/^Other/),
  );
  expect(s.series.filter((x) => x.axis === "primary")).toHaveLength(TOP_GROUPS + 1);
});

describe("the grain follows the span", () => {
  /** A row a day from `first` for `days` days, two campaigns. */
  const span = (days: number, first = 46023) =>
    table(
      [
        ["Day", "date"],
        ["Campaign", "text"],
        ["Podcast Impressions", "integer"],
      ],
      Array.from({ length: days * 2 }, (_, i) => [first + Math.floor(i / 2), `C${i % 2}`, 1 + (i % 2)]),
    );

  test.each([
    [1, "day", 1],
    [30, "day", 30],
    [92, "week", 14],
    [365, "month", 12],
    [3 * 365 + 1, "month", 36],
  ] as const)("%i days: a point a %s (%i points), the sums unchanged", (days, grain, points) => {
    // 46023 is 2026-01-01, a Thursday: the weeks and months are cut where the calendar cuts them.
    const t = span(days);
    const s = chartSummary("impressions", t)!;
    expect(s.grain).toBe(grain);
    expect(s.categories.length).toBeGreaterThanOrEqual(points);
    expect(s.categories.length).toBeLessThanOrEqual(points + 1);
    expect(sum(s.series.flatMap((x) => x.values))).toBe(columnSum(t, "Podcast Impressions"));
    if (grain !== "day") expect(s.title).toBe(`Impressions by ${grain}, per campaign`);
  });

  test("weeks start on Monday and months on the 1st, unless the report has its own Week column", () => {
    const s = chartSummary("impressions", span(92))!;
    // 2026-01-01 is a Thursday: its week's Monday is 2025-12-29 (serial 46020).
    expect(s.categories[0]).toBe(46020);
    expect((s.categories as number[]).every((c) => (c - 2) % 7 === 0)).toBe(true);
    const months = chartSummary("impressions", span(365, 46030))!;
    expect(months.categories.slice(0, 2)).toEqual([46023, 46054]);
    const withWeek = table(
      [
        ["Week", "date"],
        ["Day", "date"],
        ["Podcast Impressions", "integer"],
      ],
      // Weeks starting on Sunday, as the service's weekStartsOn may ask.
      Array.from({ length: 92 }, (_, d) => [46023 + d - ((d + 4) % 7), 46023 + d, 1]),
    );
    const own = chartSummary("impressions", withWeek)!;
    expect(own.category).toBe("Week");
    expect(own.categories[0]).toBe(46019);
  });

  test("a weekly report is never drawn by day", () => {
    const weekly = table(
      [
        ["Week", "date"],
        ["Podcast Impressions", "integer"],
      ],
      Array.from({ length: 4 }, (_, w) => [46020 + 7 * w, 5]),
    );
    expect(chartSummary("impressions", weekly)!.grain).toBe("week");
  });
});

describe("issue 47: long charts do not mislead", () => {
  test("a campaign with no rows in a month is a gap (null) in its line, not a drop to 0", () => {
    // Month serials: 2026-01-01 46023, 2026-02-01 46054, 2026-03-01 46082; B runs only in January and March.
    const rows: CellValue[][] = [
      [46023, "A", 100],
      [46023, "B", 50],
      [46054, "A", 120],
      [46082, "A", 90],
      [46082, "B", 0],
    ];
    const t = table(
      [
        ["Month", "date"],
        ["Campaign", "text"],
        ["Podcast & Streaming Impressions", "integer"],
      ],
      rows,
    );
    const s = chartSummary("impressions", t)!;
    const b = s.series.find((x) => x.name === "B")!;
    // February: B has no row (a gap); March: a row of 0 is a real 0.
    expect(b.values).toEqual([50, null, 0]);
    expect(s.series.find((x) => x.name === "A")!.values).toEqual([100, 120, 90]);
  });
});

describe("the axis spans the report's dates (issue #47)", () => {
  const month = (m: number) => 46023 + [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304][m]; // 2026-01-01 + m months
  const rows: CellValue[][] = Array.from({ length: 11 }, (_, m) => [month(m), "Campaign A", 1000 + m]);
  const t = table(
    [
      ["Month", "date"],
      ["Campaign", "text"],
      ["Podcast Impressions", "integer"],
    ],
    rows,
  );
  test("a 12-month report whose first period is 2025-11-29 starts at Nov 2025, its months without rows gaps", () => {
    // 2025-11-29 is serial 45990; 2026-11-28 is 46354.
    const s = chartSummary("impressions", t, { first: 45990, last: 46354 })!;
    expect(s.grain).toBe("month");
    expect(s.categories[0]).toBe(45962); // 2025-11-01
    expect(s.categories[1]).toBe(45992); // 2025-12-01
    expect(s.categories.at(-1)).toBe(46327); // 2026-11-01
    expect(s.series[0].values.slice(0, 2)).toEqual([null, null]);
    expect(s.series[0].values).toHaveLength(13);
  });
  test("without a period, the rows' own months", () => {
    expect(chartSummary("impressions", t)!.categories[0]).toBe(46023);
  });
});

describe("incrementality: an interval per result, each category saying what it is (issue #57)", () => {
  const COLUMNS: [string, ColumnKind][] = [
    ["Advertiser", "text"],
    ["Channel type", "text"],
    ["Action", "text"],
    ["Campaign", "text"],
    ["Publisher", "text"],
    ["Incremental %", "percent"],
    ["Incremental % CI lower", "percent"],
    ["Incremental % CI upper", "percent"],
  ];
  /** A result row: its percent p with the interval p ± 0.1 (null: not calculated). */
  const result = (
    advertiser: string,
    channel: string | null,
    action: string,
    p: number | null,
    campaign: string | null = null,
  ): CellValue[] => [
    advertiser,
    channel,
    action,
    campaign,
    null,
    p,
    p === null ? null : p - 0.1,
    p === null ? null : p + 0.1,
  ];
  const channelLevel = (actions = ["purchase", "visitor"]) =>
    table(
      COLUMNS,
      ["podcast", "streaming", "all"].flatMap((c, i) =>
        actions.map((a, j) => result("Acme", c, a, 0.1 * i + 0.01 * j)),
      ),
    );

  test("at channel level a category is the channel type and the action, not the channel type alone", () => {
    const s = chartSummary("incrementality", channelLevel())!;
    expect(s.categories).toEqual([
      "podcast · purchase",
      "podcast · visitor",
      "streaming · purchase",
      "streaming · visitor",
      "all · purchase",
      "all · visitor",
    ]);
    expect(s.category).toBe("Channel type · Action");
    expect(s.categoryTitle).toBe("Channel type · Action");
    expect(s.valueTitle).toBe("Incremental %");
  });

  test("the interval is one stock chart's high, low and close, not two more bars", () => {
    const s = chartSummary("incrementality", channelLevel())!;
    expect(s.type).toBe("StockHLC");
    expect(s.series.map((x) => [x.name, x.kind])).toEqual([
      ["Incremental % CI upper", "percent"],
      ["Incremental % CI lower", "percent"],
      ["Incremental %", "percent"],
    ]);
    const [upper, lower, point] = s.series.map((x) => x.values as number[]);
    point.forEach((p, i) => {
      expect(upper[i]).toBeCloseTo(p + 0.1, 9);
      expect(lower[i]).toBeCloseTo(p - 0.1, 9);
    });
  });

  test("at campaign level a category is the campaign and the action; with several advertisers, the advertiser first", () => {
    const t = table(COLUMNS, [
      result("Acme", null, "purchase", 0.2, "Spring"),
      result("Globex", null, "purchase", 0.1, "Launch"),
    ]);
    const s = chartSummary("incrementality", t)!;
    expect(s.categories).toEqual(["Acme · Spring · purchase", "Globex · Launch · purchase"]);
    expect(s.category).toBe("Advertiser · Campaign · Action");
  });

  test("results not calculated are left out and counted; past 15 results, the first 15, said on the axis", () => {
    const rows = [
      result("Acme", "podcast", "lead", null),
      ...channelLevel(["a", "b", "c", "d", "e", "f"]).rows,
    ];
    const s = chartSummary("incrementality", table(COLUMNS, rows))!;
    expect(s.categories).toHaveLength(15);
    expect(s.categories[0]).toBe("podcast · a");
    expect(s.series[2].values.every((v) => typeof v === "number")).toBe(true);
    expect(s.categoryTitle).toBe("Channel type · Action (the first 15 of 18 results; 1 not calculated)");
  });

  test("read back from a sheet (percentages as plain numbers), the values are still percentages", () => {
    const t = channelLevel();
    t.columns = t.columns.map((c) => (c.kind === "percent" ? { ...c, kind: "integer" as const } : c));
    expect(chartSummary("incrementality", t)!.series.map((x) => x.kind)).toEqual([
      "percent",
      "percent",
      "percent",
    ]);
  });

  test("without the interval's columns, the percents alone as columns; with no result calculated, no chart", () => {
    const t = channelLevel();
    const bare = table(
      COLUMNS.slice(0, 6),
      t.rows.map((r) => r.slice(0, 6)),
    );
    const s = chartSummary("incrementality", bare)!;
    expect([s.type, s.series.map((x) => x.name)]).toEqual(["ColumnClustered", ["Incremental %"]]);
    expect(chartSummary("incrementality", table(COLUMNS, [result("Acme", "all", "lead", null)]))).toBeNull();
  });
});
