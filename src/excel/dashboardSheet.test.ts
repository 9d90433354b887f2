import { InMemoryWorkbook } from "../../preview/memory/workbook";
import type { TypedTable } from "../api/table";
import { DASHBOARD_LABELS } from "../reports/dashboard";
import {
  dashboardCandidates,
  existingDashboard,
  followRenamedReports,
  writeDashboard,
} from "./dashboardSheet";
import { dashboardChartName } from "./dashboardCharts";
import { createReportSheet, refreshAll, refreshReport } from "./reportSheets";

/** Impressions by day × campaign: spend and impressions per row, `days` days from 2026-10-01. */
const byDay = (days: number, scale = 1): TypedTable => ({
  columns: [
    { name: "Day", kind: "date" },
    { name: "Campaign", kind: "text" },
    { name: "Spend", kind: "currency" },
    { name: "Podcast & Streaming Impressions", kind: "integer" },
    { name: "Reach", kind: "integer" },
  ],
  rows: Array.from({ length: days * 2 }, (_, i) => {
    const d = Math.floor(i / 2);
    return [46296 + d, `C${i % 2}`, scale * (10 + d + (i % 2) * 0.25), scale * (1000 + 10 * d), 300 + d];
  }),
});
const perf: TypedTable = {
  columns: [
    { name: "Campaign", kind: "text" },
    { name: "Spend", kind: "currency" },
    { name: "Impressions", kind: "integer" },
    { name: "Convs.", kind: "integer" },
  ],
  rows: [
    ["A", 100, 20000, 7],
    ["B", 50.5, 10000, 3],
  ],
};
const sumOf = (t: TypedTable, name: string, keep: (r: unknown[]) => boolean = () => true) => {
  const j = t.columns.findIndex((c) => c.name === name);
  return t.rows.filter(keep).reduce((n, r) => n + (r[j] as number), 0);
};

async function workbook() {
  const wb = new InMemoryWorkbook();
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  await createReportSheet(
    wb.excel,
    { kind: "impressions", params: { timeGrouping: "day" }, label: "By day" },
    { type: "table", table: byDay(20) },
  );
  await createReportSheet(
    wb.excel,
    { kind: "campaignsPerformance", params: {}, label: "Campaigns" },
    { type: "table", table: perf },
  );
  return wb;
}

async function activeSheet(wb: InMemoryWorkbook): Promise<string> {
  return wb.excel.run(async (context) => {
    const s = context.workbook.worksheets.getActiveWorksheet();
    s.load("name");
    await context.sync();
    return s.name;
  });
}

/** The dashboard's computed values: one array per KPI row, a column per report. */
function shown(wb: InMemoryWorkbook, sheet: string, reports: number) {
  return DASHBOARD_LABELS.map((label, r) => {
    expect(wb.host.cell(sheet, 4 + r, 0).value).toBe(label);
    return Array.from({ length: reports }, (_, c) => wb.host.cell(sheet, 4 + r, 1 + c).value);
  });
}
const row = (label: string) => DASHBOARD_LABELS.indexOf(label);

test("the dashboard's KPIs are the sums over the report tables, and follow a refresh", async () => {
  const wb = await workbook();
  expect((await dashboardCandidates(wb.excel)).map((c) => c.sheet)).toEqual(["By day", "Campaigns"]);
  const made = await writeDashboard(wb.excel, ["By day", "Campaigns"]);
  expect(made).toEqual({ sheetName: "Dashboard", reports: ["By day", "Campaigns"], charts: 2 });
  let v = shown(wb, "Dashboard", 2);
  const t = byDay(20);
  expect(v[row("Report")]).toEqual(["By day", "Campaigns"]);
  expect(v[row("Spend")][0]).toBeCloseTo(sumOf(t, "Spend"), 9);
  expect(v[row("Spend")][1]).toBeCloseTo(150.5, 9);
  expect(v[row("Impressions")]).toEqual([sumOf(t, "Podcast & Streaming Impressions"), 30000]);
  // A row a day: the same listeners day after day, so no sum of reach (the campaigns report has none).
  expect(v[row("Reach (sum of rows)")]).toEqual(["–", "–"]);
  expect(v[row("Conversions")]).toEqual(["–", 10]);
  expect(v[row("CPM")][1]).toBeCloseTo((150.5 / 30000) * 1000, 9);
  expect(v[row("From")][0]).toBe(46296);
  expect(v[row("To")][0]).toBe(46296 + 19);
  // The last 7 days of the table against the 7 before, and the change.
  const last = 46296 + 19;
  const inWeek = (from: number, to: number) => (r: unknown[]) =>
    (r[0] as number) > from && (r[0] as number) <= to;
  const now = sumOf(t, "Spend", inWeek(last - 7, last));
  const before = sumOf(t, "Spend", inWeek(last - 14, last - 7));
  expect(v[row("Spend, last 7 days")][0]).toBeCloseTo(now, 9);
  expect(v[row("Spend, 7 days before")][0]).toBeCloseTo(before, 9);
  expect(v[row("Spend change")][0]).toBeCloseTo(now / before - 1, 9);
  expect(v[row("Spend, last 7 days")][1]).toBe("–");
  // Figures and dashes line up on the right; the report names keep Excel's own alignment.
  expect(wb.host.cell("Dashboard", 4 + row("Spend, last 7 days"), 2).align).toBe("Right");
  expect(wb.host.cell("Dashboard", 4 + row("Spend"), 1).align).toBe("Right");
  expect(wb.host.cell("Dashboard", 4, 1).align).toBeUndefined();

  // A refresh with twice the figures: the dashboard follows by itself.
  await refreshReport(wb.excel, "By day", async () => ({ type: "table", table: byDay(20, 2) }));
  v = shown(wb, "Dashboard", 2);
  expect(v[row("Spend")][0]).toBeCloseTo(2 * sumOf(t, "Spend"), 9);
  expect(v[row("Impressions")][0]).toBe(2 * sumOf(t, "Podcast & Streaming Impressions"));
});

test("picking other reports makes it again in place: one dashboard, nothing left of the old column", async () => {
  const wb = await workbook();
  await writeDashboard(wb.excel, ["By day", "Campaigns"]);
  const again = await writeDashboard(wb.excel, ["Campaigns"]);
  expect(again.sheetName).toBe("Dashboard");
  expect(wb.host.cell("Dashboard", 4, 1).value).toBe("Campaigns");
  expect(wb.host.cell("Dashboard", 4, 2)?.value ?? "").toBe("");
  // Printed landscape, one page wide: the labels, the one report and its chart under them (from
  // row 21, 216 points tall: to row 35; 600 points wide: columns A (150), B (137) and seven of 48).
  expect(wb.host.pageLayout("Dashboard")).toMatchObject({
    orientation: "Landscape",
    zoom: { horizontalFitToPages: 1 },
    printArea: "A1:I35",
  });
  expect(wb.host.charts("Dashboard").map((c) => c.name)).toEqual([
    dashboardChartName(wb.host.tables().find((t) => t.sheet === "Campaigns")!.name),
  ]);
  await expect(writeDashboard(wb.excel, [])).rejects.toThrow(/Pick at least one report/);
});

test("a report's column is as wide as its name up to its share: four reports are in view at 1366 × 768 beside the pane", async () => {
  const wb = await workbook();
  const long = "Spend by show, last 30 days";
  await createReportSheet(
    wb.excel,
    { kind: "campaignsPerformance", params: {}, label: long },
    { type: "table", table: perf },
  );
  await writeDashboard(wb.excel, ["Campaigns", long]);
  let widths = wb.host.columnWidths("Dashboard");
  expect(widths.get(1)).toBe(137);
  expect(widths.get(2)).toBeGreaterThanOrEqual(long.length * 6 + 12);
  for (const name of ["Impressions, last 30 days", "Impressions, last 3 months"])
    await createReportSheet(
      wb.excel,
      {
        kind: "impressions",
        params: { timeGrouping: "day" },
        datePreset: { kind: "last", count: 30, unit: "days" },
        label: name,
      },
      { type: "table", table: byDay(5) },
    );
  await writeDashboard(wb.excel, [
    "Campaigns",
    long,
    "Impressions, last 30 days",
    "Impressions, last 3 months",
  ]);
  widths = wb.host.columnWidths("Dashboard");
  // Names within their share keep four reports in view; a longer one widens its column rather than
  // being cut (issue 47): "Spend by show, last 30 days" has no period to drop (no dates asked).
  const total = [0, 1, 3, 4].reduce((n, c) => n + widths.get(c)!, 0);
  expect(total + 137).toBeLessThanOrEqual(700);
  for (const c of [1, 2, 3, 4]) {
    const text = String(wb.host.cell("Dashboard", 4, c).value);
    expect(widths.get(c)!).toBeGreaterThanOrEqual(Math.ceil(text.length * 6 + 12));
  }
  // A name too long for its share loses its period, which From and To say under it.
  expect(wb.host.cell("Dashboard", 4, 3).value).toBe("Impressions");
});

test("issue 47: two spend reports for different advertisers are headed with the report and whose data it is, never cut", async () => {
  const wb = await workbook();
  for (const [label, advertiser] of [
    ["Spend by day", "Acme Mattress"],
    ["Spend by day, Nov", "Northwind Coffee"],
    ["Acme Mattress · Spend by day", "Acme Mattress"],
  ])
    await createReportSheet(
      wb.excel,
      { kind: "estimatedSpendByDay", params: { advertisers: [advertiser] }, label },
      { type: "table", table: perf },
    );
  await writeDashboard(wb.excel, ["Spend by day", "Spend by day, Nov", "Acme Mattress · Spend by day"]);
  const headers = [1, 2, 3].map((c) => String(wb.host.cell("Dashboard", 4, c).value));
  expect(headers).toEqual([
    "Spend by day · Acme Mattress",
    "Spend by day, Nov · Northwind Coffee",
    // A set's sheet already says whose it is: not said twice, and its column is as wide as it reads.
    "Acme Mattress · Spend by day",
  ]);
  const widths = wb.host.columnWidths("Dashboard");
  headers.forEach((h, i) => expect(widths.get(i + 1)!).toBeGreaterThanOrEqual(Math.ceil(h.length * 6 + 12)));
});

test("From and To are the period each report asked for; the data's span is said only where it differs", async () => {
  const wb = new InMemoryWorkbook();
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  // Asked for 2026-02-01 to 2026-02-28; the rows cover 20 days from 2026-10-01 (byDay's serials).
  await createReportSheet(
    wb.excel,
    {
      kind: "impressions",
      params: { timeGrouping: "day", startDate: "2026-02-01", endDate: "2026-02-28" },
      label: "Feb",
    },
    { type: "table", table: byDay(20) },
  );
  const asked = Array.from({ length: 28 }, (_, d) => [46054 + d, ...byDay(1).rows[0].slice(1)]);
  await createReportSheet(
    wb.excel,
    {
      kind: "impressions",
      params: { timeGrouping: "day", startDate: "2026-02-01", endDate: "2026-02-28" },
      label: "Whole",
    },
    { type: "table", table: { ...byDay(1), rows: asked } },
  );
  await writeDashboard(wb.excel, ["Feb", "Whole"]);
  const v = shown(wb, "Dashboard", 2);
  expect(v[row("From")]).toEqual([46054, 46054]);
  expect(v[row("To")]).toEqual([46081, 46081]);
  expect(wb.host.cell("Dashboard", 4 + row("From"), 1).formula).toBe("=DATE(2026,2,1)");
  expect(v[row("Data (where it differs)")]).toEqual(["Oct 1, 2026 – Oct 20, 2026", ""]);
});
test("making it again keeps what the planner typed beside it, and the choice of reports", async () => {
  const wb = await workbook();
  await writeDashboard(wb.excel, ["By day", "Campaigns"]);
  await wb.excel.run(async (context) => {
    const s = context.workbook.worksheets.getItem("Dashboard");
    s.getRange("E6").values = [["Ask Sam about Q4"]];
    s.getRange("A25").values = [["Footnote"]];
    await context.sync();
  });
  await writeDashboard(wb.excel, ["Campaigns"]);
  expect(wb.host.cell("Dashboard", 5, 4).value).toBe("Ask Sam about Q4");
  expect(wb.host.cell("Dashboard", 24, 0).value).toBe("Footnote");
  // The old second column is gone.
  expect(wb.host.cell("Dashboard", 7, 2)?.value ?? "").toBe("");
  expect(await existingDashboard(wb.excel)).toEqual({
    sheetName: "Dashboard",
    reports: ["Campaigns"],
    renamed: false,
  });
});

test("a report whose table is gone is named, and nothing is written", async () => {
  const wb = await workbook();
  await wb.excel.run(async (context) => {
    context.workbook.tables.getItem("Campaigns").name = "Renamed";
    await context.sync();
  });
  await expect(writeDashboard(wb.excel, ["By day", "Campaigns"])).rejects.toThrow(
    "The report table of Campaigns is gone or was renamed: refresh that sheet, or untick it.",
  );
  expect(await existingDashboard(wb.excel)).toBeNull();
});

test("a report sheet renamed after the dashboard was made is named anew, by Refresh all or the Sheets tab", async () => {
  const wb = await workbook();
  await writeDashboard(wb.excel, ["By day", "Campaigns"]);
  const before = shown(wb, "Dashboard", 2);
  const rename = async (from: string, to: string) =>
    wb.excel.run(async (context) => {
      context.workbook.worksheets.getItem(from).name = to;
      context.workbook.worksheets.getItem("Sheet1").activate();
      await context.sync();
    });
  await rename("By day", "Daily, October");
  expect(await existingDashboard(wb.excel)).toEqual({
    sheetName: "Dashboard",
    reports: ["Daily, October", "Campaigns"],
    renamed: true,
  });
  expect(await followRenamedReports(wb.excel)).toBe(true);
  // The link names the sheet as it is named and goes there; the figures are as they were.
  expect(wb.host.cell("Dashboard", 4, 1).value).toBe("Daily, October");
  expect(wb.host.cell("Dashboard", 4, 1).formula).toContain("#'Daily, October'!A1");
  expect(shown(wb, "Dashboard", 2).slice(1)).toEqual(before.slice(1));
  // Made again in place, not shown: the planner stays where they were.
  expect(await activeSheet(wb)).toBe("Sheet1");
  expect(await followRenamedReports(wb.excel)).toBe(false);

  // Refresh all does the same (its fetcher fails here: the dashboard is named anew all the same).
  await rename("Campaigns", "All campaigns");
  await refreshAll(wb.excel, async () => {
    throw new Error("offline");
  });
  expect(wb.host.cell("Dashboard", 4, 2).value).toBe("All campaigns");
});

test("a dashboard made before its mark kept the tables is still read, by the sheets' names", async () => {
  const wb = await workbook();
  await writeDashboard(wb.excel, ["Campaigns"]);
  await wb.excel.run(async (context) => {
    context.workbook.worksheets.getItem("Dashboard").customProperties.add("AdsDashboard", '["Campaigns"]');
    await context.sync();
  });
  expect(await existingDashboard(wb.excel)).toEqual({
    sheetName: "Dashboard",
    reports: ["Campaigns"],
    renamed: false,
  });
});

test("eight reports with long names fit the mark (a custom property holds 255 characters)", async () => {
  const wb = await workbook();
  const names = Array.from({ length: 8 }, (_, i) => `Campaign performance, week ${i + 10}`);
  for (const label of names)
    await createReportSheet(
      wb.excel,
      { kind: "campaignsPerformance", params: {}, label },
      { type: "table", table: perf },
    );
  const shownNames = (await dashboardCandidates(wb.excel))
    .map((c) => c.sheet)
    .filter((n) => n.startsWith("Campaign performance"));
  expect(shownNames).toHaveLength(8);
  const made = await writeDashboard(wb.excel, shownNames);
  expect(made.reports).toEqual(shownNames);
  expect(await existingDashboard(wb.excel)).toEqual({
    sheetName: "Dashboard",
    reports: shownNames,
    renamed: false,
  });
});

test("the reports' charts are on the dashboard, under the KPIs, drawn from the report sheets' cells, and follow refreshes", async () => {
  const wb = await workbook();
  const sum = (xs: (number | null)[]) => xs.reduce<number>((n, v) => n + (v ?? 0), 0);
  // What a chart draws, in the order of their titles (a copy made again comes last on the sheet).
  const charts = (sheet: string) =>
    wb.host
      .charts(sheet)
      .map((c) => ({
        type: c.type,
        // A copy's title names its report first ("By day: …"): the rest is its report's chart's.
        title: sheet === "Dashboard" ? c.title?.replace(/^(By day|Campaigns): /, "") : c.title,
        series: c.series.map((x) => [x.name, x.values, x.categories, x.secondary]),
      }))
      .sort((a, b) => String(a.title).localeCompare(String(b.title)));
  const copied = () => charts("Dashboard");
  const reports = () =>
    [...charts("By day"), ...charts("Campaigns")].sort((a, b) =>
      String(a.title).localeCompare(String(b.title)),
    );
  const dashChart = (sheet: string) =>
    wb.host
      .charts("Dashboard")
      .find((c) => c.name === dashboardChartName(wb.host.tables().find((t) => t.sheet === sheet)!.name))!;
  await writeDashboard(wb.excel, ["By day", "Campaigns"]);
  const onDash = wb.host.charts("Dashboard");
  // One a row under the KPI rows (the last is row 19) and a blank row, from row 21 (its top at 20
  // rows of 15 points), within the 700 points a 1366-pixel screen shows beside the task pane.
  expect(onDash.map((c) => [c.top, c.left])).toEqual([
    [20 * 15, 0],
    [20 * 15 + 216 + 15, 0],
  ]);
  expect(Math.max(...onDash.map((c) => c.left + c.width))).toBeLessThanOrEqual(700);
  // Nothing frozen: the charts would slide under frozen rows.
  expect(wb.host.freezeRows("Dashboard")).toBe(0);
  // Each the same as its report's own chart: same series, points and sums; its title names its report.
  expect(copied()).toEqual(reports());
  expect(onDash.map((c) => c.title).sort()).toEqual([
    "By day: Impressions by day, per campaign",
    "Campaigns: Impressions by campaign",
  ]);
  const byDayChart = dashChart("By day");
  expect(sum(byDayChart.series.filter((x) => !x.secondary).flatMap((x) => x.values))).toBe(
    sumOf(byDay(20), "Podcast & Streaming Impressions"),
  );
  // A refresh with fewer days: the report's sums move to fewer columns, the dashboard's copy follows.
  await refreshReport(wb.excel, "By day", async () => ({ type: "table", table: byDay(12, 3) }));
  expect(copied()).toEqual(reports());
  expect(dashChart("By day").series[0].values).toHaveLength(12);
  // Moved by the planner, it stays where they put it through the next refresh, and a refresh of all.
  await wb.excel.run(async (context) => {
    const c = context.workbook.worksheets.getItem("Dashboard").charts.getItem(dashChart("By day").name);
    c.top = 600;
    c.left = 40;
    await context.sync();
  });
  await refreshAll(wb.excel, async (source) => ({
    type: "table",
    table: source.kind === "impressions" ? byDay(9) : perf,
  }));
  expect(dashChart("By day")).toMatchObject({ top: 600, left: 40 });
  expect(dashChart("By day").series[0].values).toHaveLength(9);
  expect(copied()).toEqual(reports());
  // A planner's own chart on the dashboard is theirs: making it again leaves it.
  await wb.excel.run(async (context) => {
    const dash = context.workbook.worksheets.getItem("Dashboard");
    dash.charts.add("ColumnClustered" as Excel.ChartType, dash.getRange("B6:B7")).name = "Mine";
    await context.sync();
  });
  await writeDashboard(wb.excel, ["Campaigns"]);
  expect(wb.host.charts("Dashboard").map((c) => c.name)).toEqual([
    "Mine",
    dashboardChartName(wb.host.tables().find((t) => t.sheet === "Campaigns")!.name),
  ]);
  // Made again, the dashboard lays its charts out afresh: the one left takes the first place, no hole.
  expect(dashChart("Campaigns")).toMatchObject({ top: 20 * 15, left: 0 });
});
