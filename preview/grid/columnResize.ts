/**
 * Column widths from the grid, as in Excel (memory/columnWidths.ts has the rules): drag a column
 * header's right edge to set the width (drawn as it moves, with Excel's "Width: 12.00 (89 pixels)"),
 * double-click it to AutoFit the column; Alt, H, O, I and Alt, H, O, W do the same from the
 * keyboard for the selected columns. A number typed into a standard column widens it. Every width
 * is the workbook model's, so office.js reads it back and the .xlsx keeps it.
 */
import { useRef, useState, type PointerEvent } from "react";
import {
  autofitColumns,
  charactersToPx,
  pxToCharacters,
  setUserWidth,
  widenForEntry,
} from "../memory/columnWidths";
import { columnWidth, PX_PER_PT } from "../memory/geometry";
import type { InMemoryWorkbook } from "../memory/workbook";
import { textWidth } from "./cellText";

/** A column can be dragged down to this width, no narrower (the preview does not hide columns). */
const MIN_DRAG_PX = 6;
/** A table header's filter button sits beside its text (preview.html: 20 px of padding, not 4). */
const FILTER_BUTTON_PX = 16;

export interface ColumnResize {
  /** The column being dragged and its width so far, in px: drawn before it is set. */
  dragging: { col: number; px: number } | null;
  /** What a header's edge does: a drag sets the width, a double-click autofits. */
  edge: (col: number, widthPx: number) => EdgeHandlers;
  /** AutoFit the columns, as a double-click on their edge. */
  autofit: (cols: number[]) => void;
  /** Column Width…: asks for a width in characters for the columns; a message when it is refused. */
  askWidth: (cols: number[]) => string | null;
}

interface EdgeHandlers {
  onPointerDown: (e: PointerEvent<HTMLElement>) => void;
  onPointerMove: (e: PointerEvent<HTMLElement>) => void;
  onPointerUp: (e: PointerEvent<HTMLElement>) => void;
  onDoubleClick: () => void;
}

export function useColumnResize(workbook: InMemoryWorkbook, sheet: string | undefined): ColumnResize {
  const [dragging, setDragging] = useState<{ col: number; px: number } | null>(null);
  const start = useRef<{ col: number; x: number; px: number } | null>(null);
  const data = () => (sheet === undefined ? undefined : workbook.model.sheetByName(sheet));
  const widthAt = (s: { col: number; x: number; px: number }, x: number) =>
    Math.max(MIN_DRAG_PX, Math.round(s.px + x - s.x));

  const autofit = (cols: number[]) => {
    const s = data();
    if (!s) return;
    const headers = workbook.model.tables.filter((t) => t.sheetId === s.id).map((t) => t.rect);
    const filterButton = (row: number, col: number) =>
      headers.some((r) => r.row === row && col >= r.col && col < r.col + r.cols) ? FILTER_BUTTON_PX : 0;
    autofitColumns(workbook.model, s, cols, textWidth, filterButton);
    workbook.changed();
  };

  return {
    dragging,
    edge: (col, widthPx) => ({
      onPointerDown: (e) => {
        if (e.button !== 0) return;
        e.preventDefault();
        e.stopPropagation();
        e.currentTarget.setPointerCapture(e.pointerId);
        start.current = { col, x: e.clientX, px: widthPx };
      },
      onPointerMove: (e) => {
        const s = start.current;
        if (s && s.col === col) setDragging({ col, px: widthAt(s, e.clientX) });
      },
      onPointerUp: (e) => {
        const s = start.current;
        start.current = null;
        setDragging(null);
        const sd = data();
        if (!s || !sd) return;
        const px = widthAt(s, e.clientX);
        // A click without a move (the first half of a double-click) sets nothing.
        if (px === Math.round(s.px)) return;
        setUserWidth(sd, col, px);
        workbook.changed();
      },
      onDoubleClick: () => autofit([col]),
    }),
    autofit,
    askWidth: (cols) => {
      const s = data();
      if (!s || cols.length === 0) return null;
      const now = pxToCharacters(Math.round(columnWidth(s, cols[0]) * PX_PER_PT));
      const answer = window.prompt(
        "Column width, in characters of the default font (up to 255):",
        String(now),
      );
      if (answer === null) return null;
      const chars = Number(answer.trim());
      // Excel hides a column given 0; the preview does not hide columns, so it asks for more.
      if (answer.trim() === "" || !Number.isFinite(chars) || chars <= 0 || chars > 255)
        return `Column width: "${answer}" is not a number above 0 and up to 255; the width is unchanged.`;
      for (const c of cols) setUserWidth(s, c, charactersToPx(chars));
      workbook.changed();
      return null;
    },
  };
}

/** After an entry typed into a cell: Excel widens a standard (best-fit) column so its number shows. */
export function widenAfterEntry(workbook: InMemoryWorkbook, sheet: string, row: number, col: number): void {
  const s = workbook.model.sheetByName(sheet);
  if (s && widenForEntry(workbook.model, s, row, col, textWidth)) workbook.changed();
}
