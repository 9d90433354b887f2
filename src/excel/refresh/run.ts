/**
 * A refresh of one sheet's tables, as named steps: read (the tables found, and what may change:
 * snapshotRead.ts, in one sync for a lone table with the caller's reads), plan (every check and the
 * planner's work kept, worked out in memory: nothing written yet), write (write.ts: the new shapes and
 * content, the caller's commit and verifying reads in the last sync). If anything fails, the shapes
 * are undone and every cell read is put back.
 */
import { dateSystemOf, tableInSystem } from "../dateSystem";
import type { ExcelHost } from "../host";
import type { DateSystem } from "../../api/excelDates";
import { a1 } from "../tableWriter";
import type { RefreshOptions, RefreshTarget, RefreshedTable } from "./target";
import { locate, refuse } from "./plan";
import { restoreSnapshot } from "./snapshot";
import { fitsOneRead, queueReadOnce, type ReadOnce } from "./readOnce";
import { planTables, planWork } from "./planRefresh";
import { snapshotFor, snapshotFromRead } from "./snapshotRead";
import { reshape, writeAll } from "./write";
import type { Box } from "./structure";
import { undoShapes, type Shaping } from "./undo";
import type { StatusCell } from "../statusCell";

export type { RefreshOptions };

export async function refreshTables(
  excel: ExcelHost,
  sheetName: string,
  targets: readonly RefreshTarget[],
  opts: RefreshOptions = {},
): Promise<{ syncs: number; tables: RefreshedTable[]; lines: Box[] }> {
  // The new data's dates in the workbook's system, as the old data on the sheet is.
  const system = await dateSystemOf(excel);
  return excel.run((context) =>
    refreshTablesIn(context, context.workbook.worksheets.getItem(sheetName), targets, system, opts),
  );
}

/**
 * The tables found: in one sync with the caller's reads and the lone table's neighbourhood (readOnce.ts)
 * when asked, else step by step (locate: two syncs). Returns what was read and the syncs it took.
 */
async function readTables(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  targets: readonly RefreshTarget[],
  opts: RefreshOptions,
) {
  const once =
    opts.once && targets.length === 1 && fitsOneRead(opts.once, targets[0].table.rows)
      ? queueReadOnce(sheet, opts.once)
      : null;
  opts.alongside?.();
  let read: ReadOnce | null = null;
  let syncs = 0;
  if (once || opts.alongside) {
    await context.sync();
    syncs++;
    read = once?.() ?? null;
    opts.afterRead?.();
  }
  if (read) return { located: { found: [read.found], sheetTables: read.sheetTables }, read, syncs };
  const located = await locate(
    context,
    sheet,
    targets.map((t) => t.tableName),
  );
  return { located, read, syncs: syncs + 2 };
}

/**
 * A refresh of `sheet`'s tables in the caller's run: read (one sync for a lone table asked to be read
 * at once and the caller's reads queued with it, else step by step), plan (nothing written yet, every
 * check run), write (its shape and content, the caller's commit in the last sync). If anything fails,
 * the shapes are undone and every cell read is put back.
 */
export async function refreshTablesIn(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  targets: readonly RefreshTarget[],
  system: DateSystem,
  opts: RefreshOptions = {},
): Promise<{ syncs: number; tables: RefreshedTable[]; lines: Box[] }> {
  const { located, read, syncs: readSyncs } = await readTables(context, sheet, targets, opts);
  targets = targets.map((t) => ({
    ...t,
    previous: t.previousFrom ? t.previousFrom() : t.previous,
    table: tableInSystem(t.table, system),
  }));
  const { plans, problems } = planTables(targets, located);
  if (problems.length) refuse(problems, "after");
  const lines = typeof opts.lines === "function" ? opts.lines(plans.map((p) => p.old)) : (opts.lines ?? []);
  const statusAt = opts.status?.(plans.map((p) => p.old));
  const extra = statusAt ? [{ ...statusAt, rows: 1, cols: 1 }] : [];
  const fromRead = read ? snapshotFromRead(read, plans, lines, extra) : null;
  const {
    snap,
    r1c1,
    beside,
    syncs: snapped,
  } = fromRead ? { ...fromRead, syncs: 0 } : await snapshotFor(context, sheet, plans, lines, extra);
  const syncs = readSyncs + snapped;
  const status: StatusCell | null = statusAt
    ? {
        cell: sheet.getRange(a1(statusAt.row, statusAt.col)),
        value: snap.formulas[statusAt.row - snap.row]?.[statusAt.col - snap.col],
      }
    : null;
  const kept = planWork(plans, snap, r1c1, beside);
  if (kept.length) refuse(kept, "after");
  const shaping: Shaping = { columns: new Set(), rows: new Set(), failedIn: undefined };
  try {
    const shaped = await reshape(context, sheet, plans, shaping);
    const result = await writeAll(context, sheet, plans, lines, snap, shaped, status, shaping, opts);
    return { syncs: syncs + shaped.syncs + result.syncs, tables: result.tables, lines: result.lines };
  } catch (err) {
    await undoShapes(context, sheet, plans, shaping)
      .then(() => restoreSnapshot(context, sheet, snap))
      .catch((restoreErr: unknown) => {
        throw new Error(
          `${err instanceof Error ? err.message : String(err)}; restoring the previous data also failed: ${restoreErr instanceof Error ? restoreErr.message : String(restoreErr)}`,
        );
      });
    throw err;
  }
}
