/**
 * Moving a number's decimal point, as text: 1.1 percent is 0.011, where 1.1 / 100 is
 * 0.011000000000000001. The shortest text of the double (JavaScript's String) is shifted by its
 * exponent and read back, so the result is the double nearest the shifted decimal.
 */
export function shiftDecimal(value: number, places: number): number {
  if (!Number.isFinite(value) || value === 0) return value;
  const [mantissa, exponent = "0"] = String(value).split("e");
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

/** Percentage points as the fraction Excel holds under a % format (12.5 → 0.125). */
export const pointsToFraction = (points: number): number => shiftDecimal(points, -2);

/** A fraction as percentage points (0.125 → 12.5). */
export const fractionToPoints = (fraction: number): number => shiftDecimal(fraction, 2);
