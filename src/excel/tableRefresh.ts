/**
 * Refresh: new data written into existing tables in place. Each table keeps its name and its place,
 * resized, so formulas, charts and pivots that point at it keep pointing at it; the columns and the
 * formats the planner added are kept (plannerWork.ts); the planner's cells beside or below are never
 * overwritten. Everything the refresh may touch is read first (in chunks under the 5 MB answer
 * limit), and if any step fails the old cells, formats, bold and links are written back exactly.
 */
import type { TypedTable } from "../api/table";
import { TEXT_FORMAT } from "./cellFormats";
import {
  bulkRowBytes,
  callBytes,
  cellBytes,
  chunkFixedBytes,
  DEFAULT_CHUNK_BUDGET,
  planChunks,
  rowBytes,
} from "./chunkPlan";
import { errorCode, type ExcelHost } from "./host";
import { fillChunks, SyncBatch } from "./syncBatch";
import { ownColumns, plannerWork, type KeptWork, type OldTable, type WrittenColumn } from "./plannerWork";
import {
  a1,
  bodyFormats,
  checkFits,
  HYPERLINK_CAP,
  prepare,
  queueRecalculation,
  queueTextLines,
  queueTotalsAndWidths,
  SET_CALL,
  setColumnFormats,
  tableHeaders,
  writeRows,
  writtenColumns,
  type LineCell,
  type TableLayout,
} from "./tableWriter";

export interface RefreshTarget {
  tableName: string;
  table: TypedTable;
  /** What the add-in wrote last time (from the report definition), to tell its work from the planner's. */
  previous?: { columns?: WrittenColumn[]; rowCount?: number };
}

/** Lines the refresh rewrites (a summary block, a show sheet's key metrics), in a region that is the add-in's. */
export interface LinesBlock {
  row: number;
  col: number;
  /** Columns the block owns, or "leading": the old lines from `col` up to their first gap, and the new ones. */
  width: number | "leading";
  /** Rows the block may use; longer content ends with a line saying how many were left out. */
  room: number;
  lines: LineCell[][];
  /** Rows (within the block) whose first cell is a bold label. */
  boldRows?: number[];
}

export interface RefreshedTable {
  tableName: string;
  rows: number;
  columns: number;
  truncatedCells: number;
  hyperlinks: number;
  written: WrittenColumn[];
  /** The planner's work that was kept: calculated and static columns, formats on the report's columns. */
  kept: { calculated: string[]; static: string[]; formats: string[] };
}

type Rect = { row: number; col: number; rows: number; cols: number };

const contains = (r: Rect, row: number, col: number) =>
  row >= r.row && row < r.row + r.rows && col >= r.col && col < r.col + r.cols;
const isEmptyCell = (v: unknown): boolean => v === "" || v === null || v === undefined;

/** Lines that fit `room` rows: all, or what fits and a last line saying how many were left out. */
function fitLines(lines: LineCell[][], room: number): LineCell[][] {
  if (lines.length <= room) return lines;
  if (room <= 0) return [];
  const shown = lines.slice(0, room - 1);
  return [...shown, [`… ${lines.length - shown.length} more lines not shown`]];
}

/** How many cells of a row, from its start, are filled before the first empty one. */
function leadingWidth(row: readonly unknown[]): number {
  const gap = row.findIndex(isEmptyCell);
  return gap < 0 ? row.length : gap;
}

/**
 * What to write back to restore each cell: its formula, or its value; text in a cell that is not
 * Text-formatted gets Excel's apostrophe prefix, so "00123" comes back as text, not 123.
 */
function restorable(before: {
  formulas: unknown[][];
  values: unknown[][];
  numberFormat: unknown[][];
}): unknown[][] {
  return before.formulas.map((row, i) =>
    row.map((f, j) =>
      typeof f === "string" &&
      f !== "" &&
      f === before.values[i][j] &&
      before.numberFormat[i][j] !== TEXT_FORMAT
        ? `'${f}`
        : f,
    ),
  );
}

/** What a snapshot read may answer: the request budget's size (5 MB less headroom for the answer's envelope). */
const READ_BUDGET = DEFAULT_CHUNK_BUDGET;
/** The first read is sized on a guess, so it aims lower (a miss costs a refused sync and two reads). */
const FIRST_READ_SHARE = 0.8;

/**
 * A guess of the bytes one span row weighs in a snapshot answer (formulas, values, number formats),
 * from the new data: each value twice (formula and value), a format of ~12 bytes a cell.
 */
function answerBytesPerRow(plans: readonly Plan[], spanCols: number): number {
  let bytes = 0;
  let rows = 0;
  for (const p of plans) {
    const sample = p.target.table.rows.slice(0, 1000);
    for (const row of sample) bytes += 2 * rowBytes(row);
    rows += sample.length;
  }
  return Math.max(16, (rows ? bytes / rows : 0) + 2 * spanCols + 12 * spanCols + 8);
}

interface Snapshot {
  /** Top-left of the span. */
  row: number;
  col: number;
  formulas: unknown[][];
  values: unknown[][];
  numberFormat: unknown[][];
  /** Bold state of the rows a refresh can make bold or not (totals rows, labels), by span row. */
  bold: Map<number, boolean[]>;
  links: Map<string, string>;
  tables: { tableName: string; address: string }[];
}

interface Plan {
  target: RefreshTarget;
  layout: TableLayout;
  old: Rect;
  next: Rect;
  headers: string[];
  kept: KeptWork;
  sorted: boolean;
  filtered: boolean;
}

export async function refreshTables(
  excel: ExcelHost,
  sheetName: string,
  targets: readonly RefreshTarget[],
  opts: {
    /** The lines blocks, or a function of where the tables are (a summary sits above its table). */
    lines?: readonly LinesBlock[] | ((tables: readonly { row: number; col: number }[]) => LinesBlock[]);
    /** Queues more writes (e.g. the updated report definition) into the last sync, so they commit with the data. */
    commit?: (sheet: Excel.Worksheet) => void;
  } = {},
): Promise<{ syncs: number; tables: RefreshedTable[] }> {
  return excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(sheetName);
    let syncs = 0;
    // 1. Where each table is, its header, its sort and filter.
    const found = targets.map((target) => {
      const t = sheet.tables.getItem(target.tableName);
      const range = t.getRange();
      range.load("rowIndex,columnIndex,rowCount,columnCount,address");
      const header = t.getHeaderRowRange();
      header.load("values");
      // sort and autoFilter are navigation properties: they need no load of their own.
      // eslint-disable-next-line office-addins/call-sync-before-read, office-addins/load-object-before-read
      const sort = t.sort;
      sort.load("fields");
      // eslint-disable-next-line office-addins/call-sync-before-read, office-addins/load-object-before-read
      const filter = t.autoFilter;
      filter.load("isDataFiltered");
      return { target, t, range, header, sort, filter };
    });
    await context.sync();
    syncs++;
    const plans: Plan[] = found.map(({ target, range, header, sort, filter }) => {
      const old = {
        row: range.rowIndex,
        col: range.columnIndex,
        rows: range.rowCount,
        cols: range.columnCount,
      };
      const headers = header.values[0].map((h) => String(h));
      const own = ownColumns(target.previous?.columns, tableHeaders(target.table.columns), headers);
      const plannerCount = headers.filter((h) => !own.has(h.toLowerCase())).length;
      checkFits(target.table, old.row, old.col, plannerCount);
      const bodyRows = Math.max(1, target.table.rows.length);
      return {
        target,
        layout: { sheetName, tableName: target.tableName, headerRow: old.row, col: old.col },
        old,
        next: {
          row: old.row,
          col: old.col,
          rows: bodyRows + 1,
          cols: target.table.columns.length + plannerCount,
        },
        headers,
        kept: { planner: [], formats: new Map(), problems: [] },
        sorted: sort.fields.length > 0,
        filtered: filter.isDataFiltered,
      };
    });
    // 2. The span: every cell the refresh may touch (old and new extents, the row under each, the lines).
    const lines = typeof opts.lines === "function" ? opts.lines(plans.map((p) => p.old)) : (opts.lines ?? []);
    const bottomOf = (p: Plan) =>
      Math.max(p.old.row + p.old.rows + 1, p.next.row + p.next.rows + (p.target.table.totals ? 1 : 0));
    const rightOf = (p: Plan) => Math.max(p.old.col + p.old.cols, p.next.col + p.next.cols);
    const top = Math.min(...plans.map((p) => p.old.row), ...lines.map((l) => l.row));
    const left = Math.min(...plans.map((p) => p.old.col), ...lines.map((l) => l.col));
    const bottom = Math.max(...plans.map(bottomOf), ...lines.map((l) => l.row + Math.max(l.room, 1)));
    const right = Math.max(
      ...plans.map(rightOf),
      ...lines.map(
        (l) => l.col + (l.width === "leading" ? Math.max(0, ...l.lines.map((x) => x.length)) : l.width),
      ),
    );
    const spanRows = bottom - top;
    const spanCols = right - left;
    const snap: Snapshot = {
      row: top,
      col: left,
      formulas: [],
      values: [],
      numberFormat: [],
      bold: new Map(),
      links: new Map(),
      tables: plans.map((p) => ({
        tableName: p.target.tableName,
        address: a1(p.old.row, p.old.col, p.old.rows, p.old.cols),
      })),
    };
    // Rows are read in chunks sized to fill each answer close to the 5 MB limit: the bytes a row
    // weighs are first guessed from the new data (a report's rows change little between refreshes),
    // then measured on the rows already read; an answer that still comes out too big is read in halves.
    let readBytes = 0;
    // The bold of the rows a refresh can change rides with the first read; if that sync is refused,
    // its answer is lost and the bold is read again with the links.
    const boldRows = new Set<number>();
    for (const p of plans) {
      boldRows.add(p.old.row + p.old.rows);
      if (p.target.table.totals) boldRows.add(p.next.row + p.next.rows);
    }
    for (const l of lines) for (const r of l.boldRows ?? []) boldRows.add(l.row + r);
    const queueBoldProbes = () =>
      [...boldRows].map((r) => {
        const props = sheet
          .getRange(a1(r, left, 1, spanCols))
          .getCellProperties({ format: { font: { bold: true } } });
        return { r, props };
      });
    let boldProbes = queueBoldProbes();
    let boldState = "queued" as "queued" | "read" | "lost";
    const readRows = async (start: number, count: number): Promise<void> => {
      const part = sheet.getRange(a1(top + start, left, count, spanCols));
      part.load("formulas,values,numberFormat");
      try {
        await context.sync();
        if (boldState === "queued") boldState = "read";
      } catch (err) {
        if (boldState === "queued") boldState = "lost";
        // Long text cells can make even a chunk's answer too big: read its rows in halves.
        if (count > 1 && errorCode(err) === "ResponsePayloadSizeLimitExceeded") {
          const half = Math.ceil(count / 2);
          await readRows(start, half);
          await readRows(start + half, count - half);
          return;
        }
        throw err;
      }
      syncs++;
      // One row at a time: spreading a chunk of 100,000 rows into push() overflows the stack.
      const { formulas, values, numberFormat } = part;
      for (let i = 0; i < count; i++) {
        snap.formulas.push(formulas[i]);
        snap.values.push(values[i]);
        snap.numberFormat.push(numberFormat[i]);
        readBytes += rowBytes(formulas[i]) + rowBytes(values[i]) + rowBytes(numberFormat[i]);
      }
    };
    const guess = answerBytesPerRow(plans, spanCols);
    for (let start = 0; start < spanRows;) {
      const perRow = start > 0 ? readBytes / start : guess;
      const target = start > 0 ? READ_BUDGET : READ_BUDGET * FIRST_READ_SHARE;
      const count = Math.min(spanRows - start, Math.max(1, Math.floor(target / perRow)));
      await readRows(start, count);
      start += count;
    }
    const at = (row: number, col: number) => snap.formulas[row - top]?.[col - left];

    // 3. The add-in's own cells before the refresh, and the cells its new data needs.
    const leadingWidths = new Map<LinesBlock, number>();
    for (const l of lines) {
      if (l.width !== "leading") continue;
      let w = Math.max(0, ...l.lines.map((x) => x.length));
      for (let r = l.row; r < l.row + l.room + 1; r++)
        w = Math.max(w, leadingWidth((snap.formulas[r - top] ?? []).slice(l.col - left)));
      leadingWidths.set(l, w);
    }
    const lineRect = (l: LinesBlock): Rect => ({
      row: l.row,
      col: l.col,
      rows: l.room + (l.width === "leading" ? 1 : 0),
      cols: l.width === "leading" ? (leadingWidths.get(l) ?? 0) : l.width,
    });
    const ownBefore: Rect[] = [
      ...plans.flatMap((p) => [
        p.old,
        { row: p.old.row + p.old.rows, col: p.old.col, rows: 1, cols: p.old.cols },
      ]),
      ...lines.map(lineRect),
    ];
    const needed: Rect[] = [
      ...plans.map((p) => ({ ...p.next, rows: p.next.rows + (p.target.table.totals ? 1 : 0) })),
      ...lines.map(lineRect),
    ];
    for (const need of needed)
      for (let r = need.row; r < need.row + need.rows; r++)
        for (let c = need.col; c < need.col + need.cols; c++) {
          if (isEmptyCell(at(r, c)) || ownBefore.some((o) => contains(o, r, c))) continue;
          throw new Error(
            `the new data needs ${a1(r, c)}, which holds other data outside the report table; move it, then refresh again (nothing was changed)`,
          );
        }

    // 4. The planner's work: columns added to the table, formats on the report's columns.
    const plannerR1C1 = plans.map((p) => {
      const own = ownColumns(p.target.previous?.columns, tableHeaders(p.target.table.columns), p.headers);
      return p.headers
        .map((h, j) => ({ h, j }))
        .filter(({ h }) => !own.has(h.toLowerCase()))
        .map(({ j }) => {
          const r = sheet.getRange(a1(p.old.row + 1, p.old.col + j, Math.max(1, p.old.rows - 1), 1));
          r.load("formulasR1C1");
          return { j, r };
        });
    });
    if (plannerR1C1.some((list) => list.length)) {
      await context.sync();
      syncs++;
    }
    plans.forEach((p, i) => {
      const slice = (grid: unknown[][]) =>
        grid
          .slice(p.old.row + 1 - top, p.old.row + p.old.rows - top)
          .map((row) => row.slice(p.old.col - left, p.old.col - left + p.old.cols));
      const old: OldTable = {
        headers: p.headers,
        formulas: slice(snap.formulas),
        values: slice(snap.values),
        numberFormat: slice(snap.numberFormat),
        r1c1: new Map(plannerR1C1[i].map(({ j, r }) => [j, r.formulasR1C1.map((row) => row[0])])),
        firstRowNumber: p.old.row + 2,
      };
      p.kept = plannerWork(
        old,
        p.target.table,
        tableHeaders(p.target.table.columns),
        p.target.previous,
        p.next.rows - 1,
      );
    });
    const problems = plans.flatMap((p) =>
      p.kept.problems.map((m) => (plans.length > 1 ? `${p.target.tableName}: ${m}` : m)),
    );
    if (problems.length)
      throw new Error(
        `the refresh would lose the planner's work: ${problems.join("; ")}; then refresh again (nothing was changed)`,
      );

    // 5. The links of cells that hold URL text (and the bold, if its read was lost).
    const linkProbes: [number, number, Excel.Range][] = [];
    snap.formulas.forEach((row, i) =>
      row.forEach((v, j) => {
        if (typeof v === "string" && /^https?:\/\//i.test(v) && linkProbes.length < HYPERLINK_CAP) {
          const cell = sheet.getRange(a1(top + i, left + j));
          cell.load("hyperlink");
          linkProbes.push([i, j, cell]);
        }
      }),
    );
    if (boldState !== "read") boldProbes = queueBoldProbes();
    if (linkProbes.length || boldState !== "read") {
      await context.sync();
      syncs++;
    }
    for (const { r, props } of boldProbes)
      snap.bold.set(
        r - top,
        props.value[0].map((c) => Boolean(c.format?.font?.bold)),
      );
    for (const [i, j, cell] of linkProbes) {
      const address = cell.hyperlink?.address;
      if (address) snap.links.set(`${i},${j}`, address);
    }
    const restoreTo = { ...snap, formulas: restorable(snap) };

    // 6. The write. On any failure the snapshot goes back.
    const results: RefreshedTable[] = [];
    const batch = new SyncBatch(context);
    try {
      context.workbook.application.suspendApiCalculationUntilNextSync();
      // What goes before the rows (clears, lines, resizes, headers, formats) is queued with the first
      // of them: its planned bytes are counted so that sync still stays under the limit.
      batch.add(
        lines.reduce(
          (n, l) => n + l.lines.reduce((m, line) => m + callBytes("A1:XFD1", 2 * rowBytes(line)), 0),
          0,
        ) +
          plans.reduce(
            (n, p) => n + callBytes("A1:XFD1", 2 * rowBytes(p.headers)) + (p.next.cols + 12) * SET_CALL,
            0,
          ),
      );
      for (const p of plans) {
        const extent = {
          row: p.old.row,
          col: p.old.col,
          rows: Math.max(p.old.rows + 1, p.next.rows + (p.target.table.totals ? 1 : 0)),
          cols: Math.max(p.old.cols, p.next.cols),
        };
        const region = sheet.getRange(a1(extent.row, extent.col, extent.rows, extent.cols));
        region.clear("Contents");
        // Contents keep their links in Excel: a cell whose new value is not a URL would still link.
        region.clear("Hyperlinks");
        // What lay below the new rows (old rows, an old totals row) loses the formats and bold it had.
        const newBottom = p.next.row + p.next.rows + (p.target.table.totals ? 1 : 0);
        const oldBottom = p.old.row + p.old.rows + 1;
        if (oldBottom > newBottom)
          sheet.getRange(a1(newBottom, p.old.col, oldBottom - newBottom, p.old.cols)).clear("Formats");
        else if (
          snap.bold.get(p.old.row + p.old.rows - top)?.some(Boolean) &&
          (!p.target.table.totals || p.old.rows !== p.next.rows)
        )
          sheet.getRange(a1(p.old.row + p.old.rows, p.old.col, 1, p.old.cols)).format.font.bold = false;
      }
      for (const l of lines) {
        const rect = lineRect(l);
        if (rect.cols > 0) {
          const region = sheet.getRange(a1(rect.row, rect.col, rect.rows, rect.cols));
          region.clear("Contents");
          region.clear("Hyperlinks");
          if (l.boldRows?.length) region.format.font.bold = false;
        }
        const shown = fitLines(l.lines, l.room);
        queueTextLines(sheet, l.row, shown, l.col);
        for (const r of l.boldRows ?? [])
          if (r < shown.length) sheet.getRange(a1(l.row + r, l.col)).format.font.bold = true;
      }
      const prepared = plans.map((p) => prepare(p.target.table));
      for (const [i, p] of plans.entries()) {
        const t = found[i].t;
        t.resize(a1(p.next.row, p.next.col, p.next.rows, p.next.cols));
        // The table's style is left alone: Excel keeps it through a resize, and one the planner chose is theirs.
        const header = sheet.getRange(a1(p.next.row, p.next.col, 1, p.next.cols));
        header.numberFormat = [Array<string>(p.next.cols).fill(TEXT_FORMAT)];
        header.values = [[...prepared[i].headers, ...p.kept.planner.map((c) => c.name)]];
        setColumnFormats(sheet, p.layout, bodyFormats(p.target.table, p.kept.formats), p.next.rows - 1);
        p.kept.planner.forEach((c, k) => {
          if (c.calculated === undefined) return;
          sheet.getRange(
            a1(p.next.row + 1, p.next.col + p.target.table.columns.length + k, p.next.rows - 1, 1),
          ).numberFormat = c.format as unknown as string[][];
        });
      }
      for (const [i, p] of plans.entries()) {
        await writeRows(context, sheet, p.layout, prepared[i], p.target.table.columns.length, batch);
        await writePlannerColumns(sheet, p, batch);
      }
      // Tables stacked in the same columns (a show sheet's) share widths: each column gets the
      // widest any of them needs (the last table queued sets the widest so far), so no table's
      // headers are cut by a later one's narrower fit.
      const widths = new Map<number, number>();
      for (const [i, p] of plans.entries()) {
        const formats = bodyFormats(p.target.table, p.kept.formats);
        await queueTotalsAndWidths(sheet, p.layout, p.target.table, formats, batch, widths);
        if (p.sorted) found[i].t.sort.reapply();
        if (p.filtered) found[i].t.autoFilter.reapply();
        results.push({
          tableName: p.target.tableName,
          rows: p.target.table.rows.length,
          columns: p.target.table.columns.length,
          truncatedCells: prepared[i].truncated,
          hyperlinks: prepared[i].links.length,
          // The add-in's own formats, so a planner's stays recognisable next time.
          written: writtenColumns(p.target.table),
          kept: {
            calculated: p.kept.planner.filter((c) => c.calculated !== undefined).map((c) => c.name),
            static: p.kept.planner.filter((c) => c.calculated === undefined).map((c) => c.name),
            formats: [...p.kept.formats.keys()].map((c) => prepared[i].headers[c]),
          },
        });
      }
      // The commit and the recalculation ride in the headroom every sync keeps (chunkPlan.ts).
      opts.commit?.(sheet);
      queueRecalculation(context);
      await batch.sync();
      syncs += batch.syncs;
    } catch (err) {
      await restore(
        context,
        sheet,
        found.map((f) => f.t),
        restoreTo,
        spanCols,
      ).catch((restoreErr: unknown) => {
        throw new Error(
          `${err instanceof Error ? err.message : String(err)}; restoring the previous data also failed: ${restoreErr instanceof Error ? restoreErr.message : String(restoreErr)}`,
        );
      });
      throw err;
    }
    return { syncs, tables: results };
  });
}

/** Queues the planner's columns of one table into `batch`: calculated ones filled, static ones row by row. */
async function writePlannerColumns(sheet: Excel.Worksheet, p: Plan, batch: SyncBatch): Promise<void> {
  const first = p.next.col + p.target.table.columns.length;
  const bodyRows = p.next.rows - 1;
  for (const [k, c] of p.kept.planner.entries()) {
    const col = first + k;
    const contents = c.cells
      ? c.cells.map((x) => [x.content])
      : Array.from({ length: bodyRows }, () => [c.calculated]);
    const formats = c.cells ? c.cells.map((x) => [x.format]) : null;
    const costs = contents.map(
      (row, r) => rowBytes(row) + bulkRowBytes(1) + (formats ? rowBytes(formats[r]) + bulkRowBytes(1) : 0),
    );
    await fillChunks(batch, costs, chunkFixedBytes(formats ? 2 : 1), (start, end) => {
      const range = sheet.getRange(a1(p.next.row + 1 + start, col, end - start, 1));
      // The format first: a Text cell must be Text before its text arrives.
      if (formats) range.numberFormat = formats.slice(start, end) as string[][];
      range.formulasR1C1 = contents.slice(start, end) as string[][];
    });
  }
}

/** Puts a snapshot back, in chunks under the payload limit: tables' extents, cells and formats, bold, links. */
async function restore(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  tables: readonly Excel.Table[],
  snap: Snapshot,
  width: number,
): Promise<void> {
  tables.forEach((t, i) => t.resize(snap.tables[i].address));
  // Values and formats first: they are what matters, and must not wait on anything that can fail.
  const costs = snap.formulas.map(
    (row, i) => rowBytes(row) + rowBytes(snap.numberFormat[i]) + 2 * bulkRowBytes(width),
  );
  for (const chunk of planChunks(costs, DEFAULT_CHUNK_BUDGET, chunkFixedBytes(2))) {
    const r = sheet.getRange(a1(snap.row + chunk.start, snap.col, chunk.end - chunk.start, width));
    r.numberFormat = snap.numberFormat.slice(chunk.start, chunk.end) as string[][];
    r.formulas = snap.formulas.slice(chunk.start, chunk.end) as (string | number | boolean)[][];
    // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one sync per chunk
    await context.sync();
  }
  // Bold where the refresh could have changed it (totals rows, labels), cell by cell as it was.
  for (const [i, bold] of snap.bold)
    bold.forEach((b, j) => (sheet.getRange(a1(snap.row + i, snap.col + j)).format.font.bold = b));
  // Then the links: every link in the span goes (ClearApplyTo.hyperlinks keeps text and formats),
  // and the previous ones are set again with their display text.
  sheet.getRange(a1(snap.row, snap.col, snap.formulas.length, width)).clear("Hyperlinks");
  await context.sync();
  const links = [...snap.links].map(([key, address]) => {
    const [i, j] = key.split(",").map(Number);
    return { i, j, address };
  });
  const linkBytes = links.map((l) => callBytes("XFD1048576", cellBytes(l.address) * 2 + 32));
  for (const chunk of planChunks(linkBytes)) {
    for (const { i, j, address } of links.slice(chunk.start, chunk.end)) {
      const value = snap.formulas[i]?.[j];
      sheet.getRange(a1(snap.row + i, snap.col + j)).hyperlink = {
        address,
        textToDisplay: typeof value === "string" ? value.replace(/^'/, "") : address,
      };
    }
    // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one sync per chunk
    await context.sync();
  }
  queueRecalculation(context);
  await context.sync();
}

/**
 * Refreshes a report sheet's table (its header row stays where it is) and the summary block above
 * the header: all of it when it fits, else what fits and a line saying how many lines were left out.
 */
export async function rewriteTable(
  excel: ExcelHost,
  layout: { sheetName: string; tableName: string },
  table: TypedTable,
  opts: {
    commit?: (sheet: Excel.Worksheet) => void;
    previous?: RefreshTarget["previous"];
    /** The report's status line, in the sheet's first row (sheets made before it have none). */
    statusLine?: string;
  } = {},
): Promise<RefreshedTable & { sheetName: string; syncs: number }> {
  const { syncs, tables } = await refreshTables(
    excel,
    layout.sheetName,
    [{ tableName: layout.tableName, table, previous: opts.previous }],
    {
      lines: ([at]): LinesBlock[] => {
        const summary = table.summary ?? [];
        if (opts.statusLine === undefined)
          return at.row > 0
            ? [{ row: 0, col: at.col, width: "leading", room: at.row - 1, lines: summary }]
            : [];
        return [
          { row: 0, col: at.col, width: "leading", room: 1, lines: [[opts.statusLine]] },
          ...(at.row > 2
            ? [{ row: 1, col: at.col, width: "leading" as const, room: at.row - 2, lines: summary }]
            : []),
        ];
      },
      commit: opts.commit,
    },
  );
  return { ...tables[0], sheetName: layout.sheetName, syncs };
}
