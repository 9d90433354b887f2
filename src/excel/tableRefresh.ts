/**
 * Refresh: new data written into existing tables in place, owning only the cells the add-in wrote
 * last time (docs/report-sheets.md, "Refresh"). Each table keeps its name and its place, so formulas,
 * charts and pivots that point at it keep pointing at it. It grows and shrinks by inserting and
 * deleting cells across its columns (what lies under it moves with its end, as Excel does for
 * external data), and gains or loses columns across its rows; the report's columns are found by
 * identity, the planner's columns, notes and formats are kept (plannerWork.ts). Everything the
 * refresh may touch is read first, every check runs before any write, and if any step fails the
 * table's shape and every cell are put back.
 */
import type { TypedTable } from "../api/table";
import type { ExcelHost } from "./host";
import type { KeptWork, WrittenColumn } from "./plannerWork";
import type { ColumnPlan } from "./refresh/columnPlan";
import type { LinesBlock } from "./refresh/lines";
import { refreshTables } from "./refresh/run";
import type { Box, RowShape } from "./refresh/structure";

export type { LinesBlock };
export { checkBeforeRequest } from "./refresh/plan";
export { refreshTables };

export interface RefreshTarget {
  tableName: string;
  table: TypedTable;
  /** What the add-in wrote last time (from the report definition), to tell its work from the planner's. */
  previous?: { columns?: WrittenColumn[]; rowCount?: number; totals?: boolean };
  /**
   * Grow and shrink within this many rows under the header, in place (a show sheet's similar shows,
   * whose block is reserved in the layout), instead of inserting and deleting cells.
   */
  reservedRows?: number;
}

export interface RefreshedTable {
  tableName: string;
  rows: number;
  columns: number;
  truncatedCells: number;
  hyperlinks: number;
  /** The report's columns as written now, with their table column ids (kept in the definition). */
  written: WrittenColumn[];
  /** Whether a totals row was written under the table. */
  totals: boolean;
  /** The planner's work that was kept: calculated and static columns, formats on the report's columns. */
  kept: { calculated: string[]; static: string[]; formats: string[] };
}

/** One table's refresh, worked out before anything is written. */
export interface TablePlan {
  target: RefreshTarget;
  table: Excel.Table;
  old: Box;
  headers: string[];
  ids: number[];
  columns: ColumnPlan;
  before: RowShape;
  after: RowShape;
  kept: KeptWork;
  sorted: boolean;
  filtered: boolean;
}

/** A refresh that would break the promise it keeps (nothing of the planner's lost): refused, nothing changed. */
export class RefreshRefused extends Error {}

/** Where a report sheet's summary block was, for its definition (what the next refresh may rewrite). */
export type SummaryBlock = Box;

/**
 * Refreshes a report sheet's table (its header row stays where it is), its status line (one cell,
 * the sheet's first) and the summary block between them: all of it when it fits, else what fits
 * and a line saying how many lines were left out.
 */
export async function rewriteTable(
  excel: ExcelHost,
  layout: { sheetName: string; tableName: string },
  table: TypedTable,
  opts: {
    commit?: (sheet: Excel.Worksheet, written: { table: RefreshedTable; summary?: Box }) => void;
    previous?: RefreshTarget["previous"] & { summary?: Box };
    /** The report's status line, in the sheet's first row (sheets made before it have none). */
    statusLine?: string;
  } = {},
): Promise<RefreshedTable & { sheetName: string; syncs: number; summary?: Box }> {
  const status = opts.statusLine !== undefined;
  const { syncs, tables, lines } = await refreshTables(
    excel,
    layout.sheetName,
    [{ tableName: layout.tableName, table, previous: opts.previous }],
    {
      lines: ([at]): LinesBlock[] => {
        // The status line, then the summary, then a blank row before the header.
        const top = status ? 1 : 0;
        const room = at.row - top - 1;
        return [
          ...(status
            ? [
                {
                  row: 0,
                  col: at.col,
                  room: 1,
                  lines: [[opts.statusLine!]],
                  owned: { row: 0, col: at.col, rows: 1, cols: 1 },
                },
              ]
            : []),
          ...(room > 0
            ? [
                {
                  row: top,
                  col: at.col,
                  room,
                  lines: table.summary ?? [],
                  owned: opts.previous?.summary ?? ("leading" as const),
                },
              ]
            : []),
        ];
      },
      commit:
        opts.commit &&
        ((sheet, r) => opts.commit!(sheet, { table: r.tables[0], summary: r.lines[status ? 1 : 0] })),
    },
  );
  return { ...tables[0], sheetName: layout.sheetName, syncs, summary: lines[status ? 1 : 0] };
}
