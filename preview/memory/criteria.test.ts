/** Excel's criteria (SUMIFS, COUNTIFS, …): operators, numbers in text, wildcards, blanks, errors. */
import { criterion, wildcardPattern } from "./criteria";

const cells: unknown[] = [5, "5", 10, "Acme", "acme co", "", null, true, { _error: "#N/A" }, "a*b"];
const hits = (c: unknown) => cells.filter((v) => criterion(c)(v));

test("a number matches equal numbers and text that reads as that number", () => {
  expect(hits(5)).toEqual([5, "5"]);
  expect(hits("5")).toEqual([5, "5"]);
  expect(hits("=5")).toEqual([5, "5"]);
});

test("order operators compare numbers only; <> takes everything else, blanks and text included", () => {
  expect(hits(">5")).toEqual([10]);
  expect(hits(">=5")).toEqual([5, 10]);
  expect(hits("<10")).toEqual([5]);
  expect(hits("<>5")).toEqual([10, "Acme", "acme co", "", null, true, "a*b"]);
});

test("text compares without case, with * ? and ~ as Excel's wildcards", () => {
  expect(hits("acme")).toEqual(["Acme"]);
  expect(hits("ACME*")).toEqual(["Acme", "acme co"]);
  expect(hits("acm?")).toEqual(["Acme"]);
  expect(hits("a~*b")).toEqual(["a*b"]);
  expect(hits("<>acme*")).toEqual([5, "5", 10, "", null, true, "a*b"]);
  expect(hits(">b")).toEqual([]);
  expect(hits("<b")).toEqual(["5", "Acme", "acme co", "a*b"]);
});

test('"" matches blanks, "=" only empty cells, "<>" any filled cell; logicals match logicals', () => {
  expect(hits("")).toEqual(["", null]);
  expect(hits("=")).toEqual([null]);
  expect(hits("<>")).toEqual([5, "5", 10, "Acme", "acme co", "", true, { _error: "#N/A" }, "a*b"]);
  expect(hits(true)).toEqual([true]);
  expect(hits("TRUE")).toEqual([true]);
});

test("wildcard patterns escape the regular expression's own characters", () => {
  expect(wildcardPattern("(x).+").test("(x).+")).toBe(true);
  expect(wildcardPattern("(x).+").test("(x)a+")).toBe(false);
  expect(wildcardPattern("~~").test("~")).toBe(true);
});
