import { FunctionError } from "./functionError";
import { capResult, RESULT_BUDGET_BYTES } from "./resultLimits";
import { TRUNCATION_MARKER } from "../excel/cellFormats";

test("text over 32,767 characters is cut with a visible marker, in a scalar and in a grid", () => {
  const long = "x".repeat(40_000);
  const one = capResult(long, "SHOW") as string;
  expect(one).toHaveLength(32_767);
  expect(one.endsWith(TRUNCATION_MARKER)).toBe(true);
  const grid = capResult([["title"], [long]], "EPISODES");
  expect((grid[1][0] as string).length).toBe(32_767);
  expect(capResult(42, "SHOWLISTENERS")).toBe(42);
});

test("a result over Excel's 5 MB is #N/A that says how big it is and points to the Data tab", () => {
  // 26 columns of 100-character transcripts: 2,000 rows ≈ 5.2 MB of JSON.
  const rows = Array.from({ length: 2_000 }, (_, i) =>
    Array.from({ length: 26 }, (_, j) => `${i}-${j}-${"t".repeat(96)}`),
  );
  let error: unknown;
  try {
    capResult([["h"], ...rows], "ADS");
  } catch (e) {
    error = e;
  }
  expect(error).toBeInstanceOf(FunctionError);
  expect((error as FunctionError).code).toBe("#N/A");
  expect((error as FunctionError).message).toMatch(
    /ADS\.ADS: the result is 5\.\d MB \(2,001 rows\).*Data tab/,
  );
  // Just under the budget passes untouched.
  const fits = Array.from({ length: Math.floor(RESULT_BUDGET_BYTES / 120) }, () => ["y".repeat(100)]);
  expect(capResult(fits, "ADS")).toHaveLength(fits.length);
});
