import { a1 } from "./tableWriter";
import { areaOf, columnName } from "./columnName";

test("a block's place is read back from the address it was written at, on any sheet, any size", () => {
  expect(areaOf("F3:J8")).toEqual({ row: 2, col: 5, rows: 6, cols: 5 });
  expect(areaOf("Sheet 1!$AA$10:$AB$11")).toEqual({ row: 9, col: 26, rows: 2, cols: 2 });
  expect(areaOf("C7")).toEqual({ row: 6, col: 2, rows: 1, cols: 1 });
  expect(areaOf("not an address")).toBeNull();
  // Every address a1 writes reads back as the place it was written from.
  for (const [row, col, rows, cols] of [
    [0, 0, 1, 1],
    [16, 25, 9, 31],
    [1_048_575, 16_383, 1, 1],
    [4, 701, 3, 2],
  ])
    expect(areaOf(a1(row, col, rows, cols))).toEqual({ row, col, rows, cols });
  expect([0, 25, 26, 701, 702, 16_383].map(columnName)).toEqual(["A", "Z", "AA", "ZZ", "AAA", "XFD"]);
});
