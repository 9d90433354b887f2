/**
 * The Dashboard sheet's plan: one column per chosen report, one row per KPI (period, spend,
 * impressions, reach, CPM, conversions, and the last 7 days against the 7 before), each cell a
 * formula over the report's table (`=SUM(Impressions_1[Spend])`), so the dashboard is live: it
 * follows every refresh of the reports with no work of the add-in. A report without a column for a
 * KPI shows "–" there. Pure: the Excel side is src/excel/dashboardSheet.ts.
 */
import { resolveSource, type ReportDefinition } from "./definition";

export interface DashboardReport {
  sheetName: string;
  tableName: string;
  /** The table's headers as the report named its columns (a column the planner renamed keeps its report name). */
  headers: readonly string[];
  /** The headers as the sheet shows them now, in the same order: what a formula refers to (defaults to `headers`). */
  shown?: readonly string[];
  /** The link's text (the report and whose data it is, its period left out when long); default the sheet's name. */
  label?: string;
  /** The report and whose data it is (dashboardHeader.ts), before any shortening. */
  header?: string;
  /** The period the report asked for at its last refresh (YYYY-MM-DD), where its request has dates. */
  period?: { from: string; to: string };
}

interface DashboardCell {
  /** A formula (starting with =) or a text. */
  value: string;
  numberFormat: string;
}

export interface DashboardPlan {
  /** The KPI names, down the first column. */
  labels: string[];
  /** Per report, its column of cells (the first is its name, linked to its sheet). */
  columns: DashboardCell[][];
}

const DATE = "mmm d, yyyy";
const MONEY = "$#,##0.00";
const COUNT = "#,##0";
const PERCENT = "+0.0%;-0.0%;0.0%";
const TEXT = "@";
const NONE: DashboardCell = { value: "–", numberFormat: TEXT };

/** Excel's escaping of a column name inside a structured reference: ' [ ] # are escaped with '. */
const escapeColumn = (name: string) => name.replace(/['[\]#]/g, "'$&");
/** A text as a formula's string literal ("say ""hi"""). */
const textLiteral = (s: string) => `"${s.replace(/"/g, '""')}"`;
/** A sheet name quoted for a reference ('Spend by day, Oct'!A1). */
const quoteSheet = (name: string) => `'${name.replace(/'/g, "''")}'`;

function pick(headers: readonly string[], names: readonly string[]): string | undefined {
  return names.find((n) => headers.includes(n));
}

/** The KPIs' columns in a report, by the names the reports use. */
function columnsOf(headers: readonly string[]) {
  const impressions =
    pick(headers, ["Impressions", "Podcast & Streaming Impressions"]) ??
    headers.find((h) => /Impressions$/.test(h) && !/^(Expected|\d+d) /.test(h));
  return {
    // The data's span: a time column, or a campaign report's earliest start and latest end.
    from: pick(headers, ["Day", "Date", "Week", "Month", "Start date"]),
    to: pick(headers, ["Day", "Date", "Week", "Month", "End date"]),
    day: pick(headers, ["Day", "Date"]),
    /** A row per day, week or month: the same listener is in many rows, so reach is not summed. */
    time: pick(headers, ["Day", "Date", "Week", "Month"]),
    spend: pick(headers, ["Spend", "Estimated Spend"]),
    impressions,
    reach: pick(headers, ["Reach"]),
    conversions: pick(headers, ["Convs.", "Purchases", "Conversions", "Leads", "Signups", "Installs"]),
  };
}

export const DASHBOARD_LABELS = [
  "Report",
  "From",
  "To",
  "Data (where it differs)",
  "Spend",
  "Impressions",
  "Reach (sum of rows)",
  "CPM",
  "Conversions",
  "Spend, last 7 days",
  "Spend, 7 days before",
  "Spend change",
  "Impressions, last 7 days",
  "Impressions, 7 days before",
  "Impressions change",
];

function reportColumn(r: DashboardReport): DashboardCell[] {
  const c = columnsOf(r.headers);
  const shown = (col: string) => r.shown?.[r.headers.indexOf(col)] ?? col;
  const ref = (col: string) => `${r.tableName}[${escapeColumn(shown(col))}]`;
  const cell = (col: string | undefined, f: (ref: string) => string, numberFormat: string): DashboardCell =>
    col ? { value: `=${f(ref(col))}`, numberFormat } : NONE;
  const sum = (col: string | undefined, format: string) => cell(col, (x) => `SUM(${x})`, format);
  // Days in the table's last week, and the week before it (SUMIF: the days are whole serials).
  const lastDay = c.day && `MAX(${ref(c.day)})`;
  const week = (col: string | undefined, back: 0 | 7): DashboardCell =>
    col && c.day && lastDay
      ? {
          value: `=SUMIF(${ref(c.day)},">"&(${lastDay}-${back + 7}),${ref(col)})-SUMIF(${ref(c.day)},">"&(${lastDay}-${back}),${ref(col)})`,
          numberFormat: col === c.spend ? MONEY : COUNT,
        }
      : NONE;
  const change = (col: string | undefined): DashboardCell => {
    if (!col || !c.day) return NONE;
    const now = week(col, 0).value.slice(1);
    const before = week(col, 7).value.slice(1);
    return { value: `=IFERROR((${now})/(${before})-1,"–")`, numberFormat: PERCENT };
  };
  const span = spanCells(c.from, c.to, ref, r.period);
  return [
    // General, not text: Excel keeps a formula typed into a text cell as its text.
    {
      value: `=HYPERLINK(${textLiteral(`#${quoteSheet(r.sheetName)}!A1`)},${textLiteral(r.label ?? r.sheetName)})`,
      numberFormat: "General",
    },
    ...span,
    sum(c.spend, MONEY),
    sum(c.impressions, COUNT),
    // Reach per day (week, month) summed counts a listener once a day: no figure rather than a wrong one.
    c.time ? NONE : sum(c.reach, COUNT),
    c.spend && c.impressions
      ? {
          value: `=IFERROR(SUM(${ref(c.spend)})/SUM(${ref(c.impressions)})*1000,"–")`,
          numberFormat: MONEY,
        }
      : NONE,
    sum(c.conversions, COUNT),
    week(c.spend, 0),
    week(c.spend, 7),
    change(c.spend),
    week(c.impressions, 0),
    week(c.impressions, 7),
    change(c.impressions),
  ];
}

/** Where the KPIs start in a report's column: after its name, From, To and its data's span. */
const FIRST_KPI = DASHBOARD_LABELS.indexOf("Spend");

/**
 * Whether the Dashboard can summarise a report with these columns (as the report named them): at
 * least one KPI (spend, impressions, reach, CPM, conversions, a week's figures) is a figure rather than
 * "–". Read from the column dashboardPlan itself would make, so the two never disagree: a Prospects
 * sheet (scores, listeners, ad load) gives none, a spend or impressions report does.
 */
export function canSummarise(headers: readonly string[]): boolean {
  return reportColumn({ sheetName: "", tableName: "T", headers })
    .slice(FIRST_KPI)
    .some((cell) => cell !== NONE);
}

/** `=DATE(2026,11,27)`: a date in any workbook's date system, readable in the formula bar. */
function dateFormula(iso: string): string {
  const [y, m, d] = iso.split("-").map(Number);
  return `DATE(${y},${m},${d})`;
}

/**
 * From, To and the data's span: the period the report asked for, and under it the days its rows
 * cover only where they differ from it ("" where they do not; "no rows" for an empty table). A report
 * whose request has no dates shows its data's span as From and To, as before.
 */
function spanCells(
  from: string | undefined,
  to: string | undefined,
  ref: (col: string) => string,
  period: DashboardReport["period"],
): DashboardCell[] {
  const min = from && `MIN(${ref(from)})`;
  const max = to && `MAX(${ref(to)})`;
  if (!period)
    return [
      min ? { value: `=${min}`, numberFormat: DATE } : NONE,
      max ? { value: `=${max}`, numberFormat: DATE } : NONE,
      NONE,
    ];
  const [a, b] = [dateFormula(period.from), dateFormula(period.to)];
  const asked = [
    { value: `=${a}`, numberFormat: DATE },
    { value: `=${b}`, numberFormat: DATE },
  ];
  if (!min || !max) return [...asked, NONE];
  const text = (x: string) => `TEXT(${x},"mmm d, yyyy")`;
  return [
    ...asked,
    {
      value: `=IF(COUNT(${ref(from!)})=0,"no rows",IF(AND(${min}=${a},${max}=${b}),"",${text(min)}&" – "&${text(max)}))`,
      numberFormat: "General",
    },
  ];
}

/**
 * The period a report asked for at its last refresh: its relative dates resolved on that day, or its
 * fixed dates; none where its request has no dates (the service's default period).
 */
export function requestedPeriod(
  def: Pick<ReportDefinition, "kind" | "params" | "datePreset" | "lastRefresh">,
): DashboardReport["period"] {
  const { params } = resolveSource(def, def.lastRefresh ? new Date(def.lastRefresh) : new Date());
  const iso = (v: unknown) => (typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);
  const from = iso(params.startDate);
  const to = iso(params.endDate);
  return from && to ? { from, to } : undefined;
}

export function dashboardPlan(reports: readonly DashboardReport[]): DashboardPlan {
  return { labels: [...DASHBOARD_LABELS], columns: reports.map(reportColumn) };
}
