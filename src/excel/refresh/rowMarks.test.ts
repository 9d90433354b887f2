/**
 * Row marks tell the rows a report wrote from the rows a planner typed into its table, exactly,
 * wherever the planner put them and however the table was sorted (property), and name rows that
 * cannot be told apart together.
 */
import fc from "fast-check";
import { marksOf, rowMark, unwrittenRows } from "./rowMarks";

const key = fc.tuple(
  fc.integer({ min: 45000, max: 46500 }),
  fc.constantFrom("Alpha", "Beta", "Gamma", "Host"),
);

test("the rows typed into a table are named exactly, wherever inserted and however sorted", () => {
  fc.assert(
    fc.property(
      fc.uniqueArray(key, { selector: (k) => `${k[0]}|${k[1]}`, maxLength: 40 }),
      fc.array(fc.tuple(fc.nat(), fc.constantFrom("Manual adjustment", "Bonus spot", "")), { maxLength: 4 }),
      fc.boolean(),
      (written, typed, sort) => {
        const marks = marksOf(written);
        const body: { key: unknown[]; typed: boolean; blank: boolean }[] = written.map((k) => ({
          key: k,
          typed: false,
          blank: false,
        }));
        for (const [at, text] of typed)
          body.splice(at % (body.length + 1), 0, {
            key: text ? [45999, text] : ["", ""],
            typed: true,
            blank: text === "",
          });
        if (sort) body.sort((a, b) => String(a.key[1]).localeCompare(String(b.key[1])));
        const found = unwrittenRows(
          marks,
          body.map((r) => r.key),
          (i) => body[i].blank,
        );
        const expected = body.flatMap((r, i) => (r.typed && !r.blank ? [i] : []));
        // A typed row's key may be the same as a written one (one chance in 4,096): then the two are named together.
        const named = [...found.typed, ...found.alike.flat()].sort((a, b) => a - b);
        for (const i of expected) expect(named).toContain(i);
        expect(found.typed.every((i) => body[i].typed)).toBe(true);
      },
    ),
    { numRuns: 2000 },
  );
});

test("a row the report wrote twice is not the planner's; a copy of a written row is named with it", () => {
  const marks = marksOf([
    [45992, "Alpha"],
    [45992, "Alpha"],
    [45993, "Beta"],
  ]);
  const keys = [
    [45992, "Alpha"],
    [45992, "Alpha"],
    [45993, "Beta"],
    [45993, "Beta"],
  ];
  expect(unwrittenRows(marks, keys, () => false)).toEqual({ typed: [], alike: [[2, 3]] });
  expect(unwrittenRows(marks, keys.slice(0, 3), () => false)).toEqual({ typed: [], alike: [] });
});

test("a mark is two URL-safe characters, the same for the same cells, and empty cells count as empty", () => {
  expect(rowMark([45992, "Alpha"])).toMatch(/^[A-Za-z0-9_-]{2}$/);
  expect(rowMark([45992, "Alpha"])).toBe(rowMark([45992, "Alpha"]));
  expect(rowMark([null, "x"])).toBe(rowMark(["", "x"]));
  expect(rowMark(["ab", ""])).not.toBe(rowMark(["a", "b"]));
  // Text and a number with the same digits are different cells.
  expect(rowMark(["1"])).not.toBe(rowMark([1]));
});

test("marks are the ones workbooks already store (each value as computed before the hash was made faster)", () => {
  // Stored on every definition since row marks were added: a change of the hash would call every
  // report row of every saved workbook a planner's.
  const stored: [unknown[], string][] = [
    [[45992, "Alpha"], "2Q"],
    [[null, "x"], "vT"],
    [[-0, "a"], "kD"],
    [[true, false, "é😀"], "NE"],
    [["x".repeat(32767)], "8J"],
    [["ab", ""], "9V"],
    [["a", "b"], "JO"],
    [[1.5e300, "=SUM(A1)"], "od"],
  ];
  for (const [values, mark] of stored) expect({ values, mark: rowMark(values) }).toEqual({ values, mark });
});
