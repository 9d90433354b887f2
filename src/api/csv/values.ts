/**
 * Typing of single CSV values: dates to Excel serials, smart-formatted numbers ('$1,234.56',
 * '12.5%' → 0.125, '1,234', '(1,234)') to numbers with the display format they came with.
 */

import { pointsToFraction, POW10 } from "../decimalShift";
import { utcToSerial } from "../excelDates";
import { inexactNumber, leadingZero } from "../exactNumbers";

export { serialToUtc } from "../excelDates";

function validYmd(y: number, m: number, d: number): number | null {
  const ms = Date.UTC(y, m - 1, d);
  const dt = new Date(ms);
  return dt.getUTCFullYear() === y && dt.getUTCMonth() === m - 1 && dt.getUTCDate() === d ? ms : null;
}

const YMD = /^(\d{4})-(\d{2})-(\d{2})$/;
const MDY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;
const ISO_TS = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** A date (YYYY-MM-DD or MM/DD/YYYY) as an Excel serial, or null. */
export function parseDate(text: string): number | null {
  let m = YMD.exec(text);
  if (m) {
    const ms = validYmd(+m[1], +m[2], +m[3]);
    return ms === null ? null : utcToSerial(ms);
  }
  m = MDY.exec(text);
  if (m) {
    const ms = validYmd(+m[3], +m[1], +m[2]);
    return ms === null ? null : utcToSerial(ms);
  }
  return null;
}

/** An ISO 8601 timestamp as an Excel serial in UTC, or null. */
export function parseDateTime(text: string): number | null {
  const m = ISO_TS.exec(text);
  if (!m) return parseDate(text);
  if (validYmd(+m[1], +m[2], +m[3]) === null) return null;
  const zone = m[8] ?? "Z";
  const ms = Date.parse(`${m[1]}-${m[2]}-${m[3]}T${m[4]}:${m[5]}:${m[6] ?? "00"}${m[7] ?? ""}${zone}`);
  return Number.isNaN(ms) ? null : utcToSerial(ms);
}

/** How a smart-formatted number was written: what its Excel format must show. */
export interface NumberLook {
  decimals: number;
  grouped: boolean;
  symbol?: string;
  percent: boolean;
  /** Written as (1,234): the negative section uses parentheses. */
  parens: boolean;
}

export interface ParsedNumber {
  value: number;
  /** The Excel format that shows the value as the CSV did, when the text was formatted. */
  format?: string;
  /** The pieces of that format, to widen a column's format over all its values (widerLook). */
  look?: NumberLook;
  percent?: boolean;
  currency?: boolean;
}

const PLAIN_NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/;
const FORMATTED = /^(\()?(-)?([$€£])?(-)?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?(%)?(\))?$/;

/** The Excel format for a look: `#,##0.00`, `$#,##0.00`, `0.0%`, with `;(…)` when negatives were in parentheses. */
export function lookFormat(look: NumberLook): string {
  const body = `${look.grouped ? "#,##0" : "0"}${look.decimals > 0 ? `.${"0".repeat(look.decimals)}` : ""}`;
  const positive = `${look.symbol ?? ""}${body}${look.percent ? "%" : ""}`;
  return look.parens ? `${positive};(${positive})` : positive;
}

/** A look that shows every value of both: the most decimals, grouping and parentheses if either had them. */
export function widerLook(a: NumberLook, b: NumberLook): NumberLook {
  return {
    decimals: Math.max(a.decimals, b.decimals),
    grouped: a.grouped || b.grouped,
    symbol: a.symbol ?? b.symbol,
    percent: a.percent || b.percent,
    parens: a.parens || b.parens,
  };
}

/** Digits a mantissa may have for digits / 10^k to be exact on both sides (10^15 < 2^53). */
const EXACT_DIGITS = 15;

/**
 * The plain decimal `text[start, end)` ("-12.5", "7", ".5", "5."), read from its characters without
 * a string or a regular expression, or NaN when it is anything else (an exponent, a space, a sign
 * other than a leading minus, more than 15 digits: parsePlainNumber reads those). Both the digits
 * as an integer and 10^k are exact, so their quotient is the one correctly rounded double: what
 * Number(text) gives.
 */
export function plainDecimalAt(text: string, start: number, end: number): number {
  let i = start;
  const negative = i < end && text.charCodeAt(i) === 45;
  if (negative) i++;
  let digits = 0;
  let decimals = -1;
  let mantissa = 0;
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      if (decimals >= 0) decimals++;
    } else if (c === 46 && decimals < 0) decimals = 0;
    else return NaN;
  }
  if (digits === 0 || digits > EXACT_DIGITS) return NaN;
  const value = decimals > 0 ? mantissa / POW10[decimals] : mantissa;
  return negative ? -value : value;
}

/**
 * A plain number ("-12.5", "1e3"), or null: the common case, read without making an object. Null too
 * when no number holds it exactly (exactNumbers.ts: beyond a double, more than 15 integer digits).
 */
export function parsePlainNumber(text: string): number | null {
  const fast = plainDecimalAt(text, 0, text.length);
  if (!Number.isNaN(fast)) return fast;
  if (!PLAIN_NUMBER.test(text)) return null;
  const value = Number(text);
  return inexactNumber(text, value) === null ? value : null;
}

/** A number as written, plain or smart-formatted, whether or not a number holds it exactly; null when the text is not one. */
function readNumber(text: string): ParsedNumber | null {
  if (PLAIN_NUMBER.test(text)) return { value: Number(text) };
  const m = FORMATTED.exec(text.replace(/\s/g, ""));
  if (!m) return null;
  const [, open, minus1, symbol, minus2, int, grouped, frac, pct, close] = m;
  if (Boolean(open) !== Boolean(close)) return null;
  const negative = Boolean(open || minus1 || minus2);
  const value = Number(`${int.replace(/,/g, "")}${frac ?? ""}`) * (negative ? -1 : 1);
  const look: NumberLook = {
    decimals: frac ? frac.length - 1 : 0,
    grouped: Boolean(grouped || int.length > 3 || symbol),
    symbol,
    percent: Boolean(pct),
    parens: Boolean(open),
  };
  if (pct) return { value: pointsToFraction(value), format: lookFormat(look), look, percent: true };
  if (symbol) return { value, format: lookFormat(look), look, currency: true };
  return grouped || open ? { value, format: lookFormat(look), look } : { value };
}

/**
 * A number, plain or smart-formatted; null when the text is not a number, or is one no number holds
 * exactly (exactNumbers.ts: it is kept as its text).
 */
export function parseNumber(text: string): ParsedNumber | null {
  const n = readNumber(text);
  return n !== null && inexactNumber(text, n.value) === null ? n : null;
}

/**
 * The text reads as a number but is kept as text: no number holds it exactly, or (`zeros`: in a
 * column not known to hold numbers) it is written with a leading zero.
 */
export function numberKeptAsText(text: string, zeros: boolean): boolean {
  const n = readNumber(text);
  return n !== null && (inexactNumber(text, n.value) !== null || (zeros && leadingZero(text)));
}

/** The plain decimal `text[start, end)` starts with a leading zero (`08123`, `-007`; not `0.5`). */
export function leadingZeroAt(text: string, start: number, end: number): boolean {
  const i = text.charCodeAt(start) === 45 ? start + 1 : start;
  if (i + 1 >= end || text.charCodeAt(i) !== 48) return false;
  const next = text.charCodeAt(i + 1);
  return next >= 48 && next <= 57;
}

export function parseBoolean(text: string): boolean | null {
  const t = text.toLowerCase();
  if (t === "true" || t === "yes") return true;
  if (t === "false" || t === "no") return false;
  return null;
}

export function isUrl(text: string): boolean {
  return /^https?:\/\/\S+$/i.test(text);
}
