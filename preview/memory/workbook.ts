/**
 * InMemoryWorkbook: the add-in's Excel outside Excel, for the browser preview, tests and benchmarks.
 *
 * - `workbook.excel` is used as the `Excel` namespace (`run`, and the enums the add-in reads).
 * - `workbook.host` is a direct, synchronous API for the preview grid and tests: read cells, type
 *   into a cell as a user would, select, show a formula's calculated (spilled) result, subscribe.
 * - `workbook.syncLog` records every context.sync() with its payload size.
 */
import { parseAddress, type Rect } from "./address";
import { Context, type FaultHook, type InMemoryHost, type SyncRecord } from "./api";
import { WorkbookModel, type CellData, type SheetData, type Value } from "./model";

export interface CellView {
  value: Value;
  formula?: string;
  numberFormat?: string;
  hyperlink?: string;
  fill?: string;
  bold?: boolean;
  spilled?: boolean;
}

type Listener = () => void;
/** Evaluates a formula cell the workbook cannot (ADS.* in the preview); may answer later. */
export type FormulaEvaluator = (sheet: string, row: number, col: number, formula: string) => void;

export class InMemoryWorkbook implements InMemoryHost {
  readonly model = new WorkbookModel();
  readonly syncLog: SyncRecord[] = [];
  faultHook?: FaultHook;
  evaluator?: FormulaEvaluator;
  private readonly listeners = new Set<Listener>();
  readonly excel: ExcelLike;

  constructor(options: { sheets?: string[] } = {}) {
    for (const name of options.sheets ?? ["Sheet1"]) this.model.addSheet(name);
    this.model.selection = { sheetId: this.model.sheets[0].id, rect: { row: 0, col: 0, rows: 1, cols: 1 } };
    this.excel = createExcelNamespace(this);
    // Formulas written through the API are calculated after the sync that wrote them, as Excel would.
    this.model.onFormula = (sheet, row, col, formula) => {
      if (this.evaluator) setTimeout(() => this.evaluator?.(sheet.name, row, col, formula), 0);
    };
  }

  /**
   * Excel's "include new rows in table": typing in the row just below a table adds that row to it,
   * with the number formats and list validations of the row above.
   */
  private growTableTo(s: SheetData, row: number, col: number): void {
    const t = this.model.tables.find(
      (x) =>
        x.sheetId === s.id &&
        row === x.rect.row + x.rect.rows &&
        col >= x.rect.col &&
        col < x.rect.col + x.rect.cols,
    );
    if (!t) return;
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

  changed(): void {
    for (const l of this.listeners) l();
  }

  recalculate(): void {
    if (!this.evaluator) return;
    for (const sheet of this.model.sheets) {
      for (const [r, cols] of sheet.rows)
        for (const [c, cell] of cols)
          if (cell.formula && !cell.spilledFrom) this.evaluator(sheet.name, r, c, cell.formula);
    }
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
      const c = this.model.cell(this.sheet(sheet), row, col);
      return c ? view(c) : { value: null };
    },
    usedSize: (sheet: string): { rows: number; cols: number } => {
      const r = this.model.usedRect(this.sheet(sheet));
      return r ? { rows: r.row + r.rows, cols: r.col + r.cols } : { rows: 0, cols: 0 };
    },
    freezeRows: (sheet: string) => this.sheet(sheet).freezeRows,
    properties: (sheet: string) => new Map(this.sheet(sheet).properties),
    tables: () =>
      this.model.tables.map((t) => ({
        name: t.name,
        sheet: this.model.sheetById(t.sheetId)!.name,
        rect: { ...t.rect },
      })),
    validations: (sheet: string) =>
      this.sheet(sheet).validations.map((v) => ({ ...v, rect: { ...v.rect }, list: [...v.list] })),
    /** What a user typing into a cell does: numbers, TRUE/FALSE, text, or a formula. */
    setInput: (sheet: string, row: number, col: number, input: string) => {
      const s = this.sheet(sheet);
      this.clearSpill(s, row, col);
      const t = input.trim();
      if (t.startsWith("=")) {
        this.model.setFormula(s, row, col, t);
        this.changed();
        return;
      }
      if (t !== "") this.growTableTo(s, row, col);
      const cell = this.model.touch(s, row, col);
      cell.formula = undefined;
      cell.value =
        t === ""
          ? null
          : /^-?\d+(\.\d+)?$/.test(t)
            ? Number(t)
            : /^(true|false)$/i.test(t)
              ? t.toLowerCase() === "true"
              : input;
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
    /** Shows a formula cell's calculated value; an array spills right and down (#SPILL! if blocked). */
    setCalculated: (sheet: string, row: number, col: number, result: Value | Value[][]) => {
      const s = this.sheet(sheet);
      const anchor = this.model.cell(s, row, col);
      if (!anchor?.formula) return;
      this.clearSpill(s, row, col);
      const key = `${row},${col}`;
      if (!Array.isArray(result)) {
        anchor.value = result;
      } else {
        const blocked = result.some((r, i) =>
          r.some((_, j) => (i || j) && this.occupied(s, row + i, col + j)),
        );
        if (blocked) anchor.value = "#SPILL!";
        else
          result.forEach((r, i) =>
            r.forEach((v, j) => {
              if (!i && !j) anchor.value = v;
              else {
                const c = this.model.touch(s, row + i, col + j);
                c.value = v;
                c.spilledFrom = key;
              }
            }),
          );
      }
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

  private sheet(name: string): SheetData {
    const s = this.model.sheetByName(name);
    if (!s) throw new Error(`No sheet named "${name}"`);
    return s;
  }

  private occupied(s: SheetData, row: number, col: number): boolean {
    const c = this.model.cell(s, row, col);
    return Boolean(c && !c.spilledFrom && (c.value !== null || c.formula));
  }

  private clearSpill(s: SheetData, row: number, col: number): void {
    const key = `${row},${col}`;
    for (const cols of s.rows.values())
      for (const [c, cell] of cols) if (cell.spilledFrom === key) cols.delete(c);
  }
}

function view(c: CellData): CellView {
  return {
    value: c.value,
    formula: c.formula,
    numberFormat: c.numberFormat,
    hyperlink: c.hyperlink,
    fill: c.fill,
    bold: c.bold,
    spilled: Boolean(c.spilledFrom),
  };
}

function readRect(model: WorkbookModel, s: SheetData, rect: Rect): Value[][] {
  return Array.from({ length: rect.rows }, (_, i) =>
    Array.from({ length: rect.cols }, (_, j) => model.cell(s, rect.row + i, rect.col + j)?.value ?? null),
  );
}

/** The Excel namespace subset: `run` and the enums the add-in reads. */
export interface ExcelLike {
  run: typeof Excel.run;
  [name: string]: unknown;
}

function createExcelNamespace(host: InMemoryHost): ExcelLike {
  const run = async <T>(batch: (context: Context) => Promise<T>): Promise<T> => batch(new Context(host));
  return {
    run: run as unknown as typeof Excel.run,
    CalculationType: { recalculate: "Recalculate", full: "Full", fullRebuild: "FullRebuild" },
    SheetVisibility: { visible: "Visible", hidden: "Hidden", veryHidden: "VeryHidden" },
    ClearApplyTo: { all: "All", contents: "Contents", formats: "Formats", hyperlinks: "Hyperlinks" },
    WorksheetPositionType: {
      none: "None",
      before: "Before",
      after: "After",
      beginning: "Beginning",
      end: "End",
    },
    DataValidationAlertStyle: { stop: "Stop", warning: "Warning", information: "Information" },
    DataValidationType: { list: "List" },
  };
}
