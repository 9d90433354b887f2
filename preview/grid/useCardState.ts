/** Which card is open on the drawn sheet: one at a time, opened from its cell's icon, closed back to the grid. */
import { useState, type KeyboardEvent, type RefObject } from "react";
import type { InMemoryWorkbook } from "../memory/workbook";
import type { RowContext } from "./GridRow";

export function useCardState(
  workbook: InMemoryWorkbook,
  sheet: string | undefined,
  viewport: RefObject<HTMLDivElement | null>,
  viewWidth: number,
): Pick<RowContext, "card" | "openCard" | "closeCard" | "viewWidth" | "date1904"> & {
  /** Ctrl+Shift+F5 on a cell holding a card opens it, as in Excel; true when the key was this. */
  cardKey: (e: KeyboardEvent, at: { row: number; col: number }) => boolean;
} {
  const [card, setCard] = useState<{ sheet: string; row: number; col: number } | null>(null);
  const open = (row: number, col: number) => {
    if (sheet === undefined) return;
    workbook.host.select(sheet, row, col);
    setCard({ sheet, row, col });
  };
  return {
    cardKey: (e, at) => {
      if (!(e.ctrlKey && e.shiftKey && e.key === "F5") || sheet === undefined) return false;
      if (!workbook.host.cell(sheet, at.row, at.col).entity) return false;
      e.preventDefault();
      open(at.row, at.col);
      return true;
    },
    viewWidth,
    date1904: workbook.model.date1904,
    card: card && card.sheet === sheet ? card : null,
    openCard: open,
    closeCard: () => {
      setCard(null);
      viewport.current?.focus();
    },
  };
}
