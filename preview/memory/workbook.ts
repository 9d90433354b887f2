/**
 * InMemoryWorkbook: the add-in's Excel outside Excel, for the browser preview, tests and benchmarks.
 *
 * - `workbook.excel` is the genuine office.js `Excel` namespace (officeJs.ts) whose `run` sends
 *   every sync, as the real RichApi request, to this workbook's request processor (richApi/).
 * - `workbook.host` is a direct, synchronous API for the preview grid and tests: read cells, type
 *   into a cell as a user would, select, show a formula's calculated (spilled) result, subscribe.
 * - `workbook.syncLog` records every context.sync() with its request and response size.
 *
 * It is never kinder than Excel: each rule it follows is a row of docs/excel-fidelity.md.
 */
import type { EntityValue } from "./entities";
import { HostEvents } from "./events";
import { MAX_COLS, MAX_ROWS, parseAddress, type Rect } from "./address";
import { FormulaCalculator } from "./calc";
import { chartViews, type ChartView } from "./chart";
import { typeIn } from "./coerce";
import {
  MAX_CELL_CHARS,
  WorkbookModel,
  type CellData,
  type Change,
  type CellEdge,
  type CellSide,
  type HorizontalAlign,
  type SheetData,
  type Value,
} from "./model";
import { displayText, editText } from "./numberFormat";
import { moveCells } from "./shift";
import { jsonBytes, PAYLOAD_LIMIT_BYTES } from "./payload";
import { excelFor, routeRequests } from "./officeJs";
import type { FaultHook, InMemoryHost, SyncRecord, ValueWrite } from "./richApi/batch";
import { workbookObject } from "./richApi/classes";
import { RichApiProcessor, type HttpAnswer } from "./richApi/processor";

export interface CellView {
  value: Value;
  /** What Excel shows (the value under its number format). */
  text: string;
  /** What Excel's formula bar shows for the value (numberFormat.ts, editText); a formula cell shows its formula. */
  editText: string;
  error?: boolean;
  /** Why a calculated cell shows its error (ADS.* messages). */
  errorMessage?: string;
  formula?: string;
  numberFormat?: string;
  /** A calculated value's own format (a function's formatted number), shown in a General cell. */
  valueFormat?: string;
  /** A function's entity value (a card, entities.ts): the grid draws its icon and opens its card. */
  entity?: EntityValue;
  hyperlink?: string;
  fill?: string;
  /** The cell's own font colour: drawn over its table style's, as Excel does (docs/excel-fidelity.md). */
  color?: string;
  bold?: boolean;
  /** Left, Center or Right where the cell's alignment is not General. */
  align?: HorizontalAlign;
  /** The lines drawn around the cell (its own borders, or its neighbour's on the same line), by side. */
  borders?: Partial<Record<CellSide, CellEdge>>;
  spilled?: boolean;
  /** On a formula cell with an array result: the size of its spill range (blocked or not). */
  spillSize?: { rows: number; cols: number };
  /** On a spilled cell: the formula cell whose result it shows. */
  spillAnchor?: { row: number; col: number };
}

type Listener = () => void;

/** A calculated result, or an error with the message the function gave. */
export type Calculated = Value | Value[][] | { error: string; message?: string };

const inRect = (r: Rect, row: number, col: number) =>
  row >= r.row && row < r.row + r.rows && col >= r.col && col < r.col + r.cols;

export class InMemoryWorkbook implements InMemoryHost {
  readonly model = new WorkbookModel();
  readonly syncLog: SyncRecord[] = [];
  readonly cleanupLog: SyncRecord[] = [];
  faultHook?: FaultHook;
  valueWritten?: (write: ValueWrite) => void;
  readonly calculator: FormulaCalculator;
  private readonly listeners = new Set<Listener>();
  /** Excel's change events (events.ts): raised for typing, clearing, an add-in's writes and calculations. */
  readonly events = new HostEvents();
  private readonly processor: RichApiProcessor;
  private namespace?: ExcelLike;

  constructor(options: { sheets?: string[]; today?: () => Date } = {}) {
    if (options.today) this.model.today = options.today;
    this.calculator = new FormulaCalculator(this.model);
    this.model.calculator = this.calculator;
    this.model.calculated = (sheetId, rect) => this.events.calculated(sheetId, rect);
    for (const name of options.sheets ?? ["Sheet1"]) this.model.addSheet(name);
    this.model.selection = { sheetId: this.model.sheets[0].id, rect: { row: 0, col: 0, rows: 1, cols: 1 } };
    this.processor = new RichApiProcessor(this, workbookObject);
  }

  /**
   * Excel's "include new rows in table": typing in the row just below a table adds that row to it,
   * with the number formats and list validations of the row above.
   */
  /**
   * Excel's AutoExpansion ("Include new rows and columns in table", on by default): typing in the row
   * just under a table adds that row to it; typing in the column just right of it, in one of its rows,
   * adds that column (its header the typed text when typed in the header row, else Column<n>); the
   * table's style covers it, its cells keep their own number formats.
   */
  private growTableTo(s: SheetData, row: number, col: number): void {
    const t = this.model.tables.find(
      (x) =>
        x.sheetId === s.id &&
        ((row === x.rect.row + x.rect.rows && col >= x.rect.col && col < x.rect.col + x.rect.cols) ||
          (col === x.rect.col + x.rect.cols && row >= x.rect.row && row < x.rect.row + x.rect.rows)),
    );
    if (!t) return;
    if (col === t.rect.col + t.rect.cols && row >= t.rect.row && row < t.rect.row + t.rect.rows) {
      // Not into cells another table holds.
      if (this.model.tables.some((x) => x !== t && x.sheetId === s.id && inRect(x.rect, row, col))) return;
      const ids = t.columnIds ?? Array.from({ length: t.rect.cols }, (_, j) => j + 1);
      t.nextColumnId ??= Math.max(0, ...ids) + 1;
      t.columnIds = [...ids, t.nextColumnId++];
      t.rect = { ...t.rect, cols: t.rect.cols + 1 };
      this.model.normaliseHeaders(t);
      return;
    }
    const last = row - 1;
    for (let c = t.rect.col; c < t.rect.col + t.rect.cols; c++) {
      const format = this.model.cell(s, last, c)?.numberFormat;
      if (format) this.model.touch(s, row, c).numberFormat = format;
    }
    for (const v of s.validations)
      if (v.rect.row + v.rect.rows === row && v.rect.row > t.rect.row)
        v.rect = { ...v.rect, rows: v.rect.rows + 1 };
    t.rect = { ...t.rect, rows: t.rect.rows + 1 };
  }

  /** The genuine office.js `Excel` namespace, its `run` on this workbook (made when first asked for). */
  get excel(): ExcelLike {
    this.namespace ??= excelFor(routeRequests((body) => this.process(body)));
    return this.namespace;
  }

  /** Runs one RichApi request body (office.js's, whichever thread it was built in) and answers it. */
  process(body: string): HttpAnswer {
    return this.processor.process(body);
  }

  changed(): void {
    for (const l of this.listeners) l();
  }

  /**
   * Calculates formula cells again ("Sheet!row,col", custom functions' answers that arrived together)
   * and what depends on any of them, then tells the listeners.
   */
  recalculateCells(keys: Iterable<string>): void {
    const changes: Change[] = [];
    for (const key of keys) {
      const m = /^(.*)!(\d+),(\d+)$/.exec(key);
      const sheet = m ? this.model.sheetByName(m[1]) : undefined;
      if (!m || !sheet) continue;
      const row = Number(m[2]);
      const col = Number(m[3]);
      const cell = this.model.cell(sheet, row, col);
      if (!cell?.formula) continue;
      this.calculator.calculateCell(sheet, row, col);
      const rows = cell.spill?.length ?? 1;
      const cols = Math.max(1, ...(cell.spill ?? [[]]).map((r) => r.length));
      changes.push({ sheetId: sheet.id, rect: { row, col, rows, cols } });
      this.events.calculated(sheet.id, { row, col, rows, cols });
    }
    if (changes.length === 0) return;
    this.calculator.propagate(changes);
    this.changed();
  }

  readonly host = {
    sheets: () =>
      this.model.sheets.map((s) => ({
        name: s.name,
        visible: s.visibility === "Visible",
        active: s.id === this.model.activeSheetId,
      })),
    activate: (name: string) => {
      const s = this.sheet(name);
      this.model.activeSheetId = s.id;
      this.model.selection = { sheetId: s.id, rect: { row: 0, col: 0, rows: 1, cols: 1 } };
      this.changed();
    },
    cell: (sheet: string, row: number, col: number): CellView => {
      const s = this.sheet(sheet);
      const c = this.model.cell(s, row, col);
      const view: CellView = c ? this.view(c) : { value: null, text: "", editText: "" };
      // Set on the view itself: a copy ({ ...view }) would work out its lazy editText at once.
      const borders = this.lines(s, row, col);
      if (borders) view.borders = borders;
      return view;
    },
    usedSize: (sheet: string): { rows: number; cols: number } => {
      const r = this.model.usedRect(this.sheet(sheet));
      return r ? { rows: r.row + r.rows, cols: r.col + r.cols } : { rows: 0, cols: 0 };
    },
    freezeRows: (sheet: string) => this.sheet(sheet).freezeRows,
    /** The sheet's page setup: orientation, zoom and print area. */
    pageLayout: (sheet: string) => ({ ...this.sheet(sheet).pageLayout }),
    /** Widths set through format.columnWidth, in points, by column index. */
    columnWidths: (sheet: string): Map<number, number> => new Map(this.sheet(sheet).columnWidths),
    /** The sheet's charts as the preview draws them (chart.ts). */
    charts: (sheet: string): ChartView[] => chartViews(this.model, this.sheet(sheet)),
    properties: (sheet: string) => new Map(this.sheet(sheet).properties),
    tables: () =>
      this.model.tables.map((t) => ({
        name: t.name,
        sheet: this.model.sheetById(t.sheetId)!.name,
        rect: { ...t.rect },
      })),
    /** A table's style name (TableStyleMedium2, …), or undefined when there is no such table. */
    tableStyle: (name: string): string | undefined => this.model.tableByName(name)?.style,
    validations: (sheet: string) =>
      this.sheet(sheet).validations.map((v) => ({ ...v, rect: { ...v.rect }, list: [...v.list] })),
    /**
     * What a planner dragging a table column elsewhere does: its cells (header and body) and its id
     * go to index `to`; the columns between shift over.
     */
    moveTableColumn: (tableName: string, from: number, to: number) => {
      const t = this.model.tableByName(tableName);
      if (!t) throw new Error(`No table named "${tableName}"`);
      const sheet = this.model.sheetById(t.sheetId)!;
      const order = Array.from({ length: t.rect.cols }, (_, j) => j);
      order.splice(to, 0, ...order.splice(from, 1));
      for (let r = t.rect.row; r < t.rect.row + t.rect.rows; r++) {
        const cells = order.map((j) => this.model.cell(sheet, r, t.rect.col + j));
        const row = sheet.rows.get(r) ?? new Map<number, CellData>();
        cells.forEach((c, j) => (c ? row.set(t.rect.col + j, c) : row.delete(t.rect.col + j)));
        sheet.rows.set(r, row);
      }
      const ids = t.columnIds ?? order.map((_, j) => j + 1);
      t.columnIds = order.map((j) => ids[j]);
      t.nextColumnId ??= Math.max(0, ...ids) + 1;
      this.changed();
    },
    /** What a planner inserting a table column does (Insert ▸ Table Columns to the Left): a new column at `index`. */
    insertTableColumn: (tableName: string, index: number, name: string) => {
      const t = this.model.tableByName(tableName);
      if (!t) throw new Error(`No table named "${tableName}"`);
      const sheet = this.model.sheetById(t.sheetId)!;
      const ids = t.columnIds ?? Array.from({ length: t.rect.cols }, (_, j) => j + 1);
      t.nextColumnId ??= Math.max(0, ...ids) + 1;
      const before = { ...t.rect };
      moveCells(
        this.model,
        sheet,
        { row: before.row, col: before.col + index, rows: before.rows, cols: 1 },
        "Right",
      );
      // Cells made at either edge are outside the table: it takes them in.
      if (index === 0 || index === before.cols) t.rect = { ...before, cols: before.cols + 1 };
      t.columnIds = [...ids.slice(0, index), t.nextColumnId++, ...ids.slice(index)];
      this.model.touch(sheet, t.rect.row, t.rect.col + index).value = name;
      this.model.normaliseHeaders(t);
      this.model.hostCallsOwed = false;
      this.calculator.rerunHostCalls();
      this.changed();
    },
    /**
     * What a planner inserting or deleting whole rows or columns does (Home ▸ Insert / Delete, or
     * Ctrl+Shift+= and Ctrl+- on the grid): the cells move, formulas follow them, and Excel calls
     * every custom function again (docs/excel-fidelity.md, "Calculation").
     */
    insertRows: (sheet: string, row: number, count = 1) =>
      this.structural(sheet, { row, col: 0, rows: count, cols: MAX_COLS }, "Down"),
    deleteRows: (sheet: string, row: number, count = 1) =>
      this.structural(sheet, { row, col: 0, rows: count, cols: MAX_COLS }, "Up"),
    insertColumns: (sheet: string, col: number, count = 1) =>
      this.structural(sheet, { row: 0, col, rows: MAX_ROWS, cols: count }, "Right"),
    deleteColumns: (sheet: string, col: number, count = 1) =>
      this.structural(sheet, { row: 0, col, rows: MAX_ROWS, cols: count }, "Left"),
    /** Ctrl+Alt+F9, a full calculation: every formula, every custom function called again. */
    calculateFull: () => {
      this.model.owedCalculation = [];
      this.model.hostCallsOwed = false;
      this.calculator.calculateAll();
      this.changed();
    },
    /**
     * A link the planner put on a cell (Insert ▸ Link), its text kept; on an empty cell Excel shows
     * the address as the cell's text, so the cell holds it.
     */
    setHyperlink: (sheet: string, row: number, col: number, address: string) => {
      const cell = this.model.touch(this.sheet(sheet), row, col);
      cell.hyperlink = address;
      if ((cell.value === null || cell.value === "") && cell.formula === undefined) cell.value = address;
      this.changed();
    },
    /** A planner's Format Cells ▸ Number on one cell ("General" clears it, as the API's "" does). */
    setNumberFormat: (sheet: string, row: number, col: number, format: string) => {
      this.model.touch(this.sheet(sheet), row, col).numberFormat =
        format === "" || format === "General" ? undefined : format;
      this.changed();
    },
    /** A planner's Data ▸ Data Validation ▸ List on one cell: a drop-down of `list`. */
    addListValidation: (sheet: string, row: number, col: number, list: readonly string[]) => {
      this.sheet(sheet).validations.push({ rect: { row, col, rows: 1, cols: 1 }, list: [...list] });
      this.changed();
    },
    /** What a user typing into a cell does: Excel's reading of typed text (coerce.ts), or a formula. */
    setInput: (sheet: string, row: number, col: number, input: string) => {
      const s = this.sheet(sheet);
      if (input.trim() !== "") this.growTableTo(s, row, col);
      const existing = this.model.cell(s, row, col);
      const formula =
        existing?.numberFormat !== "@" &&
        typeIn(input, this.model.today(), this.model.date1904).type === "formula";
      if (formula) this.model.setFormula(s, row, col, input.trim());
      else this.model.setValue(s, row, col, input === "" ? "" : input);
      const change = { sheetId: s.id, rect: { row, col, rows: 1, cols: 1 } };
      this.model.respill(s, change.rect);
      // Typing is calculated at once (automatic calculation), including what an API write left owed.
      const owed = this.model.owedCalculation;
      this.model.owedCalculation = [];
      this.model.calculator?.propagate([...owed, change]);
      for (const t of this.model.tables)
        if (t.sheetId === s.id && row === t.rect.row && col >= t.rect.col && col < t.rect.col + t.rect.cols)
          this.model.normaliseHeaders(t);
      this.events.changed(s.id, change.rect, "user");
      this.changed();
    },
    /**
     * Delete on the grid (Excel's Clear Contents): the values and formulas of `rect` go, formats
     * stay; a cell another formula spilled into is left to that formula, as Excel leaves it.
     */
    clearContents: (sheet: string, rect: Rect) => {
      const s = this.sheet(sheet);
      const filled: [number, number][] = [];
      for (const [row, cols] of s.rows) {
        if (row < rect.row || row >= rect.row + rect.rows) continue;
        for (const [col, cell] of cols)
          if (
            col >= rect.col &&
            col < rect.col + rect.cols &&
            !cell.spilledFrom &&
            (cell.formula !== undefined || (cell.value !== null && cell.value !== ""))
          )
            filled.push([row, col]);
      }
      for (const [row, col] of filled) this.model.setValue(s, row, col, "");
      if (filled.length) this.events.changed(s.id, rect, "user");
      this.model.respill(s, rect);
      const owed = this.model.owedCalculation;
      this.model.owedCalculation = [];
      this.model.calculator?.propagate([...owed, { sheetId: s.id, rect }]);
      for (const t of this.model.tables)
        if (
          t.sheetId === s.id &&
          filled.some(
            ([row, col]) => row === t.rect.row && col >= t.rect.col && col < t.rect.col + t.rect.cols,
          )
        )
          this.model.normaliseHeaders(t);
      this.changed();
    },
    select: (sheet: string, row: number, col: number, rows = 1, cols = 1) => {
      const s = this.sheet(sheet);
      this.model.activeSheetId = s.id;
      this.model.selection = { sheetId: s.id, rect: { row, col, rows, cols } };
      this.changed();
    },
    /** The selected range: its top-left cell and its size. */
    selection: (): { sheet: string; row: number; col: number; rows: number; cols: number } | null => {
      const sel = this.model.selection;
      const s = sel && this.model.sheetById(sel.sheetId);
      return sel && s ? { sheet: s.name, ...sel.rect } : null;
    },
    /**
     * Shows a formula cell's calculated value; an array spills right and down (#SPILL! if blocked).
     * As in Excel on the web, a result over 5 MB never arrives (#BUSY! stays), and a string over
     * 32,767 characters is #VALUE!.
     */
    setCalculated: (sheet: string, row: number, col: number, result: Calculated) => {
      const s = this.sheet(sheet);
      const anchor = this.model.cell(s, row, col);
      if (!anchor?.formula) return;
      const tooLong = (v: Value) => typeof v === "string" && v.length > MAX_CELL_CHARS;
      const error =
        result !== null && typeof result === "object" && !Array.isArray(result)
          ? result
          : jsonBytes(result) > PAYLOAD_LIMIT_BYTES
            ? { error: "#BUSY!", message: "The result is over Excel's 5 MB limit for a custom function" }
            : (Array.isArray(result) ? result.some((r) => r.some(tooLong)) : tooLong(result))
              ? { error: "#VALUE!", message: "A text result over 32,767 characters" }
              : null;
      if (error) {
        this.model.setSpill(s, row, col, [[error.error]]);
        anchor.error = true;
        if (error.message) this.model.errorNotes.set(anchor, error.message);
      } else this.model.setSpill(s, row, col, Array.isArray(result) ? result : [[result as Value]]);
      const rows = anchor.spill?.length ?? 1;
      const cols = Math.max(1, ...(anchor.spill ?? [[]]).map((r) => r.length));
      this.model.calculator?.propagate([{ sheetId: s.id, rect: { row, col, rows, cols } }]);
      this.changed();
    },
    subscribe: (listener: Listener): (() => void) => {
      this.listeners.add(listener);
      return () => this.listeners.delete(listener);
    },
    range: (address: string): Value[][] => {
      const { sheet, rect } = parseAddress(address);
      const s = this.sheet(sheet ?? this.model.sheetById(this.model.activeSheetId ?? "")!.name);
      return readRect(this.model, s, rect);
    },
  };

  /** Whole rows or columns inserted or deleted from the grid; every custom function runs again. */
  private structural(sheet: string, band: Rect, direction: "Down" | "Up" | "Right" | "Left"): void {
    const s = this.sheet(sheet);
    moveCells(this.model, s, band, direction);
    this.model.hostCallsOwed = false;
    this.calculator.calculateAll();
    this.changed();
  }

  /** The lines drawn around a cell: its own edges and those its neighbours hold on the same lines. */
  private lines(s: SheetData, row: number, col: number): CellView["borders"] {
    let out: CellView["borders"];
    for (const side of ["top", "bottom", "left", "right"] as const) {
      const e = this.model.edge(s, row, col, side);
      if (e.style !== "None") (out ??= {})[side] = e;
    }
    return out;
  }

  private view(c: CellData): CellView {
    const date1904 = this.model.date1904;
    return {
      value: c.value,
      text: displayText(c, this.model.date1904),
      // Only the formula bar reads it: worked out when read, not for every cell the grid draws.
      get editText() {
        if (c.entity) return c.entity.text ?? "";
        return c.error ? String(c.value) : editText(c.value, c.numberFormat ?? c.valueFormat, date1904);
      },
      // A card's value is #VALUE!, but the grid shows its text, never as an error.
      error: c.entity ? undefined : c.error,
      errorMessage: this.model.errorNotes.get(c),
      formula: c.formula,
      numberFormat: c.numberFormat,
      valueFormat: c.valueFormat,
      ...(c.entity ? { entity: c.entity } : {}),
      hyperlink: c.hyperlink,
      fill: c.fill,
      color: c.color,
      bold: c.bold,
      align: c.align,
      ...(c.spilledFrom ? { spilled: true } : {}),
      spillSize: c.spill && { rows: c.spill.length, cols: Math.max(1, ...c.spill.map((r) => r.length)) },
      spillAnchor: c.spilledFrom
        ? { row: +c.spilledFrom.split(",")[0], col: +c.spilledFrom.split(",")[1] }
        : undefined,
    };
  }

  private sheet(name: string): SheetData {
    const s = this.model.sheetByName(name);
    if (!s) throw new Error(`No sheet named "${name}"`);
    return s;
  }
}

function readRect(model: WorkbookModel, s: SheetData, rect: Rect): Value[][] {
  return Array.from({ length: rect.rows }, (_, i) =>
    Array.from({ length: rect.cols }, (_, j) => model.cell(s, rect.row + i, rect.col + j)?.value ?? null),
  );
}

/** The `Excel` namespace the add-in is given. */
export type ExcelLike = typeof Excel;
