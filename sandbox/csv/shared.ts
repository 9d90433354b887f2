/** What every report generator shares: date ranges and their defaults, buckets, CSV text, smart formats. */
import Papa from "papaparse";
import type { ColumnKind } from "../../src/api/table";
import { DAY, dayOf } from "../world";

/** A request the report cannot answer: the endpoint answers 400 'Invalid data'. */
export class InvalidReport extends Error {}

export type Body = Record<string, unknown>;
export type Cell = string | number | boolean | null;

export const iso = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** A date as the report endpoints take it: YYYY-MM-DD, an ISO date-time, or (lag) a timestamp. */
function parseDay(value: unknown): number | undefined {
  if (typeof value === "number") return dayOf(timestampMs(value));
  if (typeof value !== "string") return undefined;
  if (/^\d+$/.test(value)) return dayOf(timestampMs(Number(value)));
  const ms = Date.parse(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(ms) ? undefined : dayOf(ms);
}

/** A lag timestamp: the spec gives no unit, so 11 digits or more are milliseconds, fewer are seconds. */
function timestampMs(n: number): number {
  return n >= 1e11 ? n : n * 1000;
}

export interface RangeDefaults {
  startMonthsAgo: number;
  endDaysAhead: number;
}

/** The request's range (UTC day starts), with the endpoint's documented defaults for what is missing. */
export function range(body: Body, now: number, defaults: RangeDefaults): [number, number] {
  const today = dayOf(now);
  const d = new Date(today);
  const defStart = Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - defaults.startMonthsAgo, d.getUTCDate());
  const start = parseDay(body.startDate) ?? defStart;
  const end = parseDay(body.endDate) ?? today + defaults.endDaysAhead * DAY;
  if (end < start) throw new InvalidReport("endDate before startDate");
  if ((end - start) / DAY > 3660) throw new InvalidReport("range too long");
  return [start, end];
}

export function days(start: number, end: number): number[] {
  const out: number[] = [];
  for (let t = start; t <= end; t += DAY) out.push(t);
  return out;
}

/** The first day of the period a day falls in. */
export function bucket(t: number, grouping: string, weekStartsOn: string): number {
  const d = new Date(t);
  if (grouping === "month") return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), 1);
  if (grouping === "week") {
    const offset = weekStartsOn === "sunday" ? d.getUTCDay() : (d.getUTCDay() + 6) % 7;
    return t - offset * DAY;
  }
  return t;
}

/** numberFormatting: $1,234.56, 12.5%, 1,234. */
export function formatSmart(kind: ColumnKind, v: Cell): Cell {
  if (typeof v !== "number") return v;
  const grouped = (x: number, d: number) =>
    x.toLocaleString("en-US", { minimumFractionDigits: d, maximumFractionDigits: d });
  if (kind === "currency") return `${v < 0 ? "-" : ""}$${grouped(Math.abs(v), 2)}`;
  if (kind === "percent") return `${grouped(v, 1)}%`;
  if (kind === "integer") return grouped(v, 0);
  return v;
}

export function csv(header: readonly string[], rows: Cell[][]): string {
  return Papa.unparse({ fields: [...header], data: rows });
}

/** "HH:MM:SS" of a number of seconds. */
export const clock = (seconds: number): string => new Date(seconds * 1000).toISOString().slice(11, 19);

/** Splits a real total into whole numbers that add up to its rounded value (largest remainder). */
export function split(total: number, shares: readonly number[]): number[] {
  const whole = Math.round(total);
  const raw = shares.map((s) => total * s);
  const out = raw.map(Math.floor);
  let left = whole - out.reduce((a, b) => a + b, 0);
  const order = raw.map((v, i) => [v - Math.floor(v), i] as const).sort((a, b) => b[0] - a[0]);
  for (let k = 0; left > 0 && k < order.length; k++, left--) out[order[k][1]]++;
  return out;
}
