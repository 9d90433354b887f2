/** Which numbers as written no number holds exactly, and the planner's note for the cells kept as text. */
import fc from "fast-check";
import { inexactNumber, keptAsTextNote, leadingZero } from "./exactNumbers";

const why = (text: string) => inexactNumber(text, Number(text.replace(/[$,()%]/g, "")));

test("beyond a double, and integer parts of more than 15 significant digits, are not numbers exactly", () => {
  expect(["1e400", "-1e400", "1e-400", "0.1e-330"].map(why)).toEqual(["range", "range", "range", "range"]);
  expect(
    ["12345678901234567890", "-98765432109876543210", "1234567890123456", "$1,234,567,890,123,456"].map(why),
  ).toEqual(["digits", "digits", "digits", "digits"]);
  // A fraction that is not zero makes the integer part's trailing zeros significant.
  expect(why("1000000000000000.5")).toBe("digits");
  expect(why("123456789012345678.000")).toBe("digits");
  // Exactly: 15 digits, zeros ending an integer (1E+15), leading zeros, decimals rounded in their fraction,
  // an exponent a double holds, zero written any way.
  for (const exact of [
    "123456789012345",
    "-999999999999999",
    "1000000000000000",
    "12345678901234500000",
    "000000000000000000001",
    "0.30000000000000004",
    "1234567890.123456789",
    "1.2345678901234567e+25",
    "1e300",
    "0",
    "0e-400",
    "0.000",
    "12.5%",
    "(1,234.50)",
  ])
    expect([exact, why(exact)]).toEqual([exact, null]);
});

test("property: an integer of up to 15 significant digits is exact, with any zeros after it; one of 16 or more is not", () => {
  fc.assert(
    fc.property(
      fc.bigInt({ min: 1n, max: 10n ** 20n }),
      fc.nat({ max: 5 }),
      fc.boolean(),
      (n, zeros, minus) => {
        const digits = n.toString().replace(/0+$/, "").length;
        const text = `${minus ? "-" : ""}${n}${"0".repeat(zeros)}`;
        expect(inexactNumber(text, Number(text))).toBe(digits > 15 ? "digits" : null);
      },
    ),
    { numRuns: 2000 },
  );
});

test("a leading zero: a digit or group comma after the first zero, whatever signs come before", () => {
  for (const led of ["08123", "-007", "00.5", "00", "$0,123", "(012)", "-$05"])
    expect([led, leadingZero(led)]).toEqual([led, true]);
  for (const plain of ["0", "0.5", "-0.25", "10", "", "-", "$5", "0e5", "abc"])
    expect([plain, leadingZero(plain)]).toEqual([plain, false]);
});

test("the note counts the cells, names the columns (five, then how many more), and is null when none were kept", () => {
  expect(keptAsTextNote(undefined)).toBeNull();
  expect(keptAsTextNote([{ column: "Zip", cells: 0 }])).toBeNull();
  expect(keptAsTextNote([{ column: "Zip", cells: 1 }])).toBe(
    "1 cell was kept as text, exactly as written, since as a number it would change (a leading zero, more than 15 digits, or too large or small for Excel): Zip (1).",
  );
  expect(
    keptAsTextNote([
      { column: "Order ID", cells: 1200 },
      { column: "", cells: 3 },
    ]),
  ).toBe(
    "1,203 cells were kept as text, exactly as written, since as numbers they would change (a leading zero, more than 15 digits, or too large or small for Excel): Order ID (1,200), (no name) (3).",
  );
  const seven = ["A", "B", "C", "D", "E", "F", "G"].map((column) => ({ column, cells: 1 }));
  expect(keptAsTextNote(seven)).toMatch(
    /^7 cells .*: A \(1\), B \(1\), C \(1\), D \(1\), E \(1\) and 2 more columns\.$/,
  );
  expect(keptAsTextNote(seven.slice(0, 6))).toMatch(/E \(1\) and 1 more column\.$/);
});
