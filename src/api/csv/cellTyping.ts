/**
 * How a report's CSV texts become cell values: a column's kind inferred from its first values, each
 * text converted to its column's kind (a smart-formatted number widening the column's format,
 * columnLooks.ts), a value that does not fit an inferred column kept as its text, and how the field
 * scan types a plain decimal from its characters (parse.ts, ReportRows).
 */
import { pointsToFraction } from "../decimalShift";
import { leadingZero } from "../exactNumbers";
import type { CellValue, ColumnKind, TableColumn } from "../table";
import { widenForLook, widenForPlain } from "./columnLooks";
import { isUrl, parseBoolean, parseDate, parseDateTime, parseNumber, parsePlainNumber } from "./values";

/**
 * Infers a column's kind from its non-empty values. Numbers only when every value is one exactly
 * (exactNumbers.ts) and none has a leading zero: `08123` is a zip code or an id, kept as its text.
 */
export function inferKind(values: string[]): ColumnKind {
  if (values.length === 0) return "text";
  if (values.every((v) => parseBoolean(v) !== null && !/^\d/.test(v))) return "boolean";
  if (values.every((v) => parseDate(v) !== null)) return "date";
  if (values.every((v) => parseDateTime(v) !== null)) return "datetime";
  const nums = values.map(parseNumber);
  if (nums.every((n) => n !== null) && !values.some(leadingZero)) {
    if (nums.every((n) => n!.percent)) return "percent";
    if (nums.every((n) => n!.currency)) return "currency";
    return nums.every((n) => Number.isInteger(n!.value)) ? "integer" : "number";
  }
  if (values.every(isUrl)) return "url";
  return "text";
}

export function convert(kind: ColumnKind, text: string, column: TableColumn): CellValue {
  if (text === "") return null;
  switch (kind) {
    case "integer":
    case "number":
    case "currency":
    case "percent": {
      const t = text.trim();
      const plain = parsePlainNumber(t);
      if (plain !== null) {
        if (!Number.isInteger(plain)) widenForPlain(column, kind, plain);
        return kind === "percent" ? pointsToFraction(plain) : plain;
      }
      const n = parseNumber(t);
      if (n === null) return text;
      if (n.look) widenForLook(column, n.look);
      // A percent column holds fractions: "12.5%" is already 0.125, a plain 12.5 is percentage points.
      return kind === "percent" && !n.percent ? pointsToFraction(n.value) : n.value;
    }
    case "date":
      return parseDate(text.trim()) ?? parseDateTime(text.trim()) ?? text;
    case "datetime":
      return parseDateTime(text.trim()) ?? text;
    case "boolean":
      return parseBoolean(text.trim()) ?? text;
    default:
      return text;
  }
}

/**
 * An inferred column's value that does not fit the kind its sample gave (a "1.5" under integers
 * decided on the first rows, "n/a" under dates, "08123" with its leading zero under numbers) stays as
 * its text: a column's kind is decided once and never silently changed, and nothing is lost.
 */
export function convertInferred(kind: ColumnKind, text: string, column: TableColumn): CellValue {
  if (text === "") return null;
  const t = text.trim();
  switch (kind) {
    case "integer":
    case "number":
    case "currency":
    case "percent": {
      const n = parseNumber(t);
      const fits =
        n !== null &&
        !leadingZero(t) &&
        (kind === "number" ||
          (kind === "integer" && Number.isInteger(n.value)) ||
          (kind === "percent" && n.percent) ||
          (kind === "currency" && n.currency));
      return fits ? convert(kind, text, column) : text;
    }
    case "date":
      return parseDate(t) ?? text;
    case "boolean":
      return /^\d/.test(t) ? text : (parseBoolean(t) ?? text);
    default:
      return convert(kind, text, column);
  }
}

/**
 * The kind of an inferred column that was empty in all the first rows, from its first value: loose
 * enough that the values after it usually fit (any number, not only whole ones).
 */
export function firstValueKind(text: string): ColumnKind {
  const kind = inferKind([text.trim()]);
  return kind === "integer" || kind === "currency" || kind === "percent" ? "number" : kind;
}

/**
 * How a row read by the scan types a plain decimal of a column from its characters (no string): as
 * it is, as percentage points, as it is when whole (else by its text), or only by its text. The
 * same values convert and convertInferred give for a plain decimal.
 */
export type DecimalTyping = "as-is" | "points" | "whole" | "text";

export function decimalTyping(kind: ColumnKind, inferred: boolean): DecimalTyping {
  if (inferred) return kind === "number" ? "as-is" : kind === "integer" ? "whole" : "text";
  if (kind === "integer" || kind === "number" || kind === "currency") return "as-is";
  return kind === "percent" ? "points" : "text";
}
