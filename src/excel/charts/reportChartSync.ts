/**
 * A report's chart kept true to its data (issue #47, #54): none when switched off or when the report
 * has no chart; a summary chart's block of sums rewritten at each refresh (where it was, or where it
 * is free), the chart over it kept while its series and points are the same, else made again where
 * the planner left it; a chart over the table's columns follows the table by itself.
 */
import type { DateSystem } from "../../api/excelDates";
import type { TypedTable } from "../../api/table";
import {
  chartSummary,
  SUMMARY_KINDS,
  type ChartSummary,
  type ReportPeriod,
} from "../../reports/chartSummary";
import type { SheetSourceKind } from "../../reports/definition";
import { dateSystemOf, tableFromSystem } from "../dateSystem";
import type { ExcelHost } from "../host";
import { knownNames } from "../knownNames";
import { a1 } from "../tableWriter";
import { chartFor, chartName, planKey } from "./chartChoice";
import { BAND_WIDTH_PT, CHART_ROWS, chartWidth, queueColumnPast, queuePlace, type Band } from "./chartLayout";
import { queueReportChart, queueSummaryChart } from "./chartDraw";
import {
  blockAsWritten,
  blockSize,
  queueSummaryBlock,
  runsAcross,
  SUMMARY_NOTE,
  summaryKey,
} from "./summaryBlock";

/** A range's address without its sheet ("Sheet1!B2:C3" → "B2:C3"), as blocks are recorded. */
const localAddress = (r: Excel.Range) => r.address.slice(r.address.lastIndexOf("!") + 1);

interface Place {
  row: number;
  col: number;
}

/** Columns past the natural place of a block of sums read ahead, for a chart above the table that reaches further. */
const AHEAD_COLUMNS = 48;

/** The cells where a new block of sums may go, read ahead with the chart's other reads (one sync less). */
interface Ahead {
  /** From the natural place's row and first column (right of the table), AHEAD_COLUMNS wider than the block. */
  natural: Excel.Range;
  /** At each place the old block may be (recorded, shifted), as large as the new block. */
  olds: Excel.Range[];
  used: Excel.Range;
}

/**
 * Where the block of sums goes: under the chart, right of the table, unless a cell there holds
 * something that is not the old block's (the planner's notes or totals are never overwritten); then
 * where the old block was, if that is still free; else right of everything on the sheet. The cells
 * are those read ahead when they cover the places; else read now (one sync).
 */
async function blockOrigin(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  at: { natural: Place; rows: number; cols: number; old?: Excel.Range },
  ahead: Ahead | undefined,
): Promise<Place> {
  const old = at.old && { row: at.old.rowIndex, col: at.old.columnIndex };
  const inOld = (r: number, c: number) =>
    at.old !== undefined &&
    r >= at.old.rowIndex &&
    r < at.old.rowIndex + at.old.rowCount &&
    c >= at.old.columnIndex &&
    c < at.old.columnIndex + at.old.columnCount;
  const candidates = [
    at.natural,
    ...(old && (old.row !== at.natural.row || old.col !== at.natural.col) ? [old] : []),
  ];
  const fromAhead = (p: Place): unknown[][] | null => {
    if (!ahead) return null;
    for (const r of [ahead.natural, ...ahead.olds]) {
      const dr = p.row - r.rowIndex;
      const dc = p.col - r.columnIndex;
      if (dr >= 0 && dc >= 0 && dr + at.rows <= r.rowCount && dc + at.cols <= r.columnCount)
        return r.formulas.slice(dr, dr + at.rows).map((row) => row.slice(dc, dc + at.cols));
    }
    return null;
  };
  let cells = candidates.map(fromAhead);
  let used = ahead?.used;
  if (cells.some((c) => c === null)) {
    const reads = candidates.map((p) => {
      const r = sheet.getRange(a1(p.row, p.col, at.rows, at.cols));
      r.load("formulas");
      return r;
    });
    used = sheet.getUsedRangeOrNullObject(true);
    used.load("columnIndex,columnCount");
    await context.sync();
    cells = reads.map((r) => r.formulas);
  }
  const free = candidates.find((p, i) =>
    cells[i]!.every((row, r) => row.every((f, c) => f === "" || f === null || inOld(p.row + r, p.col + c))),
  );
  if (free) return free;
  return {
    row: at.natural.row,
    col: used === undefined || used.isNullObject ? at.natural.col : used.columnIndex + used.columnCount + 1,
  };
}

/**
 * Queues the loads that find the old block of sums: where it was recorded, or (beside a table that
 * gained or lost columns, in its rows) where the cells Excel shifted took it. After the sync, the
 * returned function gives the block if it is still ours: its note still there and its cells as
 * written (cells the table has grown into, or a total that moved in when a row was deleted, are
 * never cleared).
 */
function queueOldBlock(
  blocks: readonly Excel.Range[],
  opts: { previousHash?: string },
): () => Excel.Range | undefined {
  for (const b of blocks) b.load("address,rowIndex,columnIndex,rowCount,columnCount,values");
  return () =>
    blocks.find(
      (b) =>
        b.values[0][0] === SUMMARY_NOTE &&
        (opts.previousHash === undefined || blockAsWritten(b.values.slice(1), opts.previousHash)),
    );
}

/**
 * Queues the block of sums and keeps or makes its chart: beside the table under its chart; when the
 * chart is above the table, in the rows kept for it, the points running across (rows above the
 * header never move when the table gains a column: Excel shifts the cells right of a table in its
 * rows only). The chart is kept while its series, points and block are the same, else made again
 * where the planner left it. The caller syncs.
 */
async function queueSummaryChartWrites(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  at: {
    tableName: string;
    summary: ChartSummary;
    system: DateSystem;
    /** The table's range, loaded. */
    table: Excel.Range;
    existing: Excel.Chart;
    ours: Excel.Range | undefined;
    band: Band | undefined;
    /** The first column right of a chart above the table (queueColumnPast). */
    pastChart?: number;
    previousKey: string | undefined;
    ahead?: Ahead;
  },
): Promise<ChartState> {
  const { summary, table, existing, ours, band } = at;
  const across = runsAcross(summary, band);
  const size = blockSize(summary, across);
  const origin = await blockOrigin(
    context,
    sheet,
    {
      natural: {
        row: band && across ? band.row : table.rowIndex + 1 + CHART_ROWS + 1,
        // Right of the table, and of the chart above it: never half under the chart.
        col: Math.max(table.columnIndex + table.columnCount + 1, at.pastChart ?? 0),
      },
      ...size,
      old: ours,
    },
    at.ahead,
  );
  const data = a1(origin.row, origin.col, size.rows, size.cols);
  const key = summaryKey(summary, data);
  const keep = !existing.isNullObject && key === at.previousKey;
  if (!keep) {
    if (ours && localAddress(ours) !== data) ours.clear();
    if (!existing.isNullObject) existing.delete();
  }
  const dataHash = queueSummaryBlock(sheet, summary, origin, at.system, across);
  if (!keep) {
    const chart = queueSummaryChart(sheet, sheet, summary, origin, across, chartWidth(band, existing));
    chart.name = chartName(at.tableName);
    queuePlace(chart, band, { row: table.rowIndex + 1, col: origin.col });
    if (!existing.isNullObject) {
      // Where the planner left it, at the size they gave it.
      chart.top = existing.top;
      chart.left = existing.left;
      chart.width = existing.width;
      chart.height = existing.height;
    }
  }
  return { key, data, dataHash };
}

export interface ChartState {
  /** The key of what the chart was made from; null when there is no chart. */
  key: string | null;
  /** The planner deleted the chart the last refresh made: none is made again (its block of sums is cleared). */
  deleted?: boolean;
  /** Where its summary block is, for a summary chart. */
  data?: string;
  /** The fingerprint of the block's cells as written (blockFingerprint). */
  dataHash?: string;
}

export interface ChartTarget {
  sheetName: string;
  tableName: string;
  kind: SheetSourceKind;
  table: TypedTable;
  /** The table's dates are the workbook's (read back from the sheet), not the 1900 system's: moved into it before summing. */
  datesInWorkbook?: boolean;
  /** The report's dates (1900 system, reportPeriod.ts): a time chart's axis spans them. */
  period?: ReportPeriod;
}

export interface ChartOptions {
  enabled: boolean;
  previousKey?: string;
  previousData?: string;
  previousHash?: string;
  /** The rows kept above the table for the chart, on a sheet that has them. */
  band?: Band;
  /** Columns the refresh added to the table (removed: negative): cells right of it in its rows moved so. */
  columnShift?: number;
  /**
   * A refresh, not the planner's switch: a chart the last refresh made (previousKey) that is gone
   * was deleted by the planner, and stays deleted.
   */
  keepDeleted?: boolean;
}

/** What the chart is made from, worked out before any read: its sums, or its plan over the table's columns. */
export interface PreparedChart {
  system: DateSystem;
  summary: ChartSummary | null;
  plan: ReturnType<typeof chartFor>;
}

/** The chart's sums or plan (a lag chart's legend names its objects as the workbook knows them: knownNames.ts). */
async function prepareChart(
  excel: ExcelHost,
  target: ChartTarget,
  opts: ChartOptions,
): Promise<PreparedChart> {
  const system = await dateSystemOf(excel);
  const names = namesNeeded(target, opts) ? await knownNames(excel, target.sheetName) : undefined;
  return preparedChart(system, names, target, opts);
}

/** Whether the chart's legend needs the names the workbook knows objects by (a lag chart's). */
export const namesNeeded = (
  target: Pick<ChartTarget, "kind" | "table">,
  opts: Pick<ChartOptions, "enabled">,
): boolean =>
  // A lag table without Day columns has no curve to draw (chartFor): its legend needs no names.
  target.kind === "lag" && opts.enabled && target.table.columns.some((c) => /^Day \d+$/.test(c.name));

/** prepareChart, given the workbook's date system and (for a lag chart) the names it knows. */
export function preparedChart(
  system: DateSystem,
  names: ReadonlyMap<string, string> | undefined,
  target: ChartTarget,
  opts: ChartOptions,
): PreparedChart {
  // A table read back holds the workbook's serials: summed in the 1900 system as every other is.
  const table = target.datesInWorkbook ? tableFromSystem(target.table, system) : target.table;
  // A kind drawn from sums has no chart when it has nothing to sum (a blank table read back).
  const summary = opts.enabled ? chartSummary(target.kind, table, target.period) : null;
  const plan = opts.enabled && !SUMMARY_KINDS.has(target.kind) ? chartFor(target.kind, table, names) : null;
  return { system, summary, plan };
}

/** The chart step's reads, queued: its chart now, its table, its old block, and (asked for) where a new block may go. */
export interface ChartReads {
  existing: Excel.Chart;
  range: Excel.Range;
  header: Excel.Range;
  oldBlock: () => Excel.Range | undefined;
  columnPast?: (pt: number) => number;
  ahead?: Ahead;
}

/**
 * Queues the chart step's reads on `sheet` (the caller syncs). Queued after a refresh's writes, in
 * their sync, they read what the writes made; `ahead` reads the cells a new block of sums may take,
 * so the writes that follow need no read of their own.
 */
export function queueChartReads(
  sheet: Excel.Worksheet,
  target: Pick<ChartTarget, "tableName">,
  opts: ChartOptions,
  prepared: PreparedChart,
  ahead = false,
): ChartReads {
  const existing = sheet.charts.getItemOrNullObject(chartName(target.tableName));
  existing.load("top,left,width,height");
  const t = sheet.tables.getItem(target.tableName);
  const range = t.getRange();
  range.load("rowIndex,columnIndex,rowCount,columnCount");
  const header = t.getHeaderRowRange();
  header.load("values");
  const olds = opts.previousData
    ? [
        sheet.getRange(opts.previousData),
        ...(opts.columnShift ? [sheet.getRange(opts.previousData).getOffsetRange(0, opts.columnShift)] : []),
      ]
    : [];
  const oldBlock = queueOldBlock(olds, opts);
  const columnPast = opts.band ? queueColumnPast(sheet) : undefined;
  const reads: ChartReads = { existing, range, header, oldBlock, columnPast };
  const s = prepared.summary;
  if (ahead && s) {
    const across = runsAcross(s, opts.band);
    const size = blockSize(s, across);
    // The column right after the table's, at the natural place's row (the rows kept above the
    // table, or under the chart beside it), then AHEAD_COLUMNS more than the block is wide.
    const right = range.getColumnsAfter(1).getCell(0, 0);
    const start =
      opts.band && across
        ? right.getEntireColumn().getCell(opts.band.row, 1)
        : right.getOffsetRange(1 + CHART_ROWS + 1, 1);
    const natural = start.getResizedRange(size.rows - 1, size.cols - 1 + AHEAD_COLUMNS);
    natural.load("rowIndex,columnIndex,rowCount,columnCount,formulas");
    const oldPlaces = olds.map((b) => {
      const r = b.getCell(0, 0).getResizedRange(size.rows - 1, size.cols - 1);
      r.load("rowIndex,columnIndex,rowCount,columnCount,formulas");
      return r;
    });
    const used = sheet.getUsedRangeOrNullObject(true);
    used.load("columnIndex,columnCount");
    reads.ahead = { natural, olds: oldPlaces, used };
  }
  return reads;
}

/**
 * Queues the writes that make the chart agree with its data, from what queueChartReads read (the
 * caller syncs): none when switched off or when the report has no chart; a summary chart's block of
 * sums rewritten and its chart kept or made again; a chart over the table's columns kept while its
 * plan is the same. One sync of its own only where a new block's place was not read ahead.
 */
export async function queueChartWrites(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  target: Pick<ChartTarget, "tableName">,
  opts: ChartOptions,
  prepared: PreparedChart,
  reads: ChartReads,
): Promise<ChartState> {
  const { summary, plan, system } = prepared;
  const { existing, range, header } = reads;
  const ours = reads.oldBlock();
  if (opts.keepDeleted && opts.previousKey && existing.isNullObject && (summary || plan)) {
    // Deleted by the planner: its sums, which nothing draws now, go too (only when still as written).
    ours?.clear();
    return { key: null, deleted: true };
  }
  if (summary) {
    return queueSummaryChartWrites(context, sheet, {
      tableName: target.tableName,
      summary,
      system,
      table: range,
      existing,
      ours,
      band: opts.band,
      // The chart as it is now: a refresh that widened a column it spans stretched it with its cells.
      pastChart: reads.columnPast?.(
        Math.max(BAND_WIDTH_PT, existing.isNullObject ? 0 : existing.left + existing.width),
      ),
      previousKey: opts.previousKey,
      ahead: reads.ahead,
    });
  }
  ours?.clear();
  const key = plan && planKey(plan);
  if (!existing.isNullObject && key === opts.previousKey) return { key };
  if (!existing.isNullObject) existing.delete();
  if (plan) {
    const chart = queueReportChart(
      sheet,
      target.tableName,
      plan,
      header.values[0].map(String),
      { row: range.rowIndex, col: range.columnIndex, bodyRows: range.rowCount - 1 },
      opts.band,
    );
    if (!existing.isNullObject) {
      // Made again over other columns or rows: where the planner left it, at the size they gave it.
      chart.top = existing.top;
      chart.left = existing.left;
      chart.width = existing.width;
      chart.height = existing.height;
    }
  }
  return { key };
}

/**
 * Makes the report's chart agree with its data (queueChartReads, then queueChartWrites): in three
 * syncs at most, two where the block of sums needs no place of its own.
 */
export async function ensureReportChart(
  excel: ExcelHost,
  target: ChartTarget,
  opts: ChartOptions,
): Promise<ChartState> {
  const prepared = await prepareChart(excel, target, opts);
  return excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(target.sheetName);
    const reads = queueChartReads(sheet, target, opts, prepared);
    await context.sync();
    const state = await queueChartWrites(context, sheet, target, opts, prepared, reads);
    await context.sync();
    return state;
  });
}
