/**
 * Writes a TypedTable as an Excel table: header row, rows in chunks that keep every sync under the
 * 5 MB request limit (true JSON bytes), calculation suspended while writing, one number format per
 * column set before any value (text columns as text; any other string in a Text cell, so nothing
 * from the service is read as a number, a date or a formula), URLs as hyperlinks (up to a cap),
 * over-long text cut with a visible marker, fitted widths. A refresh (tableRefresh.ts) reuses these
 * blocks to write into an existing table.
 */
import type { CellValue, TypedTable } from "../api/table";
import { DEFAULT_STYLE } from "../reports/tableStyles";
import {
  cellValue,
  columnFormat,
  fittedWidth,
  formatOfColumn,
  MAX_CELL_CHARS,
  TEXT_FORMAT,
} from "./cellFormats";
import { bulkRowBytes, CALL_BYTES, callBytes, cellBytes, chunkFixedBytes, rowBytes } from "./chunkPlan";
import { columnName } from "./columnName";
import { fillChunks, SyncBatch } from "./syncBatch";
import type { WrittenColumn } from "./plannerWork";

const MAX_SHEET_ROWS = 1_048_576;
const MAX_SHEET_COLS = 16_384;
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
  /** The columns the add-in wrote and their body formats (kept in the report definition). */
  written: WrittenColumn[];
}

export interface TableLayout {
  sheetName: string;
  tableName: string;
  /** Zero-based row of the header. */
  headerRow: number;
  /** Zero-based column of the table's first column (A by default). */
  col?: number;
  /** The table's style (TableStyleLight9 by default). */
  style?: string;
}

export function a1(row: number, col: number, rows = 1, cols = 1): string {
  const start = `${columnName(col)}${row + 1}`;
  return rows === 1 && cols === 1 ? start : `${start}:${columnName(col + cols - 1)}${row + rows}`;
}

/**
 * Refuses, before anything is written, a table that would not fit the sheet: its rows, plus the
 * header, the rows above it (a report sheet's status line, summary and blank row) and a totals row,
 * must fit the sheet's 1,048,576 rows (docs/report-sheets.md, "Reports larger than a sheet").
 */
export function checkFits(table: TypedTable, headerRow: number, col = 0, extraColumns = 0): void {
  const width = table.columns.length + extraColumns;
  if (table.columns.length === 0) throw new Error("The result has no columns: nothing to write");
  if (col + width > MAX_SHEET_COLS) {
    throw new Error(
      `The result has ${width} columns; a sheet holds at most ${MAX_SHEET_COLS - col} from column ${columnName(col)}. Choose fewer fields.`,
    );
  }
  const besides = headerRow + 1 + (table.totals ? 1 : 0);
  const room = MAX_SHEET_ROWS - besides;
  if (Math.max(1, table.rows.length) > room) {
    const count = (n: number) => n.toLocaleString("en-US");
    const parts = [
      "the header",
      ...(headerRow > 0 ? [`the ${count(headerRow)} row${headerRow > 1 ? "s" : ""} above it`] : []),
      ...(table.totals ? ["the totals row"] : []),
    ];
    const listed = parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts[0];
    throw new Error(
      `The result has ${count(table.rows.length)} rows; this sheet holds at most ${count(room)} (${count(MAX_SHEET_ROWS)} rows less ${listed}). Narrow the date range or group by week or month; nothing was written.`,
    );
  }
}

export interface Prepared {
  /** The header names as written: cut to the cell limit and unique, as Excel would make them. */
  headers: string[];
  /**
   * The table's rows, as they are: each chunk's values are made from them when it is queued, so the
   * whole report is never held twice (typed, and again as written).
   */
  rows: readonly (readonly CellValue[])[];
  width: number;
  /**
   * Per row, the cells whose value needs another format than their column's, as [col, format]:
   * "@" for text in a non-text column (Excel would read "00123", "3/4" or "=x" as typed), "General"
   * for a number or boolean in a text column (it would become text).
   */
  exceptions: Map<number, [number, string][]>;
  links: [number, number, string][];
  /** JSON bytes each row adds to its chunk's sync: its values and its format and link calls. */
  rowBytes: number[];
  /**
   * 1 for a row that must be copied to be written (an empty cell, over-long text, a short row); any
   * other row is written as the very array it is, which saves the report a second set of rows.
   */
  copy: Uint8Array;
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

const CELL_CALL = callBytes("XFD1048576", 8);
const rowCall = (width: number) => callBytes("A1048576:XFD1048576", width * 5 + 8);

/** What a cell is written as: empty for null, over-long text cut with a visible marker (cellValue). */
function writtenValue(v: CellValue | undefined): string | number | boolean {
  if (v === null || v === undefined) return "";
  return typeof v === "string" && v.length > MAX_CELL_CHARS ? cellValue(v).value : v;
}

/** The values of body rows [start, end), as written. */
export function writtenRows(prepared: Prepared, start: number, end: number): (string | number | boolean)[][] {
  const out: (string | number | boolean)[][] = new Array(end - start);
  for (let r = start; r < end; r++) {
    const row = prepared.rows[r];
    if (!prepared.copy[r]) {
      // Every cell is already what is written (prepare checked): no null, no over-long text. Office.js
      // only reads the array (it serialises it at the sync), so the table's row goes as it is.
      out[r - start] = row as (string | number | boolean)[];
      continue;
    }
    const cells: (string | number | boolean)[] = new Array(prepared.width);
    for (let c = 0; c < prepared.width; c++) cells[c] = writtenValue(row[c]);
    out[r - start] = cells;
  }
  return out;
}

export function prepare(table: TypedTable): Prepared {
  let truncated = 0;
  const exceptions = new Map<number, [number, string][]>();
  const links: [number, number, string][] = [];
  const rowCost: number[] = [];
  const width = table.columns.length;
  const copy = new Uint8Array(table.rows.length);
  const textColumn = table.columns.map((c) => columnFormat(c) === TEXT_FORMAT);
  const urlColumn = table.columns.map((c) => c.kind === "url");
  // JSON of a row: its brackets, the commas between cells and the one after it; and its share of
  // the blocks office.js cuts a large write into.
  const rowShare = width + 2 + bulkRowBytes(width);
  // Plain loops, one pass a cell: this runs over every cell of a report (millions).
  for (let r = 0; r < table.rows.length; r++) {
    const row = table.rows[r];
    let bytes = rowShare;
    let own: [number, string][] | undefined;
    if (row.length !== width) copy[r] = 1;
    for (let c = 0; c < width; c++) {
      const v = row[c];
      // One branch a type (numbers and texts are nearly every cell of a report); the exceptions are
      // Prepared.exceptions': text outside a text column, a number or boolean inside one.
      if (typeof v === "number") {
        bytes += cellBytes(v);
        if (textColumn[c]) (own ??= []).push([c, "General"]);
      } else if (typeof v === "string") {
        let value = v;
        if (v.length > MAX_CELL_CHARS) {
          truncated++;
          copy[r] = 1;
          value = writtenValue(v) as string;
        }
        bytes += cellBytes(value);
        if (value !== "" && !textColumn[c]) (own ??= []).push([c, TEXT_FORMAT]);
        if (urlColumn[c] && /^https?:\/\//i.test(value) && links.length < HYPERLINK_CAP) {
          links.push([r, c, value]);
          bytes += callBytes("XFD1048576", cellBytes(value) * 2 + 32);
        }
      } else if (v === null || v === undefined) {
        copy[r] = 1;
        bytes += cellBytes("");
      } else {
        bytes += cellBytes(v);
        if (textColumn[c]) (own ??= []).push([c, "General"]);
      }
    }
    if (own) {
      exceptions.set(r, own);
      bytes += Math.min(own.length * CELL_CALL, rowCall(width));
    }
    rowCost.push(bytes);
  }
  return {
    headers: tableHeaders(table.columns),
    rows: table.rows,
    width,
    exceptions,
    links,
    rowBytes: rowCost,
    copy,
    truncated,
  };
}

/** Queues the format exceptions of one body row at sheet row `sheetRow`, from column `col`. */
function queueExceptions(
  sheet: Excel.Worksheet,
  sheetRow: number,
  col: number,
  list: [number, string][],
  width: number,
): void {
  if (list.length * CELL_CALL <= rowCall(width)) {
    for (const [c, format] of list) sheet.getRange(a1(sheetRow, col + c)).numberFormat = [[format]];
    return;
  }
  const formats: (string | null)[] = new Array<string | null>(width).fill(null);
  for (const [c, format] of list) formats[c] = format;
  // null leaves a cell's format as it is (the column's).
  sheet.getRange(a1(sheetRow, col, 1, width)).numberFormat = [formats] as string[][];
}

/** Calls every chunk carries besides its rows: calculation suspended, the values write. */
const CHUNK_FIXED_BYTES = chunkFixedBytes(1);

/**
 * Queues the body rows under the header at `layout` in chunks that fill `batch`'s syncs: a sync is
 * made when the next row would not fit beside what is queued. The last chunk stays queued for the
 * caller's next sync. The table object must already span header + rows (or be queued to).
 */
export async function writeRows(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  layout: TableLayout,
  prepared: Prepared,
  width: number,
  batch: SyncBatch,
): Promise<void> {
  const col = layout.col ?? 0;
  let linkIndex = 0;
  await fillChunks(batch, prepared.rowBytes, CHUNK_FIXED_BYTES, (start, end) => {
    context.workbook.application.suspendApiCalculationUntilNextSync();
    for (let r = start; r < end; r++) {
      const list = prepared.exceptions.get(r);
      if (list) queueExceptions(sheet, layout.headerRow + 1 + r, col, list, width);
    }
    sheet.getRange(a1(layout.headerRow + 1 + start, col, end - start, width)).values = writtenRows(
      prepared,
      start,
      end,
    );
    while (linkIndex < prepared.links.length && prepared.links[linkIndex][0] < end) {
      const [r, c, url] = prepared.links[linkIndex++];
      sheet.getRange(a1(layout.headerRow + 1 + r, col + c)).hyperlink = { address: url, textToDisplay: url };
    }
  });
}

/** The body format of each column: its kind's (or the CSV's) format, or the planner's where given. */
export function bodyFormats(table: TypedTable, overrides?: ReadonlyMap<number, string>): string[] {
  // Read in place: most kinds' formats never look at the values, and a copy per column is costly.
  const rows = table.rows;
  return table.columns.map(
    (col, c) => overrides?.get(c) ?? formatOfColumn(col, rows.length, (i) => rows[i][c] ?? null),
  );
}

/** What the add-in writes for `table`: its header names and body formats (kept in the report definition). */
function writtenColumns(table: TypedTable, formats = bodyFormats(table)): WrittenColumn[] {
  return tableHeaders(table.columns).map((name, c) => ({ name, format: formats[c] }));
}

/** Queues one number format per column of the body (a single value for the whole column). */
export function setColumnFormats(
  sheet: Excel.Worksheet,
  layout: TableLayout,
  formats: readonly string[],
  bodyRows: number,
): void {
  const col = layout.col ?? 0;
  formats.forEach((format, c) => {
    sheet.getRange(a1(layout.headerRow + 1, col + c, bodyRows, 1)).numberFormat =
      format as unknown as string[][];
  });
}

/** Queues the totals row under the body (bold, typed as the columns are). */
function writeTotals(
  sheet: Excel.Worksheet,
  layout: TableLayout,
  table: TypedTable,
  formats: readonly string[],
): void {
  if (!table.totals) return;
  const row = layout.headerRow + 1 + Math.max(1, table.rows.length);
  const totals = sheet.getRange(a1(row, layout.col ?? 0, 1, table.columns.length));
  totals.numberFormat = [
    formats.map((format, i) => {
      const v = table.totals![i];
      if (typeof v === "string") return TEXT_FORMAT;
      return format === TEXT_FORMAT ? "General" : format;
    }),
  ];
  totals.values = [table.totals.map((v) => cellValue(v).value)];
  totals.format.font.bold = true;
}

/** Column widths (points, by sheet column) fitted to the header and the first 200 rows (as they are formatted). */
function fittedWidths(col0: number, table: TypedTable, formats: readonly string[]): Map<number, number> {
  const sample = table.rows.slice(0, 200);
  return new Map(
    table.columns.map((col, c) => [
      col0 + c,
      fittedWidth(
        col.name,
        sample.map((r) => r[c] ?? null),
        col.kind,
        formats[c],
      ),
    ]),
  );
}

/**
 * How wide the table will be written, in points: its columns' fitted widths added up (a date-time
 * column taken at its widest format), before any format is chosen.
 */
export function fittedTableWidth(table: TypedTable): number {
  let width = 0;
  for (const w of fittedWidths(0, table, []).values()) width += w;
  return width;
}

/** Queues column widths: by sheet column, in points. */
export function queueWidths(sheet: Excel.Worksheet, row: number, widths: ReadonlyMap<number, number>): void {
  for (const [col, width] of widths) sheet.getRange(a1(row, col)).format.columnWidth = width;
}

/** Planned bytes of a call setting one value (a number format, a width) on a range. */
export const SET_CALL = callBytes("A1048576:XFD1048576", 40);

/**
 * Writes `table` as a new Excel table whose header is at `layout`: header, formats and the table
 * object queued with the first rows, the rows filling `batch`'s syncs, then totals and widths queued
 * with the last rows (the caller's next sync applies them). Returns the syncs made.
 */
export async function writeTableBlock(
  context: Excel.RequestContext,
  sheet: Excel.Worksheet,
  table: TypedTable,
  layout: TableLayout,
  batch = new SyncBatch(context),
  /** Widths of tables stacked in the same columns (a show sheet's): each column keeps the widest. */
  sharedWidths?: Map<number, number>,
): Promise<{ syncs: number; prepared: Prepared; written: WrittenColumn[] }> {
  const before = batch.syncs;
  const prepared = prepare(table);
  const width = table.columns.length;
  const col = layout.col ?? 0;
  const bodyRows = Math.max(1, table.rows.length);
  const formats = bodyFormats(table);
  const headerBytes =
    callBytes("A1:XFD1", rowBytes(prepared.headers)) * 2 + width * SET_CALL + 4 * CALL_BYTES + 64;
  await batch.room(headerBytes);
  batch.add(headerBytes);
  context.workbook.application.suspendApiCalculationUntilNextSync();
  const header = sheet.getRange(a1(layout.headerRow, col, 1, width));
  header.numberFormat = [table.columns.map(() => TEXT_FORMAT)];
  header.values = [prepared.headers];
  setColumnFormats(sheet, layout, formats, bodyRows);
  const t = sheet.tables.add(a1(layout.headerRow, col, bodyRows + 1, width), true);
  t.name = layout.tableName;
  t.style = layout.style ?? DEFAULT_STYLE;
  await writeRows(context, sheet, layout, prepared, width, batch);
  await queueTotalsAndWidths(sheet, layout, table, formats, batch, sharedWidths);
  return { syncs: batch.syncs - before, prepared, written: writtenColumns(table, formats) };
}

/**
 * Queues the totals row and the widths into `batch`, syncing first if they would not fit. The
 * sheet columns in `keep` keep their width (a refreshed table left without rows: nothing to fit
 * them to but the header), unless a table stacked in the same columns set it before (`sharedWidths`);
 * a column in `atLeast` is made no narrower than its width there (a refresh never narrows a column).
 */
export async function queueTotalsAndWidths(
  sheet: Excel.Worksheet,
  layout: TableLayout,
  table: TypedTable,
  formats: readonly string[],
  batch: SyncBatch,
  sharedWidths?: Map<number, number>,
  keep?: ReadonlySet<number>,
  atLeast?: ReadonlyMap<number, number>,
): Promise<void> {
  const width = table.columns.length;
  const bytes =
    (table.totals ? callBytes("A1:XFD1", rowBytes(table.totals) + rowBytes(formats)) * 2 : 0) +
    width * SET_CALL;
  await batch.room(bytes);
  batch.add(bytes);
  writeTotals(sheet, layout, table, formats);
  const widths = fittedWidths(layout.col ?? 0, table, formats);
  for (const [c, fitted] of widths) {
    const w = Math.max(fitted, atLeast?.get(c) ?? 0);
    widths.set(c, w);
    const shared = sharedWidths?.get(c);
    if (sharedWidths) {
      widths.set(c, Math.max(w, shared ?? 0));
      sharedWidths.set(c, widths.get(c)!);
    }
    if (shared === undefined && keep?.has(c)) widths.delete(c);
  }
  queueWidths(sheet, layout.headerRow, widths);
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

/** Writes lines (a summary block, labels, key metrics) from `row` down, from column `col`; text stays text. */
export function queueTextLines(
  sheet: Excel.Worksheet,
  row: number,
  lines: readonly (readonly LineCell[])[],
  col = 0,
): void {
  lines.forEach((line, i) => {
    if (line.length === 0) return;
    const r = sheet.getRange(a1(row + i, col, 1, line.length));
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
