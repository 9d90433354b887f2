import { displayValue } from "./display";

describe("displayValue approximates Excel number formats", () => {
  test.each([
    [{ value: 46000, numberFormat: "yyyy-mm-dd" }, "2025-12-09"],
    [{ value: 46000.5, numberFormat: "yyyy-mm-dd hh:mm" }, "2025-12-09 12:00"],
    [{ value: 1234.5, numberFormat: "$#,##0.00" }, "$1,234.50"],
    [{ value: -3, numberFormat: "$#,##0.00" }, "-$3.00"],
    [{ value: 12.5, numberFormat: '0.00"%"' }, "12.50%"],
    [{ value: 1234567, numberFormat: "#,##0" }, "1,234,567"],
    [{ value: 0.1 + 0.2 }, "0.30000000000000004"],
    [{ value: true }, "TRUE"],
    [{ value: "text" }, "text"],
    [{ value: null }, ""],
  ])("%j shows as %s", (cell, shown) => {
    expect(displayValue(cell)).toBe(shown);
  });
});
