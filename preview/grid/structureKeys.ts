/**
 * Excel's keys that change the sheet's structure, or calculate it, on the preview's grid: Ctrl+Shift+=
 * inserts rows above the selection (as many as it spans), Ctrl+- deletes its rows; with Alt, columns
 * (left of it; in Excel a whole-column selection does this); Ctrl+Alt+F9 calculates in full. Excel
 * calls every custom function again after each of them (the preview's workbook does too), which is
 * why the add-in holds its answers (docs/functions.md).
 */
import type { KeyboardEvent } from "react";
import type { Rect } from "../memory/address";
import type { InMemoryWorkbook } from "../memory/workbook";

/** Handles a structure or calculation key; false when the key is not one. */
export function handleStructureKey(
  e: KeyboardEvent,
  host: InMemoryWorkbook["host"],
  sheet: string,
  selected: Rect,
): boolean {
  const mod = e.ctrlKey || e.metaKey;
  if (mod && e.altKey && e.key === "F9") host.calculateFull();
  else if (mod && e.shiftKey && (e.key === "+" || e.key === "=")) {
    if (e.altKey) host.insertColumns(sheet, selected.col, selected.cols);
    else host.insertRows(sheet, selected.row, selected.rows);
  } else if (mod && !e.shiftKey && (e.key === "-" || e.key === "_")) {
    if (e.altKey) host.deleteColumns(sheet, selected.col, selected.cols);
    else host.deleteRows(sheet, selected.row, selected.rows);
  } else return false;
  e.preventDefault();
  return true;
}
