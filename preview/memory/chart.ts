/**
 * Charts in the in-memory workbook: what a chart holds (chartData.ts, re-exported here), how
 * Excel reads a source range into series, how a chart follows the table it was made from, and
 * where it sits on the sheet. The Office-like proxies over this are in chartProxy.ts; the rules are
 * rows of docs/excel-fidelity.md ("Charts").
 */
import { MAX_COLS, MAX_ROWS, type Rect } from "./address";
import { columnAt, columnLeft, rowAt, rowTop } from "./geometry";
import { officeError, type CellData, type SheetData, type WorkbookModel } from "./model";
import {
  CHART_TYPES,
  type Anchor,
  type ChartData,
  type ChartRef,
  type ChartType,
  type MarkerStyle,
  type SeriesData,
  type TimeUnit,
} from "./chartData";
import { displayText } from "./numberFormat";
import { SYSTEM_OFFSET_DAYS } from "../../src/api/excelDates";

export {
  CHART_TYPES,
  MARKER_STYLES,
  type MarkerStyle,
  type AxisTitle,
  type ChartData,
  type ChartRef,
  type ChartType,
  type SeriesData,
} from "./chartData";

type SeriesBy = "Auto" | "Columns" | "Rows";

/** Excel's specification: at most 255 data series in one chart. */
const MAX_SERIES = 255;
/** A new chart is 5 × 3 inches, as in Excel. */
const DEFAULT_CHART_WIDTH_PT = 360;
const DEFAULT_CHART_HEIGHT_PT = 216;
/** ChartSeries.name: "The name's length should not be greater than 255 characters." */
export const MAX_NAME_LENGTH = 255;

export interface Box {
  top: number;
  left: number;
  width: number;
  height: number;
}

/** The chart type Excel calls `type` (case-insensitive, as the documentation's own "pie" is), or an error. */
export function chartType(type: unknown): ChartType {
  const found = CHART_TYPES.find((t) => t.toLowerCase() === String(type).toLowerCase());
  if (!found)
    throw officeError(
      "InvalidArgument",
      `The chart type "${String(type)}" is not one the in-memory workbook models (${CHART_TYPES.join(", ")})`,
    );
  return found;
}

function seriesBy(value: unknown): SeriesBy {
  const v = String(value ?? "Auto").toLowerCase();
  if (v === "auto") return "Auto";
  if (v === "columns") return "Columns";
  if (v === "rows") return "Rows";
  throw officeError(
    "InvalidArgument",
    `"${String(value)}" is not a ChartSeriesBy value (Auto, Columns, Rows)`,
  );
}

const chartCounters = new WeakMap<SheetData, number>();

/** A stock chart's high-low lines' colour: Excel's dark grey (the preview and the .xlsx draw them so). */
export const HIGH_LOW_COLOR = "#404040";

/** A high-low-close stock chart reads three series: high, low, close (Excel.ChartType "StockHLC"). */
const STOCK_SERIES = 3;

/**
 * A stock chart's series as Excel asks for them: "To create this stock chart, arrange the data on
 * your sheet in this order: high, low, close" (Excel refuses other data for a stock chart; the
 * in-memory workbook refuses any count but three, and any change of its series once made).
 */
export function checkStock(type: ChartType, series: readonly SeriesData[]): void {
  if (type === "StockHLC" && series.length !== STOCK_SERIES)
    throw officeError(
      "InvalidArgument",
      `A high-low-close stock chart reads three series, in this order: high, low, close (this data has ${series.length})`,
    );
}

/** charts.add: a chart on `sheet` over `source`, placed over A1 at Excel's default size. */
export function addChart(
  model: WorkbookModel,
  sheet: SheetData,
  type: unknown,
  source: { sheet: SheetData; rect: Rect },
  by?: unknown,
): ChartData {
  const n = (chartCounters.get(sheet) ?? 0) + 1;
  const t = chartType(type);
  const series = readSeries(model, source.sheet, source.rect, seriesBy(by), t);
  checkStock(t, series);
  const chart: ChartData = {
    id: model.nextId("chart"),
    name: `Chart ${n}`,
    sheetId: sheet.id,
    type: t,
    series,
    title: { text: null, visible: true },
    legend: { visible: null, position: "Bottom" },
    axisTitles: { category: { text: "", visible: false }, value: { text: "", visible: false } },
    from: { row: 0, col: 0, dy: 0, dx: 0 },
    to: { row: 0, col: 0, dy: 0, dx: 0 },
  };
  place(model, chart, { top: 0, left: 0, width: DEFAULT_CHART_WIDTH_PT, height: DEFAULT_CHART_HEIGHT_PT });
  chartCounters.set(sheet, n);
  model.charts.push(chart);
  return chart;
}

/** Chart.setData: the series are read again from `source`. */
export function setChartData(
  model: WorkbookModel,
  chart: ChartData,
  source: { sheet: SheetData; rect: Rect },
  by?: unknown,
): void {
  const series = readSeries(model, source.sheet, source.rect, seriesBy(by), chart.type);
  checkStock(chart.type, series);
  chart.series = series;
}

/**
 * How Excel reads a source range into series. Series run along the columns when the range has more
 * rows than columns (Auto), else along the rows. The first row holds series names when its cells are
 * text; the first column holds the categories when its cells (below the names) are text. A blank
 * top-left cell makes both the first row names and the first column categories. Numbers in the
 * first column (years, dates) are a series of their own otherwise, except in an XY scatter chart,
 * whose first column is always the X values.
 */
function readSeries(
  model: WorkbookModel,
  sheet: SheetData,
  rect: Rect,
  by: SeriesBy,
  type: ChartType,
): SeriesData[] {
  const r = trimToUsed(model, sheet, rect);
  if (!r) return [];
  const byColumns = by === "Columns" || (by === "Auto" && r.rows > r.cols);
  const points = byColumns ? r.rows : r.cols;
  const lines = byColumns ? r.cols : r.rows;
  const at = (i: number, j: number) =>
    model.cell(sheet, byColumns ? r.row + i : r.row + j, byColumns ? r.col + j : r.col + i);
  const line = (j: number, from: number): Rect =>
    byColumns
      ? { row: r.row + from, col: r.col + j, rows: points - from, cols: 1 }
      : { row: r.row + j, col: r.col + from, rows: 1, cols: points - from };
  const blankCorner = isBlank(at(0, 0));
  const textual = (cells: (CellData | undefined)[]) =>
    cells.some(isText) && cells.every((c) => isBlank(c) || isText(c));
  const names =
    points > 1 && ((blankCorner && lines > 1) || textual(Array.from({ length: lines }, (_, j) => at(0, j))));
  const first = names ? 1 : 0;
  const categories =
    lines > 1 &&
    (type.startsWith("XYScatter") ||
      (blankCorner && points > 1) ||
      textual(Array.from({ length: points - first }, (_, i) => at(i + first, 0))));
  const series: SeriesData[] = [];
  for (let j = categories ? 1 : 0; j < lines; j++) {
    series.push({
      name: null,
      nameRef: names ? ref(model, sheet, line(j, 0), 1) : undefined,
      values: ref(model, sheet, line(j, first)),
      xValues: categories ? ref(model, sheet, line(0, first)) : undefined,
    });
  }
  if (series.length > MAX_SERIES)
    throw officeError(
      "InvalidArgument",
      `A chart can have at most ${MAX_SERIES} series (${series.length} here)`,
    );
  return series;
}

/** A whole-column or whole-row source is read over the sheet's used cells only. */
function trimToUsed(model: WorkbookModel, sheet: SheetData, rect: Rect): Rect | null {
  if (rect.rows < MAX_ROWS && rect.cols < MAX_COLS) return rect;
  const used = model.usedRect(sheet, true);
  if (!used) return null;
  const row = Math.max(rect.row, used.row);
  const col = Math.max(rect.col, used.col);
  const rows = Math.min(rect.row + rect.rows, used.row + used.rows) - row;
  const cols = Math.min(rect.col + rect.cols, used.col + used.cols) - col;
  return rows > 0 && cols > 0 ? { row, col, rows, cols } : null;
}

function isBlank(c: CellData | undefined): boolean {
  return !c || c.value === null;
}

function isText(c: CellData | undefined): boolean {
  return Boolean(c && typeof c.value === "string" && !c.error);
}

/** A reference to `rect`, bound to a table when it is exactly whole columns of one (`cells`: a name's length). */
export function ref(model: WorkbookModel, sheet: SheetData, rect: Rect, cells?: number): ChartRef {
  const r = cells === 1 ? { ...rect, rows: 1, cols: 1 } : rect;
  const table = model.tables.find(
    (t) =>
      t.sheetId === sheet.id &&
      r.col >= t.rect.col &&
      r.col + r.cols <= t.rect.col + t.rect.cols &&
      ((r.row === t.rect.row + 1 && r.rows === t.rect.rows - 1) ||
        (r.row === t.rect.row && r.rows === t.rect.rows)),
  );
  if (!table || cells === 1) return { sheetId: sheet.id, rect: r };
  return {
    sheetId: sheet.id,
    rect: r,
    table: { id: table.id, col: r.col - table.rect.col, cols: r.cols, header: r.row === table.rect.row },
  };
}

/**
 * Where a reference points now: its table's current rows while the table exists and still has
 * those columns, else the cells it last pointed at; null when its sheet was deleted (#REF!).
 */
export function resolveChartRef(model: WorkbookModel, r: ChartRef): { sheet: SheetData; rect: Rect } | null {
  const sheet = model.sheetById(r.sheetId);
  if (!sheet) return null;
  if (r.table) {
    const bound = r.table;
    const t = model.tables.find((x) => x.id === bound.id);
    if (t && t.sheetId === r.sheetId && bound.col + bound.cols <= t.rect.cols) {
      r.rect = {
        row: bound.header ? t.rect.row : t.rect.row + 1,
        rows: bound.header ? t.rect.rows : t.rect.rows - 1,
        col: t.rect.col + bound.col,
        cols: bound.cols,
      };
    } else r.table = undefined; // the table is gone (or lost the column): the cells stay
  }
  return { sheet, rect: r.rect };
}

function cellsOf(model: WorkbookModel, r: ChartRef | undefined): (CellData | undefined)[] {
  const at = r && resolveChartRef(model, r);
  if (!at) return [];
  const out: (CellData | undefined)[] = [];
  for (let i = 0; i < at.rect.rows; i++)
    for (let j = 0; j < at.rect.cols; j++) out.push(model.cell(at.sheet, at.rect.row + i, at.rect.col + j));
  return out;
}

/** What a series shows: its name, values (blank and error cells are gaps, text is 0, as Excel plots them), categories. */
export interface SeriesPoints {
  name: string;
  values: (number | null)[];
  /** Category labels as the cells show them (1, 2, 3, … without category cells). */
  categories: string[];
  /** X values of a scatter chart: the category cells when all are numbers, else 1, 2, 3, … */
  x: number[];
  /** Whether every category cell is a number shown as a date (Excel's Automatic axis is then a date axis). */
  datedCategories: boolean;
  /** Each value as its cell shows it (what a data label says, linked to its source). */
  valueTexts: string[];
  /** The first category cell's number format (a date axis's labels without a format of their own). */
  categoryFormat: string | null;
}

export function seriesPoints(model: WorkbookModel, s: SeriesData, index: number): SeriesPoints {
  const nameCells = cellsOf(model, s.nameRef);
  const name = s.name ?? (s.nameRef ? nameCells.map((c) => displayText(c)).join(" ") : `Series${index + 1}`);
  const valueCells = cellsOf(model, s.values);
  const values = valueCells.map((c) =>
    !c || c.value === null || c.error ? null : typeof c.value === "number" ? c.value : 0,
  );
  const xCells = cellsOf(model, s.xValues);
  // Dates as the workbook shows them (a 1904 workbook's serials are days from 1904).
  const shown = (c: CellData | undefined) => displayText(c, model.date1904);
  const categories = s.xValues ? xCells.map(shown) : values.map((_, i) => String(i + 1));
  const numeric = s.xValues !== undefined && xCells.every((c) => typeof c?.value === "number");
  const datedCategories = numeric && xCells.length > 0 && xCells.every((c) => isDateFormat(c?.numberFormat));
  // A date axis counts in the 1900 system (categoryAxis.ts): a 1904 workbook's dates are moved into it.
  const shift = datedCategories && model.date1904 ? SYSTEM_OFFSET_DAYS : 0;
  const x = numeric ? xCells.map((c) => (c!.value as number) + shift) : values.map((_, i) => i + 1);
  return {
    name,
    values,
    categories,
    x,
    datedCategories,
    valueTexts: valueCells.map(shown),
    categoryFormat: xCells[0]?.numberFormat ?? null,
  };
}

/** Whether a number format shows a date (d, m or y outside quotes, brackets and escapes). */
function isDateFormat(format: string | undefined): boolean {
  if (!format || format === "General") return false;
  const bare = format.replace(/"[^"]*"|\[^]|\[[^\]]*\]/g, "");
  return /[dy]/i.test(bare) || /m/i.test(bare.replace(/[hs]+:?m+|m+:s/gi, ""));
}

/** The automatic title: the series name of a one-series chart, else Excel's placeholder. */
export function titleText(model: WorkbookModel, chart: ChartData): string {
  if (chart.title.text !== null) return chart.title.text;
  return chart.series.length === 1 ? seriesPoints(model, chart.series[0], 0).name : "Chart Title";
}

export function legendVisible(chart: ChartData): boolean {
  return chart.legend.visible ?? chart.series.length > 1;
}

/** The chart's place in points from the top-left of A1, from its anchors and the current column widths. */
export function box(model: WorkbookModel, chart: ChartData): Box {
  const sheet = model.sheetById(chart.sheetId)!;
  const left = columnLeft(sheet, chart.from.col) + chart.from.dx;
  const top = rowTop(chart.from.row) + chart.from.dy;
  const right = columnLeft(sheet, chart.to.col) + chart.to.dx;
  const bottom = rowTop(chart.to.row) + chart.to.dy;
  return { top, left, width: Math.max(0, right - left), height: Math.max(0, bottom - top) };
}

/** Anchors the chart so that it covers `b` with the current column widths. */
export function place(model: WorkbookModel, chart: ChartData, b: Box): void {
  for (const [k, v] of Object.entries(b))
    if (!Number.isFinite(v) || v < 0)
      throw officeError("InvalidArgument", `A chart's ${k} must be a number of points, 0 or more (got ${v})`);
  const sheet = model.sheetById(chart.sheetId)!;
  const corner = (x: number, y: number): Anchor => {
    const c = columnAt(sheet, x);
    const r = rowAt(y);
    return { row: r.row, col: c.col, dy: r.offset, dx: c.offset };
  };
  chart.from = corner(b.left, b.top);
  chart.to = corner(b.left + b.width, b.top + b.height);
}

/** setPosition: from the top-left of `start`; to the bottom-right of `end`, or keeping the size. */
export function setPosition(model: WorkbookModel, chart: ChartData, start: Rect, end?: Rect): void {
  const size = box(model, chart);
  chart.from = { row: start.row, col: start.col, dy: 0, dx: 0 };
  if (end) {
    chart.to = { row: end.row + end.rows, col: end.col + end.cols, dy: 0, dx: 0 };
    if (chart.to.row <= chart.from.row || chart.to.col <= chart.from.col)
      throw officeError(
        "InvalidArgument",
        "The end cell of a chart's position must be below and right of its start",
      );
  } else {
    const b = box(model, chart);
    place(model, chart, { top: b.top, left: b.left, width: size.width, height: size.height });
  }
}

/**
 * A value axis without a format of its own shows its numbers as the first series on it has them in
 * its cells (Excel's "Linked to source"): percentages as percentages, money as money.
 */
function sourceFormat(model: WorkbookModel, chart: ChartData, secondary: boolean): string | null {
  const s = chart.series.find((x) => (x.axisGroup === "Secondary") === secondary);
  const first = cellsOf(model, s?.values).find((c) => typeof c?.value === "number");
  const format = first?.numberFormat;
  return format && format !== "General" ? format : null;
}

/** The category axis as drawn: a date axis places points by date (a missing day is a gap). */
export interface CategoryAxisView {
  date: boolean;
  /** A date axis's unit: a point's place is its date counted in days or months from the first. */
  baseTimeUnit: TimeUnit;
  /** A label every majorUnit majorTimeUnitScale from the first date; null: automatic. */
  majorUnit: number | null;
  majorTimeUnitScale: TimeUnit;
  /** The labels' format: the axis's own, else (a date axis, linked to its source) the first category cell's. */
  format: string | null;
  /** A text axis's label step; null: automatic (as many as fit whole). */
  tickLabelSpacing: number | null;
  /** The labels' angle in degrees, anticlockwise (positive: rising to the right); 0: level. */
  textOrientation: number;
  /** Next to the axis or low (under the plot area): CategoryAxisData.tickLabelPosition. */
  tickLabelPosition: "NextToAxis" | "Low";
}

/** What the preview draws for a chart. */
export interface ChartView extends Box {
  name: string;
  type: ChartType;
  /** null when hidden. */
  title: string | null;
  legend: string | null;
  categoryAxisTitle: string | null;
  valueAxisTitle: string | null;
  secondaryAxisTitle: string | null;
  /** The value axes' number formats, where set. */
  valueFormat: string | null;
  secondaryFormat: string | null;
  categoryAxis: CategoryAxisView;
  series: (SeriesPoints & {
    secondary: boolean;
    color: string | null;
    markerColor: string | null;
    dataLabels: boolean;
    /** The marker at its points (markerOf). */
    marker: "none" | "circle" | "dash";
  })[];
}

export function categoryAxisView(c: ChartData, first: SeriesPoints | undefined): CategoryAxisView {
  const a = c.categoryAxis ?? {};
  const auto = a.categoryType === undefined || a.categoryType === "Automatic";
  const date =
    !["BarClustered", "BarStacked", "XYScatter", "XYScatterLines", "XYScatterLinesNoMarkers"].includes(
      c.type,
    ) &&
    (a.categoryType === "DateAxis" || (auto && first?.datedCategories === true));
  // Excel picks the base unit from the smallest gap between two dates; the preview takes days.
  const baseTimeUnit = a.baseTimeUnit ?? "Days";
  return {
    date,
    baseTimeUnit,
    majorUnit: a.majorUnit ?? null,
    majorTimeUnitScale: a.majorTimeUnitScale ?? baseTimeUnit,
    format: a.numberFormat ?? (date ? (first?.categoryFormat ?? null) : null),
    tickLabelSpacing: a.tickLabelSpacing ?? null,
    textOrientation: a.textOrientation ?? 0,
    tickLabelPosition: a.tickLabelPosition ?? "NextToAxis",
  };
}

/**
 * The marker a series draws at its points: its own markerStyle, else its chart type's. A stock
 * chart marks no high or low and its close with a dash (the tick Excel draws at a close); lines with
 * markers and scatter charts a circle.
 */
export function markerOf(
  type: ChartType,
  style: MarkerStyle | undefined,
  index: number,
): "none" | "circle" | "dash" {
  if (style === "None") return "none";
  if (style === "Circle") return "circle";
  if (style === "Dash") return "dash";
  if (type === "StockHLC") return index === STOCK_SERIES - 1 ? "dash" : "none";
  return ["LineMarkers", "XYScatter", "XYScatterLines"].includes(type) ? "circle" : "none";
}

export function chartViews(model: WorkbookModel, sheet: SheetData): ChartView[] {
  return model.charts
    .filter((c) => c.sheetId === sheet.id)
    .map((c) => ({
      categoryAxis: categoryAxisView(c, c.series[0] && seriesPoints(model, c.series[0], 0)),
      ...box(model, c),
      name: c.name,
      type: c.type,
      title: c.title.visible ? titleText(model, c) : null,
      legend: legendVisible(c) ? c.legend.position : null,
      categoryAxisTitle: c.axisTitles.category.visible ? c.axisTitles.category.text : null,
      valueAxisTitle: c.axisTitles.value.visible ? c.axisTitles.value.text : null,
      secondaryAxisTitle: c.axisTitles.secondaryValue?.visible ? c.axisTitles.secondaryValue.text : null,
      valueFormat: c.axisFormats?.value ?? sourceFormat(model, c, false),
      secondaryFormat: c.axisFormats?.secondaryValue ?? sourceFormat(model, c, true),
      series: c.series.map((s, i) => ({
        ...seriesPoints(model, s, i),
        secondary: s.axisGroup === "Secondary",
        color: s.color ?? null,
        markerColor: s.markerColor ?? null,
        dataLabels: s.dataLabels ?? false,
        marker: markerOf(c.type, s.markerStyle, i),
      })),
    }));
}
