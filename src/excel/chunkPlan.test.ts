import fc from "fast-check";
import { cellBytes, rowBytes } from "./chunkPlan";

const jsonBytes = (v: unknown) => new TextEncoder().encode(JSON.stringify(v)).length;

describe("the chunk planner's byte counts are the JSON office.js sends", () => {
  test("property: any string, number, boolean or empty cell counts exactly its UTF-8 JSON bytes", () => {
    const value = fc.oneof(
      fc.string({ unit: "binary" }), // every code unit, lone surrogates and control characters too
      fc.string({ unit: "grapheme" }),
      fc.integer({ min: -(2 ** 53) + 1, max: 2 ** 53 - 1 }),
      fc.double(),
      fc.constantFrom(0, -0, 1e15, -1e15, 999999999999999, 1e21, 0.1 + 0.2, 45678.541666666664),
      // A report's decimals (money, rates, percents as fractions), counted without their text.
      fc
        .tuple(fc.integer({ min: -999_999_999_999, max: 999_999_999_999 }), fc.integer({ min: 0, max: 8 }))
        .map(([m, k]) => m / 10 ** k),
      fc.constantFrom(0.5, -0.5, 1e-6, -1e-6, 5e-7, 999999.999999, 0.000001, 0.011, -0.25, 123456.7),
      fc.boolean(),
      fc.constant(null),
    );
    fc.assert(
      fc.property(value, (v) => {
        expect(cellBytes(v)).toBe(jsonBytes(v));
      }),
      { numRuns: 20_000 },
    );
    fc.assert(
      fc.property(fc.array(value, { minLength: 1, maxLength: 8 }), (row) => {
        // A row in a 2-D array: its JSON and the comma after it.
        expect(rowBytes(row)).toBe(jsonBytes(row) + 1);
      }),
    );
  });
});
