/**
 * The Incrementality chart says what it shows (issue #57), through the genuine office.js client: each
 * result's confidence interval is drawn as an interval (a stock chart's high-low line from the upper
 * bound to the lower, capped with dashes, the percent a circle on it), not as two more bars; each
 * category names the result's level and its action ("podcast · purchase"); the value axis is titled
 * "Incremental %" and the category axis says what a category is. Refreshes follow the results, and a
 * sheet whose chart an earlier version made (a column chart of the percent and its bounds) gets the
 * interval at its next refresh.
 */
import { InMemoryWorkbook } from "../../../preview/memory/workbook";
import { INCREMENTALITY_FIELDS } from "../../api/schemas";
import type { CellValue, TypedTable } from "../../api/table";
import { createReportSheet, readDefinition, refreshReport } from "../reportSheets";
import { saveDefinition } from "../store/reportRecords";
import { chartName } from "./chartChoice";

const CHANNELS = ["podcast", "streaming", "all"];
const ACTIONS = ["purchase", "visitor", "signup", "install", "lead"];

/** The service's answer at channel level as the sheet's table: a result per channel type and action, `p` its percent. */
function channelLevel(
  p: (i: number) => number | null = (i) => 0.05 * i - 0.2,
  actions = ACTIONS,
): TypedTable {
  const rows = CHANNELS.flatMap((channel) => actions.map((action) => ({ channel, action }))).map(
    ({ channel, action }, i) => {
      const pct = p(i);
      const values: Record<string, CellValue> = {
        advertiser: "Acme Mattress",
        aggregationLevel: "channel",
        channelType: channel,
        action,
        startDate: 46000,
        endDate: 46090,
        controlActions: 100,
        testActions: 200,
        controlSize: 1000,
        testSize: 10000,
        lift: pct === null ? null : 1.5,
        incrementalPercent: pct,
        incrementalCiLower: pct === null ? null : pct - 0.1,
        incrementalCiUpper: pct === null ? null : pct + 0.15,
        errorReason: pct === null ? "Not enough conversions in the control group" : null,
      };
      return INCREMENTALITY_FIELDS.map(([key]) => values[key] ?? null);
    },
  );
  return { columns: INCREMENTALITY_FIELDS.map(([, name, kind]) => ({ name, kind })), rows };
}

const column = (t: TypedTable, name: string) =>
  t.rows.map((r) => r[t.columns.findIndex((c) => c.name === name)]).filter((v) => v !== null);

async function incrementalitySheet(table = channelLevel()) {
  const wb = new InMemoryWorkbook();
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  const def = await createReportSheet(
    wb.excel,
    {
      kind: "incrementality",
      params: { advertiser: "Acme Mattress", aggregationLevel: "channel" },
      label: "Lift",
    },
    { type: "table", table },
  );
  return { wb, def };
}

test("the confidence interval is drawn as an interval: a high-low line from the upper bound to the lower, the percent marked on it, not two more bars", async () => {
  const t = channelLevel();
  const { wb, def } = await incrementalitySheet(t);
  const [chart] = wb.host.charts("Lift");
  expect(chart.name).toBe(chartName(def.tableName!));
  expect(chart.type).toBe("StockHLC");
  expect(chart.series.map((s) => [s.name, s.marker])).toEqual([
    ["Incremental % CI upper", "dash"],
    ["Incremental % CI lower", "dash"],
    ["Incremental %", "circle"],
  ]);
  const values = (name: string) => chart.series.find((s) => s.name === name)!.values;
  expect(values("Incremental %")).toEqual(column(t, "Incremental %"));
  expect(values("Incremental % CI lower")).toEqual(column(t, "Incremental % CI lower"));
  expect(values("Incremental % CI upper")).toEqual(column(t, "Incremental % CI upper"));
  // The three are one interval each, needing no legend of three names.
  expect(chart.legend).toBeNull();
});

test("each category names the result's channel type and its action; the axes say what the values and the categories are", async () => {
  const { wb } = await incrementalitySheet();
  const [chart] = wb.host.charts("Lift");
  const categories = chart.series[2].categories;
  expect(categories).toHaveLength(15);
  expect(categories.slice(0, 6)).toEqual([
    "podcast · purchase",
    "podcast · visitor",
    "podcast · signup",
    "podcast · install",
    "podcast · lead",
    "streaming · purchase",
  ]);
  expect(new Set(categories).size).toBe(15);
  expect(chart).toMatchObject({
    title: "Incremental % with its confidence interval",
    valueAxisTitle: "Incremental %",
    categoryAxisTitle: "Channel type · Action",
    valueFormat: "0%",
  });
  // Every interval labelled, under the plot (below the intervals under 0), turned to fit 600 points.
  expect(chart.categoryAxis).toMatchObject({
    tickLabelSpacing: 1,
    tickLabelPosition: "Low",
    textOrientation: 45,
  });
});

test("a refresh follows the results: one no longer calculated leaves the chart, and the category axis says so", async () => {
  const { wb } = await incrementalitySheet();
  await refreshReport(wb.excel, "Lift", async () => ({
    type: "table",
    table: channelLevel((i) => (i === 1 ? null : 0.02 * i)),
  }));
  const [chart] = wb.host.charts("Lift");
  expect(chart.type).toBe("StockHLC");
  expect(chart.series[2].categories).toHaveLength(14);
  expect(chart.series[2].categories).not.toContain("podcast · visitor");
  expect(chart.series[2].values[1]).toBeCloseTo(0.04, 9);
  expect(chart.categoryAxisTitle).toBe("Channel type · Action (1 not calculated)");
  expect(wb.host.charts("Lift")).toHaveLength(1);
});

test("a sheet whose chart an earlier version made (the bounds as two more columns) gets the interval at its next refresh", async () => {
  const { wb, def } = await incrementalitySheet();
  // As an earlier version left it: a column chart over the table's Channel type, percent and bounds,
  // its record holding that plan's key and no block of results.
  await wb.excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem("Lift");
    sheet.charts.getItem(chartName(def.tableName!)).delete();
    const table = sheet.tables.getItem(def.tableName!);
    const col = (name: string) => table.columns.getItem(name).getDataBodyRange();
    const old = sheet.charts.add(
      "ColumnClustered" as Excel.ChartType,
      table.columns.getItem("Incremental %").getRange(),
      "Columns" as Excel.ChartSeriesBy,
    );
    old.name = chartName(def.tableName!);
    old.series.getItemAt(0).setXAxisValues(col("Channel type"));
    for (const name of ["Incremental % CI lower", "Incremental % CI upper"]) {
      const s = old.series.add(name);
      s.setValues(col(name));
      s.setXAxisValues(col("Channel type"));
    }
    await context.sync();
  });
  const stored = (await readDefinition(wb.excel, "Lift"))!;
  await saveDefinition(wb.excel, {
    ...stored,
    chart: {
      enabled: true,
      band: stored.chart!.band,
      plan: JSON.stringify([
        "ColumnClustered",
        "Channel type",
        ["Incremental %", "Incremental % CI lower", "Incremental % CI upper"],
        12,
        "Incremental % with its confidence interval (the first 12 of 15 rows)",
      ]),
    },
  });
  expect(wb.host.charts("Lift").map((c) => c.type)).toEqual(["ColumnClustered"]);
  await refreshReport(wb.excel, "Lift", async () => ({ type: "table", table: channelLevel() }));
  const charts = wb.host.charts("Lift");
  expect(charts.map((c) => [c.name, c.type])).toEqual([[chartName(def.tableName!), "StockHLC"]]);
  expect(charts[0].series[2].categories[0]).toBe("podcast · purchase");
});
