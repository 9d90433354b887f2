/**
 * Which chart a report gets (pure): a native Excel chart where a picture says more than rows (spend
 * and impressions over time, the lag curve, incremental % with its interval); the kinds drawn from
 * a block of their sums or results (incrementality's intervals among them) are chartSummary.ts's.
 * The chart keeps its name, and is made again only when its plan changes.
 */
import type { CellValue, TypedTable } from "../../api/table";
import type { SheetSourceKind } from "../../reports/definition";

export interface ChartPlan {
  type: "Line" | "LineMarkers" | "ColumnClustered" | "BarClustered";
  title: string;
  /** The column that gives the categories (x axis). */
  category: string;
  /** The columns drawn, one series each (at most 6). */
  series: string[];
  /**
   * Drawn across instead: one series per body row (at most 6, named by these labels, in order),
   * over the `series` columns (adjacent), whose headers are the categories. A lag curve runs over
   * its Day columns, one line per action.
   */
  rows?: string[];
}

const MAX_SERIES = 6;

const TIME = ["Day", "Week", "Month"];

function has(table: TypedTable, name: string): boolean {
  return table.columns.some((c) => c.name === name);
}

function first(table: TypedTable, names: readonly string[]): string | undefined {
  return names.find((n) => has(table, n));
}

/** Columns of a numeric kind whose name matches, in the table's order. */
function measures(table: TypedTable, test: (name: string) => boolean): string[] {
  return table.columns
    .filter((c) => ["integer", "number", "currency", "percent"].includes(c.kind) && test(c.name))
    .map((c) => c.name)
    .slice(0, MAX_SERIES);
}

/** The kinds that may have a chart (chartFor's cases); the others are read better as rows. */
export const CHART_KINDS: ReadonlySet<SheetSourceKind> = new Set<SheetSourceKind>([
  "impressions",
  "lag",
  "audience",
  "campaignsPerformance",
  "estimatedSpendByDay",
  "incrementality",
]);

/**
 * The chart over the table's own columns, for the kinds a sum would not say better (the lag curve);
 * impressions too, which the self-test draws this way. The others are drawn from a block of sums or
 * results (chartSummary.ts, ensureReportChart): incrementality too, whose categories ("podcast ·
 * purchase") are no column of its table. Null where rows say it better.
 */
export function chartFor(
  kind: SheetSourceKind,
  table: TypedTable,
  /** Names the workbook knows objects by (knownNames.ts): a lag row's Object ID is named by them. */
  names: ReadonlyMap<string, string> = new Map(),
): ChartPlan | null {
  if (table.rows.length === 0) return null;
  const plan = ((): ChartPlan | null => {
    switch (kind) {
      case "impressions": {
        const time = first(table, TIME);
        const spend = measures(table, (n) => n === "Spend");
        const impressions = measures(table, (n) => /Impressions$/.test(n)).slice(0, 1);
        if (time)
          return {
            type: "LineMarkers",
            title: "Spend and impressions over time",
            category: time,
            series: [...spend, ...impressions],
          };
        const by = first(table, ["Campaign", "Show", "Publisher", "Advertiser"]);
        return by
          ? {
              type: "BarClustered",
              title: `Impressions by ${by.toLowerCase()}`,
              category: by,
              series: impressions,
            }
          : null;
      }
      case "lag": {
        // Days along the x axis, a line per action (and object): the curve of actions after the impression.
        const days = table.columns.filter((c) => /^Day \d+$/.test(c.name)).map((c) => c.name);
        // A row is named as a client knows it: its action, and its object's name where a report in the
        // workbook shows one (a campaign's, a publisher's, a show's), else the service's id.
        const at = (n: string) => table.columns.findIndex((c) => c.name === n);
        const label = (r: CellValue[]) =>
          [r[at("Action")], r[at("Object ID")]]
            .filter((v) => v !== null && v !== undefined && v !== "")
            .map((v, k) => (k === 1 ? (names.get(String(v)) ?? String(v)) : String(v)))
            .join(" · ");
        return {
          type: "LineMarkers",
          // A line for each of the first rows only: the title says so when there are more.
          title:
            table.rows.length > MAX_SERIES
              ? `Lag: actions by day after the impression (the first ${MAX_SERIES} of ${table.rows.length} rows)`
              : "Lag: actions by day after the impression",
          category: "Action",
          series: days,
          rows: table.rows.slice(0, MAX_SERIES).map(label),
        };
      }
      default:
        return null;
    }
  })();
  return plan && plan.series.length > 0 && has(table, plan.category) ? plan : null;
}

/** The chart's name: the table's, so it is found again at each refresh. */
export const chartName = (tableName: string) => `${tableName} chart`;

/** What identifies a plan: when it changes (other columns), the chart is made again. */
export function planKey(plan: ChartPlan): string {
  // A chart drawn across names its rows in its title (the first 6 of n): a new count makes it again.
  return JSON.stringify([
    plan.type,
    plan.category,
    plan.series,
    ...(plan.rows ? [plan.rows, plan.title] : []),
  ]);
}
