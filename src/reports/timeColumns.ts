/**
 * An impressions report's time columns as the planner asked for them. The service's default
 * columns start Week, Day whatever the grouping, so a report by week has a Day column that repeats
 * the Week, and a report by month a Day holding each month's first day beside a Week that is not
 * the data's week. By week: the Day column goes when it equals the Week on every row; by month: the
 * Day column is the Month and the Week goes. Nothing else changes, and only when the values say so.
 */
import type { CellValue, TypedTable } from "../api/table";
import { serialToUtc } from "../api/excelDates";

function without(table: TypedTable, drop: number): TypedTable {
  const keep = (_: unknown, j: number) => j !== drop;
  return {
    ...table,
    columns: table.columns.filter(keep),
    rows: table.rows.map((r) => r.filter(keep)),
    ...(table.totals ? { totals: table.totals.filter(keep) } : {}),
  };
}

/** A day serial (the 1900 system, as parsed) that is the first of its month. */
function firstOfMonth(v: CellValue): boolean {
  const ms = typeof v === "number" ? serialToUtc(Math.floor(v), "1900") : null;
  return ms !== null && new Date(ms).getUTCDate() === 1;
}

export function groupedTimeColumns(table: TypedTable, timeGrouping: unknown): TypedTable {
  const at = (name: string) => table.columns.findIndex((c) => c.name === name);
  const day = at("Day");
  const week = at("Week");
  if (day < 0 || table.rows.length === 0) return table;
  if (timeGrouping === "week" && week >= 0 && table.rows.every((r) => r[day] === r[week]))
    return without(table, day);
  if (
    timeGrouping === "month" &&
    at("Month") < 0 &&
    table.rows.every((r) => r[day] === null || firstOfMonth(r[day]))
  ) {
    const named = {
      ...table,
      columns: table.columns.map((c, j) => (j === day ? { ...c, name: "Month" } : c)),
    };
    return week >= 0 ? without(named, week) : named;
  }
  return table;
}
