/**
 * The grid's geometry: the drawn columns (as wide as the add-in set them, points drawn at 4/3 px),
 * how many rows to draw, the frozen rows, and the tables and charts of the sheet.
 */
import { columnName, type Rect } from "../memory/address";
import type { ChartView } from "../memory/chart";
import { DEFAULT_COLUMN_WIDTH_PT, PX_PER_PT, ROW_HEIGHT_PT } from "../memory/geometry";
import type { InMemoryWorkbook } from "../memory/workbook";
import { tableLook, type TableLook } from "./tableStyles";

export const ROW_PX = ROW_HEIGHT_PT * PX_PER_PT;
/** The column headers' row: as tall as a sheet row. */
export const HEADER_PX = ROW_HEIGHT_PT * PX_PER_PT;
export const ROW_HEADER_PX = 48;
const MIN_ROWS = 60;
const MIN_COLS = 12;
const MAX_COLS = 16_384;

export interface SheetLayout {
  /** Width and left edge of each drawn column, in px. */
  widths: number[];
  lefts: number[];
  cols: number;
  rows: number;
  freeze: number;
  width: number;
  tables: { rect: Rect; look: TableLook | null }[];
  charts: ChartView[];
}

/** `fill`: the viewport's width, which the drawn columns cover at least. */
export function layoutOf(workbook: InMemoryWorkbook, sheet: string, fill: number): SheetLayout {
  const host = workbook.host;
  const used = host.usedSize(sheet);
  const charts = host.charts(sheet);
  const set = host.columnWidths(sheet);
  const chartRight = Math.max(0, ...charts.map((c) => (c.left + c.width) * PX_PER_PT));
  const widths: number[] = [];
  const lefts: number[] = [];
  let x = 0;
  for (
    let c = 0;
    c < MAX_COLS && (c < Math.max(MIN_COLS, used.cols + 2) || x < Math.max(chartRight + 64, fill));
    c++
  ) {
    const w = (set.get(c) ?? DEFAULT_COLUMN_WIDTH_PT) * PX_PER_PT;
    lefts.push(x);
    widths.push(w);
    x += w;
  }
  const chartRows = Math.ceil(Math.max(0, ...charts.map((c) => c.top + c.height)) / ROW_HEIGHT_PT) + 2;
  return {
    widths,
    lefts,
    cols: widths.length,
    rows: Math.max(MIN_ROWS, used.rows + 20, chartRows),
    freeze: host.freezeRows(sheet),
    width: ROW_HEADER_PX + x,
    tables: host
      .tables()
      .filter((t) => t.sheet === sheet)
      .map((t) => ({ rect: t.rect, look: tableLook(host.tableStyle(t.name) ?? "") })),
    charts,
  };
}

/** The layout with one column drawn `px` wide (a column being dragged), the columns after it moved over. */
export function withColumnWidth(layout: SheetLayout, col: number, px: number): SheetLayout {
  if (col >= layout.cols) return layout;
  const widths = layout.widths.map((w, c) => (c === col ? px : w));
  const lefts: number[] = [];
  let x = 0;
  for (const w of widths) {
    lefts.push(x);
    x += w;
  }
  return { ...layout, widths, lefts, width: ROW_HEADER_PX + x };
}

/** Where a cell sits in a table: the table's look, whether on its header row, whether on an odd (banded) row. */
export interface TablePlace {
  look: TableLook | null;
  header: boolean;
  odd: boolean;
}

export function tableAt(layout: SheetLayout, r: number, c: number): TablePlace | undefined {
  const t = layout.tables.find(
    (x) => r >= x.rect.row && r < x.rect.row + x.rect.rows && c >= x.rect.col && c < x.rect.col + x.rect.cols,
  );
  return t && { look: t.look, header: r === t.rect.row, odd: (r - t.rect.row) % 2 === 1 };
}

/**
 * The column headings: the letters, or, as Excel draws them, a table's header names over its
 * columns while the active cell is in the table and its header row is scrolled out of view
 * (`topRow`: the first row in view under the frozen ones, even partly: a header row still partly
 * in view keeps the letters).
 */
export function columnLabels(
  layout: SheetLayout,
  topRow: number,
  active: { row: number; col: number },
  headerText: (row: number, col: number) => string,
): { text: string; tableHeader: boolean }[] {
  const letters = layout.widths.map((_, c) => ({ text: columnName(c), tableHeader: false }));
  const t = layout.tables.find(
    ({ rect: x }) =>
      active.row >= x.row &&
      active.row < x.row + x.rows &&
      active.col >= x.col &&
      active.col < x.col + x.cols,
  );
  if (!t) return letters;
  const { row, col, rows, cols } = t.rect;
  if (row < layout.freeze || row >= topRow || row + rows <= topRow) return letters;
  return letters.map((l, c) =>
    c >= col && c < col + cols ? { text: headerText(row, c), tableHeader: true } : l,
  );
}
