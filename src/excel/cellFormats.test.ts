import { sheetNameProblem, definedNameProblem } from "../../preview/memory/names";
import { formatFor, sheetNameFor, tableNameFor, tablePrefixFor } from "./cellFormats";

describe("sheet names the add-in makes are valid and unique", () => {
  test.each([
    ["History", "History (2)"],
    ["history", "history (2)"],
    ["'quoted'", "quoted"],
    [`${"a".repeat(30)}'tail`, "a".repeat(30)], // cut to 31, the apostrophe it ends with trimmed
    ["x:y/z?*[1]", "x y z   1"],
    ["", "Report"],
    ["'''", "Report"],
    ["Acme+Northwind weekly", "Acme+Northwind weekly"],
    // Cut at a word's end, without the comma the cut leaves.
    ["Estimated spend by show by day, last 12 months", "Estimated spend by show by day"],
    ["Impressions by advertiser and publisher", "Impressions by advertiser and"],
    [`${"c".repeat(40)}`, "c".repeat(31)],
  ])("%j → %j", (label, name) => {
    expect(sheetNameFor(label, new Set())).toBe(name);
    expect(sheetNameProblem(name)).toBeNull();
  });

  test("a taken name gets a number that still fits 31 characters and ends without an apostrophe", () => {
    const label = `${"b".repeat(26)}'xyz`;
    const first = sheetNameFor(label, new Set());
    const second = sheetNameFor(label, new Set([first.toUpperCase()]));
    expect(second).toBe(`${"b".repeat(26)} (2)`);
    expect(sheetNameProblem(second)).toBeNull();
    // A second report of the same dates: the number takes the year's place, not half of it.
    const dates = "Impressions, Jan 2023–Nov 2026";
    expect(sheetNameFor(dates, new Set([dates]))).toBe("Impressions, Jan 2023–Nov (2)");
  });
});

describe("table names the add-in makes are valid, and unique among tables and defined names", () => {
  test.each([
    ["R1C1", "T_R1C1"],
    ["RC", "T_RC"],
    ["C", "T_C"],
    ["Q1", "T_Q1"],
    ["R2 weekly", "T_R2_weekly"],
    ["TRUE", "T_TRUE"],
    ["2026 spend", "T_2026_spend"],
    ["Acme+Northwind weekly", "Acme_Northwind_weekly"],
  ])("%j → %j", (label, name) => {
    expect(tableNameFor(label, new Set())).toBe(name);
    expect(definedNameProblem(name)).toBeNull();
  });

  test("a defined name counts as taken (same namespace, any case)", () => {
    expect(tableNameFor("Budget", new Set(["BUDGET"]))).toBe("Budget_2");
    expect(tablePrefixFor("Show 77", new Set(["Show_77_Episodes"]))).toBe("Show_77_2");
  });
});

describe("formats read from the values where the kind alone cannot say", () => {
  test.each([
    [{ name: "Day 15", kind: "number" as const }, [15, 2, 0], "#,##0"],
    [{ name: "ROAS", kind: "number" as const }, [1.5, 2], "#,##0.00"],
    [{ name: "Day", kind: "datetime" as const }, [46000, 46001], "yyyy-mm-dd"],
    [{ name: "Day", kind: "datetime" as const }, [46000.5], "yyyy-mm-dd hh:mm"],
    [{ name: "Show ID", kind: "integer" as const }, [50002], "0"],
    [{ name: "seriesId", kind: "integer" as const }, [50002], "0"],
    [{ name: "directory_podcast_id", kind: "number" as const }, [1200000001], "0"],
    [{ name: "Paid", kind: "integer" as const }, [5], "#,##0"],
    [{ name: "Spend", kind: "currency" as const, numberFormat: "$#,##0" }, [5.5], "$#,##0"],
    // Decimals from every value, not the first: the most precise one decides (0.1 + 0.2 is 0.3).
    [{ name: "ROAS", kind: "number" as const }, [2, 1.5, 0.1234], "#,##0.00"],
    [{ name: "ROAS", kind: "number" as const }, [0.1 + 0.2], "#,##0.00"],
    [{ name: "Rate", kind: "number" as const }, [Math.PI], "#,##0.00"],
    [{ name: "CPM", kind: "currency" as const }, [12, 12.5, 12.125], "$#,##0.000"],
    [{ name: "CPM", kind: "currency" as const }, [1 / 3], "$#,##0.0000"],
    [{ name: "Share", kind: "percent" as const }, [0.5, 0.035], "0.00%"],
    [{ name: "Share", kind: "percent" as const }, [0.5, 0.03125], "0.00%"],
    [{ name: "Share", kind: "percent" as const }, [null, "n/a"], "0.00%"],
  ])("%j with %j → %s", (column, values, format) => {
    expect(formatFor(column, values)).toBe(format);
  });
});

describe("issue 47: ratios and modeled figures as a planner reads them", () => {
  test("ROAS, frequencies and modeled counts show at most two decimals (the cell keeps the value)", () => {
    for (const name of [
      "ROAS",
      "ROAS Modeled",
      "Incremental ROAS",
      "Frequency",
      "Visitors Modeled",
      "avgFrequency",
      "Freq",
    ])
      expect(formatFor({ name, kind: "number" }, [1234.5678, 2.123456])).toBe("#,##0.00");
  });
  test("a count column holding 1,234 and 2.35 is not shown as whole numbers", () => {
    expect(formatFor({ name: "estimated_impressions", kind: "integer" }, [1234, 2.35])).toBe("#,##0.00");
    expect(formatFor({ name: "estimated_impressions", kind: "integer" }, [1234, 2])).toBe("#,##0");
  });
});
