/** Which card is open on the drawn sheet: one at a time, opened from its cell's icon, closed back to the grid. */
import { useState, type RefObject } from "react";
import type { InMemoryWorkbook } from "../memory/workbook";
import type { RowContext } from "./GridRow";

export function useCardState(
  workbook: InMemoryWorkbook,
  sheet: string | undefined,
  viewport: RefObject<HTMLDivElement | null>,
  viewWidth: number,
): Pick<RowContext, "card" | "openCard" | "closeCard" | "viewWidth" | "date1904"> {
  const [card, setCard] = useState<{ sheet: string; row: number; col: number } | null>(null);
  return {
    viewWidth,
    date1904: workbook.model.date1904,
    card: card && card.sheet === sheet ? card : null,
    openCard: (row, col) => {
      if (sheet === undefined) return;
      workbook.host.select(sheet, row, col);
      setCard({ sheet, row, col });
    },
    closeCard: () => {
      setCard(null);
      viewport.current?.focus();
    },
  };
}
