import { pairsFromRange, paramsFromPairs } from "./agentParams";

describe("agent params", () => {
  it("turns pairs into a params map, skipping blank pairs", () => {
    expect(
      paramsFromPairs([
        { name: " advertiser ", value: "Acme" },
        { name: "", value: "" },
        { name: "months", value: "3" },
      ]),
    ).toEqual({ ok: true, params: { advertiser: "Acme", months: "3" } });
  });

  it("names the pair that has no name or repeats one", () => {
    const r = paramsFromPairs([
      { name: "a", value: "1" },
      { name: "", value: "x" },
      { name: "a", value: "2" },
    ]);
    expect(r).toEqual({
      ok: false,
      errors: ['Parameter 2: the name is empty (value "x")', 'Parameter 3: "a" is given twice'],
    });
  });

  it("reads a two-column range, skipping a name/value header and typing cells as text", () => {
    const r = pairsFromRange([
      ["Name", "Value"],
      ["budget", 1500],
      ["live", true],
      [null, null],
    ]);
    expect(r).toEqual({
      ok: true,
      pairs: [
        { name: "budget", value: "1500" },
        { name: "live", value: "TRUE" },
        { name: "", value: "" },
      ],
    });
  });

  it("refuses a range that is not two columns wide", () => {
    expect(pairsFromRange([["a", "b", "c"]])).toEqual({
      ok: false,
      error: "Select a two-column range (name, value); the selection has 3 columns",
    });
  });
});
