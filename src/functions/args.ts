/**
 * Argument parsing for the ADS.* functions. Cells arrive as numbers, text, booleans or 2-D ranges;
 * dates as Excel serials or text. Every problem names the argument and stops before any request.
 */
import { SHOW_ID_FORMS, SHOW_ID_PATTERN } from "../api/schemas";
import { serialToIsoDate, SYSTEM_OFFSET_DAYS, type DateSystem } from "../api/excelDates";
import { badArgument } from "./functionError";

type Scalar = string | number | boolean | null | undefined;
export type Arg = Scalar | Scalar[][];

function scalar(name: string, value: Arg): Scalar {
  if (Array.isArray(value)) {
    const flat = value.flat().filter((v) => v !== null && v !== undefined && v !== "");
    if (flat.length > 1) throw badArgument(name, "expects a single cell, not a range");
    return flat[0];
  }
  return value;
}

const isBlank = (v: Scalar) => v === null || v === undefined || (typeof v === "string" && v.trim() === "");

/** A show id: a directory id (digits; number cells allowed), an Alpha channel id or an Alpha playlist id. */
export function showId(value: Arg, name = "showId"): string {
  const v = scalar(name, value);
  if (isBlank(v))
    throw badArgument(name, "is required (a directory id, an Alpha channel id or an Alpha playlist id)");
  if (typeof v === "number") {
    // Past 2^53 a number cell has already lost digits (and would print as 1e+21).
    if (!Number.isSafeInteger(v) || v <= 0 || !SHOW_ID_PATTERN.test(String(v)))
      throw badArgument(name, `${v} is not a show id`);
    return String(v);
  }
  if (typeof v === "boolean") throw badArgument(name, "must be a show id, not TRUE/FALSE");
  const s = String(v).trim();
  // An id in none of the spec's forms would only cost a request to hear "Not found".
  if (!SHOW_ID_PATTERN.test(s)) throw badArgument(name, `"${s}" is not a show id: use ${SHOW_ID_FORMS}`);
  return s;
}

export function requiredText(value: Arg, name: string): string {
  const v = scalar(name, value);
  if (isBlank(v)) throw badArgument(name, "is required");
  if (typeof v === "boolean") throw badArgument(name, "must be text");
  return String(v).trim();
}

export function optionalText(value: Arg, name: string): string | undefined {
  const v = scalar(name, value);
  return isBlank(v) ? undefined : requiredText(v, name);
}

export function optionalInt(value: Arg, name: string, min: number, max: number): number | undefined {
  const v = scalar(name, value);
  if (isBlank(v)) return undefined;
  const n = typeof v === "number" ? v : typeof v === "string" ? Number(v.trim()) : NaN;
  if (!Number.isInteger(n)) throw badArgument(name, "must be a whole number");
  if (n < min || n > max) throw badArgument(name, `must be between ${min} and ${max}`);
  return n;
}

export function optionalBool(value: Arg, name: string): boolean | undefined {
  const v = scalar(name, value);
  if (isBlank(v)) return undefined;
  if (typeof v === "boolean") return v;
  if (typeof v === "number" && (v === 0 || v === 1)) return v === 1;
  if (typeof v === "string" && /^(true|false)$/i.test(v.trim())) return v.trim().toLowerCase() === "true";
  throw badArgument(name, "must be TRUE or FALSE");
}

const pad = (n: number) => String(n).padStart(2, "0");

function ymd(y: number, m: number, d: number, name: string): string {
  const dt = new Date(Date.UTC(y, m - 1, d));
  if (dt.getUTCFullYear() !== y || dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d)
    throw badArgument(name, "is not a real date");
  return `${y}-${pad(m)}-${pad(d)}`;
}

/** 1990-01-01 as an Excel serial. */
const MIN_DATE_SERIAL = 32874;

/** A date as YYYY-MM-DD, from an Excel serial of the workbook's date system or text (YYYY-MM-DD, M/D/YYYY). */
export function optionalDate(value: Arg, name: string, system: DateSystem = "1900"): string | undefined {
  const raw = scalar(name, value);
  // A date cell of a 1904-system workbook passes that system's serial: counted in the 1900 system from here.
  const v = typeof raw === "number" && system === "1904" ? raw + SYSTEM_OFFSET_DAYS : raw;
  if (isBlank(v)) return undefined;
  if (typeof v === "number") {
    // The service has no data before 1990; a smaller serial is almost always a bare year (2024 is
    // Excel's 1905-07-16) or a count, so it is refused rather than sent as a date nobody meant.
    if (v < MIN_DATE_SERIAL || v > 2958465)
      throw badArgument(name, `${v} is not a date (use a date cell, YYYY-MM-DD or M/D/YYYY)`);
    // MIN_DATE_SERIAL is past 1 March 1900, so the serial is always a calendar day.
    return serialToIsoDate(v) as string;
  }
  const s = String(v).trim();
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s);
  if (m) return ymd(+m[1], +m[2], +m[3], name);
  m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(s);
  if (m) return ymd(+m[3], +m[1], +m[2], name);
  throw badArgument(name, `"${s}" is not a date (use a date cell, YYYY-MM-DD or M/D/YYYY)`);
}

/** A list of names from comma-separated text or a range of cells. */
export function nameList(value: Arg, name: string): string[] {
  const cells = Array.isArray(value) ? value.flat() : [value];
  const names = cells
    .filter((c) => !isBlank(c))
    .flatMap((c) => String(c).split(","))
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  if (names.length === 0)
    throw badArgument(name, "needs at least one name (comma-separated text or a range)");
  return names;
}

/** A list of text values from one cell (comma-separated) or a range; undefined when empty. */
export function optionalList(value: Arg, name: string): string[] | undefined {
  const cells = Array.isArray(value) ? value.flat() : [value];
  if (cells.every(isBlank)) return undefined;
  return nameList(value, name);
}

/** Whole numbers from one cell (comma-separated) or a range; undefined when empty. */
export function optionalIntList(value: Arg, name: string): number[] | undefined {
  const items = optionalList(value, name);
  if (!items) return undefined;
  return items.map((item) => {
    const n = Number(item);
    if (!Number.isInteger(n)) throw badArgument(name, `"${item}" is not a whole number`);
    return n;
  });
}
