/**
 * Excel's two date systems, exactly. The 1900 system counts 1 January 1900 as serial 1 and keeps
 * Lotus 1-2-3's 29 February 1900 (serial 60, a day that never was), so a date before 1 March 1900 is
 * one serial lower than a plain day count from 30 December 1899. The 1904 system (Mac workbooks of
 * old) counts 1 January 1904 as serial 0, 1,462 days lower than the 1900 system.
 * Microsoft: "Excel incorrectly assumes that the year 1900 is a leap year"
 * (https://learn.microsoft.com/en-us/office/troubleshoot/excel/wrongly-assumes-1900-is-leap-year) and
 * "Differences between the 1900 and the 1904 date system in Excel" (support.microsoft.com/kb/214330).
 */
export type DateSystem = "1900" | "1904";

const MS_PER_DAY = 86_400_000;
/** 1970-01-01's serial in the 1900 system (from 1 March 1900 on, days since 30 December 1899). */
const UNIX_EPOCH_SERIAL = 25569;
/** Days between the two systems' serials of one day (from 1 March 1900 on). */
export const SYSTEM_OFFSET_DAYS = 1462;
/** The same day in the 1904 system. */
const UNIX_EPOCH_SERIAL_1904 = UNIX_EPOCH_SERIAL - SYSTEM_OFFSET_DAYS;
const MARCH_1900_MS = Date.UTC(1900, 2, 1);
/** The 1900 system's serial of its fictitious 29 February 1900. */
export const LEAP_BUG_SERIAL = 60;

/** A UTC instant (ms) as a serial of `system` (the time of day as a fraction). */
export function utcToSerial(ms: number, system: DateSystem = "1900"): number {
  if (system === "1904") return ms / MS_PER_DAY + UNIX_EPOCH_SERIAL_1904;
  const serial = ms / MS_PER_DAY + UNIX_EPOCH_SERIAL;
  return ms < MARCH_1900_MS ? serial - 1 : serial;
}

/**
 * A serial of `system` as a UTC instant (ms, rounded to the millisecond); null for the 1900
 * system's 29 February 1900, which no calendar has.
 */
export function serialToUtc(serial: number, system: DateSystem = "1900"): number | null {
  if (system === "1904") return Math.round((serial - UNIX_EPOCH_SERIAL_1904) * MS_PER_DAY);
  if (serial >= LEAP_BUG_SERIAL + 1) return Math.round((serial - UNIX_EPOCH_SERIAL) * MS_PER_DAY);
  if (serial >= LEAP_BUG_SERIAL) return null;
  return Math.round((serial + 1 - UNIX_EPOCH_SERIAL) * MS_PER_DAY);
}

/** A serial's calendar date as YYYY-MM-DD (its time of day dropped), or null for 29 February 1900. */
export function serialToIsoDate(serial: number, system: DateSystem = "1900"): string | null {
  const ms = serialToUtc(Math.floor(serial), system);
  return ms === null ? null : new Date(ms).toISOString().slice(0, 10);
}
