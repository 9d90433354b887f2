/**
 * The state of the in-memory workbook: sheets of sparse cells, tables, defined names, custom
 * properties, the selection and what calculation still owes. The proxy layer changes it only
 * inside context.sync(), as Office does. Every rule here is a row of docs/excel-fidelity.md.
 */
import { MAX_COLS, MAX_ROWS, type Rect } from "./address";
import type { ChartData } from "./chartData";
import { typeIn } from "./coerce";
import { definedNameProblem, sheetNameProblem } from "./names";
import { renameColumnInFormula } from "./renameColumn";
import { renameSheetInFormula } from "./renameSheet";
import type { EntityValue } from "./entities";

export type Value = string | number | boolean | null;

/** The horizontal alignments the host models (General, the default, is no alignment). */
export const HORIZONTAL_ALIGNMENTS = ["Left", "Center", "Right"] as const;
export type HorizontalAlign = (typeof HORIZONTAL_ALIGNMENTS)[number];

/** Excel.BorderLineStyle: None is no line. */
export const BORDER_STYLES = [
  "None",
  "Continuous",
  "Dash",
  "DashDot",
  "DashDotDot",
  "Dot",
  "Double",
  "SlantDashDot",
] as const;
export type BorderStyle = (typeof BORDER_STYLES)[number];
/** Excel.BorderWeight. */
export const BORDER_WEIGHTS = ["Hairline", "Thin", "Medium", "Thick"] as const;
export type BorderWeight = (typeof BORDER_WEIGHTS)[number];

/** One edge of a cell: a line (style not None) of a colour ("#RRGGBB") and a weight. */
export interface CellEdge {
  style: BorderStyle;
  color: string;
  weight: BorderWeight;
}
export type CellSide = "top" | "bottom" | "left" | "right";
/** An edge as an unbordered cell reads it (Excel's: no line, black, thin). */
export const NO_EDGE: CellEdge = { style: "None", color: "#000000", weight: "Thin" };

const OPPOSITE: Record<CellSide, CellSide> = { top: "bottom", bottom: "top", left: "right", right: "left" };
const STEP: Record<CellSide, [number, number]> = {
  top: [-1, 0],
  bottom: [1, 0],
  left: [0, -1],
  right: [0, 1],
};

/** The cell across one side of a cell, and its side on the same line; null at the sheet's edge. */
export function acrossLine(
  row: number,
  col: number,
  side: CellSide,
): { row: number; col: number; side: CellSide } | null {
  const [dr, dc] = STEP[side];
  const r = row + dr;
  const c = col + dc;
  if (r < 0 || c < 0 || r >= MAX_ROWS || c >= MAX_COLS) return null;
  return { row: r, col: c, side: OPPOSITE[side] };
}

export interface CellData {
  value: Value;
  /** The value is an error (#N/A, #DIV/0!, ...), held as its text. */
  error?: boolean;
  formula?: string;
  numberFormat?: string;
  hyperlink?: string;
  fill?: string;
  bold?: boolean;
  color?: string;
  /** The cell's horizontal alignment where it is not General (text left, numbers right). */
  align?: HorizontalAlign;
  /** The cell's own borders, by side; a side absent has none (NO_EDGE). */
  borders?: Partial<Record<CellSide, CellEdge>>;
  /** The anchor ("row,col") whose array result this cell shows. */
  spilledFrom?: string;
  /** On a formula cell: its whole array result, spilled right and down when nothing is in the way. */
  spill?: Value[][];
  /** The formats of the spill's values (a custom function's formatted numbers), where they have one. */
  spillFormats?: (string | undefined)[][];
  /** A calculated value's own number format (a custom function's formatted number), shown in a General cell. */
  valueFormat?: string;
  /**
   * A custom function's entity value (a card, entities.ts): the cell shows its text; its value is
   * the basic value `#VALUE!` (an error), as Excel's Range.values gives it.
   */
  entity?: EntityValue;
  /** Cells a native formula read when it was last calculated (its precedents). */
  reads?: { sheetId: string; rect: Rect }[];
}

export interface TableData {
  id: string;
  name: string;
  sheetId: string;
  rect: Rect;
  style: string;
  /** The sort last applied (Table.sort): body columns by index, kept until cleared. */
  sort?: { key: number; ascending: boolean }[];
  /** AutoFilter criteria by body column index: the values shown (Table.autoFilter). */
  filters?: Map<number, string[]>;
  /**
   * Each column's id (TableColumn.id), left to right: an id stays with its column when the planner
   * renames or moves it; inserted columns get new ones. Absent: 1, 2, … as made.
   */
  columnIds?: number[];
  nextColumnId?: number;
  /** Each column's header as last normalised, by column id: a change renames the references to it. */
  headerById?: Map<number, string>;
}

export interface SheetData {
  id: string;
  name: string;
  visibility: "Visible" | "Hidden" | "VeryHidden";
  rows: Map<number, Map<number, CellData>>;
  properties: Map<string, string>;
  freezeRows: number;
  columnWidths: Map<number, number>;
  /**
   * Widths Excel chose itself ("best fit", columnWidths.ts): by column, the width it set when a
   * number typed there did not fit, or an AutoFit. A column whose width is this one still widens
   * for the next number typed; a width set any other way (a drag, format.columnWidth) is the
   * planner's or the add-in's and is kept.
   */
  bestFitWidths?: Map<number, number>;
  validations: { rect: Rect; list: string[]; alert?: { style: string; message: string }; prompt?: string }[];
  /** Rows an AutoFilter hides. */
  hiddenRows: Set<number>;
  /** Page setup for printing (PageLayout, ExcelApi 1.9): the parts the add-in sets. */
  pageLayout: PageSetup;
  /** Where array formulas may be ("row,col"): a write asks only these whether it blocks or frees a spill. */
  spillAnchors: Set<string>;
}

interface PageSetup {
  orientation: "Portrait" | "Landscape";
  /** PageLayoutZoomOptions: a scale in percent, or fit to so many pages wide and tall. */
  zoom: { scale?: number; horizontalFitToPages?: number; verticalFitToPages?: number };
  /** The print area's address, when one is set. */
  printArea?: string;
}

export interface DefinedName {
  name: string;
  formula: string;
}

export const MAX_CELL_CHARS = 32_767;
const TEXT_FORMAT = "@";

/** What Range.clear removes (Excel.ClearApplyTo). */
export type ClearWhat = "All" | "Contents" | "Formats" | "Hyperlinks";

export type ShiftDirection = "Down" | "Right" | "Up" | "Left";

/**
 * One move of cells (Range.insert, Range.delete; shift.ts makes it): `band` is the inserted (Down,
 * Right) or deleted (Up, Left) rectangle of `sheetId`. The model announces each to its moveListeners.
 */
export interface Move {
  sheetId: string;
  band: Rect;
  direction: ShiftDirection;
}

/** A place written in one sync, so calculation knows what changed. */
export interface Change {
  sheetId: string;
  rect: Rect;
}

/** Calculates native formulas (calc.ts); the model tells it what changed. */
export interface Calculator {
  /** A native formula has just been written at this cell: calculate it now. */
  calculateCell(sheet: SheetData, row: number, col: number): void;
  /** Recalculates every native formula that reads (directly or through others) one of `changes`. */
  propagate(changes: readonly Change[]): void;
  /** Recalculates every native formula. */
  calculateAll(): void;
  /** Calls every custom function again (Excel does after cells are inserted or deleted). */
  rerunHostCalls(): void;
  /** The number format a General cell takes when `formula` is entered into it (calc.ts), if any. */
  enteredFormat(sheet: SheetData, row: number, formula: string): string | undefined;
}

/** The machine's local date and time, its fields carried as UTC's (what Excel's TODAY reads). */
function localWallClock(): Date {
  const n = new Date();
  return new Date(
    Date.UTC(n.getFullYear(), n.getMonth(), n.getDate(), n.getHours(), n.getMinutes(), n.getSeconds()),
  );
}

export class WorkbookModel {
  sheets: SheetData[] = [];
  tables: TableData[] = [];
  names: DefinedName[] = [];
  /** Workbook custom properties (workbook.properties.custom), text values by key. */
  customProperties = new Map<string, string>();
  /** Charts on every sheet (chart.ts). */
  charts: ChartData[] = [];
  activeSheetId: string | null = null;
  selection: { sheetId: string; rect: Rect } | null = null;
  /**
   * The workbook counts dates in the 1904 system (Excel's option "Use 1904 date system"): serial 0
   * is 1 January 1904. What the host computes for the add-in (DATE through workbook.functions) follows it.
   */
  date1904 = false;
  /**
   * The workbook's clock: the wall-clock date and time where the workbook is, as a UTC instant
   * (read with getUTC…). TODAY(), NOW() and Excel's typing rules ("3/4" in this year) read it; tests
   * pin it, so no result depends on the day a test runs.
   */
  today: () => Date = localWallClock;
  calculator?: Calculator;
  /**
   * Cells written while calculation was suspended: their dependents were not recalculated, and
   * are not until the add-in asks (application.calculate).
   */
  owedCalculation: Change[] = [];
  /**
   * Cells were inserted or deleted: Excel calls every custom function again, by design (office-js
   * #3332, #3911). Done when the batch ends, or at the next calculation while calculation is suspended.
   */
  hostCallsOwed = false;
  /** Told of formula cells calculated (Worksheet.onCalculated, events.ts). */
  calculated?: (sheetId: string, rect: Rect) => void;
  /** Told of every Range.insert / Range.delete after it (the host's kept ranges follow it). */
  readonly moveListeners: ((move: Move) => void)[] = [];
  /** Why a cell shows the error it shows (a function's message, a blocked spill), for the formula bar and hover. */
  readonly errorNotes = new WeakMap<CellData, string>();
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

  /** Throws as Excel does when `name` is not a valid, unused sheet name (`except`: the sheet being renamed). */
  checkSheetName(name: string, except?: SheetData): void {
    const problem = sheetNameProblem(name);
    if (problem) throw officeError("InvalidArgument", `"${name}" is not a valid sheet name: ${problem}`);
    const other = this.sheetByName(name);
    if (other && other !== except)
      throw officeError("ItemAlreadyExists", `A sheet named "${name}" already exists`);
  }

  /**
   * Renames a sheet: every formula and defined name that names it names the new name, as in Excel
   * (renameSheet.ts); charts hold the sheet's id and follow by themselves.
   */
  renameSheet(sheet: SheetData, name: string): void {
    this.checkSheetName(name, sheet);
    const from = sheet.name;
    sheet.name = name;
    if (from === name) return;
    for (const s of this.sheets)
      for (const cols of s.rows.values())
        for (const cell of cols.values())
          if (cell.formula) cell.formula = renameSheetInFormula(cell.formula, from, name);
    for (const n of this.names) n.formula = renameSheetInFormula(n.formula, from, name);
  }

  addSheet(name?: string): SheetData {
    let n = name;
    if (n === undefined) {
      let i = this.sheets.length + 1;
      while (this.sheetByName(`Sheet${i}`)) i++;
      n = `Sheet${i}`;
    }
    this.checkSheetName(n);
    const sheet: SheetData = {
      id: this.nextId("ws"),
      name: n,
      visibility: "Visible",
      rows: new Map(),
      properties: new Map(),
      freezeRows: 0,
      columnWidths: new Map(),
      validations: [],
      hiddenRows: new Set(),
      spillAnchors: new Set(),
      pageLayout: { orientation: "Portrait", zoom: { scale: 100 } },
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
    this.charts = this.charts.filter((c) => c.sheetId !== sheet.id);
    if (this.activeSheetId === sheet.id)
      this.activeSheetId = this.sheets.find((s) => s.visibility === "Visible")?.id ?? null;
    if (this.selection?.sheetId === sheet.id) this.selection = null;
  }

  /** Table and defined names share one namespace (case-insensitive) and one set of rules. */
  checkDefinedName(name: string, except?: { kind: "table" | "name"; name: string }): void {
    const problem = definedNameProblem(name);
    if (problem) throw officeError("InvalidArgument", `"${name}" is not a valid name: ${problem}`);
    const lower = name.toLowerCase();
    const clash =
      this.tables.find(
        (t) => t.name.toLowerCase() === lower && !(except?.kind === "table" && except.name === t.name),
      )?.name ??
      this.names.find(
        (n) => n.name.toLowerCase() === lower && !(except?.kind === "name" && except.name === n.name),
      )?.name;
    if (clash) throw officeError("InvalidArgument", `The name "${name}" is already used by "${clash}"`);
  }

  cell(sheet: SheetData, row: number, col: number): CellData | undefined {
    return sheet.rows.get(row)?.get(col);
  }

  /**
   * The line on one side of a cell: the cell's own edge, else the edge its neighbour across that line
   * holds (Excel draws one line between two cells: A1's bottom is A2's top), else none.
   */
  edge(sheet: SheetData, row: number, col: number, side: CellSide): CellEdge {
    const own = this.cell(sheet, row, col)?.borders?.[side];
    if (own) return own;
    const across = acrossLine(row, col, side);
    return (across && this.cell(sheet, across.row, across.col)?.borders?.[across.side]) || NO_EDGE;
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

  /**
   * Writes a value through `range.values`, as Excel does: "" clears; in a Text (`@`) cell any
   * value is stored as text; elsewhere a string is read as if typed (numbers, dates, booleans,
   * errors, formulas: coerce.ts) and the number format it implies is applied to a General cell.
   */
  setValue(sheet: SheetData, row: number, col: number, value: Value): void {
    checkBounds(row, col);
    if (typeof value === "number" && !Number.isFinite(value))
      throw officeError("InvalidArgument", "A cell value must be a finite number");
    if (typeof value === "string" && value.length > MAX_CELL_CHARS) {
      throw officeError("InvalidArgument", `A cell can hold at most ${MAX_CELL_CHARS} characters`);
    }
    const cell = this.touch(sheet, row, col);
    this.dropSpill(sheet, row, col, cell);
    cell.spilledFrom = undefined;
    cell.formula = undefined;
    cell.error = undefined;
    cell.entity = undefined;
    cell.reads = undefined;
    if (value === "" || value === null) {
      cell.value = null;
      return;
    }
    if (cell.numberFormat === TEXT_FORMAT) {
      cell.value = typeof value === "boolean" ? (value ? "TRUE" : "FALSE") : String(value);
      return;
    }
    if (typeof value !== "string") {
      cell.value = value;
      return;
    }
    const typed = typeIn(value, this.today(), this.date1904);
    switch (typed.type) {
      case "formula":
        this.placeFormula(sheet, row, col, cell, typed.formula);
        return;
      case "number":
        cell.value = typed.value;
        if (typed.format && !cell.numberFormat) cell.numberFormat = typed.format;
        return;
      case "error":
        cell.value = typed.value;
        cell.error = true;
        return;
      default:
        cell.value = typed.value;
    }
  }

  /** Writes through `range.formulas`: a string starting with "=" is a formula, except in a Text cell. */
  setFormula(sheet: SheetData, row: number, col: number, formula: Value): void {
    checkBounds(row, col);
    const existing = this.cell(sheet, row, col);
    if (
      typeof formula === "string" &&
      formula.length > 1 &&
      formula.startsWith("=") &&
      existing?.numberFormat !== TEXT_FORMAT
    ) {
      if (formula.length > 8192)
        throw officeError("InvalidArgument", "A formula can have at most 8,192 characters");
      const cell = this.touch(sheet, row, col);
      cell.error = undefined;
      this.placeFormula(sheet, row, col, cell, formula);
    } else {
      this.setValue(sheet, row, col, formula);
    }
  }

  private placeFormula(sheet: SheetData, row: number, col: number, cell: CellData, formula: string): void {
    this.dropSpill(sheet, row, col, cell);
    cell.formula = formula;
    cell.spilledFrom = undefined;
    cell.value = null;
    cell.valueFormat = undefined;
    cell.entity = undefined;
    if (this.calculator) {
      if (!cell.numberFormat || cell.numberFormat === "General") {
        const entered = this.calculator.enteredFormat(sheet, row, formula);
        if (entered) cell.numberFormat = entered;
      }
      this.calculator.calculateCell(sheet, row, col);
    } else {
      cell.value = "#NAME?";
      cell.error = true;
    }
  }

  /**
   * Shows an array result at its anchor: spilled right and down, or #SPILL! while any cell of the
   * spill range holds something (a value, a formula, another spill), as Excel does.
   */
  setSpill(
    sheet: SheetData,
    row: number,
    col: number,
    result: Value[][],
    formats?: (string | undefined)[][],
  ): void {
    const anchor = this.cell(sheet, row, col);
    if (!anchor?.formula) return;
    this.dropSpill(sheet, row, col, anchor);
    anchor.spill = result;
    anchor.spillFormats = formats;
    sheet.spillAnchors.add(`${row},${col}`);
    this.renderSpill(sheet, row, col, anchor);
  }

  /** A formula cell whose result is no longer an array takes its spilled cells with it. */
  dropSpillOf(sheet: SheetData, row: number, col: number): void {
    const cell = this.cell(sheet, row, col);
    if (cell) this.dropSpill(sheet, row, col, cell);
  }

  /** Re-draws the spills on `sheet` whose range meets `rect` (a write there may block or free them). */
  respill(sheet: SheetData, rect: Rect): void {
    for (const key of [...sheet.spillAnchors]) {
      const [r, c] = key.split(",").map(Number);
      const cell = this.cell(sheet, r, c);
      if (!cell?.spill) sheet.spillAnchors.delete(key);
      else if (overlaps(rect, { row: r, col: c, rows: cell.spill.length, cols: spillWidth(cell.spill) }))
        this.renderSpill(sheet, r, c, cell);
    }
  }

  private renderSpill(sheet: SheetData, row: number, col: number, anchor: CellData): void {
    const result = anchor.spill!;
    const key = `${row},${col}`;
    for (const cols of sheet.rows.values())
      for (const [c, x] of cols) if (x.spilledFrom === key) cols.delete(c);
    const blocked = result.some((r, i) =>
      r.some((_, j) => {
        if (!i && !j) return false;
        const x = this.cell(sheet, row + i, col + j);
        return Boolean(x && (x.value !== null || x.formula));
      }),
    );
    if (blocked || row + result.length > MAX_ROWS || col + spillWidth(result) > MAX_COLS) {
      anchor.value = "#SPILL!";
      anchor.error = true;
      this.errorNotes.set(
        anchor,
        blocked
          ? "The spill range isn't blank: something is in the way of the result"
          : "The result would spill off the edge of the sheet",
      );
      return;
    }
    this.errorNotes.delete(anchor);
    result.forEach((r, i) =>
      r.forEach((v, j) => {
        const x = !i && !j ? anchor : this.touch(sheet, row + i, col + j);
        x.value = v;
        x.error = undefined; // a custom function's text "#N/A" is text; its errors come as errors
        x.valueFormat = anchor.spillFormats?.[i]?.[j];
        if (i || j) x.spilledFrom = key;
      }),
    );
  }

  /** A cell that stops being an array formula takes its spilled cells with it. */
  private dropSpill(sheet: SheetData, row: number, col: number, cell: CellData): void {
    if (!cell.spill) return;
    cell.spill = undefined;
    cell.spillFormats = undefined;
    const key = `${row},${col}`;
    sheet.spillAnchors.delete(key);
    for (const cols of sheet.rows.values())
      for (const [c, x] of cols) if (x.spilledFrom === key) cols.delete(c);
  }

  /** Empties what `what` names in `rect`; Contents keeps hyperlinks and formats, as in Excel. */
  clear(sheet: SheetData, rect: Rect, what: ClearWhat): void {
    for (const [r, cols] of sheet.rows) {
      if (r < rect.row || r >= rect.row + rect.rows) continue;
      for (const [c, cell] of cols) {
        if (c < rect.col || c >= rect.col + rect.cols) continue;
        if (what === "All" || what === "Contents") this.dropSpill(sheet, r, c, cell);
        if (what === "All") cols.delete(c);
        else if (what === "Hyperlinks") cell.hyperlink = undefined;
        else if (what === "Contents") {
          cell.value = null;
          cell.formula = undefined;
          cell.error = undefined;
          cell.entity = undefined;
          cell.reads = undefined;
          cell.spilledFrom = undefined;
        } else {
          cell.numberFormat = undefined;
          cell.fill = undefined;
          cell.bold = undefined;
          cell.color = undefined;
          cell.align = undefined;
          cell.borders = undefined;
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

  /**
   * A table's header row holds unique, non-empty text: Excel turns numbers into text, names a blank
   * header "ColumnN" and makes a repeated one unique by appending a number ("Name2").
   */
  normaliseHeaders(table: TableData): void {
    const sheet = this.sheetById(table.sheetId);
    if (!sheet) return;
    const seen = new Set<string>();
    const ids = table.columnIds ?? Array.from({ length: table.rect.cols }, (_, j) => j + 1);
    const headers = new Map<number, string>();
    const renames: [string, string][] = [];
    for (let j = 0; j < table.rect.cols; j++) {
      const cell = this.touch(sheet, table.rect.row, table.rect.col + j);
      let text =
        cell.value === null
          ? ""
          : typeof cell.value === "boolean"
            ? cell.value
              ? "TRUE"
              : "FALSE"
            : String(cell.value);
      if (cell.formula) {
        // Excel turns a header formula into its value as text.
        cell.formula = undefined;
        cell.reads = undefined;
      }
      if (text === "") text = `Column${j + 1}`;
      let unique = text;
      for (let k = 2; seen.has(unique.toLowerCase()); k++) unique = `${text}${k}`;
      seen.add(unique.toLowerCase());
      cell.value = unique;
      cell.error = undefined;
      const was = table.headerById?.get(ids[j]);
      if (was !== undefined && was !== unique) renames.push([was, unique]);
      headers.set(ids[j], unique);
    }
    table.headerById = headers;
    for (const [from, to] of renames) this.renameColumnRefs(table, from, to);
  }

  /** Every formula and defined name that names `table`'s column `from` names `to` instead (renameColumn.ts). */
  private renameColumnRefs(table: TableData, from: string, to: string): void {
    for (const sheet of this.sheets)
      for (const [row, cells] of sheet.rows)
        for (const [col, cell] of cells) {
          if (!cell.formula) continue;
          const inTable = sheet.id === table.sheetId && overlaps(table.rect, { row, col, rows: 1, cols: 1 });
          cell.formula = renameColumnInFormula(cell.formula, table.name, inTable, from, to);
        }
    for (const n of this.names) n.formula = renameColumnInFormula(n.formula, table.name, false, from, to);
  }
}

function spillWidth(result: Value[][]): number {
  return Math.max(1, ...result.map((r) => r.length));
}

function isEmpty(c: CellData): boolean {
  return (
    c.value === null &&
    !c.formula &&
    !c.numberFormat &&
    !c.fill &&
    !c.bold &&
    !c.hyperlink &&
    !c.color &&
    !c.align &&
    !c.borders
  );
}

export function overlaps(a: Rect, b: Rect): boolean {
  return a.row < b.row + b.rows && b.row < a.row + a.rows && a.col < b.col + b.cols && b.col < a.col + a.cols;
}

function checkBounds(row: number, col: number): void {
  if (row < 0 || col < 0 || row >= MAX_ROWS || col >= MAX_COLS) {
    throw officeError("InvalidArgument", "The range is outside the sheet (1,048,576 rows by 16,384 columns)");
  }
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
