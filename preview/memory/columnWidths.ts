/**
 * Column widths as Excel changes them (docs/excel-fidelity.md):
 * - A column keeps Excel's standard width (8.43 characters, 48 pt) until something sets it.
 * - "Best fit" (ISO/IEC 29500-1 §18.3.1.13, `col` `bestFit`, quoted on Microsoft's Open XML SDK
 *   page *Column Class*): while a column's width "has never been manually set by the user", "when
 *   numbers are typed into a cell contained in a 'best fit' column, the column width should
 *   automatically resize to display the number"; it is "not made smaller, only larger".
 *   Assumptions where that is silent: a formula typed counts as typed (its result is what the entry
 *   shows: `=TODAY()-20` widens as `11/8/2026` would), a later recalculation or an add-in's write does
 *   not; a General number "rounds the numbers with decimals" (Microsoft, *Available number formats*)
 *   before it needs more room, so only its whole part (or its scientific form) widens the column;
 *   a width set through format.columnWidth counts as set by the user.
 * - AutoFit (double-click a header's edge; Home ▸ Format ▸ AutoFit Column Width, Alt+H,O,I;
 *   Range.AutoFit "to achieve the best fit"): the column becomes as wide as its widest shown value.
 *   Silent points: rows an AutoFilter hides are left out; a column with nothing shown goes back to
 *   the standard width; the result is a best fit, so numbers typed later still widen it.
 * - A drag of the header's edge sets the planner's width.
 * Widths are whole pixels, at most 255 characters (Excel specifications and limits).
 */
import { columnWidth, PX_PER_PT } from "./geometry";
import type { CellData, SheetData, WorkbookModel } from "./model";
import { displayText } from "./numberFormat";

/** Width in px of `text` in the cell font (bold or not). */
export type Measure = (text: string, bold: boolean) => number;

/**
 * ECMA-376 §18.3.1.13 counts widths in the Normal font's maximum digit width, 7 px for Calibri
 * 11: without a font to measure (Node), every character is taken as that wide.
 */
const MAX_DIGIT_PX = 7;
const digitMeasure: Measure = (text) => text.length * MAX_DIGIT_PX;
/** A cell's room around its text: 4 px each side, and the 1 px gridline (§18.3.1.13's padding). */
const CELL_MARGIN_PX = 9;
/** The widest column: 255 characters of 7 px and its 5 px padding. */
const MAX_COLUMN_PX = 255 * MAX_DIGIT_PX + 5;

const ptOf = (px: number) => (Math.round(Math.min(MAX_COLUMN_PX, Math.max(0, px))) * 3) / 4;

/** True while the column's width is Excel's own (standard, or a best fit it chose). */
export function isBestFit(sheet: SheetData, col: number): boolean {
  const w = sheet.columnWidths.get(col);
  return w === undefined || sheet.bestFitWidths?.get(col) === w;
}

/** The planner's width (a header's edge dragged), in px: kept, never widened by typing. */
export function setUserWidth(sheet: SheetData, col: number, px: number): void {
  sheet.columnWidths.set(col, ptOf(px));
  sheet.bestFitWidths?.delete(col);
}

function setBestFit(sheet: SheetData, col: number, px: number): void {
  const pt = ptOf(px);
  sheet.columnWidths.set(col, pt);
  (sheet.bestFitWidths ??= new Map()).set(col, pt);
}

/**
 * The text a number cell needs room for so it shows no ####: a formatted number's text, a General
 * number's without its decimals (General rounds them away first); null for anything else.
 */
export function roomText(cell: CellData | undefined, date1904: boolean): string | null {
  if (!cell || typeof cell.value !== "number" || cell.error || cell.entity) return null;
  const text = displayText(cell, date1904);
  // A negative date shows #### at any width: no width helps it.
  if (!text || /^#+$/.test(text)) return null;
  const format = cell.numberFormat ?? cell.valueFormat ?? "General";
  if (format !== "General" || /E/.test(text)) return text;
  return String(Math.round(cell.value));
}

/**
 * A value typed into a cell of a best-fit column: the column widens (never narrows) so the number
 * shows whole. True when it widened.
 */
export function widenForEntry(
  model: WorkbookModel,
  sheet: SheetData,
  row: number,
  col: number,
  measure: Measure = digitMeasure,
): boolean {
  if (!isBestFit(sheet, col)) return false;
  const cell = model.cell(sheet, row, col);
  const text = roomText(cell, model.date1904);
  if (text === null) return false;
  const needed = Math.ceil(measure(text, cell?.bold ?? false)) + CELL_MARGIN_PX;
  if (needed <= Math.round(columnWidth(sheet, col) * PX_PER_PT)) return false;
  setBestFit(sheet, col, needed);
  return true;
}

/**
 * AutoFit: each column as wide as its widest shown value (`extra`: px a cell needs beside its text,
 * such as a table header's filter button); a column with nothing shown goes back to standard width.
 */
export function autofitColumns(
  model: WorkbookModel,
  sheet: SheetData,
  cols: readonly number[],
  measure: Measure = digitMeasure,
  extra: (row: number, col: number) => number = () => 0,
): void {
  for (const col of cols) {
    let widest = -1;
    for (const [row, cells] of sheet.rows) {
      const cell = cells.get(col);
      if (!cell || sheet.hiddenRows.has(row)) continue;
      const text = displayText(cell, model.date1904);
      if (!text) continue;
      widest = Math.max(widest, Math.ceil(measure(text, cell.bold ?? false)) + extra(row, col));
    }
    if (widest < 0) {
      sheet.columnWidths.delete(col);
      sheet.bestFitWidths?.delete(col);
    } else setBestFit(sheet, col, widest + CELL_MARGIN_PX);
  }
}

/**
 * Excel's Column Width box counts characters of the default font; in px, by ECMA-376 §18.3.1.13's
 * conversions (8.43 characters is 64 px).
 */
export function charactersToPx(chars: number): number {
  const fileWidth = Math.trunc(((chars * MAX_DIGIT_PX + 5) / MAX_DIGIT_PX) * 256) / 256;
  return Math.trunc(((256 * fileWidth + Math.trunc(128 / MAX_DIGIT_PX)) / 256) * MAX_DIGIT_PX);
}

export function pxToCharacters(px: number): number {
  return Math.max(0, Math.trunc(((px - 5) / MAX_DIGIT_PX) * 100 + 0.5) / 100);
}
