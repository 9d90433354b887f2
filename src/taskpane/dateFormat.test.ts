import { dateHint, datePattern } from "./dateFormat";

test("the pattern follows the locale's order and separators, as the date picker does", () => {
  expect(datePattern("en-US")).toBe("mm/dd/yyyy");
  expect(datePattern("en-GB")).toBe("dd/mm/yyyy");
  expect(datePattern("de-DE")).toBe("dd.mm.yyyy");
  expect(datePattern("sv-SE")).toBe("yyyy-mm-dd");
  expect(datePattern("ja-JP")).toBe("yyyy/mm/dd");
});

test("the hint names the picker's pattern, never the YYYY-MM-DD the request carries", () => {
  expect(dateHint("3 months ago", "en-US")).toBe("Pick a date or type it as mm/dd/yyyy; empty: 3 months ago");
  expect(dateHint("today", "en-US")).not.toMatch(/YYYY-MM-DD/i);
});
