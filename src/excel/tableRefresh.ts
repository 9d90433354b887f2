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
import type { DateSystem } from "../api/excelDates";
import { dateSystemOf } from "./dateSystem";
import { refreshTables, refreshTablesIn } from "./refresh/run";
import type { TablesBefore } from "./refresh/readOnce";
import type { Box } from "./refresh/structure";
import type { RefreshTarget, RefreshedTable } from "./refresh/target";
import type { StatusCell } from "./statusCell";

export type { LinesBlock };
export { checkBeforeRequest } from "./refresh/plan";
export { refreshTables };
export { type RefreshTarget, type RefreshedTable } from "./refresh/target";

/** How a report table is refreshed: its commit, what the add-in wrote last time, its status line, its kind's columns. */
export interface RewriteOptions {
  commit?: (
    sheet: Excel.Worksheet,
    written: { table: RefreshedTable; summary?: Box; status: StatusCell | null },
  ) => void;
  previous?: RefreshTarget["previous"] & { summary?: Box };
  /** `previous` as read again with the table (the record then): what the writes are planned against. */
  previousFrom?: () => RefreshTarget["previous"] & { summary?: Box };
  /** The sheet has a status line, in its first row (sheets made before it have none). */
  status?: boolean;
  /** Every column the report's kind can have (refresh/target.ts). */
  reportFields?: readonly string[];
  /** Say which notes right of the table will no longer line up with their rows (refresh/target.ts). */
  beside?: RefreshTarget["beside"];
  /** Read in one sync, with the caller's own reads (run.ts RefreshOptions). */
  once?: TablesBefore;
  alongside?: () => void;
  afterRead?: () => void;
  afterWrite?: () => void;
}

/**
 * Refreshes a report sheet's table (its header row stays where it is) and the summary block above
 * it: all of it when it fits, else what fits and a line saying how many lines were left out. A sheet
 * with a status line (its first row, over the table's first column) has that cell read and handed to
 * the commit, whose record's one writer writes the line (statusCell.ts).
 */
export async function rewriteTable(
  excel: ExcelHost,
  layout: { sheetName: string; tableName: string },
  table: TypedTable,
  opts: RewriteOptions = {},
): Promise<RefreshedTable & { sheetName: string; syncs: number; summary?: Box }> {
  const system = await dateSystemOf(excel);
  return excel.run((context) =>
    rewriteTableIn(
      context,
      context.workbook.worksheets.getItem(layout.sheetName),
      layout,
      table,
      system,
      opts,
    ),
  );
}

/** rewriteTable in the caller's run, on `sheet` (found by the caller: by its name, or through its table). */
export async function rewriteTableIn(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  layout: { sheetName: string; tableName: string },
  table: TypedTable,
  system: DateSystem,
  opts: RewriteOptions = {},
): Promise<RefreshedTable & { sheetName: string; syncs: number; summary?: Box }> {
  const status = opts.status === true;
  const summaryWidth = Math.max(0, ...(table.summary ?? []).map((l) => l.length));
  const owned = opts.previous?.summary;
  const { syncs, tables, lines } = await refreshTablesIn(
    context,
    sheet,
    [
      {
        tableName: layout.tableName,
        table,
        previous: opts.previous,
        previousFrom: opts.previousFrom,
        reportFields: opts.reportFields,
        beside: opts.beside,
      },
    ],
    system,
    {
      lines: ([at]): LinesBlock[] => {
        // The status line, then the summary, then a blank row before the header.
        const top = status ? 1 : 0;
        const room = at.row - top - 1;
        return room > 0
          ? [
              {
                row: top,
                col: at.col,
                room,
                lines: table.summary ?? [],
                owned: (opts.previousFrom ? opts.previousFrom()?.summary : owned) ?? ("leading" as const),
              },
            ]
          : [];
      },
      status: status ? ([at]) => ({ row: 0, col: at.col }) : undefined,
      commit:
        opts.commit &&
        ((s, r) => opts.commit!(s, { table: r.tables[0], summary: r.lines[0], status: r.status })),
      once: opts.once?.place
        ? {
            tableName: layout.tableName,
            others: opts.once.others,
            place: opts.once.place,
            // The lines' cells: the summary now and as written last time (a sheet without that record: 64 wide).
            linesWidth: owned ? Math.max(1, summaryWidth, owned.col + owned.cols) : 64,
            beside: opts.beside !== undefined,
          }
        : undefined,
      alongside: opts.alongside,
      afterRead: opts.afterRead,
      afterWrite: opts.afterWrite,
    },
  );
  return { ...tables[0], sheetName: layout.sheetName, syncs, summary: lines[0] };
}
