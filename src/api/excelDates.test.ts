/** Both of Excel's date systems, every day from their first to 31 December 2099, and back. */
import { LEAP_BUG_SERIAL, serialToIsoDate, serialToUtc, utcToSerial, type DateSystem } from "./excelDates";

const DAY = 86_400_000;

test.each([
  ["1900", Date.UTC(1900, 0, 1), 1],
  ["1904", Date.UTC(1904, 0, 1), 0],
] as const)(
  "the %s system: every day from its first to 31 Dec 2099 round-trips exactly",
  (system, first, firstSerial) => {
    const last = Date.UTC(2099, 11, 31);
    let expected: number = firstSerial;
    let days = 0;
    for (let ms = first; ms <= last; ms += DAY) {
      const serial = utcToSerial(ms, system as DateSystem);
      // Serials run one a day; the 1900 system skips its fictitious 29 February 1900.
      if (system === "1900" && expected === LEAP_BUG_SERIAL) expected++;
      expect(serial).toBe(expected);
      expect(serialToUtc(serial, system)).toBe(ms);
      expect(serialToIsoDate(serial, system)).toBe(new Date(ms).toISOString().slice(0, 10));
      expected++;
      days++;
    }
    expect(days).toBe(system === "1900" ? 73_049 : 71_589);
  },
);

test("Excel's own serials: the leap-year rule, and the 1,462 days between the systems", () => {
  expect(utcToSerial(Date.UTC(1900, 1, 28))).toBe(59);
  expect(serialToUtc(LEAP_BUG_SERIAL)).toBeNull();
  expect(serialToIsoDate(60.5)).toBeNull();
  expect(utcToSerial(Date.UTC(1900, 2, 1))).toBe(61);
  expect(utcToSerial(Date.UTC(2024, 0, 1))).toBe(45292);
  expect(utcToSerial(Date.UTC(2024, 0, 1), "1904")).toBe(45292 - 1462);
  // Times of day are the fraction, before and after the leap day alike.
  expect(utcToSerial(Date.UTC(1900, 0, 1, 12))).toBe(1.5);
  expect(serialToUtc(1.75)).toBe(Date.UTC(1900, 0, 1, 18));
  expect(serialToUtc(45292.25, "1900")).toBe(Date.UTC(2024, 0, 1, 6));
  expect(serialToUtc(0.5, "1904")).toBe(Date.UTC(1904, 0, 1, 12));
});
