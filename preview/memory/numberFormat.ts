/**
 * A cell's displayed text (Range.text) under its number format, rendered with SheetJS SSF
 * (Apache-2.0), which implements Excel's number format codes.
 */
import SSF from "ssf";
import type { CellData } from "./model";

export function displayText(cell: CellData | undefined): string {
  if (!cell || cell.value === null) return "";
  const v = cell.value;
  if (cell.error) return String(v);
  if (typeof v === "boolean") return v ? "TRUE" : "FALSE";
  if (typeof v === "string") return v;
  // A value's own format (a custom function's formatted number) shows in a General cell.
  const format = cell.numberFormat ?? cell.valueFormat ?? "General";
  try {
    return SSF.format(format, v);
  } catch {
    return String(v);
  }
}
