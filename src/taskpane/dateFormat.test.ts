import { dateHint, datePattern, readTypedDate } from "./dateFormat";

test("the pattern follows the locale's order and separators, as the date picker does", () => {
  expect(datePattern("en-US")).toBe("mm/dd/yyyy");
  expect(datePattern("en-GB")).toBe("dd/mm/yyyy");
  expect(datePattern("de-DE")).toBe("dd.mm.yyyy");
  expect(datePattern("sv-SE")).toBe("yyyy-mm-dd");
  expect(datePattern("ja-JP")).toBe("yyyy/mm/dd");
});

test("the hint names the ways a date box takes a date: yyyy-mm-dd and the locale's order", () => {
  expect(dateHint("3 months ago", "en-US")).toBe(
    "Type it as yyyy-mm-dd or mm/dd/yyyy, or pick it with the calendar button; empty: 3 months ago",
  );
  expect(dateHint("today", "sv-SE")).toMatch(/^Type it as yyyy-mm-dd, or pick/);
});

test("issue 49: a date box's text is read as yyyy-mm-dd or in the locale's order; anything else is refused naming the field", () => {
  const ok = (text: string, locale: string) => readTypedDate(text, "Start date", locale);
  expect(ok("2026-11-22", "en-US")).toEqual({ ok: true, value: "2026-11-22" });
  expect(ok(" 2026/1/5 ", "de-DE")).toEqual({ ok: true, value: "2026-01-05" });
  expect(ok("11/22/2026", "en-US")).toEqual({ ok: true, value: "2026-11-22" });
  expect(ok("22/11/2026", "en-GB")).toEqual({ ok: true, value: "2026-11-22" });
  expect(ok("22.11.2026", "de-DE")).toEqual({ ok: true, value: "2026-11-22" });
  expect(ok("", "en-US")).toEqual({ ok: true, value: "" });
  for (const text of [
    "22/11/2026",
    "2026-02-29",
    "2026-13-01",
    "11/22/26",
    "next week",
    "2026-11",
    "1/2/3/2026",
  ])
    expect(ok(text, "en-US")).toEqual({
      ok: false,
      error: `Start date: "${text}" is not a date; type it as yyyy-mm-dd or mm/dd/yyyy`,
    });
  expect(readTypedDate("2028-02-29", "End date", "en-US")).toEqual({ ok: true, value: "2028-02-29" });
});
