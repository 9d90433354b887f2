/** Range, its format and its data validation, over the in-memory model. */
import { quoteSheet, rectAddress, type Rect } from "./address";
import { Proxy, type Context } from "./context";
import { officeError, overlaps, type CellData, type ClearWhat, type SheetData, type Value } from "./model";
import { displayText } from "./numberFormat";
import { jsonBytes } from "./payload";
import { fromR1C1, toR1C1 } from "./r1c1";
import { TableCollectionProxy } from "./table";
import { WorksheetProxy } from "./worksheet";

export type SheetResolver = () => SheetData | undefined;

/** Excel refuses reads of more than five million cells. */
const READ_CELL_LIMIT = 5_000_000;

export function requiredSheet(resolve: SheetResolver, what = "The worksheet"): SheetData {
  const s = resolve();
  if (!s) throw officeError("ItemNotFound", `${what} does not exist`);
  return s;
}

class RangeFormatProxy {
  readonly font: { bold: boolean; color: string };
  readonly fill: { color: string; clear(): void };
  constructor(private readonly range: RangeProxy) {
    const each = (fn: (c: CellData) => void) => range.forEachCell(fn);
    const ctx = range.context;
    this.font = {
      set bold(v: boolean) {
        // Not bold is the default: a cell holds no flag for it.
        ctx.enqueue(v, () => each((c) => (c.bold = v ? true : undefined)));
      },
      get bold(): boolean {
        return range.firstCell()?.bold ?? false;
      },
      set color(v: string) {
        ctx.enqueue(v, () => each((c) => (c.color = v)));
      },
      get color(): string {
        return range.firstCell()?.color ?? "#000000";
      },
    };
    this.fill = {
      set color(v: string) {
        ctx.enqueue(v, () => each((c) => (c.fill = v)));
      },
      get color(): string {
        return range.firstCell()?.fill ?? "";
      },
      clear: () => ctx.enqueue(null, () => each((c) => (c.fill = undefined))),
    };
  }
  autofitColumns(): void {
    /* widths are the writer's own estimate in the preview */
  }
  set columnWidth(w: number) {
    this.range.context.enqueue(w, () => {
      const rect = this.range.rect();
      for (let c = rect.col; c < rect.col + rect.cols; c++) this.range.sheetData().columnWidths.set(c, w);
    });
  }
}

type Validation = SheetData["validations"][number];

export class RangeProxy extends Proxy {
  readonly format: RangeFormatProxy;
  readonly dataValidation: {
    rule: unknown;
    errorAlert: { showAlert?: boolean; style?: string; title?: string; message?: string };
    prompt: { showPrompt?: boolean; title?: string; message?: string };
    clear(): void;
    load(): void;
  };

  constructor(
    ctx: Context,
    private readonly resolveSheet: SheetResolver,
    readonly rect: () => Rect,
  ) {
    super(ctx);
    this.format = new RangeFormatProxy(this);
    const self = this;
    this.dataValidation = {
      set rule(rule: unknown) {
        ctx.enqueue(rule, () => {
          const source = (rule as { list?: { source?: string } }).list?.source;
          if (source === undefined) return;
          self.sheetData().validations.push({
            rect: self.rect(),
            list: String(source)
              .split(",")
              .map((s) => s.trim()),
          });
        });
      },
      get rule(): unknown {
        return undefined;
      },
      // Alert and prompt attach to the list rule already set on exactly this range (Excel keeps them
      // per range whether or not a rule exists; a list rule is the only kind the add-in writes).
      set errorAlert(alert: { style?: string; message?: string }) {
        ctx.enqueue(alert, () => {
          for (const v of self.validationsHere())
            v.alert = { style: alert.style ?? "Stop", message: alert.message ?? "" };
        });
      },
      get errorAlert() {
        return {};
      },
      set prompt(prompt: { message?: string }) {
        ctx.enqueue(prompt, () => {
          for (const v of self.validationsHere()) v.prompt = prompt.message ?? "";
        });
      },
      get prompt() {
        return {};
      },
      clear: () =>
        ctx.enqueue(null, () => {
          const r = self.rect();
          const sheet = self.sheetData();
          sheet.validations = sheet.validations.filter((v) => !overlaps(v.rect, r));
        }),
      load: () => undefined,
    };
  }

  get context(): Context {
    return this.ctx;
  }

  sheetData(): SheetData {
    return requiredSheet(this.resolveSheet);
  }

  /** Per-cell fill colour and bold (the subset of CellProperties the add-in reads), known after sync. */
  getCellProperties(spec: unknown): {
    value: { format: { fill: { color: string }; font: { bold: boolean } } }[][];
  } {
    const result = { value: [] as { format: { fill: { color: string }; font: { bold: boolean } } }[][] };
    this.ctx.enqueue(spec, () => {
      const r = this.rect();
      const sheet = this.sheetData();
      result.value = Array.from({ length: r.rows }, (_, i) =>
        Array.from({ length: r.cols }, (_, j) => {
          const c = this.ctx.model.cell(sheet, r.row + i, r.col + j);
          return { format: { fill: { color: c?.fill ?? "#FFFFFF" }, font: { bold: c?.bold ?? false } } };
        }),
      );
      this.ctx.respond(jsonBytes(result.value));
    });
    return result;
  }

  validationsHere(): Validation[] {
    const r = this.rect();
    return this.sheetData().validations.filter(
      (v) => v.rect.row === r.row && v.rect.col === r.col && v.rect.rows === r.rows && v.rect.cols === r.cols,
    );
  }

  /** The tables that overlap this range (or lie wholly inside it with fullyContained). */
  getTables(fullyContained = false): TableCollectionProxy {
    return new TableCollectionProxy(this.ctx, this.resolveSheet as () => SheetData, (t) => {
      const r = this.rect();
      const inside =
        t.rect.row >= r.row &&
        t.rect.col >= r.col &&
        t.rect.row + t.rect.rows <= r.row + r.rows &&
        t.rect.col + t.rect.cols <= r.col + r.cols;
      return fullyContained ? inside : overlaps(t.rect, r);
    });
  }

  firstCell(): CellData | undefined {
    const r = this.rect();
    return this.ctx.model.cell(this.sheetData(), r.row, r.col);
  }

  forEachCell(fn: (c: CellData) => void): void {
    const r = this.rect();
    const sheet = this.sheetData();
    for (let i = 0; i < r.rows; i++)
      for (let j = 0; j < r.cols; j++) fn(this.ctx.model.touch(sheet, r.row + i, r.col + j));
  }

  protected snapshot(props?: readonly string[]) {
    const sheet = this.sheetData();
    const r = this.rect();
    const want = (p: string) => !props || props.includes(p);
    const cell = (row: number, col: number) => this.ctx.model.cell(sheet, row, col);
    const grid = <T>(pick: (c: CellData | undefined) => T): T[][] => {
      if (r.rows * r.cols > READ_CELL_LIMIT)
        throw officeError(
          "ResponsePayloadSizeLimitExceeded",
          `The range has ${r.rows * r.cols} cells; a read is limited to 5,000,000`,
        );
      return Array.from({ length: r.rows }, (_, i) =>
        Array.from({ length: r.cols }, (_, j) => pick(cell(r.row + i, r.col + j))),
      );
    };
    const out: Record<string, unknown> = {
      address: `${quoteSheet(sheet.name)}!${rectAddress(r)}`,
      rowCount: r.rows,
      columnCount: r.cols,
      rowIndex: r.row,
      columnIndex: r.col,
      isNullObject: this.isNullObject,
    };
    if (want("values")) out.values = grid((c) => c?.value ?? "");
    if (want("text")) out.text = grid(displayText);
    if (want("formulas")) out.formulas = grid((c) => c?.formula ?? c?.value ?? "");
    if (want("formulasR1C1"))
      out.formulasR1C1 = Array.from({ length: r.rows }, (_, i) =>
        Array.from({ length: r.cols }, (_, j) => {
          const c = cell(r.row + i, r.col + j);
          return c?.formula ? toR1C1(c.formula, r.row + i, r.col + j) : (c?.value ?? "");
        }),
      );
    if (want("numberFormat")) out.numberFormat = grid((c) => c?.numberFormat ?? "General");
    if (want("valueTypes")) out.valueTypes = grid(valueType);
    if (want("hyperlink")) {
      const first = cell(r.row, r.col);
      out.hyperlink = first?.hyperlink ? { address: first.hyperlink } : null;
    }
    return out;
  }

  get address(): string {
    return this.get("address");
  }
  get rowCount(): number {
    return this.get("rowCount");
  }
  get columnCount(): number {
    return this.get("columnCount");
  }
  get rowIndex(): number {
    return this.get("rowIndex");
  }
  get columnIndex(): number {
    return this.get("columnIndex");
  }
  get text(): string[][] {
    return this.get("text");
  }
  get valueTypes(): string[][] {
    return this.get("valueTypes");
  }

  get values(): Value[][] {
    return this.get("values");
  }
  set values(v: Value[][] | Value) {
    this.write(v, "values");
  }
  get formulas(): Value[][] {
    return this.get("formulas");
  }
  set formulas(v: Value[][] | Value) {
    this.write(v, "formulas");
  }
  get formulasR1C1(): Value[][] {
    return this.get("formulasR1C1");
  }
  set formulasR1C1(v: Value[][] | Value) {
    this.write(v, "formulasR1C1");
  }
  get numberFormat(): string[][] {
    return this.get("numberFormat");
  }
  set numberFormat(v: string[][] | string) {
    this.write(v, "numberFormat");
  }

  get hyperlink(): { address?: string } | null {
    return this.get("hyperlink");
  }
  set hyperlink(link: { address?: string; textToDisplay?: string } | null) {
    this.ctx.enqueue(link, () => {
      const sheet = this.sheetData();
      const r = this.rect();
      this.forEachCell((c) => {
        c.hyperlink = link?.address;
        if (link?.textToDisplay !== undefined) {
          c.value = link.textToDisplay;
          c.formula = undefined;
          c.error = undefined;
        }
      });
      if (link?.textToDisplay !== undefined) this.ctx.changed({ sheetId: sheet.id, rect: r });
    });
  }

  /**
   * values / formulas / numberFormat: a 2-D array of the range's shape (null leaves a cell as it
   * is, "" clears it or resets its format), or one value for every cell (never null).
   */
  private write(v: unknown, kind: "values" | "formulas" | "formulasR1C1" | "numberFormat"): void {
    this.ctx.enqueue(v, () => {
      const r = this.rect();
      const sheet = this.sheetData();
      const scalar = !Array.isArray(v);
      if (scalar && (v === null || v === undefined))
        throw officeError("InvalidArgument", `null is not a valid value for the ${kind} of a range`);
      if (!scalar) {
        const rows = v as unknown[][];
        if (rows.length !== r.rows || rows.some((row) => !Array.isArray(row) || row.length !== r.cols)) {
          throw officeError(
            "InvalidArgument",
            `The number of rows or columns in the input array doesn't match the size or dimensions of the range (${r.rows}×${r.cols})`,
          );
        }
      }
      const model = this.ctx.model;
      for (let i = 0; i < r.rows; i++) {
        const row = scalar ? null : (v as unknown[][])[i];
        for (let j = 0; j < r.cols; j++) {
          const x = scalar ? v : row![j];
          if (x === null || x === undefined) continue; // null: leave the cell as it is
          if (kind === "numberFormat") {
            if (typeof x !== "string") throw officeError("InvalidArgument", "A number format must be text");
            model.touch(sheet, r.row + i, r.col + j).numberFormat =
              x === "" || x === "General" ? undefined : x;
          } else if (typeof x === "object") {
            throw officeError("InvalidArgument", "A cell value must be text, a number or a boolean");
          } else if (kind === "formulas") model.setFormula(sheet, r.row + i, r.col + j, x as Value);
          else if (kind === "formulasR1C1")
            model.setFormula(
              sheet,
              r.row + i,
              r.col + j,
              typeof x === "string" && x.startsWith("=") ? fromR1C1(x, r.row + i, r.col + j) : (x as Value),
            );
          else {
            model.setValue(sheet, r.row + i, r.col + j, x as Value);
            const observe = this.ctx.host.valueWritten;
            if (observe) {
              const cell = model.cell(sheet, r.row + i, r.col + j)!;
              observe({ sheet: sheet.name, row: r.row + i, col: r.col + j, input: x as Value, cell });
            }
          }
        }
      }
      if (kind !== "numberFormat") {
        this.ctx.changed({ sheetId: sheet.id, rect: r });
        model.respill(sheet, r);
        for (const t of model.tables)
          if (t.sheetId === sheet.id && overlaps({ ...t.rect, rows: 1 }, r)) model.normaliseHeaders(t);
      }
    });
  }

  getResizedRange(deltaRows: number, deltaCols: number): RangeProxy {
    return new RangeProxy(this.ctx, this.resolveSheet, () => {
      const r = this.rect();
      return { ...r, rows: r.rows + deltaRows, cols: r.cols + deltaCols };
    });
  }

  getOffsetRange(rowOffset: number, colOffset: number): RangeProxy {
    return new RangeProxy(this.ctx, this.resolveSheet, () => {
      const r = this.rect();
      return { ...r, row: r.row + rowOffset, col: r.col + colOffset };
    });
  }

  getCell(row: number, col: number): RangeProxy {
    return new RangeProxy(this.ctx, this.resolveSheet, () => {
      const r = this.rect();
      return { row: r.row + row, col: r.col + col, rows: 1, cols: 1 };
    });
  }

  getRow(row: number): RangeProxy {
    return new RangeProxy(this.ctx, this.resolveSheet, () => ({
      ...this.rect(),
      row: this.rect().row + row,
      rows: 1,
    }));
  }

  getColumn(col: number): RangeProxy {
    return new RangeProxy(this.ctx, this.resolveSheet, () => ({
      ...this.rect(),
      col: this.rect().col + col,
      cols: 1,
    }));
  }

  clear(applyTo: ClearWhat = "All"): void {
    this.ctx.enqueue(applyTo, () => {
      const sheet = this.sheetData();
      const r = this.rect();
      this.ctx.model.clear(sheet, r, applyTo);
      if (applyTo === "All" || applyTo === "Contents") {
        this.ctx.changed({ sheetId: sheet.id, rect: r });
        this.ctx.model.respill(sheet, r);
        for (const t of this.ctx.model.tables)
          if (t.sheetId === sheet.id && overlaps({ ...t.rect, rows: 1 }, r))
            this.ctx.model.normaliseHeaders(t);
      }
    });
  }

  select(): void {
    this.ctx.enqueue(null, () => {
      const sheet = this.sheetData();
      this.ctx.model.activeSheetId = sheet.id;
      this.ctx.model.selection = { sheetId: sheet.id, rect: this.rect() };
    });
  }

  get worksheet(): WorksheetProxy {
    return new WorksheetProxy(this.ctx, this.resolveSheet);
  }
}

function valueType(c: CellData | undefined): string {
  if (!c || c.value === null) return "Empty";
  if (c.error) return "Error";
  if (typeof c.value === "number") return "Double";
  if (typeof c.value === "boolean") return "Boolean";
  return "String";
}
