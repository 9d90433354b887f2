import { ageText, heldAnswersText } from "./ageText";

test("ages in a planner's words", () => {
  expect(ageText(20_000)).toBe("just now");
  expect(ageText(60_000)).toBe("1 minute ago");
  expect(ageText(11 * 60_000)).toBe("11 minutes ago");
  expect(ageText(3 * 3_600_000 + 5)).toBe("3 hours ago");
  expect(ageText(47 * 3_600_000)).toBe("47 hours ago");
  expect(ageText(3 * 86_400_000)).toBe("3 days ago");
});

test("what the Sheets tab says of the held answers: how many, how old, and how long they are kept", () => {
  const now = 10 * 86_400_000;
  expect(heldAnswersText({ count: 0 }, now, null)).toBe(
    "No function answers held for this workbook yet. Answers are kept until you refresh them.",
  );
  expect(heldAnswersText({ count: 1, oldest: now - 120_000, newest: now - 120_000 }, now, 24)).toBe(
    "1 function answer held for this workbook, fetched 2 minutes ago; fetched again when older than 24 hours, or when you refresh them.",
  );
  expect(
    heldAnswersText({ count: 100, oldest: now - 3 * 86_400_000, newest: now - 300_000 }, now, null),
  ).toBe(
    "100 function answers held for this workbook, fetched between 5 minutes ago and 3 days ago; kept until you refresh them.",
  );
});
