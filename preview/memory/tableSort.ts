/**
 * What Table.sort and Table.autoFilter do to the model: a sort moves whole body rows (formulas keep
 * their R1C1 meaning, as Excel's sort does); AutoFilter criteria hide the body rows whose value is
 * not among the shown values.
 */
import { type CellData, type SheetData, type TableData, type Value, type WorkbookModel } from "./model";
import { fromR1C1, toR1C1 } from "./r1c1";

function compare(a: Value, b: Value): number {
  // Excel's order: numbers, then text, then booleans; blanks last.
  const rank = (v: Value) => (v === null ? 3 : typeof v === "number" ? 0 : typeof v === "string" ? 1 : 2);
  if (rank(a) !== rank(b)) return rank(a) - rank(b);
  if (typeof a === "number" && typeof b === "number") return a - b;
  if (typeof a === "string" && typeof b === "string")
    return a.localeCompare(b, "en", { sensitivity: "base" });
  return Number(a) - Number(b);
}

/** Sorts the table's body rows by `fields` (stable), moving every cell of the table's columns. */
export function sortTable(
  model: WorkbookModel,
  table: TableData,
  fields: { key: number; ascending: boolean }[],
): void {
  const sheet = model.sheetById(table.sheetId)!;
  const { row, col, rows, cols } = table.rect;
  const body = Array.from({ length: Math.max(0, rows - 1) }, (_, i) => row + 1 + i);
  const cellsOf = (r: number) => Array.from({ length: cols }, (_, j) => model.cell(sheet, r, col + j));
  const lines = body.map((r) => ({ from: r, cells: cellsOf(r) }));
  const value = (cells: (CellData | undefined)[], key: number): Value => cells[key]?.value ?? null;
  const order = [...lines].sort((a, b) => {
    for (const f of fields) {
      const d = compare(value(a.cells, f.key), value(b.cells, f.key));
      if (d !== 0) return f.ascending ? d : -d;
    }
    return a.from - b.from;
  });
  order.forEach((line, i) => place(sheet, body[i], col, line.from, line.cells));
}

function place(
  sheet: SheetData,
  to: number,
  col: number,
  from: number,
  cells: (CellData | undefined)[],
): void {
  let rowMap = sheet.rows.get(to);
  if (!rowMap) {
    rowMap = new Map();
    sheet.rows.set(to, rowMap);
  }
  cells.forEach((cell, j) => {
    if (!cell) {
      rowMap!.delete(col + j);
      return;
    }
    const moved: CellData = { ...cell };
    if (moved.formula) moved.formula = fromR1C1(toR1C1(moved.formula, from, col + j), to, col + j);
    if (moved.spill) sheet.spillAnchors.add(`${to},${col + j}`);
    rowMap!.set(col + j, moved);
  });
}

/** Hides the body rows whose value in a filtered column is not among its shown values. */
export function applyFilters(model: WorkbookModel, table: TableData): void {
  const sheet = model.sheetById(table.sheetId)!;
  const { row, col, rows } = table.rect;
  for (let r = row + 1; r < row + rows; r++) {
    sheet.hiddenRows.delete(r);
    for (const [key, shown] of table.filters ?? []) {
      const c = model.cell(sheet, r, col + key);
      const text = c?.value === null || c?.value === undefined ? "" : String(c.value);
      if (!shown.includes(text)) sheet.hiddenRows.add(r);
    }
  }
  // As in Excel, filtering recalculates: a SUBTOTAL leaves out the rows it hides.
  model.calculator?.calculateAll();
}
