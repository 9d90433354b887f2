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
import type { LinesBlock } from "./refresh/lines";
import { refreshTables } from "./refresh/run";
import type { Box } from "./refresh/structure";
import type { RefreshTarget, RefreshedTable } from "./refresh/target";

export type { LinesBlock };
export { checkBeforeRequest } from "./refresh/plan";
export { refreshTables };
export { type RefreshTarget, type RefreshedTable } from "./refresh/target";

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
    commit?: (
      sheet: Excel.Worksheet,
      written: { table: RefreshedTable; summary?: Box; statusWritten: boolean },
    ) => void;
    previous?: RefreshTarget["previous"] & { summary?: Box };
    /** The report's status line, in the sheet's first row (sheets made before it have none). */
    statusLine?: string;
    /** Every column the report's kind can have (refresh/target.ts). */
    reportFields?: readonly string[];
    /** Say which notes right of the table will no longer line up with their rows (refresh/target.ts). */
    beside?: RefreshTarget["beside"];
    /** Whether the first cell holds the status line written last time (else it is the planner's and stays). */
    statusStillOurs?: (first: unknown) => boolean;
  } = {},
): Promise<RefreshedTable & { sheetName: string; syncs: number; summary?: Box; statusWritten: boolean }> {
  const status = opts.statusLine !== undefined;
  const { syncs, tables, lines } = await refreshTables(
    excel,
    layout.sheetName,
    [
      {
        tableName: layout.tableName,
        table,
        previous: opts.previous,
        reportFields: opts.reportFields,
        beside: opts.beside,
      },
    ],
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
                  stillOurs: opts.statusStillOurs,
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
        ((sheet, r) =>
          opts.commit!(sheet, {
            table: r.tables[0],
            summary: r.lines[status ? 1 : 0],
            statusWritten: status && r.lines[0].rows > 0,
          })),
    },
  );
  return {
    ...tables[0],
    sheetName: layout.sheetName,
    syncs,
    summary: lines[status ? 1 : 0],
    statusWritten: status && lines[0].rows > 0,
  };
}
