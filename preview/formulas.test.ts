import { createAdsFunctions } from "../src/functions/adsFunctions";
import { RequestCache } from "../src/functions/requestCache";
import { evaluateAdsFormula, splitArgs } from "./formulas";
import type { AdsClient } from "../src/api/client";

const fakeClient = {
  baseUrl: "https://x.test",
  shows: {
    get: async (id: string) => ({
      serviceSeriesId: Number(id),
      title: `Show ${id}`,
      monthlyListeners: 42,
      topAdvertisers: ["A", "B"],
    }),
  },
} as unknown as AdsClient;
const fns = createAdsFunctions({ client: () => fakeClient, cache: new RequestCache() });

test("splits arguments outside quotes and parentheses", () => {
  expect(splitArgs('A1, "a, ""b""", 3, , TRUE')).toEqual(["A1", '"a, ""b"""', "3", "", "TRUE"]);
});

test("literals and cell references go to the same function code", async () => {
  expect(await evaluateAdsFormula('=ADS.SHOW(1200000001, "title")', () => null, fns)).toBe("Show 1200000001");
  expect(
    await evaluateAdsFormula("=ads.showlisteners($B$2)", (ref) => (ref === "$B$2" ? 7 : null), fns),
  ).toBe(42);
  expect(await evaluateAdsFormula("=ADS.TOPADVERTISERS(Sheet1!A1)", () => "5", fns)).toEqual([["A"], ["B"]]);
});

test("errors come back as Excel error values with the message; other formulas are not handled", async () => {
  expect(await evaluateAdsFormula('=ADS.SHOW(1, "nope")', () => null, fns)).toMatchObject({
    error: "#VALUE!",
  });
  expect(await evaluateAdsFormula("=ADS.NOPE(1)", () => null, fns)).toMatchObject({ error: "#NAME?" });
  expect(await evaluateAdsFormula("=SUM(A1:A3)", () => null, fns)).toBeNull();
  expect(await evaluateAdsFormula("=ADS.SHOW(1+1)", () => null, fns)).toMatchObject({ error: "#VALUE!" });
  expect(await evaluateAdsFormula('=ADS.SHOW(1, "title", "extra")', () => null, fns)).toEqual({
    error: "#VALUE!",
    message: "ADS.SHOW takes at most 2 arguments",
  });
});
