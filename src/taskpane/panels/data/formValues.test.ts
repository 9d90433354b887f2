import { list, num, text } from "./formValues";

test("a blank field is not set, whatever its kind", () => {
  expect(num("  ")).toBeUndefined();
  expect(text("")).toBeUndefined();
  expect(list(" ")).toBeUndefined();
});

test("set fields are sent as typed: numbers (bad ones as NaN, for the schema to name), trimmed text, lists", () => {
  expect(num("25")).toBe(25);
  expect(num("2.5x")).toBeNaN();
  expect(text("  channel ")).toBe("channel");
  expect(list('Acme Mattress, "Acme, Inc."')).toEqual(["Acme Mattress", "Acme, Inc."]);
});
