/** Reading typed report tables in contract tests: a column's values, their sum, dates as YYYY-MM-DD. */
import type { CellValue, TypedTable } from "../../src/api/table";

export function column(table: TypedTable, name: string): CellValue[] {
  const i = table.columns.findIndex((c) => c.name === name);
  if (i < 0) throw new Error(`no column ${name} in ${table.columns.map((c) => c.name).join(", ")}`);
  return table.rows.map((r) => r[i]);
}

export function sum(table: TypedTable, name: string): number {
  return column(table, name).reduce<number>((n, v) => n + (typeof v === "number" ? v : 0), 0);
}

/** An Excel serial as YYYY-MM-DD. */
export const isoOf = (serial: CellValue): string =>
  new Date(Math.round((Number(serial) - 25569) * 86_400_000)).toISOString().slice(0, 10);

export function dates(table: TypedTable, name: string): string[] {
  return column(table, name).map(isoOf);
}
