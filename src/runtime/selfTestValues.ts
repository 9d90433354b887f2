/**
 * What =ADS.SELFTEST(rows, cols, kind) answers, computed without the service: the self-test
 * (src/excel/selftest/functions.ts) reads each kind back from the cells, in Excel and in Jest.
 * - text: labels "r1c1", "r1c2", …;
 * - number: plain numbers 11, 12, … 21, … (row × 10 + column);
 * - percent: those numbers as hundredths, formatted 0.00% (0.11 shows 11.00 %);
 * - date: 2026-01-01 plus (row − 1) × 10 + (column − 1) days, formatted yyyy-mm-dd;
 * - card: one cell, a card (an entity value) titled SELF_TEST_CARD.title whose field
 *   SELF_TEST_CARD.field holds SELF_TEST_CARD.value under SELF_TEST_CARD.format (the title as text
 *   where the host cannot show data types). Built by src/functions/cards/selfTestCard.ts.
 */
import { pointsToFraction } from "../api/decimalShift";
import { DATE_FORMAT, formatted, PERCENT_FORMAT, type FormattedNumber } from "./numberShape";

export const SELF_TEST_KINDS = ["text", "number", "percent", "date", "card"] as const;
export type SelfTestKind = (typeof SELF_TEST_KINDS)[number];

/** The self-test's card: its title, and the one field a dot reference reads with its format. */
export const SELF_TEST_CARD = {
  title: "Self-test card",
  field: "Monthly listeners",
  value: 1234567,
  format: "#,##0",
  shown: "1,234,567",
} as const;

/** 2026-01-01 as an Excel serial. */
export const SELF_TEST_FIRST_DATE = 46023;

export function selfTestGrid(
  rows: number,
  cols: number,
  kind: Exclude<SelfTestKind, "card"> = "text",
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
