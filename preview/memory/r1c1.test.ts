import { fromR1C1, toR1C1 } from "./r1c1";

test.each([
  ["=B4*2", 3, 2, "=RC[-1]*2"],
  ["=B3*10", 3, 2, "=R[-1]C[-1]*10"],
  ["=$B$3+C4", 3, 2, "=R3C2+RC"],
  ['=[@d15]/[@reach]&"R[1]C"', 3, 2, '=[@d15]/[@reach]&"R[1]C"'],
  ["=T[[#This Row],[B2]]+B4", 3, 2, "=T[[#This Row],[B2]]+RC[-1]"],
])("%s at (%i, %i) is %s in R1C1, and back", (a1, row, col, r1c1) => {
  expect(toR1C1(a1, row, col)).toBe(r1c1);
  expect(fromR1C1(r1c1, row, col)).toBe(a1);
});
