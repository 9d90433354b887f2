/**
 * Moving a number's decimal point, as text: 1.1 percent is 0.011, where 1.1 / 100 is
 * 0.011000000000000001. The shortest text of the double (JavaScript's String) is shifted by its
 * exponent and read back, so the result is the double nearest the shifted decimal.
 */
export function shiftDecimal(value: number, places: number): number {
  if (!Number.isFinite(value) || value === 0) return value;
  return shiftedExactly(value, places) ?? shiftedAsText(value, places);
}

function shiftedAsText(value: number, places: number): number {
  const [mantissa, exponent = "0"] = String(value).split("e");
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

/** 10^0 … 10^16, each exact. */
export const POW10 = [
  1, 10, 100, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
];

/**
 * The fewest decimals k ≤ 6 whose integer round(value · 10^k) gives the value back (divided by
 * 10^k), for |value| < 10^6: the decimals of the value's shortest text (below 10^6 no two decimals
 * of 6 places round to one double); undefined otherwise.
 */
export function fewestDecimals(value: number): number | undefined {
  if (!(Math.abs(value) < 1e6)) return undefined;
  for (let k = 0; k <= 6; k++) if (Math.round(value * POW10[k]) / POW10[k] === value) return k;
  return undefined;
}

/**
 * The same result without text, for the common case (|value| < 10^6, at most 6 decimals): the
 * fewest decimals k whose integer m = round(value · 10^k) gives back the value (m / 10^k === value)
 * are the shortest text's own digits (below 10^6 no two decimals of 6 places round to one double),
 * and m / 10^(k − places), both exact, is one correctly rounded division: the double nearest the
 * shifted decimal, as the text method reads it. Anything else goes through the text.
 */
function shiftedExactly(value: number, places: number): number | undefined {
  const k = fewestDecimals(value);
  if (k === undefined) return undefined;
  const scale = k - places;
  if (scale < 0 || scale >= POW10.length) return undefined;
  return Math.round(value * POW10[k]) / POW10[scale];
}

/** Percentage points as the fraction Excel holds under a % format (12.5 → 0.125). */
export const pointsToFraction = (points: number): number => shiftDecimal(points, -2);

/** A fraction as percentage points (0.125 → 12.5). */
export const fractionToPoints = (fraction: number): number => shiftDecimal(fraction, 2);
