/** Typed tables for workbook tests and benchmarks. */
import { IMPRESSIONS_DEFAULT_FIELDS } from "../../api/defaults";
import { catalogueKind } from "../../api/csv";
import type { CellValue, TypedTable } from "../../api/table";

/** An impressions-like table: the 46 default columns, deterministic values, some tricky text. */
export function impressionsTable(rows: number, seed = 1): TypedTable {
  const columns = IMPRESSIONS_DEFAULT_FIELDS.map((name) => ({
    name,
    kind: catalogueKind("impressions", name) ?? "text",
  }));
  const tricky = [
    '=HYPERLINK("x")',
    "+1 555",
    "-minus",
    "@handle",
    'say "hi", ok',
    "line\nbreak",
    "Ünïcødé ✓",
  ];
  let x = seed;
  const next = () => (x = (x * 1103515245 + 12345) % 2147483648) / 2147483648;
  const data: CellValue[][] = Array.from({ length: rows }, (_, r) =>
    columns.map((c, i) => {
      switch (c.kind) {
        case "date":
          return 45292 + ((r + i) % 365);
        case "integer":
          return Math.floor(next() * 100000);
        case "currency":
        case "number":
          return Math.round(next() * 1e6) / 100;
        case "percent":
          return Math.round(next() * 10000) / 10000; // a fraction, as Excel holds percentages
        default:
          return (r + i) % 50 === 0 ? tricky[(r + i) % tricky.length] : `${c.name} ${r % 997}`;
      }
    }),
  );
  return { columns, rows: data };
}
