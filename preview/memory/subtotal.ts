/**
 * SUBTOTAL as Excel computes it, which the formula library lacks: function 1–11 (or 101–111, which
 * also leave out rows hidden by hand: the in-memory workbook hides rows only by a table's filter, so
 * both skip the same rows) over the cells of its references, leaving out rows a filter hides and
 * cells that hold a SUBTOTAL themselves (so a grand total over subtotals counts nothing twice).
 * It needs the references, not their values: calc.ts has the library pass them (funsPreserveRef).
 */
import { HostError } from "./hostError";
import { variance } from "./statistics";
import type { CellData, WorkbookModel } from "./model";

interface Point {
  row: number;
  col: number;
}
interface Ref {
  sheet?: string;
  row?: number;
  col?: number;
  from?: Point;
  to?: Point;
}
interface RefArg {
  value?: unknown;
  ref?: Ref;
  omitted?: boolean;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const mean = (xs: number[]) => {
  if (xs.length === 0) throw new HostError("#DIV/0!");
  return sum(xs) / xs.length;
};
/** Each function by its number (1–11), over the numbers of the cells (and, for COUNTA, the count of the filled). */
const FUNCTIONS: Record<number, (numbers: number[], filled: number) => number> = {
  1: (xs) => mean(xs),
  2: (xs) => xs.length,
  3: (_, filled) => filled,
  // Loops, not Math.max(...xs): a whole column would overflow the call stack.
  4: (xs) => (xs.length ? xs.reduce((a, b) => Math.max(a, b), -Infinity) : 0),
  5: (xs) => (xs.length ? xs.reduce((a, b) => Math.min(a, b), Infinity) : 0),
  6: (xs) => (xs.length ? xs.reduce((a, b) => a * b, 1) : 0),
  7: (xs) => Math.sqrt(variance(xs, 1)),
  8: (xs) => Math.sqrt(variance(xs, 0)),
  9: (xs) => sum(xs),
  10: (xs) => variance(xs, 1),
  11: (xs) => variance(xs, 0),
};

/** The cell rectangle of a reference (0-based), or null when it is not one. */
function rectOf(ref: Ref | undefined): { from: Point; to: Point } | null {
  if (!ref) return null;
  if (ref.from && ref.to) return { from: ref.from, to: ref.to };
  if (ref.row !== undefined && ref.col !== undefined) return { from: ref as Point, to: ref as Point };
  return null;
}

/** The function a function_num names, or #VALUE! (1–11, or 101–111). */
function functionOf(which: RefArg | undefined): (numbers: number[], filled: number) => number {
  const code = Math.trunc(Number(which?.value));
  const fn =
    code >= 1 && code <= 11
      ? FUNCTIONS[code]
      : code >= 101 && code <= 111
        ? FUNCTIONS[code - 100]
        : undefined;
  if (!fn) throw new HostError("#VALUE!", "SUBTOTAL: function_num is 1 to 11 or 101 to 111");
  return fn;
}

/** Whether a cell counts: filled, and not a SUBTOTAL itself; an error in it is SUBTOTAL's. */
function counts(cell: CellData | undefined): cell is CellData {
  if (!cell || cell.value === null || cell.value === undefined || cell.value === "") return false;
  if (cell.formula && /\bSUBTOTAL\s*\(/i.test(cell.formula)) return false;
  if (cell.error) throw new HostError(String(cell.value));
  return true;
}

/** The counted cells of one reference, row by row, without the rows a filter hides. */
function cellsOf(model: WorkbookModel, arg: RefArg | undefined): CellData[] {
  const rect = rectOf(arg?.ref);
  if (!rect) throw new HostError("#VALUE!", "SUBTOTAL: each argument after the first is a reference");
  const sheet = model.sheetByName(arg?.ref?.sheet ?? "");
  if (!sheet) throw new HostError("#REF!");
  const used = model.usedRect(sheet);
  const lastRow = Math.min(rect.to.row, used ? used.row + used.rows : 0);
  const cells: CellData[] = [];
  for (let r = rect.from.row - 1; r < lastRow; r++) {
    if (sheet.hiddenRows.has(r)) continue;
    for (let c = rect.from.col - 1; c < rect.to.col; c++) {
      const cell = model.cell(sheet, r, c);
      if (counts(cell)) cells.push(cell);
    }
  }
  return cells;
}

export function subtotal(model: WorkbookModel): (...params: unknown[]) => unknown {
  return (...params: unknown[]) => {
    const [which, ...refs] = params as RefArg[];
    const fn = functionOf(which);
    if (refs.length === 0) throw new HostError("#VALUE!", "SUBTOTAL: give at least one reference");
    const cells = refs.flatMap((arg) => cellsOf(model, arg));
    const numbers = cells.map((c) => c.value).filter((v): v is number => typeof v === "number");
    return fn(numbers, cells.length);
  };
}
