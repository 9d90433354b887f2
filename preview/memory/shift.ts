/**
 * Range.insert and Range.delete: cells move down or right to make room, or up or left to close a
 * gap, as in Excel, and what points at them follows: formulas and defined names (their A1
 * references), tables (moved, grown or shrunk), list validations, chart series and the ranges
 * office.js keeps. A move that would cut through a table, or push a filled cell off the sheet, is
 * refused before anything changes (docs/excel-fidelity.md, "Inserting and deleting cells").
 */
import { MAX_COLS, MAX_ROWS, type Rect } from "./address";
import { rewriteSheetRefs } from "./formulaRefs";
import {
  officeError,
  type CellData,
  type Move,
  type SheetData,
  type ShiftDirection,
  type TableData,
  type WorkbookModel,
} from "./model";

export type { Move, ShiftDirection } from "./model";

const vertical = (m: Move) => m.direction === "Down" || m.direction === "Up";
const inserting = (m: Move) => m.direction === "Down" || m.direction === "Right";

/** A rectangle along the move's axis (a0..a1, inclusive) and across it (c0..c1). */
interface Span {
  a0: number;
  a1: number;
  c0: number;
  c1: number;
}

function span(r: Rect, m: Move): Span {
  return vertical(m)
    ? { a0: r.row, a1: r.row + r.rows - 1, c0: r.col, c1: r.col + r.cols - 1 }
    : { a0: r.col, a1: r.col + r.cols - 1, c0: r.row, c1: r.row + r.rows - 1 };
}

function fromSpan(s: Span, m: Move): Rect {
  return vertical(m)
    ? { row: s.a0, col: s.c0, rows: s.a1 - s.a0 + 1, cols: s.c1 - s.c0 + 1 }
    : { row: s.c0, col: s.a0, rows: s.c1 - s.c0 + 1, cols: s.a1 - s.a0 + 1 };
}

/**
 * Where a referenced rectangle is after the move: moved, grown (an insertion inside it), shrunk (a
 * deletion inside it), left as it was, or gone (null: every cell of it was deleted). Only a
 * reference lying across the whole of the moved band's width follows, as in Excel.
 */
export function movedRect(r: Rect, m: Move): Rect | null {
  const s = span(r, m);
  const b = span(m.band, m);
  const k = b.a1 - b.a0 + 1;
  if (s.c0 < b.c0 || s.c1 > b.c1) return r;
  if (inserting(m)) {
    if (s.a0 >= b.a0) return fromSpan({ ...s, a0: s.a0 + k, a1: s.a1 + k }, m);
    if (s.a1 >= b.a0) return fromSpan({ ...s, a1: s.a1 + k }, m);
    return r;
  }
  if (s.a0 > b.a1) return fromSpan({ ...s, a0: s.a0 - k, a1: s.a1 - k }, m);
  if (s.a1 < b.a0) return r;
  if (s.a0 >= b.a0 && s.a1 <= b.a1) return null;
  return fromSpan({ ...s, a0: Math.min(s.a0, b.a0), a1: s.a1 > b.a1 ? s.a1 - k : b.a0 - 1 }, m);
}

/** The formula with each A1 reference to the moved sheet where its cells now are (#REF! where they are gone). */
function shiftFormula(formula: string, ownSheet: string, movedSheet: string, m: Move): string {
  // Quoted text and structured references ([@d15]) hold no A1 reference (rewriteSheetRefs).
  return rewriteSheetRefs(formula, ownSheet, movedSheet, (rect) => movedRect(rect, m));
}

/**
 * How a move meets a table: unaffected, moved, grown or shrunk along the move's axis; "cut" (refused)
 * when it would split the table, delete its header row or all of it, or leave it no body row.
 */
function tableAfter(t: TableData, m: Move): Rect | "cut" {
  const s = span(t.rect, m);
  const b = span(m.band, m);
  const across = s.c0 <= b.c1 && b.c0 <= s.c1;
  if (!across || s.a1 < b.a0) return t.rect;
  if (s.c0 < b.c0 || s.c1 > b.c1) return "cut";
  if (!inserting(m)) {
    const deletesHeader = vertical(m) && b.a0 <= s.a0 && s.a0 <= b.a1;
    const deletesAll = b.a0 <= s.a0 && b.a1 >= s.a1;
    if (deletesHeader || deletesAll) return "cut";
  }
  const moved = movedRect(t.rect, m);
  return moved && moved.rows >= 2 ? moved : "cut";
}

function refuse(message: string): never {
  throw officeError("InvalidOperation", message);
}

/** Every cell of the sheet a move carries: those across the band's width at or after its start. */
function carried(sheet: SheetData, m: Move): [number, number, CellData][] {
  const b = span(m.band, m);
  const out: [number, number, CellData][] = [];
  for (const [r, cols] of sheet.rows)
    for (const [c, cell] of cols) {
      const along = vertical(m) ? r : c;
      const across = vertical(m) ? c : r;
      if (across >= b.c0 && across <= b.c1 && along >= b.a0) out.push([r, c, cell]);
    }
  return out;
}

const filled = (c: CellData) => c.value !== null || Boolean(c.formula);

/** Range.insert / Range.delete over the model. Listeners (kept ranges) hear of the move after it. */
export function moveCells(
  model: WorkbookModel,
  sheet: SheetData,
  band: Rect,
  direction: ShiftDirection,
): Move {
  const m: Move = { sheetId: sheet.id, band, direction };
  // Checks first: nothing changes when the move is refused.
  const tables = tablesAfterMove(model, sheet, m);
  const cells = carried(sheet, m);
  refuseOffSheetPush(cells, m);

  dropSpills(model, sheet);
  // Move the cells (deleted ones first go), then everything that points at them.
  relocateCells(sheet, cells, m);
  for (const { t, after } of tables) resizeTable(t, after, m);
  sheet.validations = sheet.validations.flatMap((v) => {
    const rect = movedRect(v.rect, m);
    return rect ? [{ ...v, rect }] : [];
  });
  if (!vertical(m) && band.row === 0 && band.rows >= MAX_ROWS) shiftColumnWidths(sheet, band, m);
  shiftFormulas(model, sheet, m);
  shiftChartSeries(model, sheet, m);
  respillAll(model, sheet);
  model.hostCallsOwed = true;
  for (const listener of model.moveListeners) listener(m);
  return m;
}

/** The sheet's tables with where each is after the move; refuses the move when one would be cut. */
function tablesAfterMove(model: WorkbookModel, sheet: SheetData, m: Move): { t: TableData; after: Rect }[] {
  const tables: { t: TableData; after: Rect }[] = [];
  for (const t of model.tables) {
    if (t.sheetId !== sheet.id) continue;
    const after = tableAfter(t, m);
    if (after === "cut")
      refuse(
        `This won't work because it would move cells in the table "${t.name}" on the worksheet: move the table, or insert or delete across all of its ${vertical(m) ? "columns" : "rows"}`,
      );
    tables.push({ t, after });
  }
  return tables;
}

/** The band's length along the move's axis, and the sheet's edge along it. */
function extent(m: Move): { k: number; limit: number } {
  const b = span(m.band, m);
  return { k: b.a1 - b.a0 + 1, limit: vertical(m) ? MAX_ROWS : MAX_COLS };
}

/** An insertion may not push a filled cell off the sheet. */
function refuseOffSheetPush(cells: [number, number, CellData][], m: Move): void {
  if (!inserting(m)) return;
  const { k, limit } = extent(m);
  if (cells.some(([r, c, cell]) => (vertical(m) ? r : c) + k >= limit && filled(cell)))
    refuse("Excel cannot shift nonblank cells off the worksheet");
}

/** The carried cells where the move puts them; deleted ones, and those pushed off the sheet, go. */
function relocateCells(sheet: SheetData, cells: [number, number, CellData][], m: Move): void {
  const b = span(m.band, m);
  const { k, limit } = extent(m);
  const step = inserting(m) ? k : -k;
  const at = (r: number, c: number) => (vertical(m) ? { r: r + step, c } : { r, c: c + step });
  for (const [r, c] of cells) sheet.rows.get(r)?.delete(c);
  for (const [r, c, cell] of cells) {
    const along = vertical(m) ? r : c;
    if (!inserting(m) && along <= b.a1) continue;
    const to = at(r, c);
    if ((vertical(m) ? to.r : to.c) >= limit) continue;
    let row = sheet.rows.get(to.r);
    if (!row) sheet.rows.set(to.r, (row = new Map()));
    row.set(to.c, cell);
  }
  for (const [r, cols] of [...sheet.rows]) if (cols.size === 0) sheet.rows.delete(r);
}

/** Every formula in the workbook, and every defined name, follows the moved cells. */
function shiftFormulas(model: WorkbookModel, sheet: SheetData, m: Move): void {
  for (const s of model.sheets)
    for (const cols of s.rows.values())
      for (const cell of cols.values())
        if (cell.formula) cell.formula = shiftFormula(cell.formula, s.name, sheet.name, m);
  for (const n of model.names) n.formula = shiftFormula(n.formula, "", sheet.name, m);
}

/** Chart series A1 ranges on the moved sheet follow the cells (table-bound ones follow their table). */
function shiftChartSeries(model: WorkbookModel, sheet: SheetData, m: Move): void {
  for (const chart of model.charts)
    for (const series of chart.series)
      for (const key of ["nameRef", "values", "xValues"] as const) {
        const ref = series[key];
        if (!ref || ref.sheetId !== sheet.id || ref.table) continue;
        const rect = movedRect(ref.rect, m);
        if (rect) series[key] = { ...ref, rect };
        else series[key] = undefined;
      }
}

/** A table after the move; its column ids follow inserted and deleted columns. */
function resizeTable(t: TableData, after: Rect, m: Move): void {
  const before = t.rect;
  t.rect = after;
  if (vertical(m) || after.cols === before.cols) return;
  const ids = t.columnIds ?? Array.from({ length: before.cols }, (_, j) => j + 1);
  const b = span(m.band, m);
  const k = b.a1 - b.a0 + 1;
  const at = b.a0 - before.col;
  t.nextColumnId ??= Math.max(0, ...ids) + 1;
  if (inserting(m)) {
    const fresh = Array.from({ length: k }, () => t.nextColumnId!++);
    t.columnIds = [...ids.slice(0, at), ...fresh, ...ids.slice(at)];
  } else t.columnIds = [...ids.slice(0, Math.max(0, at)), ...ids.slice(Math.max(0, at) + k)];
}

/** Spilled cells come off before cells move (their anchors move with the cells) and are drawn again after. */
function dropSpills(model: WorkbookModel, sheet: SheetData): void {
  for (const cols of sheet.rows.values()) for (const [c, cell] of cols) if (cell.spilledFrom) cols.delete(c);
  sheet.spillAnchors.clear();
}

function respillAll(model: WorkbookModel, sheet: SheetData): void {
  for (const [r, cols] of sheet.rows)
    for (const [c, cell] of cols) if (cell.spill) sheet.spillAnchors.add(`${r},${c}`);
  model.respill(sheet, { row: 0, col: 0, rows: MAX_ROWS, cols: MAX_COLS });
}

/**
 * Whole columns inserted or deleted: a column's width goes with it (a width is the column's, not a
 * place's). Inserted columns take the width of the column left of them, as Excel's Insert Options
 * default, Format Same As Left, does (docs/excel-fidelity.md row 49).
 */
function shiftColumnWidths(sheet: SheetData, band: Rect, m: Move): void {
  for (const key of ["columnWidths", "bestFitWidths"] as const) {
    const widths = sheet[key];
    if (!widths) continue;
    const moved = new Map<number, number>();
    for (const [col, w] of widths) {
      if (col < band.col) moved.set(col, w);
      else if (inserting(m)) moved.set(col + band.cols, w);
      else if (col >= band.col + band.cols) moved.set(col - band.cols, w);
    }
    const left = band.col > 0 ? widths.get(band.col - 1) : undefined;
    if (key === "columnWidths" && inserting(m) && left !== undefined)
      for (let c = band.col; c < band.col + band.cols; c++) moved.set(c, left);
    sheet[key] = moved;
  }
}
