/**
 * The typed table: what a CSV report (or any tabular service answer) becomes before it
 * reaches a writer. Shared by the client, the Excel writers, the functions and the sandbox tests.
 */
import { pointsToFraction } from "./decimalShift";

/** How a column's values are typed and shown. */
export type ColumnKind =
  "integer" | "number" | "currency" | "percent" | "date" | "datetime" | "boolean" | "text" | "url" | "json";

/**
 * A cell value.
 * - date / datetime: Excel serial number (1900 date system with its 29 February 1900, src/api/excelDates.ts; UTC; time as fraction).
 * - percent: a fraction, as Excel holds percentages (0.125 shows as 12.5 % under a % format); the
 *   service's percentage points become fractions where they are typed (percentFraction).
 * - currency / integer / number: plain numbers.
 * - text / url / json: the exact text.
 * - null: empty cell.
 */
export type CellValue = string | number | boolean | null;

export interface TableColumn {
  name: string;
  kind: ColumnKind;
  /** Excel number format, e.g. "$#,##0.00" recovered from smart-formatted CSV. Writers fall back to a per-kind default. */
  numberFormat?: string;
  /**
   * The column names its row (a Delivery sheet's Campaign id): when any column of a table says so, a
   * refresh matches rows by those columns alone, so a row whose other text changed is still the same row.
   */
  key?: boolean;
}

export interface TypedTable {
  columns: TableColumn[];
  rows: CellValue[][];
  /** Lines of the summary block above the header (formatting.summary), if any. */
  summary?: string[][];
  /** The totals row at the bottom (formatting.totals), kept apart from the data rows. */
  totals?: CellValue[];
  /**
   * Cells kept as their text because no number holds them exactly (src/api/exactNumbers.ts), by
   * column, in column order; absent when there are none. Told to the planner (keptAsTextNote).
   */
  keptAsText?: KeptAsText[];
}

/** How many cells of a column were kept as text because no number holds them exactly. */
export interface KeptAsText {
  /** The column's header, as the sheet shows it. */
  column: string;
  cells: number;
}

/** A percentage as the service sends it (percentage points: 12.5) as the fraction Excel holds (0.125). */
export function percentFraction(v: CellValue): CellValue {
  return typeof v === "number" ? pointsToFraction(v) : v;
}
