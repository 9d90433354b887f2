/**
 * The read step of a report table's refresh in one sync (issue #54): the table's place, header, column
 * ids, sort and filter, the other tables of the sheet (by the names read before the request), and its
 * neighbourhood as a snapshot (every cell from the sheet's first row down to the row under the table,
 * across the table and the lines above it: formulas, values, formats, bold and links; the body's
 * formulas in R1C1), and the cells right of it, all found from the table itself by range navigation,
 * so nothing needs its address first. A span too large for one answer, or a sheet whose tables
 * changed since they were named, is read the step-by-step way instead (run.ts).
 */
import type { BesideNote } from "../plannerWork";
import { a1, HYPERLINK_CAP } from "../tableWriter";
import { PAYLOAD_LIMIT_BYTES, rowBytes } from "../chunkPlan";
import type { Snapshot } from "./snapshot";
import { box, placeOf, queueTablePlaces, queueTableRead, type FoundTable } from "./tableRead";
import type { Box, SheetTable } from "./structure";

/** Columns right of a table read at most for notes beside it. */
export const BESIDE_COLUMNS = 26;

/** What a one-sync read asks: the table, the names of the sheet's other tables, the lines' width above it. */
export interface ReadOnceRequest {
  tableName: string;
  /** The sheet's other tables, as named before the request (a table added since makes the read fall back). */
  others: readonly string[];
  /** Columns the lines above the table (status line, summary) take from its first column. */
  linesWidth: number;
  /** Read the cells right of the table for notes beside it. */
  beside: boolean;
  /** The table's place as read before the request: the span's size is judged from it. */
  place: Box;
}

/** What the read before the request saw of the sheet's tables, for the one-sync read after it. */
export interface TablesBefore {
  /** The sheet's other tables' names (the read finds them by these). */
  others: readonly string[];
  /** The table's place (null where it was not found: the refresh is refused then). */
  place: Box | null;
}

/** What one cell weighs in the answer besides its values: its property object (bold, link), measured at about 40 bytes. */
const CELL_PROPS_BYTES = 48;
/** The share of the answer's limit a one-sync read may be guessed at (a miss costs the whole refresh). */
const ONE_READ_BUDGET = PAYLOAD_LIMIT_BYTES / 2;

/**
 * Whether the one-sync read's answer fits, guessed from the table's place and rows like `sample`
 * (the new data's: the old is much like it). A span too big (a table of thousands of rows and tens
 * of columns) is read step by step instead, in chunks sized to the limit (snapshot.ts).
 */
export function fitsOneRead(req: ReadOnceRequest, sample: readonly (readonly unknown[])[]): boolean {
  const rows = req.place.row + req.place.rows + 1;
  const cols = Math.max(req.place.cols, req.linesWidth);
  const some = sample.slice(0, 20);
  const cells = some.reduce((n, r) => n + r.length, 0);
  const perValue = cells ? some.reduce((n, r) => n + rowBytes(r), 0) / cells : 16;
  // Formulas, values, number formats and R1C1 formulas: four arrays of about the same weight.
  const bytes =
    rows * cols * (4 * perValue + CELL_PROPS_BYTES) + (req.beside ? req.place.rows * BESIDE_COLUMNS * 4 : 0);
  return bytes <= ONE_READ_BUDGET;
}

/** What the one-sync read found. */
export interface ReadOnce {
  found: FoundTable;
  sheetTables: SheetTable[];
  /** The span as read: every cell, bold and links by span row and column (filtered by run.ts as it reads them). */
  span: Box;
  formulas: unknown[][];
  values: unknown[][];
  numberFormat: unknown[][];
  /** The table's body rows in R1C1 (planner columns' formulas are read from them), from its place. */
  r1c1: { row: number; col: number; formulas: unknown[][] };
  bold: boolean[][];
  links: (string | undefined)[][];
  /** The cells right of the table's body (values), from its right edge; null when not asked for. */
  beside: { col: number; values: unknown[][] } | null;
}

/**
 * Queues the read (the caller syncs once, with whatever else it queued); after the sync, what was
 * read, or null when the sheet's tables are not the ones named (then the caller reads step by step).
 */
export function queueReadOnce(sheet: Excel.Worksheet, req: ReadOnceRequest): () => ReadOnce | null {
  const t = sheet.tables.getItem(req.tableName);
  const range = placeOf(t.getRange());
  const table = queueTableRead(t);
  const all = sheet.tables;
  all.load("items/name");
  const others = queueTablePlaces(sheet, req.others);
  // From the sheet's first row over the table's first column, as wide as the lines above it, down to
  // the row under the table: the lines, the table and what a change of its length moves.
  const span = range
    .getEntireColumn()
    .getCell(0, 0)
    .getResizedRange(0, Math.max(1, req.linesWidth) - 1)
    .getBoundingRect(range.getRowsBelow(1));
  span.load("rowIndex,columnIndex,rowCount,columnCount,formulas,values,numberFormat");
  // R1C1 only where a planner's column formula can be: the table's body (a quarter of the answer less).
  const body = t.getDataBodyRange();
  body.load("formulasR1C1");
  const props = span.getCellProperties({ format: { font: { bold: true } }, hyperlink: true });
  const right = req.beside ? range.getColumnsAfter(BESIDE_COLUMNS) : null;
  right?.load("values,columnIndex");
  return () => {
    const names = new Set(all.items.map((x) => x.name.toLowerCase()));
    const named = new Set([req.tableName, ...req.others].map((n) => n.toLowerCase()));
    // A table added or removed since the names were read: its place is not known here.
    if (names.size !== named.size || [...names].some((n) => !named.has(n))) return null;
    return {
      found: table(),
      sheetTables: [{ name: req.tableName, rect: box(range) }, ...others()],
      span: box(span),
      /* eslint-disable office-addins/call-sync-before-read, office-addins/call-sync-after-load -- read once the caller has synced */
      formulas: span.formulas,
      values: span.values,
      numberFormat: span.numberFormat,
      r1c1: { row: range.rowIndex + 1, col: range.columnIndex, formulas: body.formulasR1C1 },
      /* eslint-enable office-addins/call-sync-before-read, office-addins/call-sync-after-load */
      bold: props.value.map((row) => row.map((c) => Boolean(c.format?.font?.bold))),
      links: props.value.map((row) => row.map((c) => c.hyperlink?.address || undefined)),
      beside: right ? { col: right.columnIndex, values: right.values } : null,
    };
  };
}

/**
 * The snapshot run.ts keeps (to read the planner's work from, and to put back on a failure): the
 * span's cells, the bold of `boldRows`, and the links of the cells `mayLink` names (at most
 * HYPERLINK_CAP), as readSnapshot gives them.
 */
export function snapshotOf(
  read: ReadOnce,
  boldRows: readonly number[],
  mayLink: (row: number, col: number, value: unknown) => boolean,
): Snapshot {
  const { span } = read;
  const snap: Snapshot = {
    row: span.row,
    col: span.col,
    formulas: read.formulas,
    values: read.values,
    numberFormat: read.numberFormat,
    bold: new Map(),
    links: new Map(),
  };
  for (const r of boldRows) {
    const i = r - span.row;
    if (i >= 0 && i < span.rows) snap.bold.set(i, read.bold[i]);
  }
  let probes = 0;
  read.formulas.forEach((row, i) =>
    row.forEach((v, j) => {
      if (probes >= HYPERLINK_CAP || !mayLink(span.row + i, span.col + j, v)) return;
      probes++;
      const link = read.links[i]?.[j];
      if (link) snap.links.set(`${i},${j}`, link);
    }),
  );
  return snap;
}

/** The planner columns' formulas in R1C1 (by their slot's column in the old table), from the body read. */
export function r1c1Of(read: ReadOnce, old: Box, plannerFrom: readonly number[]): Map<number, unknown[]> {
  const body = read.r1c1;
  return new Map(
    plannerFrom.map((from) => {
      const c = old.col + from - body.col;
      const rows = Array.from(
        { length: Math.max(1, old.rows - 1) },
        (_, k) => body.formulas[old.row + 1 + k - body.row]?.[c] ?? "",
      );
      return [from, rows];
    }),
  );
}

/** The notes right of the table's body, outside the add-in's own boxes (run.ts's besideCells from the read). */
export function besideOf(read: ReadOnce, old: Box, own: readonly Box[]): BesideNote[] {
  if (!read.beside || old.rows < 2) return [];
  const inBox = (b: Box, row: number, col: number) =>
    row >= b.row && row < b.row + b.rows && col >= b.col && col < b.col + b.cols;
  const list: BesideNote[] = [];
  // The read covers the header row too: the body's rows are from the second.
  read.beside.values.slice(1, old.rows).forEach((row, r) =>
    row.forEach((v, c) => {
      const at = { row: old.row + 1 + r, col: read.beside!.col + c };
      if (v === "" || v === null || own.some((b) => inBox(b, at.row, at.col))) return;
      list.push({ r, address: a1(at.row, at.col), text: String(v) });
    }),
  );
  return list;
}
