/**
 * A CSV column's number format, widened by every value as it is read: the look of its
 * smart-formatted values ('1,234', '$5.00', '(3)') and the decimals its plain fractions need
 * ('2.35'). The whole-numbers rule holds as for JSON columns (src/excel/cellFormats.ts, formatFor):
 * a format without decimals only while every value is whole, so a ROAS column of '1,234' and 2.35
 * shows 2.35, not 2, whichever of the two comes first and however late in the download.
 */
import { fewestDecimals, POW10 } from "../decimalShift";
import type { ColumnKind, TableColumn } from "../table";
import { lookFormat, widerLook, type NumberLook } from "./values";

interface ColumnLook {
  /** The look of its formatted values so far; null while they have all been plain. */
  look: NumberLook | null;
  /** Decimals its plain fractions need (0 while they have all been whole). */
  fraction: number;
}

const looks = new WeakMap<TableColumn, ColumnLook>();

/**
 * Decimals a plain fraction needs, as formatFor gives a JSON column holding one: two for counts,
 * ratios and percentages (`#,##0.00`, `0.00%`); money its own, two to four (a cost per visitor of
 * $0.0125). Past these a column's format never widens for a plain value.
 */
const MOST_FRACTION_DECIMALS = 4;
function fractionDecimals(kind: ColumnKind, value: number): number {
  if (kind !== "currency") return 2;
  return Math.min(MOST_FRACTION_DECIMALS, Math.max(2, fewestDecimals(value) ?? MOST_FRACTION_DECIMALS));
}

function write(column: TableColumn, state: ColumnLook): void {
  if (!state.look) return;
  const { look, fraction } = state;
  column.numberFormat = lookFormat(fraction > look.decimals ? { ...look, decimals: fraction } : look);
}

/** The column's format shows this formatted value as the CSV wrote it, and every value before it. */
export function widenForLook(column: TableColumn, look: NumberLook): void {
  const state = looks.get(column);
  const before = state?.look;
  // Most values need nothing new: skip the object and the string (this runs for every formatted value).
  if (
    before &&
    look.decimals <= before.decimals &&
    (!look.grouped || before.grouped) &&
    (!look.parens || before.parens) &&
    (!look.percent || before.percent) &&
    (look.symbol === undefined || before.symbol !== undefined)
  )
    return;
  const next = { look: before ? widerLook(before, look) : look, fraction: state?.fraction ?? 0 };
  looks.set(column, next);
  write(column, next);
}

/**
 * Whether a plain `value` (as written: percentage points in a percent column) is shown by a column
 * of `kind` whose plain fractions already show `fraction` decimals: the reader's check before
 * widenForPlain, cheap enough for every value (no look-up, no string).
 */
export function plainFits(kind: ColumnKind, fraction: number, value: number): boolean {
  if (Number.isInteger(value)) return true;
  if (fraction === 0) return false;
  if (kind !== "currency" || fraction >= MOST_FRACTION_DECIMALS) return true;
  return Math.round(value * POW10[fraction]) / POW10[fraction] === value;
}

/**
 * A plain number of a numeric column (`value` as written): a fraction widens the column's format
 * to show it. The decimals the column's plain fractions now show.
 */
export function widenForPlain(column: TableColumn, kind: ColumnKind, value: number): number {
  const state = looks.get(column);
  const fraction = state?.fraction ?? 0;
  if (plainFits(kind, fraction, value)) return fraction;
  const next = { look: state?.look ?? null, fraction: Math.max(fraction, fractionDecimals(kind, value)) };
  looks.set(column, next);
  write(column, next);
  return next.fraction;
}
