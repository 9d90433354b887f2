/**
 * Where Tab and Enter take the active cell, as in Excel, whether a cell is being typed into or not:
 * Tab moves right, Shift+Tab left (not past column A); Enter moves down, Shift+Enter up. After a run
 * of Tabs along a row, Enter goes down to the column the run began in ("type a row, Tab, Tab, Enter:
 * the next row's first cell"), or further left where Shift+Tab went; a move by anything else (an
 * arrow, a click) ends the run.
 */

/** A run of Tabs along a row: the column it began in, and the cell its last Tab reached. */
export interface TabRun {
  sheet: string;
  row: number;
  startCol: number;
  col: number;
}

export interface Place {
  row: number;
  col: number;
}

/** A run still holds while the active cell is where its last Tab left it. */
const holds = (run: TabRun | null, sheet: string, at: Place): run is TabRun =>
  run !== null && run.sheet === sheet && run.row === at.row && run.col === at.col;

/** Tab (back: Shift+Tab) from `at`: the next cell, and the run it is part of. */
export function afterTab(
  run: TabRun | null,
  sheet: string,
  at: Place,
  back: boolean,
): { to: Place; run: TabRun } {
  const to = { row: at.row, col: Math.max(0, at.col + (back ? -1 : 1)) };
  const startCol = Math.min(holds(run, sheet, at) ? run.startCol : at.col, to.col);
  return { to, run: { sheet, row: at.row, startCol, col: to.col } };
}

/** Enter (up: Shift+Enter) from `at`: down to the run's first column when a run of Tabs led here. */
export function afterEnter(run: TabRun | null, sheet: string, at: Place, up: boolean): Place {
  if (up) return { row: Math.max(0, at.row - 1), col: at.col };
  return { row: at.row + 1, col: holds(run, sheet, at) ? run.startCol : at.col };
}
