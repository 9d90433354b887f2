/** A chart beside each report that says more as a picture; it follows its table through refreshes. */
import { InMemoryWorkbook } from "../../../preview/memory/workbook";
import { columnIndex, columnName } from "../../../preview/memory/address";
import { DEFAULT_COLUMN_WIDTH_PT, rowTop } from "../../../preview/memory/geometry";
import type { TypedTable } from "../../api/table";
import { BAND_ROWS, FIRST_SCREEN_PT } from "./chartLayout";
import { chartFor, chartName } from "./chartChoice";
import { chartSummary } from "../../reports/chartSummary";
import { SUMMARY_NOTE } from "./summaryBlock";
import { createReportSheet, readDefinition, refreshReport, setReportChart } from "../reportSheets";
import { saveDefinition } from "../store/reportRecords";

const table = (columns: [string, TypedTable["columns"][number]["kind"]][], rows: number): TypedTable => ({
  columns: columns.map(([name, kind]) => ({ name, kind })),
  rows: Array.from({ length: rows }, (_, r) =>
    columns.map(([name, kind]) =>
      kind === "text" ? `${name} ${r}` : kind === "date" ? 46000 + r : 10 * (r + 1),
    ),
  ),
});

/** A block's address as [first column, first row, last column, last row] (1-based rows, 0-based columns). */
const corners = (address: string) => {
  const m = /^([A-Z]+)(\d+):([A-Z]+)(\d+)$/.exec(address)!;
  return [columnIndex(m[1]), Number(m[2]), columnIndex(m[3]), Number(m[4])];
};

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
  ] as const)("%s", (_label, kind, columns, plan) => {
    expect(chartFor(kind, table(columns as never, 3))).toMatchObject(plan);
  });

  test("incrementality is drawn from its results, not over the table's columns: each category names its level and action (issue 57)", () => {
    const columns: [string, TypedTable["columns"][number]["kind"]][] = [
      ["Channel type", "text"],
      ["Action", "text"],
      ["Campaign", "text"],
      ["Publisher", "text"],
      ["Incremental %", "percent"],
      ["Incremental % CI lower", "percent"],
      ["Incremental % CI upper", "percent"],
    ];
    const channelLevel = table(columns, 3);
    // As the service answers at channel level: no campaign, no publisher.
    channelLevel.rows = channelLevel.rows.map((r) => [r[0], r[1], null, "", r[4], r[5], r[6]]);
    expect(chartFor("incrementality", channelLevel)).toBeNull();
    const summary = chartSummary("incrementality", channelLevel);
    expect(summary).not.toBeNull();
    // Each point is a level and its action, never a bare level.
    expect(summary!.categories.every((c) => / · /.test(String(c)))).toBe(true);
  });

  test("incrementality's confidence interval is drawn as an interval, not as two more bars (issue 57)", () => {
    const columns: [string, TypedTable["columns"][number]["kind"]][] = [
      ["Campaign", "text"],
      ["Action", "text"],
      ["Incremental %", "percent"],
      ["Incremental % CI lower", "percent"],
      ["Incremental % CI upper", "percent"],
    ];
    const summary = chartSummary("incrementality", table(columns, 3));
    expect(summary).not.toBeNull();
    expect(summary!.type).not.toBe("ColumnClustered");
    // Its three series are the interval's high and low and the point, in that order (a high-low-close chart).
    expect(summary!.series.map((x) => x.name)).toHaveLength(3);
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

  const tableRight = (wb: InMemoryWorkbook, sheet: string, cols: number) => {
    const widths = wb.host.columnWidths(sheet);
    return Array.from({ length: cols }, (_, c) => widths.get(c) ?? DEFAULT_COLUMN_WIDTH_PT).reduce(
      (a, b) => a + b,
    );
  };

  test("beside a narrow table, within the first screen, under the frozen header row", async () => {
    const wb = new InMemoryWorkbook();
    (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
    const narrow = table(
      [
        ["Day", "date"],
        ["Impressions", "integer"],
      ],
      5,
    );
    const def = await createReportSheet(
      wb.excel,
      { kind: "impressions", params: { timeGrouping: "day" }, label: "Narrow" },
      { type: "table", table: narrow },
    );
    expect(def.chart?.band).toBeUndefined();
    const [chart] = wb.host.charts("Narrow");
    // Starting under the frozen header row: never split by the freeze line.
    const frozen = wb.host.freezeRows("Narrow");
    expect(frozen).toBe(3);
    expect(wb.host.tables()[0].rect.row).toBe(2);
    expect(chart.top).toBe(rowTop(frozen));
    expect(chart.left).toBeGreaterThan(tableRight(wb, "Narrow", 2));
    expect(chart.left + chart.width).toBeLessThanOrEqual(FIRST_SCREEN_PT);
  });

  test("above a table too wide for it beside it, under the status line; reads the table's columns and follows it to more and fewer rows and a new sheet name", async () => {
    const { wb, def } = await setup();
    const [chart] = wb.host.charts("Daily");
    // Beside this table it would end past the first screen: rows are kept for it above the table.
    expect(tableRight(wb, "Daily", 3) + 9 * DEFAULT_COLUMN_WIDTH_PT).toBeGreaterThan(FIRST_SCREEN_PT);
    expect(def.chart?.band).toEqual({ row: 1, rows: BAND_ROWS });
    expect(wb.host.tables()[0].rect.row).toBe(2 + BAND_ROWS);
    expect([chart.left, chart.top]).toEqual([0, rowTop(1)]);
    expect(chart.top + chart.height).toBeLessThanOrEqual(rowTop(1 + BAND_ROWS));
    expect(chart.width).toBeLessThanOrEqual(FIRST_SCREEN_PT);
    // Nothing frozen: a frozen chart would leave a laptop a few rows of data.
    expect(wb.host.freezeRows("Daily")).toBe(0);
    // Its sums run across in the rows kept for it, right of the table and of the chart, not under it.
    const [c0, r0, , r1] = corners(def.chart!.data!);
    // The note, the days, and a row for each of its 2 series.
    expect([r0 - 1, r1 - 1]).toEqual([1, 1 + 3]);
    expect(c0).toBeGreaterThan(2);
    expect(tableRight(wb, "Daily", c0)).toBeGreaterThanOrEqual(chart.left + chart.width);
    expect(chart).toMatchObject({
      name: chartName(def.tableName!),
      type: "LineMarkers",
      title: "Impressions and spend by day",
    });
    expect(chart.series.map((s) => [s.name, s.values.length])).toEqual([
      ["Podcast & Streaming Impressions", 5],
      ["Spend", 5],
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
      expect(again.series[0].values).toEqual(daily(days).rows.map((r) => r[2]));
      expect(again.series[1].values).toEqual(daily(days).rows.map((r) => r[1]));
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
    expect(chart.title).toBe("Lag: actions by day after the impression (the first 6 of 8 rows)");
    expect(chart.series.map((s) => s.name)).toEqual(eight.slice(0, 6).map((a) => `${a} · sai`));
    expect(chart.series[1].values).toEqual([200, 100, 20]);
    expect(chart.series[1].categories).toEqual(["Day 1", "Day 2", "Day 3"]);
    // A ninth row: the same six lines, the title says the new count.
    await refreshReport(wb.excel, "Lag", async () => ({ type: "table", table: lag([...eight, "trial2"]) }));
    expect(wb.host.charts("Lag")[0].title).toBe(
      "Lag: actions by day after the impression (the first 6 of 9 rows)",
    );
    // Moved and resized by the planner: made again over other rows, it stays where they put it.
    await wb.excel.run(async (context) => {
      const c = context.workbook.worksheets.getItem("Lag").charts.getItemAt(0);
      c.top = 450;
      c.left = 60;
      c.width = 500;
      await context.sync();
    });
    await refreshReport(wb.excel, "Lag", async () => ({ type: "table", table: lag(["lead", "visitor"]) }));
    const [again] = wb.host.charts("Lag");
    expect([again.top, again.left, again.width]).toEqual([450, 60, 500]);
    expect(again.title).toBe("Lag: actions by day after the impression");
    expect(again.series.map((s) => [s.name, s.values])).toEqual([
      ["lead · sai", [100, 50, 10]],
      ["visitor · sai", [200, 100, 20]],
    ]);
  });

  test.each(["impressions", "lag"] as const)(
    "a %s chart the planner deleted stays deleted at the next refresh: the switch is off and says why; switched on, it is back",
    async (kind) => {
      const wb = new InMemoryWorkbook();
      (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
      const t =
        kind === "lag"
          ? table(
              [
                ["Action", "text"],
                ["Object ID", "text"],
                ["Day 1", "integer"],
                ["Day 2", "integer"],
              ],
              3,
            )
          : table(
              [
                ["Day", "date"],
                ["Campaign", "text"],
                ["Podcast Impressions", "integer"],
              ],
              10,
            );
      await createReportSheet(wb.excel, { kind, params: {}, label: "Mine" }, { type: "table", table: t });
      expect(wb.host.charts("Mine")).toHaveLength(1);
      await wb.excel.run(async (context) => {
        context.workbook.worksheets.getItem("Mine").charts.getItemAt(0).delete();
        await context.sync();
      });
      await refreshReport(wb.excel, "Mine", async () => ({ type: "table", table: t }));
      await refreshReport(wb.excel, "Mine", async () => ({ type: "table", table: t }));
      expect(wb.host.charts("Mine")).toHaveLength(0);
      const def = (await readDefinition(wb.excel, "Mine"))!;
      expect(def.chart).toMatchObject({ enabled: false, deleted: true });
      // Its block of sums, which nothing draws now, is gone too.
      expect(def.chart!.data).toBeUndefined();
      const notes = await wb.excel.run(async (context) => {
        const used = context.workbook.worksheets.getItem("Mine").getUsedRange();
        used.load("values");
        await context.sync();
        return used.values.flat().filter((v) => v === SUMMARY_NOTE);
      });
      expect(notes).toEqual([]);
      await setReportChart(wb.excel, "Mine", true);
      expect(wb.host.charts("Mine")).toHaveLength(1);
      expect((await readDefinition(wb.excel, "Mine"))!.chart).toMatchObject({ enabled: true });
      expect((await readDefinition(wb.excel, "Mine"))!.chart!.deleted).toBeUndefined();
    },
  );

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
    // The rows kept for the chart stay the chart's: switched on again, it is drawn there.
    expect(off).toEqual({ enabled: false, plan: undefined, band: { row: 1, rows: BAND_ROWS } });
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
          ["Podcast & Streaming Impressions", 6],
          ["Spend", 6],
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
    // A sheet renamed or deleted since the list was read is said to be so; a plain sheet has no report.
    await expect(setReportChart(wb.excel, "Nowhere", true)).rejects.toThrow(
      /no sheet has this name any more/,
    );
    await wb.excel.run(async (context) => {
      context.workbook.worksheets.add("Plain");
      await context.sync();
    });
    await expect(setReportChart(wb.excel, "Plain", true)).rejects.toThrow(/no report definition to chart/);
    await expect(
      refreshReport(wb.excel, "Nowhere", async () => ({ type: "table", table: daily(7) })),
    ).rejects.toThrow(/renamed or deleted/);
  });
});

describe("a chart drawn from the report's sums", () => {
  /** Impressions by day × campaign: `campaigns` rows a day, each campaign's impressions and spend. */
  const byCampaign = (days: number, campaigns: number): TypedTable => ({
    columns: [
      { name: "Day", kind: "date" },
      { name: "Campaign", kind: "text" },
      { name: "Spend", kind: "currency" },
      { name: "Podcast Impressions", kind: "integer" },
    ],
    rows: Array.from({ length: days * campaigns }, (_, i) => {
      const d = Math.floor(i / campaigns);
      const c = i % campaigns;
      return [46000 + d, `Campaign ${c}`, 12.5 * (c + 1), 1000 * (c + 1) + d];
    }),
  });
  const total = (t: TypedTable, j: number) => t.rows.reduce((n, r) => n + (r[j] as number), 0);
  const sum = (xs: (number | null)[]) => xs.reduce<number>((n, v) => n + (v ?? 0), 0);

  /**
   * The report made with its chart: the table is too wide for the chart beside it, so the chart is
   * above it and its sums run across ("across"); or made without, then switched on (no rows were
   * kept above the table): the chart beside it, its sums down under it ("down").
   */
  async function made(days: number, campaigns: number, shape: "across" | "down" = "across") {
    const wb = new InMemoryWorkbook();
    (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
    const t = byCampaign(days, campaigns);
    await createReportSheet(
      wb.excel,
      {
        kind: "impressions",
        params: { timeGrouping: "day" },
        label: "By campaign",
        chart: shape === "across",
      },
      { type: "table", table: t },
    );
    if (shape === "down") await setReportChart(wb.excel, "By campaign", true);
    return { wb, t };
  }

  test("several rows a day give one point a day on a date axis; the lines add up to the table; the campaigns' colours are told apart", async () => {
    const { wb, t } = await made(8, 9);
    const [chart] = wb.host.charts("By campaign");
    expect(chart.title).toBe("Impressions by day, per campaign");
    // A date axis, labelled "Dec 9" at most every few days so that each label is whole.
    expect(chart.categoryAxis).toMatchObject({ date: true, baseTimeUnit: "Days", format: "mmm d" });
    expect(new Set(chart.series.map((s) => s.color)).size).toBe(chart.series.length);
    expect(chart.series.at(-1)!.color).toBe("#8C8C8C");
    const lines = chart.series.filter((s) => !s.secondary);
    const money = chart.series.filter((s) => s.secondary);
    // The five largest campaigns and Other, a point a day.
    expect(lines.map((s) => s.name)).toEqual([
      "Campaign 8",
      "Campaign 7",
      "Campaign 6",
      "Campaign 5",
      "Campaign 4",
      "Other (4 campaigns)",
    ]);
    for (const s of chart.series) expect(s.values).toHaveLength(8);
    expect(lines[0].categories).toEqual([
      "2025-12-09",
      "2025-12-10",
      "2025-12-11",
      "2025-12-12",
      "2025-12-13",
      "2025-12-14",
      "2025-12-15",
      "2025-12-16",
    ]);
    expect(sum(lines.flatMap((s) => s.values))).toBe(total(t, 3));
    // Spend as a seventh line on a second axis would tangle with six campaign lines: the table has it.
    expect(money).toEqual([]);
    expect(chart.valueAxisTitle).toBe("Podcast Impressions");
  });

  test.each(["across", "down"] as const)(
    "sums %s: they and the chart survive refreshes, where the planner moved it; fewer campaigns draw fewer lines",
    async (shape) => {
      const { wb } = await made(5, 7, shape);
      await wb.excel.run(async (context) => {
        const chart = context.workbook.worksheets.getItem("By campaign").charts.getItemAt(0);
        chart.top = 400;
        chart.left = 30;
        await context.sync();
      });
      // Same campaigns, more days: the points follow, the chart stays where it was put.
      await refreshReport(wb.excel, "By campaign", async () => ({ type: "table", table: byCampaign(9, 7) }));
      let [chart] = wb.host.charts("By campaign");
      expect([chart.top, chart.left]).toEqual([400, 30]);
      expect(chart.series.map((s) => s.values.length)).toEqual([9, 9, 9, 9, 9, 9]);
      // Two campaigns: no Other, and the old block's extra rows and columns are gone.
      const two = byCampaign(3, 2);
      await refreshReport(wb.excel, "By campaign", async () => ({ type: "table", table: two }));
      [chart] = wb.host.charts("By campaign");
      expect([chart.top, chart.left]).toEqual([400, 30]);
      expect(chart.series.map((s) => [s.name, s.values.length])).toEqual([
        ["Campaign 1", 3],
        ["Campaign 0", 3],
      ]);
      expect(sum(chart.series.filter((s) => !s.secondary).flatMap((s) => s.values))).toBe(total(two, 3));
      const def = (await readDefinition(wb.excel, "By campaign"))!;
      const { used } = await wb.excel.run(async (context) => {
        const r = context.workbook.worksheets.getItem("By campaign").getRange(def.chart!.data!);
        const u = context.workbook.worksheets.getItem("By campaign").getUsedRange();
        r.load("rowCount,columnCount");
        u.load("rowCount,columnCount");
        await context.sync();
        return { used: [u.rowCount, u.columnCount], block: [r.rowCount, r.columnCount] };
      });
      // The used range ends at the new block, which is as small as its 3 days and 2 series: the old one's
      // extra cells are gone (down: rows under the chart's; across: columns right of the table).
      const [c0, r0, c1, r1] = corners(def.chart!.data!);
      if (shape === "down") {
        expect(used[0]).toBe(r1);
        expect([r1 - r0 + 1, c1 - c0 + 1]).toEqual([3 + 2, 2 + 1]);
      } else {
        expect(used[1]).toBe(c1 + 1);
        expect([r1 - r0 + 1, c1 - c0 + 1]).toEqual([2 + 2, 3 + 1]);
      }
    },
  );

  test.each(["across", "down"] as const)(
    "sums %s: a block that would grow into the planner's cells goes elsewhere: what they typed where it grows stays",
    async (shape) => {
      const { wb } = await made(5, 7, shape);
      const sheet = "By campaign";
      const blockAt = async () => (await readDefinition(wb.excel, sheet))!.chart!.data!;
      const first = [await blockAt()];
      const [c0, r0, c1, r1] = corners(first[0]);
      // Where the block of sums grows (under it, or right of it), the planner's own total: the next
      // refresh has more days than fit before it.
      const under = shape === "down" ? `${columnName(c0)}${r1 + 2}` : `${columnName(c1 + 2)}${r0 + 1}`;
      const right = shape === "down" ? `${columnName(c1)}${r1 + 2}` : `${columnName(c1 + 2)}${r1}`;
      const cells = async () =>
        wb.excel.run(async (context) => {
          const s = context.workbook.worksheets.getItem(sheet);
          const a = s.getRange(under);
          const b = s.getRange(right);
          a.load("formulas");
          b.load("formulas");
          await context.sync();
          return [a.formulas[0][0], b.formulas[0][0]];
        });
      await wb.excel.run(async (context) => {
        const s = context.workbook.worksheets.getItem(sheet);
        s.getRange(under).values = [["My total"]];
        s.getRange(right).formulas = [["=1+2"]];
        await context.sync();
      });
      await refreshReport(wb.excel, sheet, async () => ({ type: "table", table: byCampaign(9, 7) }));
      expect(await cells()).toEqual(["My total", "=1+2"]);
      const moved = await blockAt();
      expect(moved).not.toBe(first[0]);
      let [chart] = wb.host.charts(sheet);
      expect(chart.series.map((s) => s.values.length)).toEqual([9, 9, 9, 9, 9, 9]);
      expect(sum(chart.series.filter((s) => !s.secondary).flatMap((s) => s.values))).toBe(
        total(byCampaign(9, 7), 3),
      );
      // The old block is gone, the new one stays where it went at the next refresh.
      const oldNote = await wb.excel.run(async (context) => {
        const r = context.workbook.worksheets.getItem(sheet).getRange(first[0]).getCell(0, 0);
        r.load("values");
        await context.sync();
        return r.values[0][0];
      });
      expect(oldNote).toBe("");
      await refreshReport(wb.excel, sheet, async () => ({ type: "table", table: byCampaign(9, 7) }));
      expect(await blockAt()).toBe(moved);
      expect(await cells()).toEqual(["My total", "=1+2"]);
      [chart] = wb.host.charts(sheet);
      expect(chart.series[0].values).toHaveLength(9);
    },
  );

  test("a refresh that widens a column under the chart above the table stretches it; its sums move right of it", async () => {
    const { wb } = await made(5, 3);
    const sheet = "By campaign";
    const blockLeft = async () => {
      const [c0] = corners((await readDefinition(wb.excel, sheet))!.chart!.data!);
      const widths = wb.host.columnWidths(sheet);
      return Array.from({ length: c0 }, (_, c) => widths.get(c) ?? DEFAULT_COLUMN_WIDTH_PT).reduce(
        (a, b) => a + b,
      );
    };
    const [before] = wb.host.charts(sheet);
    expect(await blockLeft()).toBeGreaterThanOrEqual(before.left + before.width);
    // Campaign names four times as long: column B widens, and the chart over it with it.
    const long = byCampaign(5, 3);
    long.rows = long.rows.map((r) => [r[0], `${r[1]} with a much longer name`, r[2], r[3]]);
    await refreshReport(wb.excel, sheet, async () => ({ type: "table", table: long }));
    const [after] = wb.host.charts(sheet);
    expect(after.width).toBeGreaterThan(before.width);
    expect(await blockLeft()).toBeGreaterThanOrEqual(after.left + after.width);
  });

  test.each([
    ["across", 4],
    ["down", 4],
    ["across", 12],
    ["down", 12],
  ] as const)(
    "sums %s, %i days: a table that gains or loses a column keeps one block of sums, right of it",
    async (shape, days) => {
      const { wb } = await made(days, 3, shape);
      const sheet = "By campaign";
      const notes = async () =>
        wb.excel.run(async (context) => {
          const u = context.workbook.worksheets.getItem(sheet).getUsedRange(true);
          u.load("values,columnIndex,rowIndex");
          await context.sync();
          return u.values.flatMap((row) => row.filter((v) => v === SUMMARY_NOTE)).length;
        });
      const wider = (t: TypedTable): TypedTable => ({
        columns: [...t.columns, { name: "Clicks", kind: "integer" }],
        rows: t.rows.map((r) => [...r, 7]),
      });
      const column = async () => /^[A-Z]+/.exec((await readDefinition(wb.excel, sheet))!.chart!.data!)![0];
      const before = await column();
      await refreshReport(wb.excel, sheet, async () => ({
        type: "table",
        table: wider(byCampaign(days, 3)),
      }));
      expect(await notes()).toBe(1);
      // Down: right of the table, one column further. Across: right of the chart above the table,
      // which is wider than this table, so where it was.
      expect(await column()).toBe(shape === "down" ? String.fromCharCode(before.charCodeAt(0) + 1) : before);
      let [chart] = wb.host.charts(sheet);
      expect(chart.series[0].values).toHaveLength(days);
      await refreshReport(wb.excel, sheet, async () => ({ type: "table", table: byCampaign(days, 3) }));
      expect(await notes()).toBe(1);
      expect(await column()).toBe(before);
      [chart] = wb.host.charts(sheet);
      expect(chart.series[0].values).toHaveLength(days);
    },
  );

  test("a total that moved into the old block when the planner deleted one of its rows is not overwritten", async () => {
    const { wb } = await made(5, 3);
    const sheet = "By campaign";
    const at = /^([A-Z]+)(\d+):([A-Z]+)(\d+)$/.exec((await readDefinition(wb.excel, sheet))!.chart!.data!)!;
    const under = `${at[1]}${Number(at[4]) + 1}`;
    await wb.excel.run(async (context) => {
      const s = context.workbook.worksheets.getItem(sheet);
      s.getRange(under).values = [["My total"]];
      // The planner deletes the block's last row: the total moves up into the recorded address.
      s.getRange(`${at[4]}:${at[4]}`).delete("Up" as Excel.DeleteShiftDirection);
      await context.sync();
    });
    await refreshReport(wb.excel, sheet, async () => ({ type: "table", table: byCampaign(5, 3) }));
    const moved = `${at[1]}${Number(at[4])}`;
    const value = await wb.excel.run(async (context) => {
      const r = context.workbook.worksheets.getItem(sheet).getRange(moved);
      r.load("values");
      await context.sync();
      return r.values[0][0];
    });
    expect(value).toBe("My total");
    const [chart] = wb.host.charts(sheet);
    expect(chart.series[0].values).toHaveLength(5);
  });

  test("names that look like numbers, dates or formulas stay text in the sums", async () => {
    const wb = new InMemoryWorkbook();
    (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
    const names = ["007", "12/25", "-Promo", "=1+1"];
    await createReportSheet(
      wb.excel,
      { kind: "campaignsPerformance", params: {}, label: "Names" },
      {
        type: "table",
        table: {
          columns: [
            { name: "Campaign", kind: "text" },
            { name: "Impressions", kind: "integer" },
          ],
          rows: names.map((n, i) => [n, 100 * (i + 1)]),
        },
      },
    );
    const [chart] = wb.host.charts("Names");
    expect(chart.series[0].categories).toEqual([...names]);
    expect(chart.series[0].values).toEqual([100, 200, 300, 400]);
  });

  test("a report with no rows to draw gets no chart and no block, and says nothing went wrong", async () => {
    const wb = new InMemoryWorkbook();
    (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
    const empty = { ...byCampaign(0, 0) };
    const def = await createReportSheet(
      wb.excel,
      { kind: "impressions", params: {}, label: "Empty", chart: false },
      { type: "table", table: empty },
    );
    const on = await setReportChart(wb.excel, "Empty", true);
    expect(on.error).toBeUndefined();
    expect(wb.host.charts("Empty")).toEqual([]);
    expect(def.chart?.data).toBeUndefined();
  });
});
