import type { TypedTable } from "../api/table";
import { utcToSerial } from "../api/excelDates";
import { groupedTimeColumns } from "./timeColumns";

const d = (iso: string) => utcToSerial(Date.parse(`${iso}T00:00:00Z`));
const table = (rows: [number | null, number | null, number][]): TypedTable => ({
  columns: [
    { name: "Week", kind: "date" },
    { name: "Day", kind: "date" },
    { name: "Spend", kind: "currency" },
  ],
  rows,
  totals: [null, null, rows.reduce((n, r) => n + r[2], 0)],
});

test("by week, the Day column that repeats the Week goes, with its totals cell", () => {
  const t = groupedTimeColumns(
    table([
      [d("2026-10-05"), d("2026-10-05"), 10],
      [d("2026-10-12"), d("2026-10-12"), 5],
    ]),
    "week",
  );
  expect(t.columns.map((c) => c.name)).toEqual(["Week", "Spend"]);
  expect(t.rows).toEqual([
    [d("2026-10-05"), 10],
    [d("2026-10-12"), 5],
  ]);
  expect(t.totals).toEqual([null, 15]);
});

test("by month, Day is the Month and the Week (not the data's week) goes", () => {
  const t = groupedTimeColumns(
    table([
      [d("2026-09-28"), d("2026-10-01"), 10],
      [d("2026-10-26"), d("2026-11-01"), 5],
    ]),
    "month",
  );
  expect(t.columns.map((c) => c.name)).toEqual(["Month", "Spend"]);
  expect(t.rows.map((r) => r[0])).toEqual([d("2026-10-01"), d("2026-11-01")]);
});

test("nothing changes where the values do not say so, or the planner asked for days", () => {
  const byDay = table([
    [d("2026-10-05"), d("2026-10-06"), 10],
    [d("2026-10-05"), d("2026-10-07"), 5],
  ]);
  expect(groupedTimeColumns(byDay, "day")).toBe(byDay);
  expect(groupedTimeColumns(byDay, "week")).toBe(byDay);
  expect(groupedTimeColumns(byDay, "month")).toBe(byDay);
  expect(groupedTimeColumns(byDay, undefined)).toBe(byDay);
});
