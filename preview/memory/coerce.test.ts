/** Excel's reading of text typed (or written through range.values) into a General cell, en-US. */
import { daySerial, typeIn, type Typed } from "./coerce";
import { InMemoryWorkbook } from "./workbook";

const today = new Date(Date.UTC(2026, 10, 23));
const date = (y: number, m: number, d: number) => daySerial(y, m, d)!;
const num = (value: number, format?: string): Typed => ({
  type: "number",
  value,
  ...(format ? { format } : {}),
});

describe("typeIn: what Excel stores for a string written into a General cell", () => {
  test.each<[string, Typed]>([
    // Numbers: leading zeros go, exponents, separators, signs, parentheses, currency, percentages.
    ["00123", num(123)],
    ["1e5", num(100000, "0.00E+00")],
    ["1.5E-3", num(0.0015, "0.00E+00")],
    ["12345678901234567890", num(12345678901234567000)],
    ["1,234", num(1234, "#,##0")],
    ["1,234.5", num(1234.5, "#,##0")],
    ["-5", num(-5)],
    ["+5", num(5)],
    ["(12)", num(-12)],
    ["$1,234", num(1234, "$#,##0")],
    ["$120", num(120, "$#,##0")],
    ["-$5.50", num(-5.5, "$#,##0.00")],
    ["12%", num(0.12, "0%")],
    ["12.5 %", num(0.125, "0.00%")],
    [" 42 ", num(42)],
    [".5", num(0.5)],
    // Fractions: a mixed number is a number; a bare "3/4" is a date (below).
    ["1 1/2", num(1.5, "# ?/?")],
    ["0 3/4", num(0.75, "# ?/?")],
    // Dates (en-US), with today's year where none is typed.
    ["3/4", num(date(2026, 3, 4), "m/d/yyyy")],
    ["1/1/2017", num(date(2017, 1, 1), "m/d/yyyy")],
    ["12/31/99", num(date(1999, 12, 31), "m/d/yyyy")],
    ["1-2-3", num(date(2003, 1, 2), "m/d/yyyy")],
    ["2026-01-05", num(date(2026, 1, 5), "m/d/yyyy")],
    ["2026/1/5", num(date(2026, 1, 5), "m/d/yyyy")],
    ["5-10", num(date(2026, 5, 10), "m/d/yyyy")],
    ["1/2024", num(date(2024, 1, 1), "m/d/yyyy")],
    ["15-Feb", num(date(2026, 2, 15), "m/d/yyyy")],
    ["Feb 15", num(date(2026, 2, 15), "m/d/yyyy")],
    ["February 15, 2026", num(date(2026, 2, 15), "m/d/yyyy")],
    ["15 Sept 2025", num(date(2025, 9, 15), "m/d/yyyy")],
    ["Jan-26", num(date(2026, 1, 26), "m/d/yyyy")], // a day of this year, when it can be one
    ["Jan-45", num(date(1945, 1, 1), "m/d/yyyy")], // else a month and a year
    ["Jan 2026", num(date(2026, 1, 1), "m/d/yyyy")],
    // Times and date-times.
    ["12:30", num(0.5208333333333334, "h:mm")],
    ["1:30 PM", num(0.5625, "h:mm")],
    ["25:00", num(25 / 24, "h:mm")],
    ["3 am", num(0.125, "h:mm")],
    ["2026-08-24 00:00", num(date(2026, 8, 24), "m/d/yyyy h:mm")],
    ["2026-08-24T12:00:00Z", num(date(2026, 8, 24) + 0.5, "m/d/yyyy h:mm")],
    ["8/24/2026 6:00 PM", num(date(2026, 8, 24) + 0.75, "m/d/yyyy h:mm")],
    // Booleans, errors, formulas.
    ["TRUE", { type: "boolean", value: true }],
    ["false", { type: "boolean", value: false }],
    ["#N/A", { type: "error", value: "#N/A" }],
    ["#div/0!", { type: "error", value: "#DIV/0!" }],
    ["=1+1", { type: "formula", formula: "=1+1" }],
    ["-x", { type: "formula", formula: "=-x" }],
    ["+A1", { type: "formula", formula: "=+A1" }],
    ["@x", { type: "formula", formula: "=@x" }],
    // The apostrophe prefix keeps the rest as text.
    ["'00123", { type: "text", value: "00123" }],
    ["''quoted", { type: "text", value: "'quoted" }],
  ])("%j", (text, expected) => {
    const got = typeIn(text, today);
    if (got.type === "number" && expected.type === "number") {
      expect(got.value).toBeCloseTo(expected.value, 9);
      expect(got.format).toBe(expected.format);
    } else expect(got).toEqual(expected);
  });

  test.each([
    "abc",
    "Acme Mattress",
    "2/30/2026", // no such day
    "13/4", // no 13th month
    "1.2.3",
    "12,34,5x",
    "0x1A",
    "Infinity",
    "NaN",
    "-",
    "+",
    "=",
    "@",
    "$",
    "%",
    "3/4/1899", // before Excel's calendar
    "1e5%",
    "a 1/2",
    "",
  ])("%j stays text", (text) => {
    expect(typeIn(text, today)).toEqual({ type: "text", value: text });
  });
});

describe("dates and percentages typed as Excel stores them", () => {
  test("the 1900 system counts 29 February 1900; the 1904 system starts at 0; 1.1% is 0.011", () => {
    const today = new Date(Date.UTC(2026, 10, 22));
    expect(typeIn("1900-01-01", today)).toMatchObject({ type: "number", value: 1 });
    expect(typeIn("1900-03-01", today)).toMatchObject({ type: "number", value: 61 });
    expect(typeIn("1904-01-01", today, true)).toMatchObject({ type: "number", value: 0 });
    expect(typeIn("2024-01-01", today, true)).toMatchObject({ type: "number", value: 45292 - 1462 });
    // A time alone is no day: the same in both systems.
    expect(typeIn("12:00", today, true)).toMatchObject({ type: "number", value: 0.5 });
    expect(typeIn("1.1%", today)).toMatchObject({ type: "number", value: 0.011 });
    expect(typeIn("1.5E-7", today)).toMatchObject({ type: "number", value: 1.5e-7 });
  });

  test("=DATE() in both systems, the leap-year rule included", () => {
    for (const [date1904, formula, value] of [
      [false, "=DATE(1900,3,1)", 61],
      [false, "=DATE(1900,2,28)", 59],
      [false, "=DATE(2026,1,1)", 46023],
      [true, "=DATE(1904,1,1)", 0],
      [true, "=DATE(2026,1,1)", 46023 - 1462],
    ] as const) {
      const wb = new InMemoryWorkbook();
      wb.model.date1904 = date1904;
      wb.host.setInput("Sheet1", 0, 0, formula);
      expect({ formula, value: wb.host.cell("Sheet1", 0, 0).value }).toEqual({ formula, value });
    }
  });
});
