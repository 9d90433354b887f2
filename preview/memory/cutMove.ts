/**
 * Range.moveTo (ExcelApi 1.11), Excel's cut and paste of cells within a sheet: the cells and their
 * formats go to the destination, the source is left empty, what the destination held is overwritten;
 * every formula and defined name whose reference lies wholly inside the moved cells follows them,
 * and one wholly inside the overwritten cells becomes `#REF!` (docs/excel-fidelity.md, row 44).
 * Formulas inside the moved cells keep pointing where they pointed. Stricter than Excel (refused,
 * nothing changes): a move across sheets, and one that touches a table or a spilled array.
 */
import type { Rect } from "./address";
import { rewriteSheetRefs } from "./formulaRefs";
import { officeError, overlaps, type CellData, type SheetData, type WorkbookModel } from "./model";

const inside = (a: Rect, b: Rect) =>
  a.row >= b.row && a.col >= b.col && a.row + a.rows <= b.row + b.rows && a.col + a.cols <= b.col + b.cols;

/** The formula with references wholly inside `from` moved by the move's offset, and those inside `over` made #REF!. */
function followMove(formula: string, ownSheet: string, sheet: string, from: Rect, to: Rect): string {
  return rewriteSheetRefs(formula, ownSheet, sheet, (rect) => {
    if (inside(rect, from))
      return { ...rect, row: rect.row + to.row - from.row, col: rect.col + to.col - from.col };
    return inside(rect, to) ? null : rect;
  });
}

const one = (row: number, col: number): Rect => ({ row, col, rows: 1, cols: 1 });

/** Refuses, before anything changes, what this host does not model: tables and spills in the way. */
function refuseUnmodelled(model: WorkbookModel, sheet: SheetData, from: Rect, to: Rect): void {
  for (const t of model.tables)
    if (t.sheetId === sheet.id && (overlaps(t.rect, from) || overlaps(t.rect, to)))
      throw officeError("InvalidOperation", "This host does not move cells into or out of a table");
  for (const [r, cols] of sheet.rows)
    for (const [c, cell] of cols)
      if ((cell.spill || cell.spilledFrom) && (overlaps(one(r, c), from) || overlaps(one(r, c), to)))
        throw officeError("InvalidOperation", "This host does not move spilled arrays");
}

/** The cells of `from` land at `to`; what `to` held and `from` itself are emptied first. */
function relocate(sheet: SheetData, from: Rect, to: Rect): void {
  const cells: [number, number, CellData][] = [];
  for (const [r, cols] of sheet.rows)
    for (const [c, cell] of cols) if (inside(one(r, c), from)) cells.push([r, c, cell]);
  for (const [r, cols] of sheet.rows)
    for (const c of [...cols.keys()]) if (inside(one(r, c), to) || inside(one(r, c), from)) cols.delete(c);
  for (const [r, c, cell] of cells) {
    const row = r - from.row + to.row;
    let target = sheet.rows.get(row);
    if (!target) sheet.rows.set(row, (target = new Map()));
    target.set(c - from.col + to.col, cell);
  }
  for (const [r, cols] of [...sheet.rows]) if (cols.size === 0) sheet.rows.delete(r);
}

/** Moves the cells of `from` on `sheet` so their top-left is at (`row`, `col`). */
export function cutMove(
  model: WorkbookModel,
  sheet: SheetData,
  from: Rect,
  at: { row: number; col: number },
): Rect {
  const to: Rect = { row: at.row, col: at.col, rows: from.rows, cols: from.cols };
  refuseUnmodelled(model, sheet, from, to);
  relocate(sheet, from, to);
  for (const s of model.sheets)
    for (const cols of s.rows.values())
      for (const cell of cols.values())
        if (cell.formula) cell.formula = followMove(cell.formula, s.name, sheet.name, from, to);
  for (const n of model.names) n.formula = followMove(n.formula, "", sheet.name, from, to);
  return to;
}
