/**
 * Charts: how Excel reads a source range into series, and a chart made from a table follows the
 * table when a refresh resizes it (docs/excel-fidelity.md, "Charts").
 */
import type { TypedTable } from "../../api/table";
import { sheetNameFor, tableNameFor } from "../cellFormats";
import { chartFor, chartName } from "../charts/chartChoice";
import { queueReportChart } from "../charts/chartDraw";
import { takenNames } from "../workbookNames";
import { check, show, type SelfTestStep } from "./step";

const CHART = "ADS self-test chart";

export const chartSteps: SelfTestStep[] = [
  {
    id: "chart-reads-source",
    family: "Charts",
    title:
      "A chart reads a text header row as series names, a text first column as categories, and numbers as values",
    requires: "1.12",
    async run({ excel, sheet }) {
      const seen = await excel.run(async (context) => {
        const ws = context.workbook.worksheets.getItem(sheet);
        ws.getRange("A1:B3").values = [
          ["Year", "Sales"],
          [2024, 5],
          [2025, 6],
        ];
        ws.getRange("D1:E3").values = [
          ["Show", "Sales"],
          ["a", 5],
          ["b", 6],
        ];
        const years = ws.charts.add("Line", ws.getRange("A1:B3"), "Columns");
        const shows = ws.charts.add("Line", ws.getRange("D1:E3"), "Columns");
        years.series.load("items/name");
        shows.series.load("items/name");
        await context.sync();
        const categories = shows.series.items.map((s) => s.getDimensionValues("Categories"));
        await context.sync();
        const result = {
          years: years.series.items.map((s) => s.name),
          shows: shows.series.items.map((s) => s.name),
          categories: categories.map((c) => c.value)[0] ?? [],
        };
        years.delete();
        shows.delete();
        await context.sync();
        return result;
      });
      check(
        show(seen.years) === show(["Year", "Sales"]),
        `a numeric first column under a text header gave the series ${show(seen.years)}, not Year and Sales`,
      );
      check(show(seen.shows) === show(["Sales"]), `a text first column gave the series ${show(seen.shows)}`);
      check(show(seen.categories) === show(["a", "b"]), `its categories are ${show(seen.categories)}`);
      return `Year|Sales → ${show(seen.years)}; Show|Sales → ${show(seen.shows)} over ${show(seen.categories)}`;
    },
  },
  {
    id: "chart-follows-table",
    family: "Charts",
    title: "A chart made from a table keeps its name and covers the table's rows after the table is resized",
    requires: "1.13",
    async run({ excel, sheet }) {
      const name = tableNameFor("ADS_SelfTest_Chart", (await takenNames(excel)).tables);
      const seen = await excel.run(async (context) => {
        const ws = context.workbook.worksheets.getItem(sheet);
        ws.getRange("A1:B4").values = [
          ["Show", "Downloads"],
          ["a", 1],
          ["b", 2],
          ["c", 3],
        ];
        const table = ws.tables.add("A1:B4", true);
        table.name = name;
        const chart = ws.charts.add("ColumnClustered", table.getRange(), "Auto");
        chart.name = CHART;
        chart.setPosition("D2");
        await context.sync();
        ws.getRange("A5:B6").values = [
          ["d", 4],
          ["e", 5],
        ];
        table.resize("A1:B6");
        const found = ws.charts.getItemOrNullObject(CHART);
        await context.sync();
        if (found.isNullObject) return null;
        found.series.load("items/name");
        await context.sync();
        const series = found.series.items.map((s) => ({
          name: s.name,
          values: s.getDimensionValues("Values"),
          categories: s.getDimensionValues("Categories"),
        }));
        await context.sync();
        found.delete();
        const gone = ws.charts.getItemOrNullObject(CHART);
        await context.sync();
        return {
          series: series.map((s) => ({
            name: s.name,
            values: s.values.value.map(Number),
            categories: s.categories.value,
          })),
          deleted: gone.isNullObject,
        };
      });
      check(seen !== null, `after the resize there is no chart named ${show(CHART)}`);
      const [first] = seen.series;
      check(
        seen.series.length === 1 && first.name === "Downloads",
        `the chart's series are ${show(seen.series)}`,
      );
      check(
        show(first.values) === show([1, 2, 3, 4, 5]),
        `after resizing the table to 5 rows the series holds ${show(first.values)}`,
      );
      check(
        show(first.categories) === show(["a", "b", "c", "d", "e"]),
        `its categories are ${show(first.categories)}`,
      );
      check(seen.deleted, "the chart was still there after delete()");
      return `${first.name}: ${show(first.values)} over ${show(first.categories)}`;
    },
  },
  {
    id: "report-chart-follows-table",
    family: "Charts",
    title:
      "The add-in's report chart (series over whole table columns) covers the table's rows after a resize",
    requires: "1.13",
    async run({ excel, sheet }) {
      const name = tableNameFor("ADS_SelfTest_Report", (await takenNames(excel)).tables);
      const table: TypedTable = {
        columns: [
          { name: "Day", kind: "date" },
          { name: "Spend", kind: "currency" },
          { name: "Podcast & Streaming Impressions", kind: "integer" },
        ],
        rows: [0, 1, 2].map((d) => [46000 + d, 10 * (d + 1), 100 * (d + 1)]),
      };
      const plan = chartFor("impressions", table)!;
      const seen = await excel.run(async (context) => {
        const ws = context.workbook.worksheets.getItem(sheet);
        ws.getRange("A1:C4").values = [
          ["Day", "Spend", "Podcast & Streaming Impressions"],
          ...table.rows.map((r) => r.map((v) => v as number)),
        ];
        const t = ws.tables.add("A1:C4", true);
        t.name = name;
        queueReportChart(ws, name, plan, ["Day", "Spend", "Podcast & Streaming Impressions"], {
          row: 0,
          col: 0,
          bodyRows: 3,
        });
        await context.sync();
        ws.getRange("A5:C6").values = [
          [46003, 40, 400],
          [46004, 50, 500],
        ];
        t.resize("A1:C6");
        const chart = ws.charts.getItem(chartName(name));
        chart.series.load("items/name");
        await context.sync();
        const values = chart.series.items.map((s) => s.getDimensionValues("Values"));
        await context.sync();
        const out = chart.series.items.map((s, i) => ({ name: s.name, values: values[i].value.map(Number) }));
        chart.delete();
        await context.sync();
        return out;
      });
      check(
        show(seen) ===
          show([
            { name: "Spend", values: [10, 20, 30, 40, 50] },
            { name: "Podcast & Streaming Impressions", values: [100, 200, 300, 400, 500] },
          ]),
        `after resizing the table to 5 rows the chart reads ${show(seen)}`,
      );
      return show(seen.map((x) => `${x.name}: ${x.values.length} points`));
    },
  },
  {
    id: "chart-on-another-sheet",
    family: "Charts",
    title:
      "A chart can draw another sheet's cells (the Dashboard's copies of the report charts) and reads them as they change",
    requires: "1.12",
    async run({ excel, sheet }) {
      const other = sheetNameFor("ADS self-test charts", (await takenNames(excel)).sheets);
      const seen = await excel.run(async (context) => {
        const ws = context.workbook.worksheets.getItem(sheet);
        ws.getRange("A1:B3").values = [
          ["Day", "Spend"],
          ["Mon", 5],
          ["Tue", 6],
        ];
        const host = context.workbook.worksheets.add(other);
        try {
          const chart = host.charts.add("Line", ws.getRange("B2:B3"), "Columns");
          const first = chart.series.getItemAt(0);
          first.name = "Spend";
          first.setXAxisValues(ws.getRange("A2:A3"));
          await context.sync();
          ws.getRange("B3").values = [[7]];
          const read = ["Values", "Categories"].map((d) =>
            first.getDimensionValues(d as Excel.ChartSeriesDimension),
          );
          await context.sync();
          const [values, labels] = read.map((r) => r.value);
          return { values: values.map(Number), categories: labels };
        } finally {
          host.delete();
          await context.sync();
        }
      });
      check(
        show(seen.values) === show([5, 7]) && show(seen.categories) === show(["Mon", "Tue"]),
        `a chart on another sheet over Spend (5, then 6 changed to 7) by Mon, Tue reads ${show(seen)}`,
      );
      return `${show(seen.values)} over ${show(seen.categories)}`;
    },
  },
];
