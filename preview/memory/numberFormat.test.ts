/** The preview shows numbers as Excel does, where SSF alone would not (one case each). */
import { typeIn } from "./coerce";
import { editText, formatNumber } from "./numberFormat";

test.each([
  // Excel rounds the 15-digit decimal, half away from zero; SSF alone gives 1.00, 2.67, -2.67.
  [1.005, "0.00", "1.01"],
  [2.675, "0.00", "2.68"],
  [-2.675, "0.00", "-2.68"],
  [1.0049, "0.00", "1.00"],
  [1234.5, "#,##0", "1,235"],
  [0.0105, "0.0%", "1.1%"],
  [0.000125, "0.00%", "0.01%"],
  [1234567.5, "#,##0,", "1,235"],
  // The negative section: the sign belongs to the format.
  [-1234.5, "#,##0;(#,##0)", "(1,235)"],
  [-0.125, "0.00%;(0.00%)", "(12.50%)"],
  // Times are rounded to the second first: SSF alone shows 00:59:00.
  [45292 + (59 * 60 + 59.6) / 86_400, "hh:mm:ss", "01:00:00"],
  [45292 + (59 * 60 + 59.4) / 86_400, "hh:mm:ss", "00:59:59"],
  [45292 + (59 * 60 + 59.6) / 86_400, "yyyy-mm-dd hh:mm", "2024-01-01 01:00"],
  // Currency symbols written in the format: SSF alone throws on £, ¥ and ₹.
  [1234.5, "£#,##0.00", "£1,234.50"],
  [1234.5, "¥#,##0", "¥1,235"],
  [-1234.5, "₹#,##0.00;-₹#,##0.00", "-₹1,234.50"],
  [1234.5, '"£"#,##0.00', "£1,234.50"],
  [1234.5, "[$£-809]#,##0.00", "£1,234.50"],
  // Dates of the 1900 system, its 29 February 1900 included.
  [1, "yyyy-mm-dd", "1900-01-01"],
  [61, "yyyy-mm-dd", "1900-03-01"],
  [0.125, "General", "0.125"],
])("%p under %p shows %p", (value, format, shown) => {
  expect(formatNumber(value, format)).toBe(shown);
});

test.each([
  // Excel's formula bar (en-US): dates and times in its editing forms, never the serial.
  [46353, "yyyy-mm-dd", false, "11/27/2026"],
  [46353.5, "yyyy-mm-dd hh:mm", false, "11/27/2026 12:00:00 PM"],
  [0.75, "hh:mm", false, "6:00:00 PM"],
  [44891, "yyyy-mm-dd", true, "11/27/2026"],
  // A percentage with its %, the decimal point moved (not 12.500000000000002%).
  [0.125, "0.00%", false, "12.5%"],
  [0.07, '0.0%;"down "0.0%', false, "7%"],
  // Other numbers without their format, at 15 significant digits.
  [1234.5, "$#,##0.00", false, "1234.5"],
  [0.1 + 0.2, "General", false, "0.3"],
  [true, "General", false, "TRUE"],
  ["00123", "@", false, "00123"],
  [null, "yyyy-mm-dd", false, ""],
] as const)("the formula bar shows %p under %p (1904: %p) as %p", (value, format, date1904, shown) => {
  expect(editText(value, format, date1904)).toBe(shown);
});

test("what the formula bar shows, typed back, is the same value", () => {
  const today = new Date(Date.UTC(2026, 10, 27));
  for (const [value, format, date1904] of [
    [46351, "yyyy-mm-dd", false],
    [46351.25, "yyyy-mm-dd hh:mm", false],
    [44889, "yyyy-mm-dd", true],
    [0.125, "0.00%", false],
    [1234.5, "$#,##0.00", false],
  ] as const) {
    const typed = typeIn(editText(value, format, date1904), today, date1904);
    expect(typed).toMatchObject({ type: "number", value });
  }
});
