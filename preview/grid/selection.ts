/**
 * Moving the selection as Excel does: its address for the name box, Shift+click, the arrow keys
 * (Shift+arrow extends),
 * and the name box's Enter (a reference, a table or a defined name).
 */
import type { KeyboardEvent } from "react";
import { columnName, parseAddress, type Rect } from "../memory/address";
import type { InMemoryWorkbook } from "../memory/workbook";

/** The selection as the name box shows it: B3, or B3:D7 for a range. */
/** The host's selection where it is on this sheet, else A1 of it. */
export function selectionOn(host: InMemoryWorkbook["host"], sheet: string | undefined) {
  const sel = host.selection();
  return sel && sel.sheet === sheet ? sel : { sheet: sheet ?? "", row: 0, col: 0, rows: 1, cols: 1 };
}

export function selectionAddress(selected: Rect): string {
  return (
    `${columnName(selected.col)}${selected.row + 1}` +
    (selected.rows > 1 || selected.cols > 1
      ? `:${columnName(selected.col + selected.cols - 1)}${selected.row + selected.rows}`
      : "")
  );
}

/** Shift+click: the range from the selected cell to this one, as in Excel. */
export function extendedSelection(selected: Rect, row: number, col: number): Rect {
  const top = Math.min(selected.row, row);
  const left = Math.min(selected.col, col);
  const bottom = Math.max(selected.row + selected.rows - 1, row);
  const right = Math.max(selected.col + selected.cols - 1, col);
  return { row: top, col: left, rows: bottom - top + 1, cols: right - left + 1 };
}

/** The arrow keys: rows and columns to move the selected cell by. */
const ARROW_MOVES: Record<string, [number, number]> = {
  ArrowDown: [1, 0],
  ArrowUp: [-1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
};

/**
 * A key in the grid: Ctrl+G or F5 goes to the name box; an arrow key moves the selected cell; F6
 * leaves the grid for the sheet tabs, Shift+F6 for the name box (Excel's keys between regions: Tab
 * moves between cells, so it never leaves the grid).
 */
export function handleGridKey(
  e: KeyboardEvent,
  move: (rows: number, cols: number) => void,
  extend: (rows: number, cols: number) => void,
): void {
  if ((e.ctrlKey && e.key.toLowerCase() === "g") || e.key === "F5") {
    e.preventDefault();
    document.getElementById("name-box")?.focus();
    return;
  }
  if (e.key === "F6") {
    e.preventDefault();
    if (e.shiftKey) document.getElementById("name-box")?.focus();
    else document.querySelector<HTMLElement>('.sheet-tabs [role="tab"][aria-selected="true"]')?.focus();
    return;
  }
  const m = ARROW_MOVES[e.key];
  if (m) {
    e.preventDefault();
    (e.shiftKey ? extend : move)(m[0], m[1]);
  }
}

/**
 * Shift+arrow: the selection's far corner moves, its anchor (the cell it was started from, when that
 * is still one of its corners, else its top-left cell) stays, as in Excel.
 */
export function extendedByKey(
  selected: Rect,
  anchor: { row: number; col: number } | null,
  rows: number,
  cols: number,
): { rect: Rect; anchor: { row: number; col: number } } {
  const bottom = selected.row + selected.rows - 1;
  const right = selected.col + selected.cols - 1;
  const corner =
    anchor &&
    (anchor.row === selected.row || anchor.row === bottom) &&
    (anchor.col === selected.col || anchor.col === right);
  const a = corner ? anchor : { row: selected.row, col: selected.col };
  const far = {
    row: Math.max(0, (a.row === selected.row ? bottom : selected.row) + rows),
    col: Math.max(0, (a.col === selected.col ? right : selected.col) + cols),
  };
  const top = Math.min(a.row, far.row);
  const left = Math.min(a.col, far.col);
  return {
    rect: { row: top, col: left, rows: Math.abs(a.row - far.row) + 1, cols: Math.abs(a.col - far.col) + 1 },
    anchor: a,
  };
}

/**
 * The name box's Enter: selects a reference, a table or a defined name on a visible sheet (a bare
 * reference on `activeSheet`), and focuses the grid; null when it was selected, else why not.
 */
export function goToTarget(
  workbook: InMemoryWorkbook,
  sheets: { name: string }[],
  activeSheet: string,
  target: string,
  grid?: HTMLElement | null,
): string | null {
  const host = workbook.host;
  const text = target.trim();
  const table = host.tables().find((t) => t.name.toLowerCase() === text.toLowerCase());
  const name = workbook.model.names.find((n) => n.name.toLowerCase() === text.toLowerCase());
  let place: { sheet?: string; rect: Rect };
  try {
    place = table
      ? { sheet: table.sheet, rect: table.rect }
      : parseAddress(name ? name.formula.replace(/^=/, "").replace(/\$/g, "") : text);
  } catch {
    return "Reference isn't valid.";
  }
  const sheet = sheets.find((s) => s.name.toLowerCase() === (place.sheet ?? activeSheet).toLowerCase());
  if (!sheet) return `Reference isn't valid: there is no visible sheet "${place.sheet}".`;
  const { row, col, rows, cols } = place.rect;
  host.select(sheet.name, row, col, rows, cols);
  grid?.focus();
  return null;
}
