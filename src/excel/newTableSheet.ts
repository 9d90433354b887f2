/**
 * A new sheet written whole, or not at all: its table under the lines above it (a row kept for the
 * status line, the summary, rows kept for a chart), created, filled and activated in as few syncs as
 * the 5 MB request limit allows; a failure removes the sheet again.
 */
import type { TypedTable } from "../api/table";
import { SyncBatch } from "./syncBatch";
import { callBytes, rowBytes } from "./chunkPlan";
import { dateSystemOf, tableInSystem } from "./dateSystem";
import { errorCode, type ExcelHost } from "./host";
import {
  checkFits,
  queueRecalculation,
  queueTextLines,
  writeTableBlock,
  type LineCell,
  type TableLayout,
  type WriteResult,
} from "./tableWriter";

/**
 * Runs `write` on a new sheet named `sheetName`; if anything fails, the sheet goes again (nothing
 * half-written stays behind) and the error is rethrown. The sheet's id is loaded in the first sync
 * `write` makes; before that, the sheet is found by its (new, unique) name, unless adding it is
 * what failed (the name was taken: that sheet is someone else's).
 */
export async function withNewSheet<T>(
  excel: ExcelHost,
  sheetName: string,
  write: (context: Excel.RequestContext, sheet: Excel.Worksheet) => Promise<T>,
): Promise<T> {
  let id: string | undefined;
  try {
    return await excel.run(async (context) => {
      const sheet = context.workbook.worksheets.add(sheetName);
      sheet.load("id");
      try {
        return await write(context, sheet);
      } catch (err) {
        try {
          id = sheet.id;
        } catch {
          /* the first sync failed: the id was never loaded */
        }
        throw err;
      }
    });
  } catch (err) {
    if (errorCode(err) !== "ItemAlreadyExists") {
      await excel
        .run(async (context) => {
          const sheet = context.workbook.worksheets.getItemOrNullObject(id ?? sheetName);
          await context.sync();
          if (!sheet.isNullObject) sheet.delete();
          await context.sync();
        })
        .catch(() => undefined);
    }
    throw err;
  }
}

/**
 * Creates `sheetName` and writes the table into it, under `topLines` (or a row kept for the status line) and
 * its summary block, with a blank row before the header; `chartRows` more rows between them keep a
 * chart in view above a wide table. The header row is frozen with the rows above it, unless rows
 * are kept for a chart: a frozen chart would leave a laptop screen a few rows of data, and Excel
 * shows a table's headers in place of the column letters once its header row is scrolled away.
 */
export async function writeNewTable(
  excel: ExcelHost,
  table: TypedTable,
  names: { sheetName: string; tableName: string },
  opts: {
    topLines?: LineCell[][];
    /** A first row kept for the report's status line, which the record's one writer writes (statusCell.ts). */
    statusRow?: boolean;
    tableStyle?: string;
    chartRows?: number;
  } = {},
): Promise<WriteResult> {
  const top = opts.topLines ?? [];
  const first = top.length + (opts.statusRow ? 1 : 0);
  const summary = table.summary ?? [];
  const above = first + summary.length + (opts.chartRows ?? 0);
  const layout: TableLayout = { ...names, headerRow: above ? above + 1 : 0, style: opts.tableStyle };
  checkFits(table, layout.headerRow);
  // Dates in the workbook's system (the table's are the 1900 system's).
  table = tableInSystem(table, await dateSystemOf(excel));
  return withNewSheet(excel, names.sheetName, async (context, sheet) => {
    queueTextLines(sheet, 0, top);
    queueTextLines(sheet, first, summary);
    if (!opts.chartRows) sheet.freezePanes.freezeRows(layout.headerRow + 1);
    const batch = new SyncBatch(context);
    // The lines above are small next to the headroom every sync keeps (chunkPlan.ts).
    batch.add([...top, ...summary].reduce((n, line) => n + callBytes("A1:XFD1", rowBytes(line) * 2), 0));
    const { prepared, written } = await writeTableBlock(context, sheet, table, layout, batch);
    sheet.activate();
    queueRecalculation(context);
    await batch.sync();
    return {
      sheetName: names.sheetName,
      tableName: names.tableName,
      rows: table.rows.length,
      columns: table.columns.length,
      syncs: batch.syncs,
      truncatedCells: prepared.truncated,
      hyperlinks: prepared.links.length,
      written,
    };
  });
}
