/**
 * When a value written as a number cannot be one exactly, so it is kept as its text (in a Text cell):
 * - beyond a double: `1e400` reads as Infinity (a blank cell), `1e-400` as 0;
 * - an integer part of more than 15 significant digits, what Excel keeps: `12345678901234567890`
 *   would land as 12345678901234500000 (`1000000000000000` is one digit, 1E+15, exactly; decimals
 *   are rounded in their fraction, as any decimal is: `0.30000000000000004` stays a number);
 * - a leading zero (`08123`, `-007`) where the column is not known to hold numbers: a zip code or an
 *   id, which as a number would lose its zero. A known number column reads `08123` as 8123.
 * Readers apply these where they read numbers (the report CSV reader, agent CSV/TSV and JSON files)
 * and count the cells kept, which the planner is told in keptAsTextNote's words.
 */
import type { KeptAsText } from "./table";

/** Significant digits Excel keeps of a number. */
export const EXCEL_DIGITS = 15;

/** Why a number as written cannot be held exactly. */
export type Inexact = "range" | "digits";

/**
 * Why the number `text` writes ("-12.5", "1e400", "$12,345.00", "(12)", "12%") cannot be held
 * exactly, given `value`, the double read from it; null when it can. Counted: the significant digits
 * of the integer part (before the point, exponent or percent sign), from its first digit that is not
 * zero to its last, or to its end when a fraction that is not zero follows (`1000000000000000` is
 * 1E+15 exactly, `1000000000000000.5` is not). Signs, group commas, currency signs and parentheses
 * are passed over.
 */
export function inexactNumber(text: string, value: number): Inexact | null {
  if (!Number.isFinite(value)) return "range";
  // The common case, without the loop: at most 15 characters before the point, so at most 15 digits.
  if (value !== 0) {
    const point = text.indexOf(".");
    if ((point < 0 ? text.length : point) <= EXCEL_DIGITS) return null;
  }
  const { digits, nonZero } = mantissaDigits(text);
  if (digits > EXCEL_DIGITS) return "digits";
  // A mantissa with a digit that is not zero, read as 0: too small for a double.
  return value === 0 && nonZero ? "range" : null;
}

/**
 * The significant digits of a number's integer part as inexactNumber counts them, and whether its
 * mantissa (before any exponent or percent sign) has a digit that is not zero.
 */
function mantissaDigits(text: string): { digits: number; nonZero: boolean } {
  /** Digits of the integer part from its first that is not zero, and the zeros ending them. */
  let span = 0;
  let trailingZeros = 0;
  let nonZero = false;
  let fractionNonZero = false;
  let inFraction = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      if (inFraction) {
        if (c !== 48) fractionNonZero = nonZero = true;
      } else if (c !== 48 || nonZero) {
        nonZero = true;
        span++;
        trailingZeros = c === 48 ? trailingZeros + 1 : 0;
      }
    } else if (c === 46) inFraction = true;
    else if (c === 101 || c === 69 || c === 37) break; // e, E, %
  }
  return { digits: fractionNonZero ? span : span - trailingZeros, nonZero };
}

/**
 * A number written with a leading zero: `08123`, `-007`, `00.5`, `$0,123`, `(012)`; not `0`, `0.5`
 * or `-0.25`. Signs, parentheses and currency signs before it are passed over.
 */
export function leadingZero(text: string): boolean {
  let i = 0;
  let c = text.charCodeAt(0);
  // ( - $ € £
  while (c === 40 || c === 45 || c === 36 || c === 0x20ac || c === 0xa3) c = text.charCodeAt(++i);
  if (c !== 48) return false;
  const next = text.charCodeAt(i + 1);
  return (next >= 48 && next <= 57) || next === 44;
}

/** Columns named in a note before "and N more". */
const NAMED_COLUMNS = 5;

/**
 * The planner's note for cells kept as text: "2 cells were kept as text, exactly as written, since as
 * numbers they would change (a leading zero, more than 15 digits, or too large or small for Excel):
 * Order ID (2)." Null when there are none.
 */
export function keptAsTextNote(kept: readonly KeptAsText[] | undefined): string | null {
  const columns = (kept ?? []).filter((k) => k.cells > 0);
  const total = columns.reduce((n, k) => n + k.cells, 0);
  if (total === 0) return null;
  const named = columns
    .slice(0, NAMED_COLUMNS)
    .map((k) => `${k.column || "(no name)"} (${k.cells.toLocaleString("en-US")})`);
  const more = columns.length - named.length;
  const where =
    more > 0 ? `${named.join(", ")} and ${more} more ${more === 1 ? "column" : "columns"}` : named.join(", ");
  const what =
    total === 1
      ? "1 cell was kept as text, exactly as written, since as a number it would change"
      : `${total.toLocaleString("en-US")} cells were kept as text, exactly as written, since as numbers they would change`;
  return `${what} (a leading zero, more than 15 digits, or too large or small for Excel): ${where}.`;
}
