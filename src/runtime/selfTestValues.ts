/**
 * What =ADS.SELFTEST(rows, cols, kind) answers, computed without the service: the self-test
 * (src/excel/selftest/functions.ts) reads each kind back from the cells, in Excel and in Jest.
 * - text: labels "r1c1", "r1c2", …;
 * - number: plain numbers 11, 12, … 21, … (row × 10 + column);
 * - percent: those numbers as hundredths, formatted 0.00% (0.11 shows 11.00 %);
 * - date: 2026-01-01 plus (row − 1) × 10 + (column − 1) days, formatted yyyy-mm-dd.
 */
import { pointsToFraction } from "../api/decimalShift";
import { DATE_FORMAT, formatted, PERCENT_FORMAT, type FormattedNumber } from "./numberShape";

export const SELF_TEST_KINDS = ["text", "number", "percent", "date"] as const;
export type SelfTestKind = (typeof SELF_TEST_KINDS)[number];

/** 2026-01-01 as an Excel serial. */
export const SELF_TEST_FIRST_DATE = 46023;

export function selfTestGrid(
  rows: number,
  cols: number,
  kind: SelfTestKind = "text",
): (string | number | FormattedNumber)[][] {
  const value = (r: number, c: number): string | number | FormattedNumber => {
    const n = r * 10 + c;
    if (kind === "number") return n;
    if (kind === "percent") return formatted(pointsToFraction(n), PERCENT_FORMAT);
    if (kind === "date") return formatted(SELF_TEST_FIRST_DATE + (r - 1) * 10 + (c - 1), DATE_FORMAT);
    return `r${r}c${c}`;
  };
  return Array.from({ length: rows }, (_, r) => Array.from({ length: cols }, (_, c) => value(r + 1, c + 1)));
}
