/** Cells an agent might write into a CSV or TSV file, and what each must become, for property tests. */
import fc from "fast-check";
import { isoDate, unambiguousNumber } from "../../writebacks/agentTables";

/** Numbers plain and ambiguous, dates, words, quotes, formula-like text, anything. */
export const agentCell: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom(
    "00123",
    "12345678901234567890",
    "9007199254740993",
    "1e5",
    "1,234",
    "+5",
    "-0",
    "0.10",
    "12%",
    "$5",
    "yes",
    "no",
    "TRUE",
    "3/4",
    "2026-02-30",
    "2026-01-05",
    "1899-12-31",
    '"a,b"',
    '"',
    '"quoted" text',
    "=SUM(1,2)",
    "",
  ),
  fc.integer({ min: -1_000_000, max: 1_000_000 }).map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }).map(String),
  fc.string({ maxLength: 12 }),
  fc.string({ unit: "grapheme", maxLength: 8 }),
);

/** Whether a cell holds what the file held: its exact text, or the number or date it unambiguously is. */
export function landsAs(cell: unknown, text: string): boolean {
  if (text === "") return cell === null || cell === "";
  if (cell === text) return true;
  return typeof cell === "number" && (unambiguousNumber(text) === cell || isoDate(text) === cell);
}

/** Rows of 1–5 equal-width cells: a header and up to 7 data rows. */
export const agentGrid = (cell: fc.Arbitrary<string>): fc.Arbitrary<string[][]> =>
  fc
    .integer({ min: 1, max: 5 })
    .chain((w) => fc.array(fc.array(cell, { minLength: w, maxLength: w }), { minLength: 1, maxLength: 8 }));

/** The file text of a grid: TSV (tabs, no quoting) or CSV (RFC 4180 quoting where needed). */
export function agentFileText(fileType: "csv" | "tsv", rows: string[][]): string {
  if (fileType === "tsv") return `${rows.map((r) => r.join("\t")).join("\n")}\n`;
  return `${rows
    .map((r) => r.map((c) => (/[",\r\n]/.test(c) ? `"${c.replace(/"/g, '""')}"` : c)).join(","))
    .join("\r\n")}\r\n`;
}
