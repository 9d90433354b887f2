/**
 * The number columns of the impressions report: how each is computed from a row's summed measures.
 * Ratios come from the summed parts, so a total is never a sum of ratios.
 */
import { COUNT, M, type Settings } from "../model/delivery";
import { ratio, zFor } from "../model/stats";
import type { Cell } from "./shared";

export type Measure = (m: Float64Array, reach: number, spend: number | null) => Cell;
type Summed = (m: Float64Array) => number;

const CONV = ["Visitors", "Visits", "Leads", "Installs", "Signups", "Purchases"];
/** "Cost Per Visitor" → Visitors. */
const PLURAL: Record<string, string> = {
  Visitor: "Visitors",
  Lead: "Leads",
  Install: "Installs",
  Signup: "Signups",
  Purchase: "Purchases",
};

const at = (k: string): Summed => {
  const i = M[k];
  return i === undefined ? () => 0 : (m: Float64Array) => m[i];
};
// Totals of parts are the sums of their (rounded) parts, so the parts always add up.
const sumOf = (...parts: string[]): Summed => {
  const fs = parts.map(at);
  return (m: Float64Array) => fs.reduce((a, f) => a + f(m), 0);
};
const impressions = sumOf(
  "Podcast & Streaming Impressions",
  "Alpha Views",
  "Beta Impressions",
  "Gamma Video Impressions",
);
/** A measure as its column shows it: Purchases, Revenue and Impressions as the sums of their parts. */
const part = (k: string): Summed => {
  if (k === "Impressions") return impressions;
  const p = /^(Purchases|Revenue)( Modeled)?$/.exec(k);
  return p ? sumOf(`Online ${p[1]}${p[2] ?? ""}`, `Offline ${p[1]}${p[2] ?? ""}`) : at(k);
};
const perSpend = (base: string): Measure => {
  const b = part(base);
  return (m, _r, spend) => (spend === null ? null : ratio(spend, b(m)));
};
const share = (of: string, whole: string, scale = 100): Measure => {
  const [a, b] = [part(of), part(whole)];
  return (m) => ratio(a(m), b(m), scale);
};

/** "Leads Campaign Confidence Interval (+/- range)": a ± range in percentage points, at incCiCertainty. */
function confidenceInterval(x: RegExpExecArray, s: Settings): Measure {
  const level = x[2];
  const parts = x[1] === "Conversions" ? ["Leads", "Installs", "Signups", "Purchases"] : [x[1]];
  const counts = parts.map(at);
  const incremental = parts.map((k) => at(`${level} Incremental ${k}`));
  const z = zFor(s.incCiCertainty);
  return (m) => {
    const n = counts.reduce((a, f) => a + f(m), 0);
    if (!(n > 0)) return null;
    const p = incremental.reduce((a, f) => a + f(m), 0) / n;
    // A ± range in percentage points around the incremental share, at incCiCertainty.
    return Math.round(z * Math.sqrt((p * (1 - p)) / n) * 100 * 100) / 100;
  };
}

/**
 * The computed columns, tried in order: the first pattern that matches and builds a measure wins
 * (a builder answers undefined to let a later rule try, as Cost Per with an unknown action does).
 */
const RULES: [RegExp, (x: RegExpExecArray, s: Settings) => Measure | undefined][] = [
  [
    /^(Purchases|Revenue)( Modeled)?$/,
    (x) => {
      const sum = part(x[0]);
      return x[1] === "Purchases" ? sum : (m) => Math.round(sum(m) * 100) / 100;
    },
  ],
  [/^Spend$/, () => (_m, _r, spend) => spend],
  [/^Reach$/, () => (_m, reach) => reach],
  [/^Frequency$/, () => (m, reach) => ratio(impressions(m), reach)],
  [
    /^e?CPM$/,
    (x) => {
      const base = part(x[0] === "eCPM" ? "Impressions" : "Podcast & Streaming Impressions");
      return (m, _r, spend) => (spend === null ? null : ratio(spend, base(m), 1000));
    },
  ],
  [/^CPA$/, () => perSpend("Purchases")],
  [
    /^(ROAS|Incremental ROAS)( Modeled)?$/,
    (x) => {
      const revenue = part(`${x[1] === "ROAS" ? "" : "Incremental "}Revenue${x[2] ?? ""}`);
      return (m, _r, spend) => (spend === null ? null : ratio(revenue(m), spend));
    },
  ],
  [/^AOV( Modeled)?$/, (x) => share(`Revenue${x[1] ?? ""}`, `Purchases${x[1] ?? ""}`, 1)],
  [
    /^Cost Per (Incremental )?(\w+)( Modeled)?$/,
    (x) => (PLURAL[x[2]] ? perSpend(`${x[1] ? "Incremental " : ""}${PLURAL[x[2]]}${x[3] ?? ""}`) : undefined),
  ],
  [
    /^Incremental (\w+)( Modeled)? %$/,
    (x) => share(`Incremental ${x[1]}${x[2] ?? ""}`, `${x[1]}${x[2] ?? ""}`),
  ],
  [/^(\w+) (Campaign|Channel) Incremental %$/, (x) => share(`${x[2]} Incremental ${x[1]}`, x[1])],
  [/^Downloads Incremental( Modeled)?$/, (x) => at(`Incremental Downloads${x[1] ?? ""}`)],
  [/^(\w+) (Campaign|Channel) Confidence Interval \(\+\/- range\)$/, confidenceInterval],
  [
    /^(\w+)( Modeled)? %$/,
    (x) => (CONV.includes(x[1]) ? share(`${x[1]}${x[2] ?? ""}`, "Impressions") : undefined),
  ],
];

/**
 * How a number column is computed from a row's summed measures (null when its base is 0 or
 * missing). Built once per column: ratios come from the summed parts, so a total is never a sum of ratios.
 */
export function measureColumn(col: string, s: Settings): Measure {
  for (const [pattern, build] of RULES) {
    const x = pattern.exec(col);
    const measure = x ? build(x, s) : undefined;
    if (measure) return measure;
  }
  // A measure summed as it is: counts whole, money in cents.
  const i = M[col];
  if (i !== undefined) return (m) => (COUNT[i] ? m[i] : Math.round(m[i] * 100) / 100);
  return () => null;
}
