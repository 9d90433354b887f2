/**
 * The grid's scrolling viewport: its size (followed as the window resizes), and its scroll position,
 * which opens another sheet at its top-left corner and keeps the selected cell in view.
 */
import { useEffect, useRef, useState, type RefObject } from "react";
import type { Rect } from "../memory/address";
import { HEADER_PX, ROW_HEADER_PX, ROW_PX, type SheetLayout } from "./layout";

export function useViewportSize(): {
  viewport: RefObject<HTMLDivElement>;
  size: { width: number; height: number };
} {
  const [size, setSize] = useState({ width: 800, height: 600 });
  const viewport = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    const ro = new ResizeObserver(() => setSize({ width: el.clientWidth, height: el.clientHeight }));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return { viewport, size };
}

/** The viewport's scrollTop (which rows to draw), moved to show the selected cell of `sheet`. */
export function useScrollFollow(
  viewport: RefObject<HTMLDivElement>,
  layout: SheetLayout | null,
  sheet: string | undefined,
  selected: Rect,
): [number, (top: number) => void] {
  const [scrollTop, setScrollTop] = useState(0);
  // Another sheet opens at its top-left corner.
  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    el.scrollTop = 0;
    el.scrollLeft = 0;
    setScrollTop(0);
  }, [sheet]);

  // The selected cell is scrolled into view (name box, arrow keys, a new sheet), clear of frozen rows.
  useEffect(() => {
    const el = viewport.current;
    if (!el || !layout) return;
    scrollIntoView(el, layout, selected.row, selected.col);
    setScrollTop(el.scrollTop);
  }, [sheet, selected.row, selected.col]);
  return [scrollTop, setScrollTop];
}

function scrollIntoView(el: HTMLDivElement, layout: SheetLayout, row: number, col: number): void {
  if (row >= layout.freeze) {
    const top = HEADER_PX + row * ROW_PX;
    const clear = HEADER_PX + layout.freeze * ROW_PX;
    if (top - clear < el.scrollTop) el.scrollTop = top - clear;
    else if (top + ROW_PX > el.scrollTop + el.clientHeight) el.scrollTop = top + ROW_PX - el.clientHeight;
  }
  if (col < layout.cols) {
    const left = ROW_HEADER_PX + layout.lefts[col];
    const right = left + layout.widths[col];
    if (left - ROW_HEADER_PX < el.scrollLeft) el.scrollLeft = left - ROW_HEADER_PX;
    else if (right > el.scrollLeft + el.clientWidth) el.scrollLeft = right - el.clientWidth;
  }
}
