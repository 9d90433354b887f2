/**
 * The Dashboard sheet: the KPIs of the reports the planner picks, side by side, each a formula over
 * its report's table (src/reports/dashboard.ts), so it is live through every refresh. Made again in
 * place when the planner picks other reports: the sheet is known by a custom property, and only a
 * sheet so marked is ever cleared. Under the figures, the reports' charts (dashboardCharts.ts). Laid
 * out for a 1366 × 768 screen (the labels and up to six reports in view) and printed landscape,
 * one page wide.
 */
import { DASHBOARD_LABELS, dashboardPlan, requestedPeriod, type DashboardReport } from "../reports/dashboard";
import { dashboardHeader } from "../reports/dashboardHeader";
import { columnsCovering, sheetNameFor, TEXT_FORMAT } from "./cellFormats";
import type { ExcelHost } from "./host";
import type { ReportDefinition } from "../reports/definition";
import { charted, chartsExtent, writeDashboardCharts } from "./dashboardCharts";
import { reportNamesOf } from "./chartData";
import { listDefinitions, type StoredReport } from "./store/reportRecords";
import { readSheetRecords, type SheetRecords } from "./store/readAll";
import {
  DashboardOverwritten,
  isSetDashboard,
  markOf,
  type MarkedReport,
  newerDashboardMessage,
  queueMark,
  queueSetMark,
  writeDashboardRecord,
  type DashboardWriter,
} from "./store/dashboardStore";
import { a1 } from "./tableWriter";
import { withNewSheet } from "./newTableSheet";
import { takenNames } from "./workbookNames";

const TOP = 4;
/** The Dashboard's header row fill: black bold text on it reads at 15:1 (test/contrast.test.ts). */
export const DASHBOARD_HEAD_FILL = "#DDEBF7";
/** The two lines under the title: what the figures are. */
const DASHBOARD_NOTES = [
  "Live: each figure is a formula over its report's table and follows every refresh. From and To: the period each report asked for.",
  "Reach is summed over a report's rows only where it has no row per day, week or month (a listener would count once a day); the last 7 days end on the report's last day.",
];

export interface DashboardResult {
  sheetName: string;
  reports: string[];
  /** The reports' charts made under the KPIs. */
  charts: number;
}

/** A report sheet a dashboard can show, and its table (which a rename of the sheet keeps). */
export interface DashboardCandidate {
  sheet: string;
  table: string;
}

/** The report sheets a dashboard can show: those with a table (not show sheets). */
export async function dashboardCandidates(excel: ExcelHost): Promise<DashboardCandidate[]> {
  return (await listDefinitions(excel)).flatMap((d) =>
    d.tableName ? [{ sheet: d.sheetName, table: d.tableName }] : [],
  );
}

/** The picked reports in sheet order, with their definitions (for their charts). */
async function reportsOf(
  excel: ExcelHost,
  sheetNames: readonly string[],
  listed?: readonly ReportDefinition[],
): Promise<{ reports: DashboardReport[]; defs: ReportDefinition[] }> {
  const defs = (listed ?? (await listDefinitions(excel))).filter(
    (d) => d.tableName && sheetNames.includes(d.sheetName),
  );
  if (defs.length === 0) throw new Error("Pick at least one report sheet with a table for the dashboard.");
  return excel.run(async (context) => {
    const read = queueReportsOf(context, defs);
    await context.sync();
    return { defs, reports: read() };
  });
}

/**
 * Queues the reads of the Dashboard's columns for `defs` (their tables' headers and column ids; the
 * caller syncs); after the sync, each report as the Dashboard shows it, or the refusal naming a table gone.
 */
export function queueReportsOf(
  context: Excel.RequestContext,
  defs: readonly ReportDefinition[],
): () => DashboardReport[] {
  const tables = defs.map((d) => {
    const t = context.workbook.tables.getItemOrNullObject(d.tableName!);
    const header = t.getHeaderRowRange();
    header.load("values");
    t.columns.load("items/id");
    return { t, header };
  });
  return () => {
    const lost = defs.filter((_, i) => tables[i].t.isNullObject).map((d) => d.sheetName);
    if (lost.length)
      throw new Error(
        `The report table of ${lost.join(", ")} is gone or was renamed: refresh that sheet, or untick it.`,
      );
    return defs.map((d, i) => {
      const shown = tables[i].header.values[0].map(String);
      return {
        sheetName: d.sheetName,
        tableName: d.tableName!,
        // Found by identity, as a refresh finds them: a renamed report column keeps its figures.
        headers: reportNamesOf(
          d,
          shown,
          tables[i].t.columns.items.map((c) => c.id),
        ),
        shown,
        period: requestedPeriod(d),
        header: dashboardHeader(d),
      };
    });
  };
}

/**
 * The sheet already marked as the dashboard, if any, and the reports it shows by their sheets'
 * names now (a report sheet renamed since is found by its table); `renamed` when one was.
 */
export async function existingDashboard(
  excel: ExcelHost,
): Promise<{ sheetName: string; reports: string[]; renamed: boolean; newer?: number } | null> {
  const found = await dashboardState(excel);
  return (
    found && {
      sheetName: found.sheetName,
      reports: found.reports,
      renamed: found.renamed,
      newer: found.newer,
    }
  );
}

/** existingDashboard, with the report definitions it read (a caller that needs them reads them once). */
export async function dashboardState(excel: ExcelHost) {
  return dashboardStateOf(await readSheetRecords(excel));
}

/** The Dashboard as the workbook's records say (dashboardState, from records read with other work). */
export function dashboardStateOf({ reports: listed, dashboard: found }: SheetRecords) {
  if (!found) return null;
  if (found.newer !== undefined)
    return {
      sheetName: found.sheetName,
      reports: [] as string[],
      renamed: false,
      listed: [] as StoredReport[],
      newer: found.newer as number | undefined,
      base: { revision: found.revision, reports: [] as MarkedReport[] },
    };
  const marked = found.reports;
  const sheetOf = new Map(listed.filter((d) => d.tableName).map((d) => [d.tableName!, d.sheetName]));
  const reports = marked.map((m) => (m.table && sheetOf.get(m.table)) || m.sheet);
  return {
    sheetName: found.sheetName,
    reports,
    renamed: reports.some((name, i) => name !== marked[i].sheet),
    listed,
    newer: undefined as number | undefined,
    /** What a write says it read: the store's record (its revision and the reports by their tables). */
    base: { revision: found.revision, reports: marked },
  };
}

/** The Dashboard's state as dashboardState gives it. */
export type DashboardState = NonNullable<ReturnType<typeof dashboardStateOf>>;

/** Points a bold 11-point name needs: about 6 a character, and the cell's padding. */
const headerWidth = (name: string): number => Math.ceil(name.length * 6 + 12);

/** Points of columns in view at 1366 × 768 with the pane open (reportCharts.ts FIRST_SCREEN_PT). */
const IN_VIEW_PT = 700;
const LABEL_PT = 150;
/** The reports the dashboard promises in view at 1366 × 768 beside the pane. */
const REPORTS_IN_VIEW = 4;

/**
 * The columns' widths: the labels', then each report's at least its share of the first screen (four
 * reports in view at 1366 × 768 with the pane open when their headers are short) and as wide as its
 * header (dashboardHeader: the report and whose data it is), which is never cut: a long header
 * widens its column rather than lose its advertiser.
 */
function dashboardWidths(headers: readonly string[]): number[] {
  const share = Math.floor(
    (IN_VIEW_PT - LABEL_PT) / Math.max(REPORTS_IN_VIEW, Math.min(headers.length, REPORTS_IN_VIEW)),
  );
  return [LABEL_PT, ...headers.map((n) => Math.max(share, headerWidth(n)))];
}

/** Each report's header text before the period is dropped from it: what its column is made as wide as. */
const headersOf = (reports: readonly DashboardReport[]) =>
  labelled(reports).map((r) => r.label ?? r.sheetName);

/** The first row of the reports' charts: under the KPIs and a blank row. */
export const CHARTS_ROW = TOP + DASHBOARD_LABELS.length + 1;

/** Chart places the dashboard's print area covers: one per report with a chart. */
const chartCount = (defs: readonly ReportDefinition[]) => defs.filter(charted).length;

/**
 * Each report's link text: the report and whose data it is (dashboardHeader), without the period of
 * a sheet named after it ("Impressions, last 30 days · Acme" → "Impressions · Acme": From and To say
 * the period under it) where the whole would be wider than a column's share of the first screen.
 */
export function labelled(reports: readonly DashboardReport[]): DashboardReport[] {
  // The room a header has before it loses its period: its share of the first screen beside three
  // others, at most 240 points beside fewer.
  const share = reports.length >= REPORTS_IN_VIEW ? dashboardWidths(reports.map(() => ""))[1] : 240;
  return reports.map((r) => {
    const text = r.header ?? r.sheetName;
    const name = r.sheetName.replace(/ · .*$/, "");
    const short = name.replace(/, [^,]*$/, "");
    const shorter = text.replace(name, short);
    const label = headerWidth(text) > share && r.period && short !== name ? shorter : text;
    return label === r.sheetName ? r : { ...r, label };
  });
}

/** Queues the reports' columns of figures (formats first: a report named like a number stays text). */
export function queueFigures(sheet: Excel.Worksheet, plan: ReturnType<typeof dashboardPlan>): void {
  const body = sheet.getRange(a1(TOP, 1, plan.labels.length, plan.columns.length));
  body.numberFormat = plan.labels.map((_, r) => plan.columns.map((c) => c[r].numberFormat));
  body.formulas = plan.labels.map((_, r) => plan.columns.map((c) => c[r].value));
}

function queueDashboard(
  sheet: Excel.Worksheet,
  all: readonly DashboardReport[],
  charts: number,
  title = "Dashboard",
): void {
  const widths = dashboardWidths(headersOf(all));
  const reports = labelled(all);
  const plan = dashboardPlan(reports);
  const rows = plan.labels.length;
  const cols = plan.columns.length;
  sheet.getRange("A1").values = [[title]];
  sheet.getRange("A1").format.font.bold = true;
  sheet.getRange("A2:A3").values = DASHBOARD_NOTES.map((n) => [n]);
  const labels = sheet.getRange(a1(TOP, 0, rows, 1));
  labels.numberFormat = plan.labels.map(() => [TEXT_FORMAT]);
  labels.values = plan.labels.map((l) => [l]);
  labels.format.font.bold = true;
  queueFigures(sheet, plan);
  const head = sheet.getRange(a1(TOP, 0, 1, cols + 1));
  head.format.font.bold = true;
  head.format.fill.color = DASHBOARD_HEAD_FILL;
  // Figures and the "–" of a KPI a report lacks line up on the right, as numbers do.
  sheet.getRange(a1(TOP + 1, 1, rows - 1, cols)).format.horizontalAlignment =
    "Right" as Excel.HorizontalAlignment;
  widths.forEach((w, c) => (sheet.getRange(a1(0, c, 1, 1)).format.columnWidth = w));
  // Nothing frozen (a dashboard made before froze its header): the figures fit the first screen, and
  // the charts under them would slide under frozen rows, their titles cut.
  sheet.freezePanes.unfreeze();
  // Printed as it is seen: landscape, one page wide.
  sheet.pageLayout.orientation = "Landscape" as Excel.PageOrientation;
  sheet.pageLayout.zoom = { horizontalFitToPages: 1 };
  const extent = chartsExtent(charts, CHARTS_ROW);
  sheet.pageLayout.setPrintArea(
    a1(
      0,
      0,
      Math.max(TOP + rows, extent.lastRow),
      Math.max(cols + 1, columnsCovering(widths, extent.widthPt)),
    ),
  );
}

/**
 * Makes the dashboard of `sheetNames` (report sheets), or makes it again in place with them:
 * the marked sheet is cleared first, so a report taken off leaves nothing behind. The planner's
 * write: refused in words where another pane changed the Dashboard's reports since this one read it.
 */
export async function writeDashboard(
  excel: ExcelHost,
  sheetNames: readonly string[],
  opts: { activate?: boolean } = {},
): Promise<DashboardResult> {
  const made = await makeDashboard(excel, sheetNames, "planner", opts.activate ?? true);
  if (!made) throw new Error("The Dashboard was made again elsewhere meanwhile: nothing was changed.");
  return made;
}

/** writeDashboard by `writer`; null when the following gave way to a Dashboard made again since it read it. */
export async function makeDashboard(
  excel: ExcelHost,
  sheetNames: readonly string[],
  writer: DashboardWriter,
  activate: boolean,
  read?: Awaited<ReturnType<typeof dashboardState>>,
): Promise<DashboardResult | null> {
  const existing = read === undefined ? await dashboardState(excel) : read;
  if (existing?.newer !== undefined)
    throw new Error(newerDashboardMessage(existing.sheetName, existing.newer));
  const { reports, defs } = await reportsOf(excel, sheetNames, existing?.listed);
  const result = { reports: reports.map((r) => r.sheetName) };
  const charts = chartCount(defs);
  let sheetName: string;
  if (existing) {
    sheetName = existing.sheetName;
    const wrote = await writeDashboardRecord(excel, {
      sheetName,
      base: existing.base,
      writer,
      reports: markOf(reports),
      content: (sheet) => {
        // Only what the last dashboard wrote: a note the planner typed beside or under it stays.
        sheet.getRange(a1(0, 0, TOP + DASHBOARD_LABELS.length, existing.reports.length + 1)).clear();
        queueDashboard(sheet, reports, charts);
        if (activate) sheet.activate();
      },
    }).catch(async (err: unknown) => {
      if (!(err instanceof DashboardOverwritten)) throw err;
      // Another pane's Dashboard, whose record was put back: its figures and charts are made again.
      const theirs = await dashboardState(excel);
      if (theirs && theirs.newer === undefined)
        await makeDashboard(excel, theirs.reports, "dashboard following", false, theirs).catch(() => null);
      throw new Error(err.message);
    });
    if (!wrote) return null;
  } else {
    sheetName = sheetNameFor("Dashboard", (await takenNames(excel)).sheets);
    await withNewSheet(excel, sheetName, async (context, sheet) => {
      queueDashboard(sheet, reports, charts);
      queueMark(sheet, markOf(reports), 1);
      sheet.position = 0;
      sheet.activate();
      await context.sync();
    });
  }
  const made = await writeDashboardCharts(excel, sheetName, defs, CHARTS_ROW);
  return { sheetName, ...result, charts: made };
}

/**
 * Makes a report set's Dashboard of one value over `sheetNames` (that value's report sheets): made
 * again in place when `sheetName` is the set's marked Dashboard (only the `previous` reports' cells
 * cleared), else on a new sheet, named `sheetName` or, when that is taken, after it. Never activated.
 */
export async function writeSetDashboard(
  excel: ExcelHost,
  setId: string,
  sheetName: string,
  sheetNames: readonly string[],
  previous: number,
): Promise<DashboardResult> {
  const { reports, defs } = await reportsOf(excel, sheetNames);
  const charts = chartCount(defs);
  const ours = await excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItemOrNullObject(sheetName);
    await context.sync();
    if (sheet.isNullObject || !(await isSetDashboard(context, sheet, setId))) return false;
    sheet.getRange(a1(0, 0, TOP + DASHBOARD_LABELS.length, previous + 1)).clear();
    // A client's Dashboard is titled by its sheet's name, which names the client.
    queueDashboard(sheet, reports, charts, sheetName);
    queueSetMark(sheet, setId);
    await context.sync();
    return true;
  });
  // A sheet of that name that is not this set's Dashboard is the planner's: a new one goes beside it.
  const target = ours ? sheetName : sheetNameFor(sheetName, (await takenNames(excel)).sheets);
  if (!ours)
    await withNewSheet(excel, target, async (context, sheet) => {
      queueDashboard(sheet, reports, charts, sheetName);
      queueSetMark(sheet, setId);
      await context.sync();
    });
  const made = await writeDashboardCharts(excel, target, defs, CHARTS_ROW);
  return { sheetName: target, reports: reports.map((r) => r.sheetName), charts: made };
}
