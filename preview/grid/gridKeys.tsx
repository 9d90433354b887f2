/**
 * The grid's keys beyond editing: Excel's KeyTips for column widths (keyTips.ts: Alt, H, O, I and
 * Alt, H, O, W on the selected columns), a key typed on the sheet tabs going into the selected cell
 * (in Excel the sheet keeps the keyboard there), and the description of the grid's keys that a
 * screen reader reads with it.
 */
import { useRef, type KeyboardEvent } from "react";
import type { Rect } from "../memory/address";
import type { ColumnResize } from "./columnResize";
import { keyTipDown, keyTipHint, keyTipUp, NO_KEYTIPS, type KeyTipState } from "./keyTips";

export interface GridKeys {
  /** A key down on the grid: true when a KeyTips sequence took it. */
  keyDown: (e: KeyboardEvent) => boolean;
  keyUp: (e: KeyboardEvent) => void;
  /** What the grid says while a sequence is under way. */
  hint: string | null;
}

export function useKeyTips(
  resize: ColumnResize,
  selected: Rect,
  report: (problem: string | null) => void,
  redraw: () => void,
): GridKeys {
  const keyTips = useRef<KeyTipState>(NO_KEYTIPS);
  const columns = () => Array.from({ length: selected.cols }, (_, i) => selected.col + i);
  return {
    keyDown: (e) => {
      const was = keyTips.current;
      const next = keyTipDown(was, e);
      keyTips.current = next.state;
      if (next.handled) e.preventDefault();
      if (next.command === "autofit") resize.autofit(columns());
      else if (next.command === "width") report(resize.askWidth(columns()));
      if (keyTipHint(was) !== keyTipHint(next.state) || next.command) redraw();
      return next.handled;
    },
    keyUp: (e) => {
      const next = keyTipUp(keyTips.current, e.key);
      if (next === keyTips.current) return;
      keyTips.current = next;
      redraw();
    },
    hint: keyTipHint(keyTips.current),
  };
}

/**
 * A character typed while the sheet tabs (or the buttons beside them) have the focus: handed to the
 * grid, which starts typing it into the selected cell, as Excel does. A space stays the button's.
 */
export function typedOnSheetTabs(e: KeyboardEvent<HTMLElement>, onGridKey: (e: KeyboardEvent) => void): void {
  const t = e.target as HTMLElement;
  if (!t.closest(".sheet-tabs") || e.key.length !== 1 || e.key === " ") return;
  if (e.ctrlKey || e.metaKey || e.altKey) return;
  onGridKey(e);
}

/** The grid's keys, said with it (aria-describedby). */
export function GridKeysHelp({ id }: { id: string }) {
  return (
    <span id={id} className="visually-hidden">
      Tab and Shift+Tab move right and left, Enter moves down (after Tabs, to the column they began in); F6
      leaves the grid. Alt, H, O, I autofits the selected columns; Alt, H, O, W sets their width; a column
      header&apos;s right edge drags, and double-clicked autofits.
    </span>
  );
}
