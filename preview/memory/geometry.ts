/**
 * Where cells are on a sheet, in points, as Excel measures them: a column is 48 pt wide (8.43
 * characters of the default font, 64 px) unless `format.columnWidth` set it, a row is 15 pt high
 * (20 px; the in-memory workbook does not model row heights). Chart positions (top, left) are
 * distances from the top-left corner of A1 in these units; the preview draws 1 pt as 4/3 px.
 */
import type { SheetData } from "./model";

export const DEFAULT_COLUMN_WIDTH_PT = 48;
export const ROW_HEIGHT_PT = 15;
export const PX_PER_PT = 4 / 3;

export function columnWidth(sheet: SheetData, col: number): number {
  return sheet.columnWidths.get(col) ?? DEFAULT_COLUMN_WIDTH_PT;
}

/** Distance from the left edge of column A to the left edge of `col`. */
export function columnLeft(sheet: SheetData, col: number): number {
  let x = col * DEFAULT_COLUMN_WIDTH_PT;
  for (const [c, w] of sheet.columnWidths) if (c < col) x += w - DEFAULT_COLUMN_WIDTH_PT;
  return x;
}

export function rowTop(row: number): number {
  return row * ROW_HEIGHT_PT;
}

/** The column whose span holds `x` points from the left edge, and how far into it `x` is. */
export function columnAt(sheet: SheetData, x: number): { col: number; offset: number } {
  let col = 0;
  let left = 0;
  for (;;) {
    const w = columnWidth(sheet, col);
    if (x < left + w || col >= 16_383) return { col, offset: x - left };
    left += w;
    col++;
  }
}

export function rowAt(y: number): { row: number; offset: number } {
  const row = Math.min(1_048_575, Math.floor(y / ROW_HEIGHT_PT));
  return { row, offset: y - row * ROW_HEIGHT_PT };
}
