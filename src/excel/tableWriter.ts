/**
 * Writes a TypedTable as an Excel table: header row, rows in chunks that keep every sync under the
 * 5 MB request limit, calculation suspended while writing, one number format per column set before
 * any value (text columns as text, so nothing from the service can become a formula), URLs as
 * hyperlinks (up to a cap), over-long text cut with a visible marker, frozen header, fitted widths.
 */
import type { TypedTable } from "../api/table";
import { cellValue, columnFormat, fittedWidth, MAX_CELL_CHARS, TEXT_FORMAT } from "./cellFormats";
import { CALL_BYTES, callBytes, cellBytes, DEFAULT_CHUNK_BUDGET, planChunks, rowBytes } from "./chunkPlan";
import { errorCode, type ExcelHost } from "./host";
import { columnName } from "./columnName";

export const MAX_SHEET_ROWS = 1_048_576;
export const MAX_SHEET_COLS = 16_384;
/** Each hyperlink is its own call; past this many, URLs stay plain text. */
export const HYPERLINK_CAP = 5000;

export interface WriteResult {
  sheetName: string;
  tableName: string;
  rows: number;
  columns: number;
  syncs: number;
  truncatedCells: number;
  hyperlinks: number;
}

export interface TableLayout {
  sheetName: string;
  tableName: string;
  /** Zero-based row of the header. */
  headerRow: number;
}

export function a1(row: number, col: number, rows = 1, cols = 1): string {
  const start = `${columnName(col)}${row + 1}`;
  return rows === 1 && cols === 1 ? start : `${start}:${columnName(col + cols - 1)}${row + rows}`;
}

/** Refuses, before anything is written, a table that would not fit the sheet. */
export function checkFits(table: TypedTable, headerRow: number): void {
  const rowsNeeded = headerRow + 1 + Math.max(1, table.rows.length) + (table.totals ? 1 : 0);
  if (table.columns.length === 0) throw new Error("The result has no columns: nothing to write");
  if (table.columns.length > MAX_SHEET_COLS) {
    throw new Error(
      `The result has ${table.columns.length} columns; a sheet holds at most ${MAX_SHEET_COLS}. Choose fewer fields.`,
    );
  }
  if (rowsNeeded > MAX_SHEET_ROWS) {
    throw new Error(
      `The result has ${table.rows.length.toLocaleString("en-US")} rows; a sheet holds at most ${MAX_SHEET_ROWS.toLocaleString("en-US")} (with the header). Narrow the date range or group by week or month.`,
    );
  }
}

interface Prepared {
  /** The header names as written: cut to the cell limit and unique, as Excel would make them. */
  headers: string[];
  values: (string | number | boolean)[][];
  /**
   * Per row, the cells whose value needs another format than their column's, as [col, format]:
   * "@" for text in a non-text column (Excel would read "00123", "3/4" or "=x" as typed), "General"
   * for a number or boolean in a text column (it would become text).
   */
  exceptions: Map<number, [number, string][]>;
  links: [number, number, string][];
  /** JSON bytes each row adds to its chunk's sync: its values and its format and link calls. */
  rowBytes: number[];
  truncated: number;
}

/** Header names Excel keeps as written: text, never empty, unique ignoring case, within the cell limit. */
export function tableHeaders(columns: readonly { name: string }[]): string[] {
  const seen = new Set<string>();
  return columns.map((c, j) => {
    const base = cellValue(c.name).value || `Column${j + 1}`;
    let name = String(base);
    for (let k = 2; seen.has(name.toLowerCase()); k++) {
      const suffix = String(k);
      name = `${String(base).slice(0, MAX_CELL_CHARS - suffix.length)}${suffix}`;
    }
    seen.add(name.toLowerCase());
    return name;
  });
}

/** The format a cell needs when its value's type does not fit its column's format, else null. */
function exceptionFormat(value: string | number | boolean, textColumn: boolean): string | null {
  if (value === "") return null;
  if (typeof value === "string") return textColumn ? null : TEXT_FORMAT;
  return textColumn ? "General" : null;
}

/** One call per exception cell, or one numberFormat row (nulls elsewhere) when that is lighter. */
function exceptionCost(row: number, exceptions: [number, string][], width: number): number {
  const perCell = exceptions.length * callBytes("XFD1048576", 8);
  const perRow = callBytes(`A${row}:XFD${row}`, width * 5 + 8);
  return Math.min(perCell, perRow);
}

function prepare(table: TypedTable, firstRow: number): Prepared {
  let truncated = 0;
  const exceptions = new Map<number, [number, string][]>();
  const links: [number, number, string][] = [];
  const rowCost: number[] = [];
  const width = table.columns.length;
  const textColumn = table.columns.map((c) => columnFormat(c) === TEXT_FORMAT);
  const urlColumn = table.columns.map((c) => c.kind === "url");
  const values = table.rows.map((row, r) => {
    let bytes = 0;
    let own: [number, string][] | undefined;
    const out = table.columns.map((_, c) => {
      const { value, truncated: cut } = cellValue(row[c] ?? null);
      if (cut) truncated++;
      const format = exceptionFormat(value, textColumn[c]);
      if (format) (own ??= []).push([c, format]);
      if (
        urlColumn[c] &&
        typeof value === "string" &&
        /^https?:\/\//i.test(value) &&
        links.length < HYPERLINK_CAP
      ) {
        links.push([r, c, value]);
        bytes += callBytes("XFD1048576", cellBytes(value) * 2 + 32);
      }
      return value;
    });
    if (own) {
      exceptions.set(r, own);
      bytes += exceptionCost(firstRow + r, own, width);
    }
    rowCost.push(bytes + rowBytes(out));
    return out;
  });
  return { headers: tableHeaders(table.columns), values, exceptions, links, rowBytes: rowCost, truncated };
}

/** Queues the format exceptions of body row `r` (sheet row `sheetRow`). */
function queueExceptions(
  sheet: Excel.Worksheet,
  sheetRow: number,
  list: [number, string][],
  width: number,
): void {
  const perCell = list.length * callBytes("XFD1048576", 8);
  const perRow = callBytes(`A${sheetRow + 1}:XFD${sheetRow + 1}`, width * 5 + 8);
  if (perCell <= perRow) {
    for (const [c, format] of list) sheet.getRange(a1(sheetRow, c)).numberFormat = [[format]];
    return;
  }
  const formats: (string | null)[] = new Array<string | null>(width).fill(null);
  for (const [c, format] of list) formats[c] = format;
  // null leaves a cell's format as it is (the column's).
  sheet.getRange(a1(sheetRow, 0, 1, width)).numberFormat = [formats] as string[][];
}

/** Calls every chunk's sync carries besides its rows: calculation suspended, the values call. */
const CHUNK_FIXED_BYTES = 2 * CALL_BYTES + 64;

/**
 * Writes the body rows of `table` under the header at `layout`, in planned chunks. The table object
 * must already span header + rows. Returns the number of syncs made.
 */
async function writeRows(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  layout: TableLayout,
  table: TypedTable,
  prepared: Prepared,
): Promise<number> {
  let syncs = 0;
  const width = table.columns.length;
  const chunks = planChunks(prepared.rowBytes, DEFAULT_CHUNK_BUDGET, CHUNK_FIXED_BYTES);
  let linkIndex = 0;
  for (const chunk of chunks) {
    context.workbook.application.suspendApiCalculationUntilNextSync();
    for (let r = chunk.start; r < chunk.end; r++) {
      const list = prepared.exceptions.get(r);
      if (list) queueExceptions(sheet, layout.headerRow + 1 + r, list, width);
    }
    sheet.getRange(a1(layout.headerRow + 1 + chunk.start, 0, chunk.end - chunk.start, width)).values =
      prepared.values.slice(chunk.start, chunk.end);
    while (linkIndex < prepared.links.length && prepared.links[linkIndex][0] < chunk.end) {
      const [r, c, url] = prepared.links[linkIndex++];
      sheet.getRange(a1(layout.headerRow + 1 + r, c)).hyperlink = { address: url, textToDisplay: url };
    }
    // One sync per planned chunk (each under the payload limit), never per row.
    // eslint-disable-next-line office-addins/no-context-sync-in-loop
    await context.sync();
    syncs++;
  }
  return syncs;
}

function setColumnFormats(
  sheet: Excel.Worksheet,
  layout: TableLayout,
  table: TypedTable,
  bodyRows: number,
): void {
  table.columns.forEach((col, c) => {
    sheet.getRange(a1(layout.headerRow + 1, c, bodyRows, 1)).numberFormat = columnFormat(
      col,
    ) as unknown as string[][];
  });
}

function writeTotalsAndWidths(sheet: Excel.Worksheet, layout: TableLayout, table: TypedTable): void {
  const width = table.columns.length;
  if (table.totals) {
    const row = layout.headerRow + 1 + Math.max(1, table.rows.length);
    const totals = sheet.getRange(a1(row, 0, 1, width));
    totals.numberFormat = [
      table.columns.map((c, i) => {
        const v = table.totals![i];
        const format = columnFormat(c);
        if (typeof v === "string") return TEXT_FORMAT;
        return format === TEXT_FORMAT ? "General" : format;
      }),
    ];
    totals.values = [table.totals.map((v) => cellValue(v).value)];
    totals.format.font.bold = true;
  }
  const sample = table.rows.slice(0, 200);
  table.columns.forEach((col, c) => {
    sheet.getRange(a1(layout.headerRow, c)).format.columnWidth = fittedWidth(
      col.name,
      sample.map((r) => r[c] ?? null),
      col.kind,
    );
  });
}

/**
 * Writes `table` as an Excel table whose header is at `headerRow` (column A) of `sheet`: header,
 * formats, the table object, then the rows in planned chunks (syncing), then totals and widths
 * (queued: the caller's next sync applies them). Returns the syncs made.
 */
export async function writeTableBlock(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  table: TypedTable,
  layout: TableLayout,
): Promise<{ syncs: number; prepared: Prepared }> {
  const prepared = prepare(table, layout.headerRow + 2);
  const width = table.columns.length;
  const bodyRows = Math.max(1, table.rows.length);
  context.workbook.application.suspendApiCalculationUntilNextSync();
  const header = sheet.getRange(a1(layout.headerRow, 0, 1, width));
  header.numberFormat = [table.columns.map(() => TEXT_FORMAT)];
  header.values = [prepared.headers];
  setColumnFormats(sheet, layout, table, bodyRows);
  const t = sheet.tables.add(a1(layout.headerRow, 0, bodyRows + 1, width), true);
  t.name = layout.tableName;
  t.style = "TableStyleLight9";
  await context.sync();
  const syncs = 1 + (await writeRows(context, sheet, layout, table, prepared));
  writeTotalsAndWidths(sheet, layout, table);
  return { syncs, prepared };
}

/**
 * Queues a recalculation for the caller's last sync: after suspendApiCalculationUntilNextSync the
 * add-in owns recalculation, so formulas over what was written would otherwise stay stale.
 */
export function queueRecalculation(context: Excel.RequestContext): void {
  context.workbook.application.calculate("Recalculate" as Excel.CalculationType);
}

/** A cell of a text line: text (written as text), a plain value, or a number with its format. */
export type LineCell = string | number | boolean | null | { value: number; format: string };

/** Writes lines (a summary block, labels, key metrics) from `row` down, column A on; text stays text. */
export function queueTextLines(
  sheet: Excel.Worksheet,
  row: number,
  lines: readonly (readonly LineCell[])[],
): void {
  lines.forEach((line, i) => {
    if (line.length === 0) return;
    const r = sheet.getRange(a1(row + i, 0, 1, line.length));
    r.numberFormat = [
      line.map((v) =>
        typeof v === "string" ? TEXT_FORMAT : v !== null && typeof v === "object" ? v.format : "General",
      ),
    ];
    r.values = [
      line.map((v) =>
        v === null ? "" : typeof v === "string" ? cellValue(v).value : typeof v === "object" ? v.value : v,
      ),
    ];
  });
}

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

/** Creates `sheetName` and writes the table (with its summary block above) into it. */
export async function writeNewTable(
  excel: ExcelHost,
  table: TypedTable,
  names: { sheetName: string; tableName: string },
): Promise<WriteResult> {
  const summary = table.summary ?? [];
  const layout: TableLayout = { ...names, headerRow: summary.length ? summary.length + 1 : 0 };
  checkFits(table, layout.headerRow);
  return withNewSheet(excel, names.sheetName, async (context, sheet) => {
    queueTextLines(sheet, 0, summary);
    sheet.freezePanes.freezeRows(layout.headerRow + 1);
    const { syncs, prepared } = await writeTableBlock(context, sheet, table, layout);
    sheet.activate();
    queueRecalculation(context);
    await context.sync();
    return {
      sheetName: names.sheetName,
      tableName: names.tableName,
      rows: table.rows.length,
      columns: table.columns.length,
      syncs: syncs + 1,
      truncatedCells: prepared.truncated,
      hyperlinks: prepared.links.length,
    };
  });
}

/** A copy of a table's cells, to put back exactly if a rewrite fails part-way. */
interface Snapshot {
  address: string;
  /** Formulas where the cells had them, values elsewhere. */
  formulas: unknown[][];
  numberFormat: unknown[][];
  tableAddress: string;
  /** Hyperlinks of the cells that held URL text (loaded one cell each, up to HYPERLINK_CAP), by "row,col" offset. */
  links: Map<string, string>;
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

function rangeOnly(address: string): string {
  return address.slice(address.lastIndexOf("!") + 1);
}

/**
 * A refreshed summary block in the rows above the header (the header stays where it is): all of it
 * when it fits, else what fits and a last line saying how many lines were left out.
 */
function fitSummary(
  lines: NonNullable<TypedTable["summary"]>,
  room: number,
): NonNullable<TypedTable["summary"]> {
  if (lines.length <= room) return lines;
  if (room === 0) return [];
  const shown = lines.slice(0, room - 1);
  return [...shown, [`… ${lines.length - shown.length} more summary lines not shown`]];
}

const isEmptyCell = (v: unknown): boolean => v === "" || v === null || v === undefined;

/** How many cells of a row, from column A, are filled before the first empty one. */
function leadingWidth(row: readonly unknown[]): number {
  const gap = row.findIndex(isEmptyCell);
  return gap < 0 ? row.length : gap;
}

/** The first non-empty cell of `cells` outside its top-left `ownRows` × `ownCols` block, as [row, col]. */
function firstForeignCell(
  cells: readonly (readonly unknown[])[],
  ownRows: number,
  ownCols: number,
): [number, number] | null {
  for (let r = 0; r < cells.length; r++)
    for (let c = 0; c < cells[r].length; c++) {
      if (r < ownRows && c < ownCols) continue;
      if (!isEmptyCell(cells[r][c])) return [r, c];
    }
  return null;
}

/** Cells read per sync when a table is snapshotted before a rewrite: ~50 bytes a cell stays well under 5 MB. */
const SNAPSHOT_CELLS_PER_SYNC = 50_000;

/**
 * Replaces the rows of an existing table in place (refresh): the table keeps its name and position,
 * resized, so formulas that reference it keep working. If any step fails, the previous cells are
 * written back exactly and the error is rethrown.
 */
export async function rewriteTable(
  excel: ExcelHost,
  layout: { sheetName: string; tableName: string },
  table: TypedTable,
  opts: {
    /** Queues more writes (e.g. the updated report definition) into the last sync, so they commit with the data. */
    commit?: (sheet: Excel.Worksheet) => void;
  } = {},
): Promise<WriteResult> {
  return excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem(layout.sheetName);
    const t = sheet.tables.getItem(layout.tableName);
    const range = t.getRange();
    range.load("address,rowIndex,columnIndex,rowCount,columnCount");
    await context.sync();
    if (range.columnIndex !== 0)
      throw new Error(`The table ${layout.tableName} must start in column A to be refreshed`);
    const full: TableLayout = { ...layout, headerRow: range.rowIndex };
    checkFits(table, full.headerRow);
    const prepared = prepare(table, full.headerRow + 2);
    const width = table.columns.length;
    const bodyRows = Math.max(1, table.rows.length);
    // Everything the rewrite may touch, from row 1: the summary block above the header (rewritten
    // too, so its dates follow a relative range), the old and new extent, a totals row below either.
    const summaryRoom = full.headerRow > 0 ? full.headerRow - 1 : 0;
    const summary = fitSummary(table.summary ?? [], summaryRoom);
    const oldRows = range.rowCount + 1;
    const spanRows = full.headerRow + Math.max(oldRows, bodyRows + 2);
    const spanCols = Math.max(range.columnCount, width, ...summary.map((line) => line.length));
    const span = a1(0, 0, spanRows, spanCols);
    // The snapshot is read in row chunks: a sync's answer is capped at 5 MB, as its request is.
    const before = {
      formulas: [] as unknown[][],
      values: [] as unknown[][],
      numberFormat: [] as unknown[][],
    };
    const rowsPerRead = Math.max(1, Math.floor(SNAPSHOT_CELLS_PER_SYNC / spanCols));
    let syncs = 1;
    const readRows = async (start: number, count: number): Promise<void> => {
      const part = sheet.getRange(a1(start, 0, count, spanCols));
      part.load("formulas,values,numberFormat");
      try {
        await context.sync();
      } catch (err) {
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
      before.formulas.push(...part.formulas);
      before.values.push(...part.values);
      before.numberFormat.push(...part.numberFormat);
    };
    for (let start = 0; start < spanRows; start += rowsPerRead)
      await readRows(start, Math.min(rowsPerRead, spanRows - start));
    // A bigger result must not overwrite the planner's own cells beside or below the report: the
    // table and the row under it (its totals row) are ours, anything else in the span must be empty.
    const foreign = firstForeignCell(
      before.formulas.slice(full.headerRow),
      range.rowCount + 1,
      range.columnCount,
    );
    if (foreign)
      throw new Error(
        `the new data needs ${a1(full.headerRow + foreign[0], foreign[1])}, which holds other data outside the report table; move it, then refresh again (nothing was changed)`,
      );
    // Hyperlinks are per cell: load them for the cells that hold URL text (a refresh may overwrite them).
    const linkProbes: [number, number, Excel.Range][] = [];
    before.formulas.forEach((row, i) =>
      row.forEach((v, j) => {
        if (typeof v === "string" && /^https?:\/\//i.test(v) && linkProbes.length < HYPERLINK_CAP) {
          const cell = sheet.getRange(a1(i, j));
          cell.load("hyperlink");
          linkProbes.push([i, j, cell]);
        }
      }),
    );
    if (linkProbes.length) {
      await context.sync();
      syncs++;
    }
    const links = new Map<string, string>();
    for (const [i, j, cell] of linkProbes) {
      const address = cell.hyperlink?.address;
      if (address) links.set(`${i},${j}`, address);
    }
    const snapshot: Snapshot = {
      address: span,
      formulas: restorable(before),
      numberFormat: before.numberFormat,
      tableAddress: rangeOnly(range.address),
      links,
    };
    // Above the header only the summary block is ours: the old one (its cells from column A up to
    // the first gap) and the new one; a planner's note beside it is left alone.
    const summaryWidth = Math.max(
      0,
      ...summary.map((line) => line.length),
      ...before.formulas.slice(0, full.headerRow).map(leadingWidth),
    );
    const regions = [a1(full.headerRow, 0, spanRows - full.headerRow, spanCols)];
    if (full.headerRow > 0 && summaryWidth > 0) regions.push(a1(0, 0, full.headerRow, summaryWidth));
    try {
      context.workbook.application.suspendApiCalculationUntilNextSync();
      for (const region of regions) {
        sheet.getRange(region).clear("Contents");
        // Contents keep their links in Excel: without this, a cell whose new value is not a URL
        // would still link to the old address.
        sheet.getRange(region).clear("Hyperlinks");
      }
      queueTextLines(sheet, 0, summary);
      t.resize(a1(full.headerRow, 0, bodyRows + 1, width));
      const header = sheet.getRange(a1(full.headerRow, 0, 1, width));
      header.numberFormat = [table.columns.map(() => TEXT_FORMAT)];
      header.values = [prepared.headers];
      setColumnFormats(sheet, full, table, bodyRows);
      await context.sync();
      syncs++;
      syncs += await writeRows(context, sheet, full, table, prepared);
      writeTotalsAndWidths(sheet, full, table);
      opts.commit?.(sheet);
      queueRecalculation(context);
      await context.sync();
      syncs++;
    } catch (err) {
      await restore(context, sheet, t, snapshot).catch((restoreErr: unknown) => {
        throw new Error(
          `${err instanceof Error ? err.message : String(err)}; restoring the previous data also failed: ${restoreErr instanceof Error ? restoreErr.message : String(restoreErr)}`,
        );
      });
      throw err;
    }
    return {
      sheetName: layout.sheetName,
      tableName: layout.tableName,
      rows: table.rows.length,
      columns: width,
      syncs,
      truncatedCells: prepared.truncated,
      hyperlinks: prepared.links.length,
    };
  });
}

/** Puts a snapshot back, in chunks under the payload limit. */
async function restore(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  t: Excel.Table,
  snap: Snapshot,
): Promise<void> {
  const start = /^([A-Z]+)(\d+)/.exec(snap.address)!;
  const firstRow = Number(start[2]) - 1;
  const width = snap.formulas[0]?.length ?? 0;
  t.resize(snap.tableAddress);
  // Values and formats first: they are what matters, and must not wait on anything that can fail.
  const costs = snap.formulas.map((row, i) => rowBytes(row) + rowBytes(snap.numberFormat[i]));
  for (const chunk of planChunks(costs, DEFAULT_CHUNK_BUDGET, CHUNK_FIXED_BYTES)) {
    const r = sheet.getRange(a1(firstRow + chunk.start, 0, chunk.end - chunk.start, width));
    r.numberFormat = snap.numberFormat.slice(chunk.start, chunk.end) as string[][];
    r.formulas = snap.formulas.slice(chunk.start, chunk.end) as (string | number | boolean)[][];
    // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one sync per chunk
    await context.sync();
  }
  // Then the links: every link in the span goes (ClearApplyTo.hyperlinks keeps text and formats),
  // and the previous ones are set again with their display text.
  sheet.getRange(snap.address).clear("Hyperlinks");
  await context.sync();
  const links = [...snap.links].map(([key, address]) => {
    const [i, j] = key.split(",").map(Number);
    return { i, j, address };
  });
  const linkBytes = links.map((l) => callBytes("XFD1048576", cellBytes(l.address) * 2 + 32));
  for (const chunk of planChunks(linkBytes)) {
    for (const { i, j, address } of links.slice(chunk.start, chunk.end)) {
      const value = snap.formulas[i]?.[j];
      sheet.getRange(a1(firstRow + i, j)).hyperlink = {
        address,
        textToDisplay: typeof value === "string" ? value : address,
      };
    }
    // eslint-disable-next-line office-addins/no-context-sync-in-loop -- one sync per chunk
    await context.sync();
  }
  queueRecalculation(context);
  await context.sync();
}
