/**
 * Issue #47, "the axis spans the report's dates": a 12-month impressions report that starts on
 * 2025-11-29, whose campaigns have rows only from January 2026, draws its date axis from November
 * 2025 to November 2026 (the months without rows are gaps), on the report sheet and on the
 * Dashboard's copy, in a 1900 and a 1904 workbook, made with the report and switched on later.
 */
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import { utcToSerial } from "../api/excelDates";
import type { TypedTable } from "../api/table";
import { writeDashboard } from "./dashboardSheet";
import { createReportSheet, refreshReport, setReportChart } from "./reportSheets";

const month = (y: number, m: number) => utcToSerial(Date.UTC(y, m - 1, 1));

/** Impressions by month × campaign, January to November 2026 only (the campaigns start in January). */
const byMonth: TypedTable = {
  columns: [
    { name: "Month", kind: "date" },
    { name: "Campaign", kind: "text" },
    { name: "Spend", kind: "currency" },
    { name: "Podcast Impressions", kind: "integer" },
  ],
  rows: Array.from({ length: 11 * 2 }, (_, i) => [
    month(2026, 1 + Math.floor(i / 2)),
    `Campaign ${i % 2}`,
    100 * (1 + (i % 2)),
    1000 * (1 + i),
  ]),
};

const params = { startDate: "2025-11-29", endDate: "2026-11-28", timeGrouping: "month" };

describe.each([false, true])("date1904 %p", (date1904) => {
  test.each(["made with the report", "switched on later"] as const)(
    "a 12-month report whose first period is 2025-11-29 draws its axis from Nov 2025 (%s), on the Dashboard too and after a refresh",
    async (how) => {
      const wb = new InMemoryWorkbook();
      wb.model.date1904 = date1904;
      (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
      await createReportSheet(
        wb.excel,
        { kind: "impressions", params, label: "Year", chart: how === "made with the report" },
        { type: "table", table: byMonth },
      );
      if (how === "switched on later") await setReportChart(wb.excel, "Year", true);
      const axis = (sheet: string) => {
        const [chart] = wb.host.charts(sheet);
        expect(chart.categoryAxis).toMatchObject({ date: true, baseTimeUnit: "Months" });
        const s = chart.series[0];
        return {
          first: s.categories[0],
          last: s.categories.at(-1),
          points: s.values.length,
          gaps: s.values.slice(0, 2),
        };
      };
      const spanned = { first: "2025-11-01", last: "2026-11-01", points: 13, gaps: [null, null] };
      expect(axis("Year")).toEqual(spanned);
      await writeDashboard(wb.excel, ["Year"]);
      expect(axis("Dashboard")).toEqual(spanned);
      await refreshReport(wb.excel, "Year", async () => ({ type: "table", table: byMonth }));
      expect(axis("Year")).toEqual(spanned);
    },
  );
});
