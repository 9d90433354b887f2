/**
 * Excel's reading of text written into a cell that is not formatted as Text (`@`), as if a person
 * typed it (en-US): numbers (leading zeros, separators, exponents, currency, percentages,
 * parentheses, fractions), dates and times, booleans, error literals and formulas all stop being
 * the text that was written. Microsoft documents the behaviour by example (its samples write
 * "29.96", "15-Feb", "1/1/2017" and "$120" as strings and get numbers, dates and currency); where
 * the documentation is silent this reading converts more, never less (docs/excel-fidelity.md).
 */
import { pointsToFraction } from "../../src/api/decimalShift";
import { SYSTEM_OFFSET_DAYS, utcToSerial } from "../../src/api/excelDates";

export const ERROR_LITERALS = [
  "#NULL!",
  "#DIV/0!",
  "#VALUE!",
  "#REF!",
  "#NAME?",
  "#NUM!",
  "#N/A",
  "#GETTING_DATA",
  "#SPILL!",
  "#CALC!",
  "#FIELD!",
  "#BLOCKED!",
  "#UNKNOWN!",
  "#CONNECT!",
  "#BUSY!",
] as const;

export type Typed =
  | { type: "text"; value: string }
  | { type: "number"; value: number; format?: string }
  | { type: "boolean"; value: boolean }
  | { type: "error"; value: string }
  | { type: "formula"; formula: string };

/** The Excel serial (1900 date system, with its 29 February 1900) of a UTC calendar day, or null when invalid. */
export function daySerial(y: number, m: number, d: number): number | null {
  if (y < 1900 || y > 9999 || m < 1 || m > 12 || d < 1) return null;
  const ms = Date.UTC(y, m - 1, d);
  const dt = new Date(ms);
  if (dt.getUTCMonth() !== m - 1 || dt.getUTCDate() !== d) return null;
  return Math.round(utcToSerial(ms));
}

const MONTH_NAMES = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

/** 1–12 for a month name, its three-letter form or "Sept" (a trailing dot allowed), else null. */
function monthOf(word: string): number | null {
  const w = word.toLowerCase().replace(/\.$/, "");
  const i = MONTH_NAMES.findIndex(
    (m) => w === m || w === m.slice(0, 3) || (w === "sept" && m === "september"),
  );
  return i < 0 ? null : i + 1;
}

/** A two-digit year as Excel reads it: 00–29 → 2000s, 30–99 → 1900s. */
function fullYear(y: string): number {
  const n = Number(y);
  if (y.length <= 2) return n < 30 ? 2000 + n : 1900 + n;
  return n;
}

const M =
  "(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)\\.?";

/** A date part as a serial, or null. `year` is the current year (for "3/4", "15-Feb"). */
function datePart(s: string, year: number): number | null {
  let m: RegExpExecArray | null;
  // m/d/y, m-d-y
  if ((m = /^(\d{1,2})([/-])(\d{1,2})\2(\d{1,4})$/.exec(s))) return daySerial(fullYear(m[4]), +m[1], +m[3]);
  // y/m/d, y-m-d
  if ((m = /^(\d{4})([/-])(\d{1,2})\2(\d{1,2})$/.exec(s))) return daySerial(+m[1], +m[3], +m[4]);
  // m/d, m-d (this year); else m/yyyy, yyyy/m (first of the month)
  if ((m = /^(\d{1,2})[/-](\d{1,2})$/.exec(s))) return daySerial(year, +m[1], +m[2]);
  if ((m = /^(\d{1,2})[/-](\d{4})$/.exec(s))) return daySerial(+m[2], +m[1], 1);
  if ((m = /^(\d{4})[/-](\d{1,2})$/.exec(s))) return daySerial(+m[1], +m[2], 1);
  // Month names: "Feb 15", "Feb 15, 2026", "February 15 2026", "15 Feb", "15-Feb", "15-Feb-26", "15 Feb 2026"
  if ((m = new RegExp(`^${M}[\\s-]+(\\d{1,2})(?:,?[\\s-]+(\\d{2}|\\d{4}))?$`, "i").exec(s))) {
    const month = monthOf(m[1]);
    if (month && !(m[3] === undefined && +m[2] > 31))
      return daySerial(m[3] ? fullYear(m[3]) : year, month, +m[2]);
  }
  if ((m = new RegExp(`^(\\d{1,2})[\\s-]+${M}(?:,?[\\s-]+(\\d{2}|\\d{4}))?$`, "i").exec(s))) {
    const month = monthOf(m[2]);
    if (month) return daySerial(m[3] ? fullYear(m[3]) : year, month, +m[1]);
  }
  // "Feb-26", "Feb 2026" (first of the month)
  if ((m = new RegExp(`^${M}[\\s-]+(\\d{2}|\\d{4})$`, "i").exec(s))) {
    const month = monthOf(m[1]);
    if (month) return daySerial(fullYear(m[2]), month, 1);
  }
  return null;
}

/** A time part as a fraction of a day (hours may pass 24, as Excel allows), or null. */
function timePart(s: string): number | null {
  let m = /^(\d{1,4}):(\d{1,2})(?::(\d{1,2})(\.\d+)?)?(?:\s*([ap])\.?m?\.?)?$/i.exec(s);
  if (m) {
    let h = +m[1];
    const min = +m[2];
    const sec = m[3] ? +m[3] + Number(m[4] ?? 0) : 0;
    if (min > 59 || sec >= 60) return null;
    if (m[5]) {
      if (h < 1 || h > 12) return null;
      h = (h % 12) + (m[5].toLowerCase() === "p" ? 12 : 0);
    }
    return (h * 3600 + min * 60 + sec) / 86400;
  }
  m = /^(\d{1,2})\s*([ap])\.?m\.?$/i.exec(s);
  if (m && +m[1] >= 1 && +m[1] <= 12)
    return (((+m[1] % 12) + (m[2].toLowerCase() === "p" ? 12 : 0)) * 3600) / 86400;
  return null;
}

function dateTime(s: string, year: number): { value: number; format: string } | null {
  const iso = /^(\d{4}-\d{1,2}-\d{1,2})T(\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(Z|[+-]\d{2}:?\d{2})?$/i.exec(s);
  if (iso) {
    const d = datePart(iso[1], year);
    const t = timePart(iso[2]);
    if (d !== null && t !== null) return { value: d + t, format: "m/d/yyyy h:mm" };
  }
  const date = datePart(s, year);
  if (date !== null) return { value: date, format: "m/d/yyyy" };
  const time = timePart(s);
  if (time !== null) return { value: time, format: "h:mm" };
  // A date, then a time after the last space that leaves a date before it.
  for (let i = s.lastIndexOf(" "); i > 0; i = s.lastIndexOf(" ", i - 1)) {
    const d = datePart(s.slice(0, i).trim(), year);
    const t = d === null ? null : timePart(s.slice(i + 1).trim());
    if (d !== null && t !== null) return { value: d + t, format: "m/d/yyyy h:mm" };
  }
  return null;
}

const NUMBER =
  /^(\()?\s*([+-])?\s*(\$)?\s*([+-])?\s*((?:\d+(?:,\d+)*)?(?:\.\d*)?)(?:[eE]([+-]?\d+))?\s*(%)?\s*(\))?$/;

function number(s: string): { value: number; format?: string } | null {
  const m = NUMBER.exec(s);
  if (!m) return null;
  const [, open, sign1, dollar, sign2, body, exp, pct, close] = m;
  if (!/\d/.test(body) || Boolean(open) !== Boolean(close) || (sign1 && sign2)) return null;
  if (exp !== undefined && (dollar || pct)) return null;
  // Read as decimal text, as Excel reads what is typed: "1.1%" is 0.011, "1.5E-7" exactly 1.5e-7.
  let value = Number(`${body.replace(/,/g, "")}e${exp ?? 0}`);
  if (!Number.isFinite(value)) return null;
  if (open || sign1 === "-" || sign2 === "-") value = -value;
  if (pct) return { value: pointsToFraction(value), format: body.includes(".") ? "0.00%" : "0%" };
  if (dollar) return { value, format: body.includes(".") ? "$#,##0.00" : "$#,##0" };
  if (exp !== undefined) return { value, format: "0.00E+00" };
  if (body.includes(",")) return { value, format: "#,##0" };
  return { value };
}

function fraction(s: string): { value: number; format: string } | null {
  const m = /^([+-])?(?:(\d+)\s+)?(\d+)\/(\d+)$/.exec(s);
  if (!m || Number(m[4]) === 0) return null;
  // A bare "3/4" is a date; a mixed number "1 3/4" (or "0 3/4") is a fraction.
  if (m[2] === undefined) return null;
  const v = Number(m[2]) + Number(m[3]) / Number(m[4]);
  return { value: m[1] === "-" ? -v : v, format: "# ?/?" };
}

/**
 * What Excel stores when `text` is written into a General (not `@`) cell. `today` gives the year
 * of dates typed without one ("3/4", "15-Feb"); a date is a serial of the workbook's date system.
 */
export function typeIn(text: string, today: Date = new Date(), date1904 = false): Typed {
  if (text.startsWith("'")) return { type: "text", value: text.slice(1) };
  if (text.length > 1 && text.startsWith("=")) return { type: "formula", formula: text };
  const t = text.trim();
  if (/^(true|false)$/i.test(t)) return { type: "boolean", value: t.toUpperCase() === "TRUE" };
  const upper = t.toUpperCase();
  const error = ERROR_LITERALS.find((e) => e === upper);
  if (error) return { type: "error", value: error };
  const n = number(t) ?? fraction(t);
  if (n) return { type: "number", ...n };
  const date = dateTime(t, today.getUTCFullYear());
  // A time alone (under 1) is no day: the same in both systems.
  if (date)
    return {
      type: "number",
      ...date,
      value: date1904 && date.value >= 1 ? date.value - SYSTEM_OFFSET_DAYS : date.value,
    };
  // Anything else that starts like a formula is one ("+x", "-x", "@x").
  if (text.length > 1 && /^[+\-@]/.test(text)) return { type: "formula", formula: `=${text}` };
  return { type: "text", value: text };
}
