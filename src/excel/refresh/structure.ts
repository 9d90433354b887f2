/**
 * How a refresh re-shapes a table (pure), as Excel's default for external data does ("insert cells
 * for new data, delete unused cells"): rows are inserted into or deleted from the table across its
 * columns, so what lies under it moves with its end; columns are added to or deleted from the table
 * across its rows, so what lies right of it moves with its right edge. Nothing is overwritten. A
 * move that would cut through another table is found here first, before any request or write.
 */

export interface Box {
  row: number;
  col: number;
  rows: number;
  cols: number;
}

/** A table elsewhere on the sheet, by name and place. */
export interface SheetTable {
  name: string;
  rect: Box;
}

/** The rows a table's block holds below its header: its body and, when the report wrote one, its totals row. */
export interface RowShape {
  body: number;
  totals: boolean;
}

/** One move of cells: inserted (Down, Right) or deleted (Up, Left) across `band`. */
export interface CellMove {
  band: Box;
  direction: "Down" | "Up" | "Right" | "Left";
}

/**
 * The one row move that takes the table from `before` to `after` (header at `rect.row`), with the
 * totals row counted in the table's block: inserted at its last row, or deleted from its end. A
 * totals row both shapes have is kept, rows deleted from the body's end above it: it carries what a
 * planner typed in it under a column of theirs, as a growing table's does. `rect` is the table with
 * its old totals row taken in (refresh resizes it so first).
 */
export function rowMove(rect: Box, before: RowShape, after: RowShape): CellMove | null {
  const was = before.body + (before.totals ? 1 : 0);
  const now = after.body + (after.totals ? 1 : 0);
  if (now === was) return null;
  if (now > was)
    return {
      band: { row: rect.row + was, col: rect.col, rows: now - was, cols: rect.cols },
      direction: "Down",
    };
  const keptTotals = before.totals && after.totals;
  return {
    band: {
      row: rect.row + 1 + (keptTotals ? after.body : now),
      col: rect.col,
      rows: was - now,
      cols: rect.cols,
    },
    direction: "Up",
  };
}

/**
 * The tables a move would cut (as Excel refuses: "it would move cells in a table"): one that reaches
 * the band's start along the move but lies only partly across it.
 */
export function cutBy(move: CellMove, tables: readonly SheetTable[]): SheetTable[] {
  const vertical = move.direction === "Down" || move.direction === "Up";
  const along = (b: Box) => (vertical ? [b.row, b.row + b.rows - 1] : [b.col, b.col + b.cols - 1]);
  const across = (b: Box) => (vertical ? [b.col, b.col + b.cols - 1] : [b.row, b.row + b.rows - 1]);
  const [a0] = along(move.band);
  const [c0, c1] = across(move.band);
  return tables.filter((t) => {
    const [, e1] = along(t.rect);
    const [s0, s1] = across(t.rect);
    if (s1 < c0 || s0 > c1 || e1 < a0) return false;
    return s0 < c0 || s1 > c1;
  });
}

/** Where a table's columns would move for any change of its width: right of its first column, across its rows. */
export function anyColumnMove(rect: Box): CellMove {
  return { band: { row: rect.row, col: rect.col + 1, rows: rect.rows, cols: 1 }, direction: "Right" };
}

/** "Table2 (F3:H20)": a table for a message. */
export function named(t: SheetTable, address: (b: Box) => string): string {
  return `"${t.name}" (${address(t.rect)})`;
}
