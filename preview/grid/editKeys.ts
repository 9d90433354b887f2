/**
 * The keys that edit from the grid, as in Excel: Delete (or Backspace, the Mac's delete) clears the
 * selection's contents; a character starts typing into the selected cell, replacing it (the
 * formula bar takes the typing, Enter writes it); F2 edits the cell as it is; Enter moves down.
 */
import type { KeyboardEvent, RefObject } from "react";
import type { Rect } from "../memory/address";
import type { CellView, InMemoryWorkbook } from "../memory/workbook";
import { handleGridKey } from "./selection";

interface EditActions {
  clear: () => void;
  /** Typing starts with `text` (empty for F2: the cell's contents are kept). */
  edit: (text: string | null) => void;
  down: () => void;
}

interface EditingContext {
  host: InMemoryWorkbook["host"];
  sheet: string;
  selected: Rect;
  cell: Pick<CellView, "formula" | "value">;
  /** The formula bar's text, and its setter. */
  input: string;
  setInput: (text: string) => void;
  select: (row: number, col: number) => void;
  viewport: RefObject<HTMLElement | null>;
}

interface CellEditing {
  /** A key on the grid: an editing key (handleEditKey), else a move (handleGridKey). */
  onGridKey: (e: KeyboardEvent) => void;
  commit: () => void;
  cancel: () => void;
  /** A choice from the cell's list: written at once. */
  choose: (value: string) => void;
}

/** The grid's editing: its keys, and the formula bar's Enter (write, move down) and Escape (put back). */
export function cellEditing(x: EditingContext): CellEditing {
  const keys: EditActions = {
    clear: () => x.host.clearContents(x.sheet, x.selected),
    edit: (text) => {
      if (text !== null) x.setInput(text);
      document.getElementById("formula-input")?.focus();
    },
    down: () => x.select(x.selected.row + 1, x.selected.col),
  };
  return {
    onGridKey: (e) => {
      if (!handleEditKey(e, keys))
        handleGridKey(e, (rows, cols) => x.select(x.selected.row + rows, x.selected.col + cols));
    },
    // As in Excel, Enter leaves the formula bar: the next typing starts the next cell.
    commit: () => {
      x.host.setInput(x.sheet, x.selected.row, x.selected.col, x.input);
      x.select(x.selected.row + 1, x.selected.col);
      x.viewport.current?.focus();
    },
    cancel: () => {
      x.setInput(x.cell.formula ?? (x.cell.value === null ? "" : String(x.cell.value)));
      x.viewport.current?.focus();
    },
    choose: (value) => {
      x.host.setInput(x.sheet, x.selected.row, x.selected.col, value);
      x.setInput(value);
    },
  };
}

/** Handles an editing key on the grid; false when the key is not one (a move, a shortcut). */
function handleEditKey(e: KeyboardEvent, act: EditActions): boolean {
  if (e.ctrlKey || e.metaKey || e.altKey) return false;
  if (e.key === "Delete" || e.key === "Backspace") act.clear();
  else if (e.key === "F2") act.edit(null);
  else if (e.key === "Enter") act.down();
  else if (e.key.length === 1) act.edit(e.key);
  else return false;
  e.preventDefault();
  return true;
}
