/**
 * The header a report download must carry, from the request that asked for it: the requested
 * `fields` (renamed by `fieldMapping`) exactly and in order, or the spec's catalogued columns.
 * A header that does not match is a cut-off or foreign file, never a report to accept.
 */
import { IMPRESSIONS_DEFAULT_FIELDS } from "../defaults";
import type { ReportKind, ReportParams } from "../schemas";
import { REPORT_COLUMNS } from "./catalogue";

export interface HeaderExpectation {
  /** Columns that must all be present. */
  required: readonly string[];
  /** The header is exactly `required`, in order (impressions with `fields`). */
  exact: boolean;
  /** Which further columns may appear: none, any (the service chooses), or those matching a pattern. */
  extra: "none" | "any" | RegExp;
  /** Lag: `Day 1` … `Day N` follow the fixed columns, consecutively; `count` when the window is known. */
  dayColumns?: { count?: number };
}

/** The spec's default impressions columns; Service Campaign ID is a default in V1 only. */
const IMPRESSIONS_ALWAYS_DEFAULT = IMPRESSIONS_DEFAULT_FIELDS.filter((f) => f !== "Service Campaign ID");

/** What the header of a report of `kind`, requested with `params`, must be. */
export function expectedHeader<K extends ReportKind>(kind: K, params: ReportParams[K]): HeaderExpectation {
  if (kind === "impressions") {
    const p = params as ReportParams["impressions"];
    const mapping = p.fieldMapping ?? {};
    // Own keys only: a field called "constructor" is not renamed by Object.prototype.
    const rename = (f: string): string => (Object.hasOwn(mapping, f) ? mapping[f] : f);
    // The schema trims each field before it is sent.
    if (p.fields?.length)
      return { required: p.fields.map((f) => rename(f.trim())), exact: true, extra: "none" };
    // Without fields the service adds what the configuration brings (custom actions, geo and
    // incrementality columns, Show ID for some advertisers): only the defaults can be required.
    return { required: IMPRESSIONS_ALWAYS_DEFAULT.map(rename), exact: false, extra: "any" };
  }
  if (kind === "lag") {
    // V2: a window of W days has W + 1 day columns; the window defaults to 30 days. A settings
    // profile (useSettingsProfiles) may set another window unless one is sent: then the count is open.
    const p = params as ReportParams["lag"];
    const window = p.attributionWindow ?? (p.useSettingsProfiles ? undefined : 30);
    const count = window !== undefined && Number.isInteger(window) ? window + 1 : undefined;
    return { required: Object.keys(REPORT_COLUMNS.lag), exact: false, extra: "none", dayColumns: { count } };
  }
  const required = Object.keys(REPORT_COLUMNS[kind]);
  if (kind === "campaignsPerformance")
    return { required, exact: false, extra: /^Extra DAI Impression Pixel by Creative \d+$/ };
  return { required, exact: false, extra: "none" };
}

const list = (names: readonly string[]): string => names.map((n) => `"${n}"`).join(", ");

/** Why `header` does not match the expectation, or null when it does. */
export function headerProblem(expect: HeaderExpectation, header: readonly string[]): string | null {
  if (expect.exact) {
    if (header.length === expect.required.length && header.every((h, i) => h === expect.required[i]))
      return null;
    const at = expect.required.findIndex((r, i) => i < header.length && header[i] !== r);
    return at < 0
      ? `the header has ${header.length} columns where ${expect.required.length} were requested`
      : `column ${at + 1} of the header is "${header[at]}" where "${expect.required[at]}" was requested`;
  }
  const counts = new Map<string, number>();
  for (const h of header) counts.set(h, (counts.get(h) ?? 0) + 1);
  const twice = [...counts].filter(([, n]) => n > 1).map(([h]) => h);
  if (twice.length) return `the header names ${list(twice)} more than once`;
  const missing = expect.required.filter((r) => !counts.has(r));
  if (missing.length) return `the header lacks ${list(missing)}`;
  const fixed = new Set(expect.required);
  let rest = header.filter((h) => !fixed.has(h));
  if (expect.dayColumns) {
    const days = rest.filter((h) => /^Day \d+$/.test(h));
    const problem = dayColumnsProblem(days, expect.dayColumns.count);
    if (problem) return problem;
    rest = rest.filter((h) => !days.includes(h));
  }
  const allowed = expect.extra;
  const foreign = allowed === "any" ? [] : rest.filter((h) => allowed === "none" || !allowed.test(h));
  return foreign.length ? `the header has columns this report does not have: ${list(foreign)}` : null;
}

function dayColumnsProblem(days: readonly string[], count: number | undefined): string | null {
  if (days.length === 0) return "the header has no Day columns";
  const broken = days.findIndex((d, i) => d !== `Day ${i + 1}`);
  if (broken >= 0) return `the Day columns skip from "${days[broken - 1] ?? "(none)"}" to "${days[broken]}"`;
  if (count !== undefined && days.length !== count)
    return `the header has ${days.length} Day columns where the ${count - 1}-day window gives ${count}`;
  return null;
}
