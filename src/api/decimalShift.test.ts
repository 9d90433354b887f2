/** Percentages move their decimal point as text does: no 0.011000000000000001. */
import fc from "fast-check";
import { fractionToPoints, pointsToFraction, shiftDecimal } from "./decimalShift";

test("percentage points become the fraction typed with the point moved", () => {
  expect(1.1 / 100).not.toBe(0.011);
  expect(pointsToFraction(1.1)).toBe(0.011);
  expect(pointsToFraction(12.5)).toBe(0.125);
  expect(pointsToFraction(-0.07)).toBe(-0.0007);
  expect(pointsToFraction(1e-7)).toBe(1e-9);
  expect(pointsToFraction(123456789.123)).toBe(1234567.89123);
  expect(fractionToPoints(0.011)).toBe(1.1);
  expect(fractionToPoints(0.0007)).toBe(0.07);
  expect(shiftDecimal(0, -2)).toBe(0);
  expect(shiftDecimal(Number.NaN, 2)).toBeNaN();
});

test("property: a decimal of up to 15 significant digits shifted is the decimal read with the point moved", () => {
  fc.assert(
    fc.property(
      fc.bigInt({ min: -(10n ** 15n) + 1n, max: 10n ** 15n - 1n }),
      fc.integer({ min: 0, max: 12 }),
      (digits, scale) => {
        const text = `${digits}e-${scale}`;
        expect(pointsToFraction(Number(text))).toBe(Number(`${digits}e${-scale - 2}`));
        expect(fractionToPoints(Number(text))).toBe(Number(`${digits}e${2 - scale}`));
      },
    ),
    { numRuns: 5000 },
  );
});

/** What shiftDecimal must equal: the shortest text of the double, its point moved, read back. */
const asText = (v: number, places: number) => {
  const [mantissa, exponent = "0"] = String(v).split("e");
  return Number(`${mantissa}e${Number(exponent) + places}`);
};

test("property: the fast path gives exactly what the text gives, for decimals and arbitrary doubles alike", () => {
  const decimal = fc
    .tuple(fc.integer({ min: -(10 ** 9), max: 10 ** 9 }), fc.integer({ min: 0, max: 9 }))
    .map(([m, k]) => m / 10 ** k);
  const anyDouble = fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e8, max: 1e8 });
  fc.assert(
    fc.property(fc.oneof(decimal, anyDouble), fc.integer({ min: -4, max: 4 }), (v, places) => {
      expect(
        Object.is(shiftDecimal(v, places), asText(v, places)) ||
          shiftDecimal(v, places) === asText(v, places),
      ).toBe(true);
    }),
    { numRuns: 200_000 },
  );
});
