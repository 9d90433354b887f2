/**
 * Reading one plan cell into the value the campaign request wants. Cells hold what
 * Excel gives back: strings, numbers (dates as serials), booleans, or empty.
 * Each reader returns the value, undefined for an empty cell, or a reason it is bad.
 */
import type { CellValue } from "../api/table";
import { serialToUtc } from "../api/excelDates";
import type { PlanCellKind } from "./planColumns";

export type CellRead<T> = { ok: true; value: T | undefined } | { ok: false; reason: string };

export interface ExpectedUnit {
  position: string;
  length: number;
}

const EMPTY: CellRead<never> = { ok: true, value: undefined };
const ok = <T>(value: T): CellRead<T> => ({ ok: true, value });
const bad = (reason: string): CellRead<never> => ({ ok: false, reason });

// The predicate only promises that a non-blank cell is not null/undefined.
function isBlank(v: CellValue | undefined): v is null | undefined {
  return v === null || v === undefined || (typeof v === "string" && v.trim() === "");
}

export function readText(v: CellValue | undefined): CellRead<string> {
  if (isBlank(v)) return EMPTY;
  if (typeof v === "boolean") return ok(v ? "TRUE" : "FALSE");
  return ok(String(v).trim());
}

export function readNumber(v: CellValue | undefined): CellRead<number> {
  if (isBlank(v)) return EMPTY;
  if (typeof v === "number") return Number.isFinite(v) ? ok(v) : bad("is not a finite number");
  if (typeof v === "boolean") return bad("is TRUE/FALSE, expected a number");
  // Thousands separators are common in plans typed as text ("1,000,000"); a decimal comma ("12,5")
  // is not one of them, and is refused rather than read as 125.
  const raw = String(v).trim();
  if (raw.includes(",") && !/^-?\d{1,3}(,\d{3})+(\.\d+)?$/.test(raw))
    return bad(`"${raw}" is not a number (use a point for decimals: 12.5)`);
  const text = raw.replace(/,/g, "");
  const n = Number(text);
  return text !== "" && Number.isFinite(n) ? ok(n) : bad(`"${String(v)}" is not a number`);
}

// Serials before 1900-03-01 hit Excel's fictitious 1900-02-29; plans never need them.
const MIN_SERIAL = 61;
const MAX_SERIAL = 2_958_465; // 9999-12-31

/** Excel serial (UTC) → ISO 8601 date-time. */
export function serialToIso(serial: number): string {
  // MIN_SERIAL is past Excel's fictitious 29 February 1900, so every serial read is a calendar day.
  return new Date(serialToUtc(serial) as number).toISOString();
}

const ISO_DATE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A date as an Excel serial or ISO text ("2025-03-01", "2025-03-01T09:00:00Z") → ISO date-time (UTC). */
export function readDate(v: CellValue | undefined): CellRead<string> {
  if (isBlank(v)) return EMPTY;
  if (typeof v === "number") {
    return v >= MIN_SERIAL && v <= MAX_SERIAL ? ok(serialToIso(v)) : bad(`${v} is not a date serial`);
  }
  if (typeof v === "boolean") return bad("is TRUE/FALSE, expected a date");
  const text = v.trim();
  const m = ISO_DATE.exec(text);
  if (!m) return bad(`"${text}" is not a date (use an Excel date or YYYY-MM-DD)`);
  const [, y, mo, d, h = "00", mi = "00", s = "00", zone] = m;
  const local = `${y}-${mo}-${d}T${h}:${mi}:${s}`;
  const ms = Date.parse(
    zone ? `${local}${zone.length === 5 ? `${zone.slice(0, 3)}:${zone.slice(3)}` : zone}` : `${local}Z`,
  );
  const back = new Date(Date.UTC(Number(y), Number(mo) - 1, Number(d)));
  // Date.parse rolls 2025-02-30 over to March; refuse instead.
  if (Number.isNaN(ms) || back.getUTCDate() !== Number(d) || back.getUTCMonth() !== Number(mo) - 1) {
    return bad(`"${text}" is not a valid date`);
  }
  return ok(new Date(ms).toISOString());
}

/** Comma-separated list; blanks between commas are dropped. */
export function readList(v: CellValue | undefined): CellRead<string[]> {
  const t = readText(v);
  if (!t.ok || t.value === undefined) return t as CellRead<string[]>;
  const items = t.value
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  return items.length ? ok(items) : EMPTY;
}

/** "pre:30, mid:60" → [{position:"pre", length:30}, {position:"mid", length:60}]. */
export function readUnits(v: CellValue | undefined): CellRead<ExpectedUnit[]> {
  const list = readList(v);
  if (!list.ok || list.value === undefined) return list as CellRead<ExpectedUnit[]>;
  const units: ExpectedUnit[] = [];
  for (const item of list.value) {
    const m = /^([A-Za-z_]+)\s*:\s*(\d+(?:\.\d+)?)$/.exec(item);
    if (!m) return bad(`"${item}" is not position:seconds (e.g. pre:30)`);
    units.push({ position: m[1].toLowerCase(), length: Number(m[2]) });
  }
  return ok(units);
}

export function readBoolean(v: CellValue | undefined): CellRead<boolean> {
  if (isBlank(v)) return EMPTY;
  if (typeof v === "boolean") return ok(v);
  if (typeof v === "number")
    return v === 1 ? ok(true) : v === 0 ? ok(false) : bad(`${v} is not TRUE or FALSE`);
  const t = v.trim().toLowerCase();
  if (["true", "yes", "y"].includes(t)) return ok(true);
  if (["false", "no", "n"].includes(t)) return ok(false);
  return bad(`"${v}" is not TRUE or FALSE`);
}

export type PlanCellValue = string | number | boolean | string[] | ExpectedUnit[];

export function readCell(kind: PlanCellKind, v: CellValue | undefined): CellRead<PlanCellValue> {
  switch (kind) {
    case "text":
      return readText(v);
    case "number":
      return readNumber(v);
    case "date":
      return readDate(v);
    case "list":
      return readList(v);
    case "units":
      return readUnits(v);
    case "boolean":
      return readBoolean(v);
  }
}
