import { ageText } from "./ageText";

test("ages in a planner's words", () => {
  expect(ageText(20_000)).toBe("just now");
  expect(ageText(60_000)).toBe("1 minute ago");
  expect(ageText(11 * 60_000)).toBe("11 minutes ago");
  expect(ageText(3 * 3_600_000 + 5)).toBe("3 hours ago");
  expect(ageText(47 * 3_600_000)).toBe("47 hours ago");
  expect(ageText(3 * 86_400_000)).toBe("3 days ago");
});
