/** Excel outlines the spill range of the selected formula (or of the formula the selected cell shows). */
import type { Rect } from "../memory/address";
import type { CellView, InMemoryWorkbook } from "../memory/workbook";
import { HEADER_PX, ROW_HEADER_PX, ROW_PX, type SheetLayout } from "./layout";

export interface SpillOutline {
  left: number;
  top: number;
  width: number;
  height: number;
  /** The formula shows #SPILL!: something is in the way. */
  blocked: boolean;
}

/** The outline in px on the canvas, or null when the selected cell is no part of a drawn spill. */
export function spillOutline(
  host: InMemoryWorkbook["host"],
  sheet: string,
  layout: SheetLayout,
  cell: CellView,
  selected: Rect,
): SpillOutline | null {
  const anchor = cell.spillSize ? { row: selected.row, col: selected.col } : cell.spillAnchor;
  const anchorView = anchor && (cell.spillSize ? cell : host.cell(sheet, anchor.row, anchor.col));
  if (!anchor || !anchorView?.spillSize || anchor.col >= layout.cols) return null;
  return {
    left: ROW_HEADER_PX + layout.lefts[anchor.col],
    top: HEADER_PX + anchor.row * ROW_PX,
    width: layout.widths.slice(anchor.col, anchor.col + anchorView.spillSize.cols).reduce((a, b) => a + b, 0),
    height: anchorView.spillSize.rows * ROW_PX,
    blocked: anchorView.value === "#SPILL!",
  };
}
