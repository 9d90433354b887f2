/**
 * The keys that edit from the grid, as in Excel: Delete clears the selection's contents; Backspace
 * (the Mac's delete) empties the active cell and starts typing into it; a character starts typing
 * into the selected cell, replacing it (the formula bar and the cell show the typing, Enter writes
 * it); F2 edits the cell as it is; Enter and Tab (with Shift: up, left) move whether a cell is being
 * typed into or not (tabMoves.ts: Enter after a run of Tabs goes back to the run's first column).
 * Nothing typed is dropped: an entry the workbook refuses stays in the bar, the reason beside it.
 */
import type { KeyboardEvent, RefObject } from "react";
import { columnName, type Rect } from "../memory/address";
import type { CellView, InMemoryWorkbook } from "../memory/workbook";
import type { ContentsBox } from "./FormulaBar";
import { extendedByKey, handleGridKey } from "./selection";
import { handleStructureKey } from "./structureKeys";
import { afterEnter, afterTab, type TabRun } from "./tabMoves";

interface EditActions {
  clear: () => void;
  /** Typing starts with `text` (empty for F2: the cell's contents are kept). */
  edit: (text: string | null) => void;
  /** Enter or Tab; `back` (Shift): up or left. */
  move: (key: "Enter" | "Tab", back: boolean) => void;
}

interface EditingContext {
  host: InMemoryWorkbook["host"];
  sheet: string;
  selected: Rect;
  cell: Pick<CellView, "formula" | "value" | "editText">;
  /** The formula bar's text, and its setter. */
  input: string;
  setInput: (text: string) => void;
  select: (row: number, col: number) => void;
  viewport: RefObject<HTMLElement | null>;
  /** Draws the grid again (the typed cell's text lives in `state`, which React does not watch). */
  redraw: () => void;
  state: { current: EditState };
  /** An entry was written into this cell (Excel widens a standard column for a number typed there). */
  entered?: (sheet: string, row: number, col: number) => void;
}

/** Kept across renders: what is being typed, and the anchor of a Shift+arrow selection. */
export interface EditState {
  /**
   * "enter" when typing started on the grid (the arrows then write the cell and move, as in Excel's
   * Enter mode), "edit" for F2 or the formula bar itself (the arrows move the caret), else null.
   */
  pending: "enter" | "edit" | null;
  /**
   * The cell being typed into: a click on another cell selects it before the formula bar loses
   * focus, and what was typed goes to the cell it was typed for.
   */
  target: { sheet: string; row: number; col: number } | null;
  /** What was typed for it (the box's text may already show the next cell's by the time it is written). */
  typed: string;
  anchor: { row: number; col: number } | null;
  /** The run of Tabs along a row, for Enter to go back to the column it began in. */
  tabRun: TabRun | null;
  /** Why the workbook refused the last entry (what was typed stays in the bar to be mended). */
  problem: string | null;
}

export function newEditState(): EditState {
  return { pending: null, target: null, typed: "", anchor: null, tabRun: null, problem: null };
}

interface CellEditing {
  /** A key on the grid: an editing key (handleEditKey), else a move (handleGridKey). */
  onGridKey: (e: KeyboardEvent) => void;
  box: ContentsBox;
  /** A choice from the cell's list: written at once. */
  choose: (value: string) => void;
}

const ARROWS: Record<string, [number, number]> = {
  ArrowDown: [1, 0],
  ArrowUp: [-1, 0],
  ArrowRight: [0, 1],
  ArrowLeft: [0, -1],
};

/**
 * The grid's editing: its keys, and the formula bar's: Enter or Tab write the cell and move (down,
 * right; with Shift, up, left), the arrows too while typing over a cell, Escape puts it back, and a
 * click elsewhere writes what was typed.
 */
export function cellEditing(x: EditingContext): CellEditing {
  const begin = (mode: "enter" | "edit", text: string) => {
    x.state.current.pending = mode;
    x.state.current.target = { sheet: x.sheet, row: x.selected.row, col: x.selected.col };
    x.state.current.typed = text;
  };
  const stop = () => stopTyping(x.state.current);
  const move = (key: "Enter" | "Tab", back: boolean) => moveFrom(x, key, back);
  const keys: EditActions = {
    clear: () => x.host.clearContents(x.sheet, x.selected),
    edit: (text) => {
      begin(text === null ? "edit" : "enter", text ?? x.input);
      if (text !== null) x.setInput(text);
      x.redraw();
      document.getElementById("formula-input")?.focus();
    },
    move,
  };
  const write = () => writeEntry(x);
  // The next typing starts the next cell: focus goes back to the grid.
  const writeAndMove = (go: () => void) => {
    if (!write()) return;
    go();
    x.viewport.current?.focus();
  };
  const box: ContentsBox = {
    type: (text) => {
      if (x.state.current.pending === null) begin("edit", text);
      x.state.current.typed = text;
      x.setInput(text);
    },
    onKey: (e) => {
      const arrow = x.state.current.pending === "enter" ? ARROWS[e.key] : undefined;
      if (e.key === "Enter" || e.key === "Tab") {
        e.preventDefault();
        const key = e.key;
        writeAndMove(() => move(key, e.shiftKey));
      } else if (arrow) {
        e.preventDefault();
        writeAndMove(() => x.select(x.selected.row + arrow[0], x.selected.col + arrow[1]));
      } else if (e.key === "Escape") {
        e.preventDefault();
        stop();
        x.state.current.problem = null;
        x.setInput(x.cell.formula ?? x.cell.editText);
        x.viewport.current?.focus();
      }
    },
    onBlur: () => {
      if (x.state.current.pending !== null) write();
    },
  };
  return {
    onGridKey: (e) => {
      if (handleStructureKey(e, x.host, x.sheet, x.selected)) return;
      if (handleEditKey(e, keys)) return;
      handleGridKey(
        e,
        (rows, cols) => x.select(x.selected.row + rows, x.selected.col + cols),
        (rows, cols) => {
          const to = extendedByKey(x.selected, x.state.current.anchor, rows, cols);
          x.state.current.anchor = to.anchor;
          x.host.select(x.sheet, to.rect.row, to.rect.col, to.rect.rows, to.rect.cols);
        },
      );
    },
    box,
    choose: (value) => {
      x.host.setInput(x.sheet, x.selected.row, x.selected.col, value);
      x.setInput(value);
      x.entered?.(x.sheet, x.selected.row, x.selected.col);
    },
  };
}

function stopTyping(s: EditState): void {
  s.pending = null;
  s.target = null;
}

/** Enter or Tab from the active cell (`back`: Shift): Enter after a run of Tabs goes to its first column. */
function moveFrom(x: EditingContext, key: "Enter" | "Tab", back: boolean): void {
  const s = x.state.current;
  const at = { row: x.selected.row, col: x.selected.col };
  if (key === "Tab") {
    const next = afterTab(s.tabRun, x.sheet, at, back);
    s.tabRun = next.run;
    x.select(next.to.row, next.to.col);
  } else {
    const to = afterEnter(s.tabRun, x.sheet, at, back);
    s.tabRun = null;
    x.select(to.row, to.col);
  }
}

/** Writes what was typed; false when the workbook refuses it (the typing stays, the reason shown). */
function writeEntry(x: EditingContext): boolean {
  const s = x.state.current;
  const at = s.target ?? { sheet: x.sheet, row: x.selected.row, col: x.selected.col };
  const text = s.target ? s.typed : x.input;
  stopTyping(s);
  try {
    x.host.setInput(at.sheet, at.row, at.col, text);
  } catch (err) {
    s.pending = "edit";
    s.target = at;
    s.typed = text;
    const why = err instanceof Error ? err.message : String(err);
    s.problem = `${columnName(at.col)}${at.row + 1} was not written: ${why}`;
    x.setInput(text);
    x.redraw();
    document.getElementById("formula-input")?.focus();
    return false;
  }
  s.problem = null;
  x.entered?.(at.sheet, at.row, at.col);
  return true;
}

/** The cell typed into on `sheet` and the text so far, for the grid to show in it; null when none is. */
export function typingIn(state: EditState, sheet: string): { row: number; col: number; text: string } | null {
  const at = state.target;
  return at && at.sheet === sheet ? { row: at.row, col: at.col, text: state.typed } : null;
}

/** Handles an editing key on the grid; false when the key is not one (a move, a shortcut). */
function handleEditKey(e: KeyboardEvent, act: EditActions): boolean {
  if (e.ctrlKey || e.metaKey || e.altKey) return false;
  if (e.key === "Delete") act.clear();
  // Backspace empties the active cell and starts typing into it (Enter then clears it), as in Excel.
  else if (e.key === "Backspace") act.edit("");
  else if (e.key === "F2") act.edit(null);
  else if (e.key === "Enter" || e.key === "Tab") act.move(e.key, e.shiftKey);
  else if (e.key.length === 1) act.edit(e.key);
  else return false;
  e.preventDefault();
  return true;
}
