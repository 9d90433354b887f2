import {
  boundValueText,
  changedBindings,
  readBinding,
  refusalText,
  resolveBoundParams,
  type BoundCell,
  type ParamBinding,
} from "./boundParams";

const b = (param: string, address = "Inputs!B2"): ParamBinding => ({
  param,
  name: `AdsParam_T_${param}`,
  address,
});
const one = (value: unknown, type: string, address = "Inputs!B2"): BoundCell => ({
  state: "range",
  address,
  values: [[value]],
  types: [[type]],
});

describe("one bound cell read as its parameter needs", () => {
  test.each([
    ["startDate", one(46327, "Double"), "1900", "2026-11-01"],
    ["startDate", one(44865, "Double"), "1904", "2026-11-01"],
    ["startDate", one(" 2026-11-01 ", "String"), "1900", "2026-11-01"],
    ["episodeId", one(123456, "Double"), "1900", "123456"],
    ["timeGrouping", one(" week ", "String"), "1900", "week"],
  ] as const)("%s from %j (%s system)", (param, cell, system, value) => {
    expect(readBinding("impressions", b(param), cell, system)).toEqual({ ok: true, value });
  });

  test.each([
    ["startDate", one("", "Empty"), "is empty"],
    ["startDate", one("#N/A", "Error"), "holds the error #N/A"],
    ["startDate", one("soon", "String"), 'holds the text "soon" where a date is needed'],
    ["startDate", one(true, "Boolean"), "holds true where a date is needed"],
    ["startDate", one(60, "Double"), "holds 60, which is not a date"],
    [
      "startDate",
      { state: "error", value: "#REF!" } as const,
      "the cell was deleted (its reference is #REF!)",
    ],
    [
      "startDate",
      { state: "missing" } as const,
      "the name AdsParam_T_startDate that held the cell was deleted",
    ],
    [
      "episodeId",
      { state: "range", address: "A1:A2", values: [[1], [2]], types: [["Double"], ["Double"]] } as const,
      "is a range of 2 cells where one cell is needed",
    ],
  ] as const)("%s refuses %j", (param, cell, problem) => {
    expect(readBinding("impressions", b(param), cell, "1900")).toEqual({ ok: false, problem });
  });

  test("a range gives a list of its filled cells, row by row; numbers as text, show ids as numbers", () => {
    const range: BoundCell = {
      state: "range",
      address: "Inputs!D2:E3",
      values: [
        ["Acme", ""],
        [42, " Globex "],
      ],
      types: [
        ["String", "Empty"],
        ["Double", "String"],
      ],
    };
    expect(readBinding("estimatedSpendByDay", b("advertisers"), range, "1900")).toEqual({
      ok: true,
      value: ["Acme", "42", "Globex"],
    });
    const ids: BoundCell = {
      state: "range",
      address: "A1:A2",
      values: [[12], ["34"]],
      types: [["Double"], ["String"]],
    };
    expect(readBinding("search", b("showFilterIds"), ids, "1900")).toEqual({ ok: true, value: [12, 34] });
  });

  test("the listener report's single advertiser is one cell, not a list", () => {
    expect(readBinding("impressionListeners", b("advertiser"), one("Acme", "String"), "1900")).toEqual({
      ok: true,
      value: "Acme",
    });
  });
});

describe("a request's bound parameters", () => {
  const cells = new Map<string, BoundCell>([
    ["startDate", one(46327, "Double", "Inputs!C4")],
    ["endDate", one(46320, "Double", "Inputs!C5")],
  ]);

  test("the request's own rules name the bound cell (an end before its start)", () => {
    const r = resolveBoundParams(
      "estimatedSpendByDay",
      { advertisers: ["Acme"] },
      [b("startDate"), b("endDate", "Inputs!B3")],
      cells,
      "1900",
    );
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.problems).toEqual([
        expect.objectContaining({
          param: "endDate",
          cell: "Inputs!C5",
          problem: expect.stringMatching(/endDate/),
        }),
      ]);
      expect(refusalText(r.problems)).toMatch(
        /^End date \(Inputs!C5\): gives "2026-10-25": .*Nothing was requested/,
      );
    }
  });

  test("values replace the typed ones; addresses are where the cells are now; staleness compares values", () => {
    const r = resolveBoundParams(
      "estimatedSpendByDay",
      { advertisers: ["Acme"], startDate: "2026-01-01" },
      [b("startDate")],
      cells,
      "1900",
    );
    expect(r).toEqual({
      ok: true,
      params: { advertisers: ["Acme"], startDate: "2026-11-01" },
      addresses: { startDate: "Inputs!C4" },
    });
    expect(
      changedBindings({ startDate: "2026-01-01" }, { startDate: "2026-11-01" }, [b("startDate")]),
    ).toEqual(["startDate"]);
    expect(
      changedBindings({ startDate: "2026-11-01" }, { startDate: "2026-11-01" }, [b("startDate")]),
    ).toEqual([]);
  });

  test("a bound value as the status line shows it", () => {
    expect(boundValueText("advertisers", "Inputs!D2:D6", ["A", "B", "C", "D", "E"])).toBe(
      "Advertisers Inputs!D2:D6 = A, B, C +2",
    );
  });
});
