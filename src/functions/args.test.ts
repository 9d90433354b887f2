import * as arg from "./args";
import { FunctionError } from "./functionError";

const valueError = (fn: () => unknown, pattern: RegExp) => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(FunctionError);
    expect((e as FunctionError).code).toBe("#VALUE!");
    expect((e as Error).message).toMatch(pattern);
    return;
  }
  throw new Error("expected a #VALUE! error");
};

test("show ids from number cells, text and single-cell ranges", () => {
  expect(arg.showId(1200000001)).toBe("1200000001");
  expect(arg.showId(" UCdemo0000000000000001 ")).toBe("UCdemo0000000000000001");
  expect(arg.showId([[1200000001]])).toBe("1200000001");
  valueError(() => arg.showId(""), /^Show id: is required/);
  valueError(() => arg.showId(12.5), /Show id: 12.5 is not a show id/);
  valueError(() => arg.showId("a b"), /^Show id: "a b"/);
  valueError(() => arg.showId([[1], [2]]), /Show id: expects a single cell/);
  // Past 2^53 the cell has already lost digits.
  valueError(() => arg.showId(1e21), /Show id: 1e\+21 is not a show id/);
});

test("a show id in none of the spec's forms is refused before any request, naming the forms", () => {
  // Directory ids are digits; Alpha channel and playlist ids start with their two-letter kind.
  expect(arg.showId("UC0000000000000000000000")).toBe("UC0000000000000000000000");
  expect(arg.showId("PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf")).toBe("PLrAXtmErZgOeiKm4sgNOknGvNjby9efdf");
  expect(arg.showId("OLAK5uy_kLWEisWxUNHDw9frQlqC0UNWZqSM2Wk8c")).toBe(
    "OLAK5uy_kLWEisWxUNHDw9frQlqC0UNWZqSM2Wk8c",
  );
  valueError(
    () => arg.showId("abc"),
    /^Show id: "abc" is not a show id: use a directory id \(digits\), or an Alpha/,
  );
  valueError(() => arg.showId("12ab"), /Show id: "12ab" is not a show id/);
  valueError(() => arg.showId("UC12"), /Show id: "UC12" is not a show id/);
  valueError(() => arg.showId("uc0000000000000000000000"), /is not a show id/);
  valueError(() => arg.showId("1234567890123456"), /is not a show id/);
});

test("dates from Excel serials and text", () => {
  expect(arg.optionalDate(45293, "startDate")).toBe("2024-01-02");
  expect(arg.optionalDate("2024-01-02", "startDate")).toBe("2024-01-02");
  expect(arg.optionalDate("1/2/2024", "startDate")).toBe("2024-01-02");
  expect(arg.optionalDate(32874, "startDate")).toBe("1990-01-01");
  // A bare year is a small serial (2024 is Excel's 1905-07-16): refused, not sent as a date.
  valueError(() => arg.optionalDate(2024, "startDate"), /Start date: 2024 is not a date/);
  valueError(() => arg.optionalDate(59, "startDate"), /Start date: 59 is not a date/);
  expect(arg.optionalDate(null, "startDate")).toBeUndefined();
  valueError(() => arg.optionalDate("2024-02-30", "endDate"), /End date: is not a real date/);
  valueError(() => arg.optionalDate("next week", "endDate"), /End date: "next week" is not a date/);
});

test("lists from text or ranges", () => {
  expect(arg.nameList("Acme, Northwind", "advertisers")).toEqual(["Acme", "Northwind"]);
  expect(arg.nameList([["Acme"], ["Northwind"], [""]], "advertisers")).toEqual(["Acme", "Northwind"]);
  valueError(() => arg.nameList(" , ", "advertisers"), /Advertisers: needs at least one name/);
});

test("numbers and booleans", () => {
  expect(arg.optionalInt("12", "count", 1, 1000)).toBe(12);
  valueError(() => arg.optionalInt(1001, "count", 1, 1000), /Count: must be between 1 and 1000/);
  valueError(() => arg.optionalInt(1.5, "count", 1, 1000), /Count: must be a whole number/);
  expect(arg.optionalBool("TRUE", "transcriptOnly")).toBe(true);
  valueError(() => arg.optionalBool("maybe", "transcriptOnly"), /Transcript only: must be TRUE or FALSE/);
});
