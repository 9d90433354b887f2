/**
 * What a report's chart draws: a small summary of its table (pure). A report with several rows per
 * day (impressions by day × campaign, spend by day × read type) would draw a zigzag through them;
 * the summary has one point per day, week or label, a series per group (the largest few by total,
 * the rest summed as "Other"), and money on its own axis. Every figure is a sum over the table's
 * rows, so the series add up to the table's totals.
 */
import type { CellValue, ColumnKind, TypedTable } from "../api/table";
import { grainFor, periodStart, type Grain } from "./chartGrain";

/** Lines a chart keeps readable; the rest of the groups are one "Other" line. */
export const TOP_GROUPS = 5;
/** Bars a chart keeps readable; the rest are one "Other" bar. */
export const TOP_BARS = 10;
export const OTHER = "Other";

interface SummarySeries {
  name: string;
  /** null: a period in which the series has no row at all (a gap in its line, not a 0). */
  values: (number | null)[];
  /** Money gets the secondary value axis when something else is drawn on the primary one. */
  axis: "primary" | "secondary";
  kind: ColumnKind;
}

export interface ChartSummary {
  /** StockHLC: an interval per category, its three series high, low and the point ("close"), in that order. */
  type: "Line" | "LineMarkers" | "ColumnClustered" | "BarClustered" | "StockHLC";
  title: string;
  /** The category header (a time column or the label column), as the table has it. */
  category: string;
  categoryKind: ColumnKind;
  /** One per point, in order: days and weeks ascending, labels by size. */
  categories: CellValue[];
  series: SummarySeries[];
  /** Axis titles: the primary value axis, and the secondary one where money has its own. */
  valueTitle: string;
  secondaryTitle?: string;
  /** The category axis's title, where a category needs saying (an interval's "Channel type · Action"). */
  categoryTitle?: string;
  /** A time chart's points: a day, a week (its Monday) or a month (its first day) each (chartGrain.ts). */
  grain?: Grain;
}

/**
 * The report's period (its request's start and end dates) as serials in the table's date system: a
 * time chart's points run from its first period to its last, so the date axis spans the report's
 * dates, not only the periods that happen to have rows (a report from 2025-11-29 starts in November
 * though its campaigns start in January).
 */
export interface ReportPeriod {
  first?: number;
  last?: number;
}

const TIME = ["Day", "Week", "Month"];
const GRAIN_COLUMN: Record<Grain, string> = { day: "Day", week: "Week", month: "Month" };
const GROUPS = ["Campaign", "Read By", "Show", "Publisher", "Advertiser"];
/** A grouping column in a title's words. */
const GROUP_WORDS: Record<string, string> = { "Read By": "read type" };
const groupWords = (name: string) => GROUP_WORDS[name] ?? name.toLowerCase();
const NUMERIC: ReadonlySet<ColumnKind> = new Set(["integer", "number", "currency"]);

interface Column {
  index: number;
  name: string;
  kind: ColumnKind;
}

function column(table: TypedTable, test: (name: string) => boolean, numeric = false): Column | undefined {
  const index = table.columns.findIndex((c) => test(c.name) && (!numeric || NUMERIC.has(c.kind)));
  return index < 0 ? undefined : { index, name: table.columns[index].name, kind: table.columns[index].kind };
}

const named = (names: readonly string[]) => (n: string) => names.includes(n);
const num = (v: CellValue): number => (typeof v === "number" && Number.isFinite(v) ? v : 0);
const present = (v: CellValue) => v !== null && v !== "";
const label = (v: CellValue) => (present(v) ? String(v) : "(none)");

/** The first grouping column whose rows hold more than one value: a lone campaign is no grouping. */
function grouping(table: TypedTable): Column | undefined {
  for (const name of GROUPS) {
    const c = column(table, (n) => n === name);
    if (!c) continue;
    const seen = new Set<string>();
    for (const row of table.rows) {
      seen.add(label(row[c.index]));
      if (seen.size > 1) return c;
    }
  }
  return undefined;
}

/** Each group's total of `measure`, largest first (ties by name, so the order is stable). */
function groupsBySize(table: TypedTable, by: Column, measure: Column): { name: string; total: number }[] {
  const totals = new Map<string, number>();
  for (const row of table.rows) {
    const g = label(row[by.index]);
    totals.set(g, (totals.get(g) ?? 0) + num(row[measure.index]));
  }
  return [...totals]
    .map(([name, total]) => ({ name, total }))
    .sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
}

/**
 * The top `n` groups; the others map to one "Other (k campaigns)" (only when there are more than
 * n). A group really called "Other" joins the summed rest rather than drawing a second one.
 */
function topOf(
  groups: { name: string }[],
  n: number,
  noun: string,
): { keep: string[]; of: (g: string) => string } {
  // One group past n is drawn itself: "Other (1 campaigns)" would say less than its name.
  if (groups.length <= n + 1) return { keep: groups.map((g) => g.name), of: (g) => g };
  const keep = groups
    .slice(0, n)
    .map((g) => g.name)
    .filter((g) => g !== OTHER);
  const kept = new Set(keep);
  const other = `${OTHER} (${groups.length - keep.length} ${noun})`;
  return { keep: [...keep, other], of: (g) => (kept.has(g) ? g : other) };
}

/** "campaigns", "read types", "episodes": what a grouping column's values are, for "Other (…)". */
const plural = (column: string) => `${groupWords(column)}s`;

/** A time series: one point per distinct time value (ascending), sums per series key. */
function overTime(
  table: TypedTable,
  time: Column,
  lines: {
    name: string;
    measure: Column;
    key?: (row: readonly CellValue[]) => boolean;
    axis: SummarySeries["axis"];
  }[],
  grain: Grain | undefined,
  span?: { grain: Grain; period: ReportPeriod },
): { categories: CellValue[]; series: SummarySeries[] } {
  // A day, week or month: the start of the period the row's time falls in (a text time stays itself).
  const point = (v: CellValue): CellValue => (grain && typeof v === "number" ? periodStart(v, grain) : v);
  const seen = [...new Set(table.rows.map((r) => point(r[time.index])).filter(present))].sort((a, b) =>
    typeof a === "number" && typeof b === "number" ? a - b : String(a).localeCompare(String(b)),
  );
  const times = span ? spanned(seen, span.grain, span.period) : seen;
  const at = new Map(times.map((t, i) => [t, i]));
  // A period where a series has no row is a gap (null), not a 0: a campaign that did not run that
  // month does not drop its line to the floor.
  const series = lines.map((l) => ({
    name: l.name,
    values: times.map((): number | null => null),
    axis: l.axis,
    kind: l.measure.kind,
  }));
  for (const row of table.rows) {
    const i = at.get(point(row[time.index]));
    if (i === undefined) continue;
    lines.forEach((l, s) => {
      if (!l.key || l.key(row)) series[s].values[i] = (series[s].values[i] ?? 0) + num(row[l.measure.index]);
    });
  }
  return { categories: times, series };
}

/** The start of each period from serial `first` to `last` (a day, a Monday, a first of the month). */
function periodsFrom(first: number, last: number, grain: Grain): number[] {
  const out: number[] = [];
  // A period is at least a day long: the next one starts where the day after this one's last falls.
  for (let p = periodStart(first, grain); p <= last && out.length < 10_000;) {
    out.push(p);
    p = periodStart(p + (grain === "day" ? 1 : grain === "week" ? 7 : 31), grain);
  }
  return out;
}

/**
 * The points with the report's periods before the first and after the last that has rows (their
 * values are gaps): the axis spans the report's dates. A point within the rows' span is never added,
 * so a report's own week (which may start on Sunday) is not doubled by a Monday.
 */
function spanned(times: CellValue[], grain: Grain, period: ReportPeriod): CellValue[] {
  const nums = times.filter((t): t is number => typeof t === "number");
  if (nums.length !== times.length || nums.length === 0) return times;
  const lo = periodStart(nums[0], grain);
  const hi = periodStart(nums[nums.length - 1], grain);
  const before =
    period.first === undefined ? [] : periodsFrom(period.first, lo - 1, grain).filter((p) => p < lo);
  const after = period.last === undefined ? [] : periodsFrom(hi, period.last, grain).filter((p) => p > hi);
  return [...before, ...nums, ...after];
}

/**
 * Lines over time, a point a day, week or month as the span asks (grainFor): grouped by campaign or
 * read type when the rows are (the largest few and Other). Money gets its own axis only beside one
 * other line: beside six campaign lines it would be a seventh line in other units, tangled with them
 * (the table and the Dashboard carry the spend).
 */
function timeSummary(
  table: TypedTable,
  time: Column,
  main: Column,
  money: Column | undefined,
  what: (withMoney: boolean) => string,
  period: ReportPeriod = {},
): ChartSummary {
  const by = grouping(table);
  const withMoney = money !== undefined && money !== main && !by;
  const lines: Parameters<typeof overTime>[2] = [];
  if (by) {
    const top = topOf(groupsBySize(table, by, main), TOP_GROUPS, plural(by.name));
    for (const g of top.keep)
      lines.push({
        name: g,
        measure: main,
        key: (row) => top.of(label(row[by.index])) === g,
        axis: "primary",
      });
  } else lines.push({ name: main.name, measure: main, axis: "primary" });
  if (withMoney) lines.push({ name: money.name, measure: money, axis: "secondary" });
  const grain = timeGrain(table, time, period);
  // The report's own Week or Month column where it has the grain's (its week may start on Sunday); else the days summed into it.
  const own = grain && column(table, (n) => n === GRAIN_COLUMN[grain]);
  const source = own && (own.kind === "date" || own.kind === "datetime") ? own : time;
  const span = grain ? { grain, period } : undefined;
  const { categories, series } = overTime(table, source, lines, source === time ? grain : undefined, span);
  const every = grain ? ` by ${grain}` : " over time";
  return {
    type: categories.length > 40 ? "Line" : "LineMarkers",
    title: `${what(withMoney)}${every}${by ? `, per ${groupWords(by.name)}` : ""}`,
    category: grain === "week" ? "Week" : grain === "month" ? "Month" : time.name,
    categoryKind: time.kind,
    categories,
    series,
    valueTitle: main.name,
    secondaryTitle: withMoney ? money.name : undefined,
    grain,
  };
}

/** The grain of a time column's points: days, weeks or months as its span (and the report's period) asks; none for text times. */
function timeGrain(table: TypedTable, time: Column, period: ReportPeriod): Grain | undefined {
  if (time.kind !== "date" && time.kind !== "datetime") return undefined;
  const serials = table.rows.map((r) => r[time.index]).filter((v): v is number => typeof v === "number");
  if (serials.length === 0) return undefined;
  const finest: Grain = time.name === "Week" ? "week" : time.name === "Month" ? "month" : "day";
  // A loop, not Math.min(...serials): a million rows would overflow the call stack.
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of serials) {
    if (v < lo) lo = v;
    if (v > hi) hi = v;
  }
  if (period.first !== undefined && period.first < lo) lo = period.first;
  if (period.last !== undefined && period.last > hi) hi = period.last;
  return grainFor(lo, hi, finest);
}

/** Bars per label (campaign, episode): the largest `n` and "Other", summed over the label's rows. */
function barSummary(
  table: TypedTable,
  by: Column,
  measures: Column[],
  title: string,
  n: number,
  other: boolean,
): ChartSummary {
  const groups = groupsBySize(table, by, measures[0]);
  const top = other
    ? topOf(groups, n, plural(by.name))
    : { keep: groups.slice(0, n).map((g) => g.name), of: (g: string) => g };
  // A bar chart lists its first category at the bottom: the smallest (and Other) first, so the
  // largest bar is on top.
  top.keep.reverse();
  const at = new Map(top.keep.map((g, i) => [g, i]));
  const series = measures.map((m) => ({
    name: m.name,
    values: top.keep.map((): number | null => 0),
    axis: "primary" as const,
    kind: m.kind,
  }));
  for (const row of table.rows) {
    const i = at.get(top.of(label(row[by.index])));
    if (i === undefined) continue;
    measures.forEach((m, s) => (series[s].values[i] = (series[s].values[i] ?? 0) + num(row[m.index])));
  }
  return {
    type: "BarClustered",
    title,
    category: by.name,
    categoryKind: "text",
    categories: top.keep,
    series,
    valueTitle: measures.length === 1 ? measures[0].name : "Impressions",
  };
}

/** The report kinds whose chart is drawn from a summary (the others read the table's columns). */
export const SUMMARY_KINDS: ReadonlySet<string> = new Set([
  "impressions",
  "estimatedSpendByDay",
  "campaignsPerformance",
  "audience",
  "incrementality",
]);

/** Whether the summary of a `kind` report reads the column `name` (a table read back need hold only these). */
export function summaryReads(kind: string, name: string): boolean {
  switch (kind) {
    case "impressions":
      return [...TIME, ...GROUPS, "Spend"].includes(name) || /Impressions$/.test(name);
    case "estimatedSpendByDay":
      return [...GROUPS, "Day", "Estimated Spend"].includes(name);
    case "campaignsPerformance":
      return name === "Campaign" || name === "Impressions";
    case "audience":
      return name === "Episode" || /^(RSS impressions in (15|30|45|60) days|d(15|30|45|60))$/.test(name);
    case "incrementality":
      return ["Advertiser", ...RESULT_OF, "Action", ...Object.values(INTERVAL)].includes(name);
    default:
      return false;
  }
}

/** The summary a report's chart draws, or null where the report has none of this shape (chartFor decides the rest). */
export function chartSummary(
  kind: string,
  table: TypedTable,
  period: ReportPeriod = {},
): ChartSummary | null {
  if (table.rows.length === 0) return null;
  const summary = summaryOf(kind, table, period);
  // Rows without a day or label to draw (a blank table read back) give no chart.
  return summary && summary.categories.length > 0 ? summary : null;
}

function summaryOf(kind: string, table: TypedTable, period: ReportPeriod): ChartSummary | null {
  switch (kind) {
    case "impressions": {
      // The finest grouping the report has: a daily report also carries its week.
      const time = TIME.map((t) => column(table, (n) => n === t)).find((c) => c !== undefined);
      const impressions = column(table, (n) => /Impressions$/.test(n), true);
      const spend = column(table, (n) => n === "Spend", true);
      const main = impressions ?? spend;
      if (!main) return null;
      if (time)
        return timeSummary(
          table,
          time,
          main,
          spend,
          (withMoney) => (impressions ? (withMoney ? "Impressions and spend" : "Impressions") : "Spend"),
          period,
        );
      const by = column(table, named(["Campaign", "Show", "Publisher", "Advertiser"]));
      return by
        ? barSummary(table, by, [main], `${main.name} by ${by.name.toLowerCase()}`, TOP_BARS, true)
        : null;
    }
    case "estimatedSpendByDay": {
      const day = column(table, (n) => n === "Day");
      const spend = column(table, (n) => n === "Estimated Spend", true);
      return day && spend ? timeSummary(table, day, spend, undefined, () => "Estimated spend", period) : null;
    }
    case "campaignsPerformance": {
      const by = column(table, (n) => n === "Campaign");
      const impressions = column(table, (n) => n === "Impressions", true);
      return by && impressions
        ? barSummary(table, by, [impressions], "Impressions by campaign", TOP_BARS, true)
        : null;
    }
    case "audience": {
      const by = column(table, (n) => n === "Episode");
      const decay = [15, 30, 45, 60]
        .map((d) => column(table, (n) => n === `RSS impressions in ${d} days` || n === `d${d}`, true))
        .filter((c): c is Column => c !== undefined);
      if (!by || decay.length === 0) return null;
      const many = new Set(table.rows.map((r) => label(r[by.index]))).size > TOP_BARS;
      const title = many ? `Audience decay of the ${TOP_BARS} largest episodes` : "Audience decay by episode";
      return barSummary(table, by, decay, title, TOP_BARS, false);
    }
    case "incrementality":
      return intervalSummary(table);
    default:
      return null;
  }
}

/** Intervals a chart keeps readable: a channel-level report's three channel types by five actions. */
const MAX_INTERVALS = 15;
/** The longest category label written: a chart's label is read, not a campaign's whole brief. */
const MAX_LABEL = 80;
/** What a result is of, by level: the first of these that holds a value (at channel level Campaign and Publisher are empty). */
const RESULT_OF = ["Campaign", "Publisher", "Channel type"];
/** The incremental percent and its interval's bounds, as the table names them. */
const INTERVAL = { point: "Incremental %", lower: "Incremental % CI lower", upper: "Incremental % CI upper" };
const numberOrGap = (v: CellValue): number | null => (typeof v === "number" && Number.isFinite(v) ? v : null);

/**
 * Incrementality (issue #57): each result's incremental percent with its confidence interval, drawn as
 * an interval (a stock chart's high-low line, the percent marked on it) over categories that say what
 * each result is: its level's name and its action ("podcast · purchase"), and its advertiser where the
 * report has several. Results without a percent (the service's "Reason not calculated") are left out;
 * the category axis's title says how many, and when only the first MAX_INTERVALS are drawn. Without
 * the interval's columns, the percents alone as columns. Read back from a sheet, the columns' kinds
 * may be plain numbers: the values are percentages whatever their kind.
 */
function intervalSummary(table: TypedTable): ChartSummary | null {
  const at = (name: string) => table.columns.findIndex((c) => c.name === name);
  const filled = (name: string) => at(name) >= 0 && table.rows.some((r) => present(r[at(name)]));
  const of = RESULT_OF.find(filled);
  const point = at(INTERVAL.point);
  if (point < 0) return null;
  const several = (name: string) =>
    at(name) >= 0 && new Set(table.rows.map((r) => label(r[at(name)]))).size > 1;
  const parts = [
    ...(several("Advertiser") ? ["Advertiser"] : []),
    ...(of ? [of] : []),
    ...(filled("Action") ? ["Action"] : []),
  ];
  if (parts.length === 0) return null;
  const results = table.rows.filter((r) => numberOrGap(r[point]) !== null);
  const drawn = results.slice(0, MAX_INTERVALS);
  const categories = drawn.map((r) => clipped(parts.map((p) => label(r[at(p)])).join(" · ")));
  const notes = [
    ...(results.length > drawn.length ? [`the first ${drawn.length} of ${results.length} results`] : []),
    ...(results.length < table.rows.length ? [`${table.rows.length - results.length} not calculated`] : []),
  ];
  const category = `${parts.join(" · ")}${notes.length ? ` (${notes.join("; ")})` : ""}`;
  const series = (name: string) => ({
    name,
    values: drawn.map((r) => numberOrGap(r[at(name)])),
    axis: "primary" as const,
    kind: "percent" as const,
  });
  const interval = at(INTERVAL.lower) >= 0 && at(INTERVAL.upper) >= 0;
  return {
    type: interval ? "StockHLC" : "ColumnClustered",
    title: interval ? "Incremental % with its confidence interval" : "Incremental %",
    category,
    categoryKind: "text",
    categories,
    // A stock chart's series are high, low, close: the upper bound, the lower, the percent.
    series: interval
      ? [series(INTERVAL.upper), series(INTERVAL.lower), series(INTERVAL.point)]
      : [series(INTERVAL.point)],
    valueTitle: INTERVAL.point,
    categoryTitle: category,
  };
}

const clipped = (text: string) => (text.length > MAX_LABEL ? `${text.slice(0, MAX_LABEL - 1)}…` : text);
