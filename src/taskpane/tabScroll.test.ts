import { scrollToShow } from "./tabScroll";

test("an item already in view does not move the list", () => {
  expect(scrollToShow(0, 300, 10, 60)).toBe(0);
  expect(scrollToShow(40, 300, 40, 60)).toBe(40);
  expect(scrollToShow(40, 300, 280, 60)).toBe(40);
});

test("an item past the right edge scrolls just far enough to show its end", () => {
  expect(scrollToShow(0, 300, 280, 60)).toBe(40);
});

test("an item before the left edge scrolls back to its start", () => {
  expect(scrollToShow(120, 300, 30, 60)).toBe(30);
});

test("an item wider than the view shows its start", () => {
  expect(scrollToShow(0, 50, 100, 80)).toBe(100);
});
