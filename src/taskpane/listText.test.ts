import fc from "fast-check";
import { EMPTY_LIST, listToText, parseListText } from "./listText";

test("commas separate names; quotes keep a comma inside a name; (none) is the empty list", () => {
  expect(parseListText("Acme Mattress, Northwind Coffee")).toEqual(["Acme Mattress", "Northwind Coffee"]);
  expect(parseListText('"Acme, Inc.", Northwind')).toEqual(["Acme, Inc.", "Northwind"]);
  expect(parseListText('"Say ""hi"" Ltd"')).toEqual(['Say "hi" Ltd']);
  expect(parseListText(" a, , b ,")).toEqual(["a", "b"]);
  expect(parseListText("(None)")).toEqual([]);
  expect(listToText([])).toBe(EMPTY_LIST);
  expect(listToText(["Acme, Inc.", "b"])).toBe('"Acme, Inc.", b');
});

test("property: any list of names survives listToText then parseListText", () => {
  const name = fc
    .string({ minLength: 1 })
    .map((s) => s.trim())
    .filter((s) => s !== "" && s.toLowerCase() !== EMPTY_LIST);
  fc.assert(
    fc.property(fc.array(name, { maxLength: 8 }), (names) => {
      expect(parseListText(listToText(names))).toEqual(names);
    }),
    { numRuns: 500 },
  );
});
