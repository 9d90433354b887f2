/** A chart beside each report that says more as a picture; it follows its table through refreshes. */
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import { DEFAULT_COLUMN_WIDTH_PT, rowTop } from "../../preview/memory/geometry";
import type { TypedTable } from "../api/table";
import { chartFor, chartName } from "./reportCharts";
import { createReportSheet, readDefinition, refreshReport, setReportChart } from "./reportSheets";
import { saveDefinition } from "./reportStore";

const table = (columns: [string, TypedTable["columns"][number]["kind"]][], rows: number): TypedTable => ({
  columns: columns.map(([name, kind]) => ({ name, kind })),
  rows: Array.from({ length: rows }, (_, r) =>
    columns.map(([name, kind]) =>
      kind === "text" ? `${name} ${r}` : kind === "date" ? 46000 + r : 10 * (r + 1),
    ),
  ),
});

describe("which chart a report gets", () => {
  test.each([
    [
      "impressions by day",
      "impressions",
      [
        ["Day", "date"],
        ["Campaign", "text"],
        ["Spend", "currency"],
        ["Podcast & Streaming Impressions", "integer"],
      ],
      { type: "LineMarkers", category: "Day", series: ["Spend", "Podcast & Streaming Impressions"] },
    ],
    [
      "impressions by campaign",
      "impressions",
      [
        ["Campaign", "text"],
        ["Podcast & Streaming Impressions", "integer"],
      ],
      { type: "BarClustered", category: "Campaign", series: ["Podcast & Streaming Impressions"] },
    ],
    [
      "lag",
      "lag",
      [
        ["Action", "text"],
        ["Object ID", "text"],
        ["Day 1", "number"],
        ["Day 2", "number"],
      ],
      { type: "LineMarkers", category: "Action", series: ["Day 1", "Day 2"] },
    ],
    [
      "audience",
      "audience",
      [
        ["Episode", "text"],
        ["d15", "integer"],
        ["d30", "integer"],
        ["d15 Alpha", "integer"],
      ],
      { type: "ColumnClustered", category: "Episode", series: ["d15", "d30"] },
    ],
    [
      "campaign performance",
      "campaignsPerformance",
      [
        ["Campaign", "text"],
        ["Impressions", "integer"],
      ],
      { type: "BarClustered", category: "Campaign", series: ["Impressions"] },
    ],
    [
      "incrementality",
      "incrementality",
      [
        ["Campaign", "text"],
        ["Incremental %", "percent"],
        ["Incremental % CI lower", "percent"],
        ["Incremental % CI upper", "percent"],
      ],
      {
        type: "ColumnClustered",
        category: "Campaign",
        series: ["Incremental %", "Incremental % CI lower", "Incremental % CI upper"],
      },
    ],
  ] as const)("%s", (_label, kind, columns, plan) => {
    expect(chartFor(kind, table(columns as never, 3))).toMatchObject(plan);
  });

  test("incrementality at channel level: the categories come from the first column that holds values", () => {
    const columns: [string, TypedTable["columns"][number]["kind"]][] = [
      ["Channel type", "text"],
      ["Action", "text"],
      ["Campaign", "text"],
      ["Publisher", "text"],
      ["Incremental %", "percent"],
    ];
    const channelLevel = table(columns, 3);
    // As the service answers at channel level: no campaign, no publisher.
    channelLevel.rows = channelLevel.rows.map((r) => [r[0], r[1], null, "", r[4]]);
    expect(chartFor("incrementality", channelLevel)).toMatchObject({ category: "Channel type" });
    expect(chartFor("incrementality", table(columns, 3))).toMatchObject({ category: "Campaign" });
  });

  test.each([
    [
      "listener IDs",
      "impressionListeners",
      [
        ["User Id", "text"],
        ["Frequency", "integer"],
      ],
      3,
    ],
    [
      "search",
      "search",
      [
        ["Episode", "text"],
        ["Score", "number"],
      ],
      3,
    ],
    [
      "no rows",
      "impressions",
      [
        ["Day", "date"],
        ["Spend", "currency"],
      ],
      0,
    ],
  ] as const)("%s: none", (_label, kind, columns, rows) => {
    expect(chartFor(kind, table(columns as never, rows))).toBeNull();
  });
});

describe("the chart beside a report sheet", () => {
  const daily = (days: number) =>
    table(
      [
        ["Day", "date"],
        ["Spend", "currency"],
        ["Podcast & Streaming Impressions", "integer"],
      ],
      days,
    );

  async function setup() {
    const wb = new InMemoryWorkbook();
    (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
    const def = await createReportSheet(
      wb.excel,
      { kind: "impressions", params: { timeGrouping: "day" }, label: "Daily" },
      { type: "table", table: daily(5) },
    );
    return { wb, def };
  }

  test("is made beside the table, reading its columns, and follows it to more and fewer rows and a new sheet name", async () => {
    const { wb, def } = await setup();
    const [chart] = wb.host.charts("Daily");
    // Right of the table, starting under the frozen header row: never split by the freeze line.
    const frozen = wb.host.freezeRows("Daily");
    expect(frozen).toBe(3);
    expect(chart.top).toBe(rowTop(frozen));
    const widths = wb.host.columnWidths("Daily");
    const tableRight = [0, 1, 2].reduce((x, c) => x + (widths.get(c) ?? DEFAULT_COLUMN_WIDTH_PT), 0);
    expect(chart.left).toBeGreaterThan(tableRight);
    expect(chart).toMatchObject({
      name: chartName(def.tableName!),
      type: "LineMarkers",
      title: "Spend and impressions over time",
    });
    expect(chart.series.map((s) => [s.name, s.values.length])).toEqual([
      ["Spend", 5],
      ["Podcast & Streaming Impressions", 5],
    ]);
    expect((await readDefinition(wb.excel, "Daily"))!.chart).toMatchObject({
      enabled: true,
      plan: expect.any(String),
    });
    for (const days of [9, 2]) {
      await refreshReport(wb.excel, "Daily", async () => ({ type: "table", table: daily(days) }));
      const [again] = wb.host.charts("Daily");
      expect(again.name).toBe(chart.name);
      expect(again.series.map((s) => s.values.length)).toEqual([days, days]);
      expect(again.series[0].values).toEqual(daily(days).rows.map((r) => r[1]));
    }
    await wb.excel.run(async (context) => {
      context.workbook.worksheets.getItem("Daily").name = "Daily spend";
      await context.sync();
    });
    await refreshReport(wb.excel, "Daily spend", async () => ({ type: "table", table: daily(4) }));
    expect(wb.host.charts("Daily spend").map((c) => [c.name, c.series[0].values.length])).toEqual([
      [chart.name, 4],
    ]);
  });

  test("a lag chart runs across: days along the x axis, a line per action (the first six rows), made again when those rows change", async () => {
    const wb = new InMemoryWorkbook();
    (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
    const lag = (actions: string[]): TypedTable => ({
      columns: [
        { name: "Action", kind: "text" },
        { name: "Object ID", kind: "text" },
        ...[1, 2, 3].map((d) => ({ name: `Day ${d}`, kind: "integer" as const })),
      ],
      rows: actions.map((a, i) => [a, "sai", 100 * (i + 1), 50 * (i + 1), 10 * (i + 1)]),
    });
    const eight = ["visitor", "lead", "install", "signup", "purchase", "trial", "order", "renewal"];
    await createReportSheet(
      wb.excel,
      { kind: "lag", params: { advertiser: ["Acme"], groupKey: "series" }, label: "Lag" },
      { type: "table", table: lag(eight) },
    );
    const [chart] = wb.host.charts("Lag");
    expect(chart.series.map((s) => s.name)).toEqual(eight.slice(0, 6).map((a) => `${a} · sai`));
    expect(chart.series[1].values).toEqual([200, 100, 20]);
    expect(chart.series[1].categories).toEqual(["Day 1", "Day 2", "Day 3"]);
    await refreshReport(wb.excel, "Lag", async () => ({ type: "table", table: lag(["lead", "visitor"]) }));
    const [again] = wb.host.charts("Lag");
    expect(again.series.map((s) => [s.name, s.values])).toEqual([
      ["lead · sai", [100, 50, 10]],
      ["visitor · sai", [200, 100, 20]],
    ]);
  });

  test("switched off, it goes at the next refresh; other columns make it again", async () => {
    const { wb, def } = await setup();
    const onlySpend = table(
      [
        ["Day", "date"],
        ["Spend", "currency"],
      ],
      3,
    );
    await refreshReport(wb.excel, "Daily", async () => ({ type: "table", table: onlySpend }));
    expect(wb.host.charts("Daily")[0].series.map((s) => s.name)).toEqual(["Spend"]);
    await saveDefinition(wb.excel, {
      ...(await readDefinition(wb.excel, "Daily"))!,
      chart: { enabled: false },
    });
    await refreshReport(wb.excel, "Daily", async () => ({ type: "table", table: onlySpend }));
    expect(wb.host.charts("Daily")).toEqual([]);
    expect(def.tableName).toBeDefined();
  });

  test("switched off and on from the Sheets tab, it goes and comes back at once, and refreshes follow the switch", async () => {
    const { wb } = await setup();
    const off = await setReportChart(wb.excel, "Daily", false);
    expect(off).toEqual({ enabled: false, plan: undefined });
    expect(wb.host.charts("Daily")).toEqual([]);
    await refreshReport(wb.excel, "Daily", async () => ({ type: "table", table: daily(6) }));
    expect(wb.host.charts("Daily")).toEqual([]);
    // On again: chosen from the table as it stands (its header, numbers in its first rows).
    const on = await setReportChart(wb.excel, "Daily", true);
    expect(on).toMatchObject({ enabled: true, plan: expect.any(String) });
    expect(
      wb.host.charts("Daily").map((c) => [c.type, c.series.map((x) => [x.name, x.values.length])]),
    ).toEqual([
      [
        "LineMarkers",
        [
          ["Spend", 6],
          ["Podcast & Streaming Impressions", 6],
        ],
      ],
    ]);
    expect((await readDefinition(wb.excel, "Daily"))!.chart).toEqual(on);
    // The chart it made is the one a refresh would make: the refresh keeps it (same plan).
    const [made] = wb.host.charts("Daily");
    await refreshReport(wb.excel, "Daily", async () => ({ type: "table", table: daily(3) }));
    expect(wb.host.charts("Daily").map((c) => [c.name, c.series[0].values.length])).toEqual([[made.name, 3]]);
  });

  test("a new report can be made without its chart", async () => {
    const wb = new InMemoryWorkbook();
    (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
    const def = await createReportSheet(
      wb.excel,
      { kind: "impressions", params: {}, label: "No chart", chart: false, tableStyle: "TableStyleMedium3" },
      { type: "table", table: daily(4) },
    );
    expect(wb.host.charts("No chart")).toEqual([]);
    expect(def.chart).toEqual({ enabled: false, plan: undefined });
    expect(wb.host.tableStyle(def.tableName!)).toBe("TableStyleMedium3");
    // A style the planner picks later in Excel is theirs: a refresh keeps it, and adds no chart.
    await wb.excel.run(async (context) => {
      context.workbook.tables.getItem(def.tableName!).style = "TableStyleDark2";
      await context.sync();
    });
    await refreshReport(wb.excel, "No chart", async () => ({ type: "table", table: daily(7) }));
    expect(wb.host.tableStyle(def.tableName!)).toBe("TableStyleDark2");
    expect(wb.host.charts("No chart")).toEqual([]);
    await expect(setReportChart(wb.excel, "Nowhere", true)).rejects.toThrow(/no report definition/);
  });
});
