/**
 * The state of the in-memory workbook: sheets of sparse cells, tables, custom properties and the
 * selection. The proxy layer (api.ts) changes it only inside context.sync(), as Office does.
 */
import { MAX_COLS, MAX_ROWS, type Rect } from "./address";

export type Value = string | number | boolean | null;

export interface CellData {
  value: Value;
  formula?: string;
  numberFormat?: string;
  hyperlink?: string;
  fill?: string;
  bold?: boolean;
  color?: string;
  /** A value computed by the host for a formula cell (ADS.* in the preview), or a spill from one. */
  spilledFrom?: string;
}

export interface TableData {
  id: string;
  name: string;
  sheetId: string;
  rect: Rect;
  style: string;
}

export interface SheetData {
  id: string;
  name: string;
  visibility: "Visible" | "Hidden" | "VeryHidden";
  rows: Map<number, Map<number, CellData>>;
  properties: Map<string, string>;
  freezeRows: number;
  columnWidths: Map<number, number>;
  validations: { rect: Rect; list: string[]; alert?: { style: string; message: string }; prompt?: string }[];
}

export const MAX_CELL_CHARS = 32_767;
const FORMULA_START = /^[=+\-@]/;

/** What Range.clear removes (Excel.ClearApplyTo). */
export type ClearWhat = "All" | "Contents" | "Formats" | "Hyperlinks";

export class WorkbookModel {
  sheets: SheetData[] = [];
  tables: TableData[] = [];
  activeSheetId: string | null = null;
  selection: { sheetId: string; rect: Rect } | null = null;
  /** Told of every formula that lands in a cell, so the host can calculate what it knows (ADS.*). */
  onFormula?: (sheet: SheetData, row: number, col: number, formula: string) => void;
  private seq = 0;

  nextId(prefix: string): string {
    return `${prefix}${++this.seq}`;
  }

  sheetByName(name: string): SheetData | undefined {
    const lower = name.toLowerCase();
    return this.sheets.find((s) => s.name.toLowerCase() === lower);
  }

  sheetById(id: string): SheetData | undefined {
    return this.sheets.find((s) => s.id === id);
  }

  addSheet(name?: string): SheetData {
    let n = name;
    if (!n) {
      let i = this.sheets.length + 1;
      while (this.sheetByName(`Sheet${i}`)) i++;
      n = `Sheet${i}`;
    }
    if (this.sheetByName(n)) throw officeError("ItemAlreadyExists", `A sheet named "${n}" already exists`);
    if (n.length > 31 || /[\\/?*[\]:]/.test(n))
      throw officeError("InvalidArgument", `"${n}" is not a valid sheet name`);
    const sheet: SheetData = {
      id: this.nextId("ws"),
      name: n,
      visibility: "Visible",
      rows: new Map(),
      properties: new Map(),
      freezeRows: 0,
      columnWidths: new Map(),
      validations: [],
    };
    this.sheets.push(sheet);
    if (!this.activeSheetId) this.activeSheetId = sheet.id;
    return sheet;
  }

  deleteSheet(sheet: SheetData): void {
    if (this.sheets.filter((s) => s.visibility === "Visible").length <= 1 && sheet.visibility === "Visible") {
      throw officeError("InvalidOperation", "A workbook must keep at least one visible sheet");
    }
    this.sheets = this.sheets.filter((s) => s !== sheet);
    this.tables = this.tables.filter((t) => t.sheetId !== sheet.id);
    if (this.activeSheetId === sheet.id)
      this.activeSheetId = this.sheets.find((s) => s.visibility === "Visible")?.id ?? null;
    if (this.selection?.sheetId === sheet.id) this.selection = null;
  }

  cell(sheet: SheetData, row: number, col: number): CellData | undefined {
    return sheet.rows.get(row)?.get(col);
  }

  /** The cell, created when missing. */
  touch(sheet: SheetData, row: number, col: number): CellData {
    let r = sheet.rows.get(row);
    if (!r) {
      r = new Map();
      sheet.rows.set(row, r);
    }
    let c = r.get(col);
    if (!c) {
      c = { value: null };
      r.set(col, c);
    }
    return c;
  }

  /** Writes a value as Excel does: a string starting with = + - @ becomes a formula unless the cell is text ("@"). */
  setValue(sheet: SheetData, row: number, col: number, value: Value): void {
    checkBounds(row, col);
    if (typeof value === "string" && value.length > MAX_CELL_CHARS) {
      throw officeError("InvalidArgument", `A cell can hold at most ${MAX_CELL_CHARS} characters`);
    }
    const cell = this.touch(sheet, row, col);
    cell.spilledFrom = undefined;
    if (
      typeof value === "string" &&
      FORMULA_START.test(value) &&
      cell.numberFormat !== "@" &&
      value.length > 1
    ) {
      cell.formula = value;
      cell.value = evaluateSimple(value);
      this.onFormula?.(sheet, row, col, value);
      return;
    }
    cell.formula = undefined;
    cell.value = value === "" ? null : value;
  }

  setFormula(sheet: SheetData, row: number, col: number, formula: Value): void {
    checkBounds(row, col);
    const existing = this.cell(sheet, row, col);
    if (typeof formula === "string" && formula.startsWith("=") && existing?.numberFormat !== "@") {
      const cell = this.touch(sheet, row, col);
      cell.formula = formula;
      cell.value = evaluateSimple(formula);
      cell.spilledFrom = undefined;
      this.onFormula?.(sheet, row, col, formula);
    } else {
      this.setValue(sheet, row, col, formula);
    }
  }

  clear(sheet: SheetData, rect: Rect, what: ClearWhat): void {
    for (const [r, cols] of sheet.rows) {
      if (r < rect.row || r >= rect.row + rect.rows) continue;
      for (const [c, cell] of cols) {
        if (c < rect.col || c >= rect.col + rect.cols) continue;
        if (what === "All") cols.delete(c);
        else if (what === "Hyperlinks")
          cell.hyperlink = undefined; // text and formats stay
        else if (what === "Contents") {
          // As in Excel, clearing contents keeps hyperlinks and formats.
          cell.value = null;
          cell.formula = undefined;
        } else {
          cell.numberFormat = undefined;
          cell.fill = undefined;
          cell.bold = undefined;
          cell.color = undefined;
        }
      }
      if (cols.size === 0) sheet.rows.delete(r);
    }
    if (what === "All" || what === "Formats")
      sheet.validations = sheet.validations.filter((v) => !overlaps(v.rect, rect));
  }

  /** The smallest rectangle holding every non-empty cell, or null. */
  usedRect(sheet: SheetData, valuesOnly = false): Rect | null {
    let r0 = Infinity,
      r1 = -1,
      c0 = Infinity,
      c1 = -1;
    for (const [r, cols] of sheet.rows) {
      for (const [c, cell] of cols) {
        if (valuesOnly ? cell.value === null && !cell.formula : isEmpty(cell)) continue;
        r0 = Math.min(r0, r);
        r1 = Math.max(r1, r);
        c0 = Math.min(c0, c);
        c1 = Math.max(c1, c);
      }
    }
    return r1 < 0 ? null : { row: r0, col: c0, rows: r1 - r0 + 1, cols: c1 - c0 + 1 };
  }

  tableByName(name: string): TableData | undefined {
    const lower = name.toLowerCase();
    return this.tables.find((t) => t.name.toLowerCase() === lower);
  }
}

function isEmpty(c: CellData): boolean {
  return c.value === null && !c.formula && !c.numberFormat && !c.fill && !c.bold && !c.hyperlink && !c.color;
}

export function overlaps(a: Rect, b: Rect): boolean {
  return a.row < b.row + b.rows && b.row < a.row + a.rows && a.col < b.col + b.cols && b.col < a.col + a.cols;
}

function checkBounds(row: number, col: number): void {
  if (row < 0 || col < 0 || row >= MAX_ROWS || col >= MAX_COLS) {
    throw officeError("InvalidArgument", "The range is outside the sheet (1,048,576 rows by 16,384 columns)");
  }
}

/** Formulas are not calculated here; a plain number after + or - is, as Excel would. */
function evaluateSimple(formula: string): Value {
  const m = /^[+-]?=?\s*(-?\d+(\.\d+)?)$/.exec(formula);
  if (m) return Number(formula.startsWith("-") ? -Math.abs(Number(m[1])) : m[1]);
  return "#NAME?";
}

export interface OfficeLikeError extends Error {
  code: string;
}

export function officeError(code: string, message: string): OfficeLikeError {
  const e = new Error(message) as OfficeLikeError;
  e.name = "RichApi.Error";
  e.code = code;
  return e;
}
