/**
 * The proxy layer: the subset of the Excel JavaScript API the add-in uses, over WorkbookModel.
 * As in Office: reading a property before load() + sync() throws PropertyNotLoaded; writes are queued
 * and applied at sync(), in order; a failing operation stops the batch with an Office-like error code;
 * a batch whose payload is over 5 MB is refused whole (RequestPayloadSizeLimitExceeded).
 */
import { unzipSync, strFromU8 } from "fflate";
import { parseAddress, quoteSheet, rectAddress, columnIndex, type Rect } from "./address";
import {
  WorkbookModel,
  officeError,
  overlaps,
  type ClearWhat,
  type SheetData,
  type TableData,
  type Value,
} from "./model";

export const PAYLOAD_LIMIT_BYTES = 5 * 1024 * 1024;
const CALL_OVERHEAD = 100;

export interface SyncRecord {
  payloadBytes: number;
  calls: number;
  calculationSuspended: boolean;
  failed?: string;
}

/** Bytes a value adds to a request, estimated as Excel on the web does: ~2 a character, 8 a number. */
export function valueBytes(v: unknown): number {
  if (v === null || v === undefined) return 4;
  if (typeof v === "number") return 8;
  if (typeof v === "boolean") return 5;
  if (typeof v === "string") return 2 * v.length + 2;
  if (Array.isArray(v)) return v.reduce((n: number, x) => n + valueBytes(x), 2);
  return 2 * JSON.stringify(v).length;
}

interface Op {
  bytes: number;
  apply(): void;
}

/** Hook for tests: called before each operation is applied; throwing makes the sync fail there. */
export type FaultHook = (info: { sync: number; op: number }) => void;

export class Context {
  private queue: Op[] = [];
  readonly workbook: WorkbookProxy;
  calculationSuspended = false;

  constructor(readonly host: InMemoryHost) {
    this.workbook = new WorkbookProxy(this);
  }

  get model(): WorkbookModel {
    return this.host.model;
  }

  enqueue(bytes: number, apply: () => void): void {
    this.queue.push({ bytes: bytes + CALL_OVERHEAD, apply });
  }

  async sync(): Promise<void> {
    const ops = this.queue;
    this.queue = [];
    const payloadBytes = ops.reduce((n, o) => n + o.bytes, 0);
    const record: SyncRecord = {
      payloadBytes,
      calls: ops.length,
      calculationSuspended: this.calculationSuspended,
    };
    this.host.syncLog.push(record);
    const syncNumber = this.host.syncLog.length;
    if (payloadBytes > PAYLOAD_LIMIT_BYTES) {
      record.failed = "RequestPayloadSizeLimitExceeded";
      throw officeError(
        "RequestPayloadSizeLimitExceeded",
        `The request payload (${payloadBytes} bytes) is over the 5 MB limit`,
      );
    }
    let changed = false;
    try {
      ops.forEach((op, i) => {
        this.host.faultHook?.({ sync: syncNumber, op: i });
        op.apply();
        changed = true;
      });
    } catch (err) {
      record.failed = (err as { code?: string }).code ?? "GeneralException";
      throw err;
    } finally {
      this.calculationSuspended = false;
      if (changed) this.host.changed();
    }
  }

  trackedObjects = { add: () => undefined, remove: () => undefined };
}

/** Base of every proxy: loaded values, and the PropertyNotLoaded rule. */
abstract class Proxy {
  protected loaded: Record<string, unknown> = {};
  private loadedOnce = false;
  isNullObject = false;

  constructor(protected readonly ctx: Context) {}

  /** Current values of the loadable properties, read from the model at sync time. */
  protected abstract snapshot(): Record<string, unknown>;

  load(props?: unknown): this {
    this.ctx.enqueue(20, () => {
      const loaded = this.snapshot();
      // Excel on the web caps what a sync returns as well as what it sends.
      if (typeof props === "string") {
        const bytes = props
          .split(",")
          .map((p) => p.trim())
          .reduce((n, p) => n + (p in loaded ? valueBytes(loaded[p]) : 0), 0);
        if (bytes > PAYLOAD_LIMIT_BYTES)
          throw officeError(
            "ResponsePayloadSizeLimitExceeded",
            `The response payload size has exceeded the limit (${bytes} bytes loaded in one sync)`,
          );
      }
      this.loaded = loaded;
      this.loadedOnce = true;
    });
    return this;
  }

  protected get<T>(name: string): T {
    if (!this.loadedOnce || !(name in this.loaded)) {
      throw officeError(
        "PropertyNotLoaded",
        `The property '${name}' is not available. Call load() and context.sync() before reading it.`,
      );
    }
    return this.loaded[name] as T;
  }

  toJSON(): Record<string, unknown> {
    return this.loaded;
  }
}

type SheetResolver = () => SheetData | undefined;

function required(ctx: Context, resolve: SheetResolver, what: string): SheetData {
  const s = resolve();
  if (!s) throw officeError("ItemNotFound", `${what} does not exist`);
  void ctx;
  return s;
}

export class WorkbookProxy {
  readonly worksheets: WorksheetCollectionProxy;
  readonly tables: TableCollectionProxy;
  readonly application: ApplicationProxy;

  constructor(private readonly ctx: Context) {
    this.worksheets = new WorksheetCollectionProxy(ctx);
    this.tables = new TableCollectionProxy(ctx, null);
    this.application = new ApplicationProxy(ctx);
  }

  getSelectedRange(): RangeProxy {
    const ctx = this.ctx;
    return new RangeProxy(
      ctx,
      () =>
        ctx.model.selection
          ? ctx.model.sheetById(ctx.model.selection.sheetId)
          : ctx.model.sheetById(ctx.model.activeSheetId ?? ""),
      () => ctx.model.selection?.rect ?? { row: 0, col: 0, rows: 1, cols: 1 },
    );
  }

  /** Inserts the sheets of an .xlsx file given as base64 (plain sheets: values only). */
  insertWorksheetsFromBase64(base64: string): { value: string[] } {
    const result = { value: [] as string[] };
    this.ctx.enqueue(base64.length, () => {
      for (const sheet of readXlsx(base64)) {
        let name = sheet.name;
        for (let i = 2; this.ctx.model.sheetByName(name); i++) name = `${sheet.name} (${i})`;
        const s = this.ctx.model.addSheet(name);
        // A stored string cell stays text, even when it starts like a formula.
        sheet.cells.forEach(([r, c, v]) => {
          if (typeof v === "string") this.ctx.model.touch(s, r, c).value = v;
          else this.ctx.model.setValue(s, r, c, v);
        });
        result.value.push(name);
      }
    });
    return result;
  }
}

class ApplicationProxy {
  constructor(private readonly ctx: Context) {}
  suspendApiCalculationUntilNextSync(): void {
    this.ctx.calculationSuspended = true;
  }
  suspendScreenUpdatingUntilNextSync(): void {
    /* nothing to draw until sync anyway */
  }
  calculate(_type?: string): void {
    this.ctx.enqueue(10, () => this.ctx.host.recalculate());
  }
}

export class WorksheetCollectionProxy extends Proxy {
  constructor(ctx: Context) {
    super(ctx);
  }

  protected snapshot() {
    return { items: this.ctx.model.sheets.map((s) => sheetProxy(this.ctx, s)) };
  }

  get items(): WorksheetProxy[] {
    return this.get("items");
  }

  add(name?: string): WorksheetProxy {
    let created: SheetData | undefined;
    this.ctx.enqueue(valueBytes(name), () => {
      created = this.ctx.model.addSheet(name);
    });
    return new WorksheetProxy(this.ctx, () => created);
  }

  getItem(name: string): WorksheetProxy {
    return new WorksheetProxy(
      this.ctx,
      () => this.ctx.model.sheetByName(name) ?? this.ctx.model.sheetById(name),
      `The worksheet "${name}"`,
    );
  }

  getItemOrNullObject(name: string): WorksheetProxy {
    const p = new WorksheetProxy(
      this.ctx,
      () => this.ctx.model.sheetByName(name) ?? this.ctx.model.sheetById(name),
      `The worksheet "${name}"`,
    );
    this.ctx.enqueue(10, () => {
      p.isNullObject = !(this.ctx.model.sheetByName(name) ?? this.ctx.model.sheetById(name));
    });
    return p;
  }

  getActiveWorksheet(): WorksheetProxy {
    return new WorksheetProxy(this.ctx, () => this.ctx.model.sheetById(this.ctx.model.activeSheetId ?? ""));
  }

  getCount(): { value: number } {
    const result = { value: 0 };
    this.ctx.enqueue(10, () => (result.value = this.ctx.model.sheets.length));
    return result;
  }
}

function sheetProxy(ctx: Context, s: SheetData): WorksheetProxy {
  const p = new WorksheetProxy(ctx, () => ctx.model.sheetById(s.id));
  p.setLoaded(p.snapshotOf(s));
  return p;
}

export class WorksheetProxy extends Proxy {
  readonly customProperties: CustomPropertyCollectionProxy;
  readonly tables: TableCollectionProxy;
  readonly freezePanes: { freezeRows(n: number): void; unfreeze(): void };

  constructor(
    ctx: Context,
    readonly resolve: SheetResolver,
    private readonly what = "The worksheet",
  ) {
    super(ctx);
    this.customProperties = new CustomPropertyCollectionProxy(ctx, () => this.sheet());
    this.tables = new TableCollectionProxy(ctx, () => this.sheet());
    this.freezePanes = {
      freezeRows: (n: number) => ctx.enqueue(10, () => (this.sheet().freezeRows = n)),
      unfreeze: () => ctx.enqueue(10, () => (this.sheet().freezeRows = 0)),
    };
  }

  private boundId?: string;

  /** Resolves once, then stays bound to that sheet (a rename does not lose it), as Office proxies do. */
  sheet(): SheetData {
    if (this.boundId) {
      const s = this.ctx.model.sheetById(this.boundId);
      if (!s) throw officeError("ItemNotFound", `${this.what} does not exist`);
      return s;
    }
    const s = required(this.ctx, this.resolve, this.what);
    this.boundId = s.id;
    return s;
  }

  setLoaded(values: Record<string, unknown>): void {
    this.loaded = values;
    (this as unknown as { loadedOnce: boolean }).loadedOnce = true;
  }

  snapshotOf(s: SheetData) {
    return { name: s.name, id: s.id, position: this.ctx.model.sheets.indexOf(s), visibility: s.visibility };
  }

  protected snapshot() {
    return this.snapshotOf(this.sheet());
  }

  get name(): string {
    return this.get("name");
  }
  set name(v: string) {
    this.ctx.enqueue(valueBytes(v), () => {
      const s = this.sheet();
      const other = this.ctx.model.sheetByName(v);
      if (other && other !== s) throw officeError("ItemAlreadyExists", `A sheet named "${v}" already exists`);
      s.name = v;
    });
  }
  get id(): string {
    return this.get("id");
  }
  get position(): number {
    return this.get("position");
  }
  set position(p: number) {
    this.ctx.enqueue(10, () => {
      const s = this.sheet();
      const list = this.ctx.model.sheets.filter((x) => x !== s);
      list.splice(Math.max(0, Math.min(p, list.length)), 0, s);
      this.ctx.model.sheets = list;
    });
  }
  get visibility(): string {
    return this.get("visibility");
  }
  set visibility(v: string) {
    this.ctx.enqueue(10, () => {
      const s = this.sheet();
      if (v !== "Visible" && this.ctx.model.activeSheetId === s.id) {
        const other = this.ctx.model.sheets.find((x) => x !== s && x.visibility === "Visible");
        if (!other) throw officeError("InvalidOperation", "A workbook must keep at least one visible sheet");
        this.ctx.model.activeSheetId = other.id;
      }
      s.visibility = v as SheetData["visibility"];
    });
  }

  activate(): void {
    this.ctx.enqueue(10, () => {
      const s = this.sheet();
      if (s.visibility !== "Visible")
        throw officeError("InvalidOperation", "A hidden sheet cannot be activated");
      this.ctx.model.activeSheetId = s.id;
    });
  }

  delete(): void {
    this.ctx.enqueue(10, () => this.ctx.model.deleteSheet(this.sheet()));
  }

  getRange(address?: string): RangeProxy {
    if (!address) {
      return new RangeProxy(
        this.ctx,
        () => this.sheet(),
        () => ({ row: 0, col: 0, rows: 1_048_576, cols: 16_384 }),
      );
    }
    const { rect } = parseAddress(address);
    return new RangeProxy(
      this.ctx,
      () => this.sheet(),
      () => rect,
    );
  }

  getRangeByIndexes(row: number, col: number, rows: number, cols: number): RangeProxy {
    return new RangeProxy(
      this.ctx,
      () => this.sheet(),
      () => ({ row, col, rows, cols }),
    );
  }

  getCell(row: number, col: number): RangeProxy {
    return this.getRangeByIndexes(row, col, 1, 1);
  }

  getUsedRange(valuesOnly?: boolean): RangeProxy {
    return new RangeProxy(
      this.ctx,
      () => this.sheet(),
      () => this.ctx.model.usedRect(this.sheet(), valuesOnly) ?? { row: 0, col: 0, rows: 1, cols: 1 },
    );
  }

  getUsedRangeOrNullObject(valuesOnly?: boolean): RangeProxy {
    const p = this.getUsedRange(valuesOnly);
    this.ctx.enqueue(10, () => (p.isNullObject = this.ctx.model.usedRect(this.sheet(), valuesOnly) === null));
    return p;
  }
}

export class CustomPropertyCollectionProxy extends Proxy {
  constructor(
    ctx: Context,
    private readonly sheet: () => SheetData,
  ) {
    super(ctx);
  }

  protected snapshot() {
    return { items: [...this.sheet().properties].map(([key, value]) => ({ key, value })) };
  }

  get items(): { key: string; value: string }[] {
    return this.get("items");
  }

  add(key: string, value: string): void {
    this.ctx.enqueue(valueBytes(key) + valueBytes(value), () => {
      if (key.length === 0 || key.length > 255)
        throw officeError("InvalidArgument", "A custom property key must have 1 to 255 characters");
      if (String(value).length > CUSTOM_PROPERTY_VALUE_LIMIT) {
        throw officeError(
          "InvalidArgument",
          `A custom property value can hold at most ${CUSTOM_PROPERTY_VALUE_LIMIT} characters`,
        );
      }
      const props = this.sheet().properties;
      const existing = [...props.keys()].find((k) => k.toLowerCase() === key.toLowerCase());
      if (existing) props.delete(existing);
      props.set(key, String(value));
    });
  }

  getItemOrNullObject(key: string): { isNullObject: boolean; value: string; delete(): void; load(): void } {
    const item: { isNullObject: boolean; value: string; delete(): void; load(): void } = {
      isNullObject: true,
      value: "",
      delete: () => undefined,
      load: () => undefined,
    };
    this.ctx.enqueue(10, () => {
      const k = [...this.sheet().properties.keys()].find((x) => x.toLowerCase() === key.toLowerCase());
      item.isNullObject = k === undefined;
      item.value = k === undefined ? "" : this.sheet().properties.get(k)!;
    });
    item.delete = () =>
      this.ctx.enqueue(10, () => {
        const k = [...this.sheet().properties.keys()].find((x) => x.toLowerCase() === key.toLowerCase());
        if (k !== undefined) this.sheet().properties.delete(k);
      });
    return item;
  }
}

/** Conservative limit for a worksheet custom property value (documented as 255 characters for document properties). */
export const CUSTOM_PROPERTY_VALUE_LIMIT = 255;

class RangeFormatProxy {
  readonly font: { bold: boolean; color: string };
  readonly fill: { color: string; clear(): void };
  constructor(private readonly range: RangeProxy) {
    const each = (fn: (c: ReturnType<WorkbookModel["touch"]>) => void) => range.forEachCell(fn);
    const ctx = range.context;
    this.font = {
      set bold(v: boolean) {
        ctx.enqueue(10, () => each((c) => (c.bold = v)));
      },
      get bold(): boolean {
        return range.firstCell()?.bold ?? false;
      },
      set color(v: string) {
        ctx.enqueue(10, () => each((c) => (c.color = v)));
      },
      get color(): string {
        return range.firstCell()?.color ?? "#000000";
      },
    };
    this.fill = {
      set color(v: string) {
        ctx.enqueue(10, () => each((c) => (c.fill = v)));
      },
      get color(): string {
        return range.firstCell()?.fill ?? "";
      },
      clear: () => ctx.enqueue(10, () => each((c) => (c.fill = undefined))),
    };
  }
  autofitColumns(): void {
    /* widths are the writer's own estimate in the preview */
  }
  set columnWidth(w: number) {
    this.range.context.enqueue(10, () => {
      const rect = this.range.rect();
      for (let c = rect.col; c < rect.col + rect.cols; c++) this.range.sheetData().columnWidths.set(c, w);
    });
  }
}

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
        ctx.enqueue(valueBytes(rule), () => {
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
        ctx.enqueue(valueBytes(alert), () => {
          for (const v of self.validationsHere())
            v.alert = { style: alert.style ?? "Stop", message: alert.message ?? "" };
        });
      },
      get errorAlert() {
        return {};
      },
      set prompt(prompt: { message?: string }) {
        ctx.enqueue(valueBytes(prompt), () => {
          for (const v of self.validationsHere()) v.prompt = prompt.message ?? "";
        });
      },
      get prompt() {
        return {};
      },
      clear: () =>
        ctx.enqueue(10, () => {
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
    return required(this.ctx, this.resolveSheet, "The worksheet");
  }

  /** Per-cell fill colour and bold (the subset of CellProperties the add-in reads), known after sync. */
  getCellProperties(_spec: unknown): {
    value: { format: { fill: { color: string }; font: { bold: boolean } } }[][];
  } {
    const result = { value: [] as { format: { fill: { color: string }; font: { bold: boolean } } }[][] };
    this.ctx.enqueue(20, () => {
      const r = this.rect();
      const sheet = this.sheetData();
      result.value = Array.from({ length: r.rows }, (_, i) =>
        Array.from({ length: r.cols }, (_, j) => {
          const c = this.ctx.model.cell(sheet, r.row + i, r.col + j);
          return { format: { fill: { color: c?.fill ?? "#FFFFFF" }, font: { bold: c?.bold ?? false } } };
        }),
      );
    });
    return result;
  }

  validationsHere(): SheetData["validations"] {
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

  firstCell() {
    const r = this.rect();
    return this.ctx.model.cell(this.sheetData(), r.row, r.col);
  }

  forEachCell(fn: (c: ReturnType<WorkbookModel["touch"]>) => void): void {
    const r = this.rect();
    const sheet = this.sheetData();
    for (let i = 0; i < r.rows; i++)
      for (let j = 0; j < r.cols; j++) fn(this.ctx.model.touch(sheet, r.row + i, r.col + j));
  }

  protected snapshot() {
    const sheet = this.sheetData();
    const r = this.rect();
    const grid = <T>(pick: (row: number, col: number) => T): T[][] =>
      Array.from({ length: r.rows }, (_, i) =>
        Array.from({ length: r.cols }, (_, j) => pick(r.row + i, r.col + j)),
      );
    const cell = (row: number, col: number) => this.ctx.model.cell(sheet, row, col);
    const big = r.rows * r.cols > 5_000_000;
    if (big) throw officeError("ResponsePayloadSizeLimitExceeded", "The range is too large to load");
    return {
      address: `${quoteSheet(sheet.name)}!${rectAddress(r)}`,
      rowCount: r.rows,
      columnCount: r.cols,
      rowIndex: r.row,
      columnIndex: r.col,
      values: grid((a, b) => cell(a, b)?.value ?? ""),
      text: grid((a, b) => String(cell(a, b)?.value ?? "")),
      formulas: grid((a, b) => cell(a, b)?.formula ?? cell(a, b)?.value ?? ""),
      numberFormat: grid((a, b) => cell(a, b)?.numberFormat ?? "General"),
      hyperlink: cell(r.row, r.col)?.hyperlink ? { address: cell(r.row, r.col)!.hyperlink } : null,
      isNullObject: this.isNullObject,
    };
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
    this.ctx.enqueue(valueBytes(link?.address ?? "") + valueBytes(link?.textToDisplay ?? ""), () =>
      this.forEachCell((c) => {
        c.hyperlink = link?.address;
        if (link?.textToDisplay !== undefined) c.value = link.textToDisplay;
      }),
    );
  }

  private write(v: unknown, kind: "values" | "formulas" | "numberFormat"): void {
    this.ctx.enqueue(valueBytes(v), () => {
      const r = this.rect();
      const sheet = this.sheetData();
      const scalar = !Array.isArray(v);
      if (!scalar) {
        const rows = v as unknown[][];
        if (rows.length !== r.rows || rows.some((row) => !Array.isArray(row) || row.length !== r.cols)) {
          throw officeError(
            "InvalidArgument",
            `The number of rows or columns in the input array doesn't match the size or dimensions of the range (${r.rows}×${r.cols})`,
          );
        }
      }
      for (let i = 0; i < r.rows; i++) {
        const row = scalar ? null : (v as unknown[][])[i];
        for (let j = 0; j < r.cols; j++) {
          const x = scalar ? v : row![j];
          if (kind === "numberFormat")
            this.ctx.model.touch(sheet, r.row + i, r.col + j).numberFormat =
              x === "General" ? undefined : String(x);
          else if (kind === "formulas") this.ctx.model.setFormula(sheet, r.row + i, r.col + j, x as Value);
          else this.ctx.model.setValue(sheet, r.row + i, r.col + j, x as Value);
        }
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
    this.ctx.enqueue(10, () => this.ctx.model.clear(this.sheetData(), this.rect(), applyTo));
  }

  select(): void {
    this.ctx.enqueue(10, () => {
      const sheet = this.sheetData();
      this.ctx.model.activeSheetId = sheet.id;
      this.ctx.model.selection = { sheetId: sheet.id, rect: this.rect() };
    });
  }

  get worksheet(): WorksheetProxy {
    return new WorksheetProxy(this.ctx, this.resolveSheet);
  }
}

export class TableCollectionProxy extends Proxy {
  constructor(
    ctx: Context,
    private readonly sheet: (() => SheetData) | null,
    private readonly keep: (t: TableData) => boolean = () => true,
  ) {
    super(ctx);
  }

  protected snapshot() {
    const sheetId = this.sheet?.().id;
    const tables = this.ctx.model.tables.filter((t) => (!sheetId || t.sheetId === sheetId) && this.keep(t));
    return {
      items: tables.map((t) =>
        new TableProxy(this.ctx, () => this.ctx.model.tables.find((x) => x.id === t.id), t.name).preload(),
      ),
      count: tables.length,
    };
  }

  get items(): TableProxy[] {
    return this.get("items");
  }
  get count(): number {
    return this.get("count");
  }

  add(address: string, hasHeaders: boolean): TableProxy {
    let created: TableData | undefined;
    this.ctx.enqueue(valueBytes(address), () => {
      const parsed = parseAddress(address);
      const sheet = parsed.sheet ? this.ctx.model.sheetByName(parsed.sheet) : this.sheet?.();
      if (!sheet) throw officeError("ItemNotFound", `The worksheet of ${address} does not exist`);
      if (!hasHeaders)
        throw officeError("InvalidArgument", "Tables without a header row are not supported here");
      if (this.ctx.model.tables.some((t) => t.sheetId === sheet.id && overlaps(t.rect, parsed.rect))) {
        throw officeError("InvalidOperation", "A table can't overlap another table");
      }
      let i = this.ctx.model.tables.length + 1;
      while (this.ctx.model.tableByName(`Table${i}`)) i++;
      created = {
        id: this.ctx.model.nextId("tb"),
        name: `Table${i}`,
        sheetId: sheet.id,
        rect: parsed.rect,
        style: "TableStyleMedium2",
      };
      this.ctx.model.tables.push(created);
    });
    return new TableProxy(this.ctx, () => created, "The new table");
  }

  getItem(name: string): TableProxy {
    return new TableProxy(this.ctx, () => this.find(name), `The table "${name}"`);
  }

  getItemOrNullObject(name: string): TableProxy {
    const p = new TableProxy(this.ctx, () => this.find(name), `The table "${name}"`);
    this.ctx.enqueue(10, () => (p.isNullObject = !this.find(name)));
    return p;
  }

  private find(name: string): TableData | undefined {
    const t = this.ctx.model.tableByName(name);
    const sheetId = this.sheet?.().id;
    return t && (!sheetId || t.sheetId === sheetId) && this.keep(t) ? t : undefined;
  }
}

export class TableProxy extends Proxy {
  readonly rows: { count: number; load(): void; add(index: number | null, values: Value[][]): void };
  readonly columns: { count: number; load(): void };

  constructor(
    ctx: Context,
    private readonly resolve: () => TableData | undefined,
    private readonly what: string,
  ) {
    super(ctx);
    const self = this;
    this.rows = {
      get count() {
        return self.get<number>("rowCount");
      },
      load: () => void self.load(),
      add: (index, values) => {
        ctx.enqueue(valueBytes(values), () => {
          const t = self.table();
          if (index !== null && index !== undefined)
            throw officeError("InvalidArgument", "Only appending rows is supported");
          const sheet = ctx.model.sheetById(t.sheetId)!;
          values.forEach((row, i) =>
            row.forEach((v, j) => ctx.model.setValue(sheet, t.rect.row + t.rect.rows + i, t.rect.col + j, v)),
          );
          t.rect = { ...t.rect, rows: t.rect.rows + values.length };
        });
      },
    };
    this.columns = {
      get count() {
        return self.get<number>("columnCount");
      },
      load: () => void self.load(),
    };
  }

  preload(): this {
    this.loaded = this.snapshot();
    (this as unknown as { loadedOnce: boolean }).loadedOnce = true;
    return this;
  }

  table(): TableData {
    const t = this.resolve();
    if (!t) throw officeError("ItemNotFound", `${this.what} does not exist`);
    return t;
  }

  protected snapshot() {
    const t = this.table();
    const sheet = this.ctx.model.sheetById(t.sheetId)!;
    return {
      name: t.name,
      id: t.id,
      style: t.style,
      rowCount: t.rect.rows - 1,
      columnCount: t.rect.cols,
      worksheetName: sheet.name,
    };
  }

  get name(): string {
    return this.get("name");
  }
  set name(v: string) {
    this.ctx.enqueue(valueBytes(v), () => {
      const t = this.table();
      if (!/^[A-Za-z_\\][A-Za-z0-9_.\\]*$/.test(v) || /^[A-Za-z]{1,3}\d+$/.test(v))
        throw officeError("InvalidArgument", `"${v}" is not a valid table name`);
      const other = this.ctx.model.tableByName(v);
      if (other && other !== t) throw officeError("InvalidArgument", `A table named "${v}" already exists`);
      t.name = v;
    });
  }
  get style(): string {
    return this.get("style");
  }
  set style(v: string) {
    this.ctx.enqueue(valueBytes(v), () => (this.table().style = v));
  }
  set showTotals(_v: boolean) {
    /* totals rows are written by the caller as cells */
  }

  private sheetResolver = () => this.ctx.model.sheetById(this.table().sheetId);

  getRange(): RangeProxy {
    return new RangeProxy(this.ctx, this.sheetResolver, () => this.table().rect);
  }
  getHeaderRowRange(): RangeProxy {
    return new RangeProxy(this.ctx, this.sheetResolver, () => ({ ...this.table().rect, rows: 1 }));
  }
  getDataBodyRange(): RangeProxy {
    return new RangeProxy(this.ctx, this.sheetResolver, () => {
      const r = this.table().rect;
      return { ...r, row: r.row + 1, rows: Math.max(1, r.rows - 1) };
    });
  }

  resize(address: string): void {
    this.ctx.enqueue(valueBytes(address), () => {
      const t = this.table();
      const { rect } = parseAddress(address);
      if (rect.row !== t.rect.row || rect.col !== t.rect.col) {
        throw officeError("InvalidArgument", "The header row must remain in the same place after a resize");
      }
      if (this.ctx.model.tables.some((o) => o !== t && o.sheetId === t.sheetId && overlaps(o.rect, rect))) {
        throw officeError("InvalidOperation", "A table can't overlap another table");
      }
      t.rect = rect;
    });
  }

  delete(): void {
    this.ctx.enqueue(10, () => {
      const t = this.table();
      this.ctx.model.tables = this.ctx.model.tables.filter((x) => x !== t);
    });
  }

  get worksheet(): WorksheetProxy {
    return new WorksheetProxy(this.ctx, this.sheetResolver);
  }
}

/** Reads the sheets of a simple .xlsx (inline or shared strings, numbers, booleans). */
export function readXlsx(base64: string): { name: string; cells: [number, number, Value][] }[] {
  const bytes = Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));
  const files = unzipSync(bytes);
  const text = (path: string) => (files[path] ? strFromU8(files[path]) : "");
  const unescape = (s: string) =>
    s
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, "&");
  const shared = [...text("xl/sharedStrings.xml").matchAll(/<si>([\s\S]*?)<\/si>/g)].map((m) =>
    [...m[1].matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => unescape(t[1])).join(""),
  );
  const rels = new Map(
    [
      ...text("xl/_rels/workbook.xml.rels").matchAll(/<Relationship[^>]*Id="([^"]+)"[^>]*Target="([^"]+)"/g),
    ].map((m) => [m[1], m[2]]),
  );
  const sheets = [...text("xl/workbook.xml").matchAll(/<sheet [^>]*name="([^"]+)"[^>]*r:id="([^"]+)"/g)];
  return sheets.map(([, name, rid]) => {
    const target = (rels.get(rid) ?? "").replace(/^\/?xl\//, "");
    const xml = text(`xl/${target}`);
    const cells: [number, number, Value][] = [];
    for (const m of xml.matchAll(/<c r="([A-Z]+)(\d+)"([^>]*?)(?:\/>|>([\s\S]*?)<\/c>)/g)) {
      const col = columnIndex(m[1]);
      const row = Number(m[2]) - 1;
      const attrs = m[3];
      const body = m[4] ?? "";
      const type = /t="(\w+)"/.exec(attrs)?.[1];
      const v = /<v>([\s\S]*?)<\/v>/.exec(body)?.[1];
      let value: Value = null;
      if (type === "inlineStr")
        value = unescape([...body.matchAll(/<t[^>]*>([\s\S]*?)<\/t>/g)].map((t) => t[1]).join(""));
      else if (type === "s") value = shared[Number(v)] ?? "";
      else if (type === "b") value = v === "1";
      else if (type === "str") value = unescape(v ?? "");
      else if (v !== undefined) value = Number(v);
      if (value !== null) cells.push([row, col, value]);
    }
    return { name: unescape(name), cells };
  });
}

/** What the host (the preview, a test) provides to the proxies. */
export interface InMemoryHost {
  model: WorkbookModel;
  syncLog: SyncRecord[];
  faultHook?: FaultHook;
  changed(): void;
  recalculate(): void;
}
