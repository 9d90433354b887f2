/** Worksheets: the collection, a worksheet (name, position, visibility, ranges, freeze panes) and its custom properties. */
import { parseAddress } from "./address";
import { ChartCollectionProxy } from "./chartProxy";
import { Proxy, type Context } from "./context";
import { officeError, type SheetData } from "./model";
import { RangeProxy, requiredSheet, type SheetResolver } from "./range";
import { TableCollectionProxy } from "./table";

export class WorksheetCollectionProxy extends Proxy {
  protected snapshot() {
    return {
      items: this.ctx.model.sheets.map((s) =>
        new WorksheetProxy(this.ctx, () => this.ctx.model.sheetById(s.id)).setLoaded(snapshotOf(this.ctx, s)),
      ),
    };
  }

  get items(): WorksheetProxy[] {
    return this.get("items");
  }

  add(name?: string): WorksheetProxy {
    let created: SheetData | undefined;
    this.ctx.enqueue(name ?? null, () => {
      created = this.ctx.model.addSheet(name);
    });
    return new WorksheetProxy(this.ctx, () => created);
  }

  private lookup(name: string): SheetData | undefined {
    return this.ctx.model.sheetByName(name) ?? this.ctx.model.sheetById(name);
  }

  getItem(name: string): WorksheetProxy {
    return new WorksheetProxy(this.ctx, () => this.lookup(name), `The worksheet "${name}"`);
  }

  getItemOrNullObject(name: string): WorksheetProxy {
    const p = new WorksheetProxy(this.ctx, () => this.lookup(name), `The worksheet "${name}"`);
    this.ctx.enqueue(name, () => {
      p.isNullObject = !this.lookup(name);
    });
    return p;
  }

  getActiveWorksheet(): WorksheetProxy {
    return new WorksheetProxy(this.ctx, () => this.ctx.model.sheetById(this.ctx.model.activeSheetId ?? ""));
  }

  getCount(): { value: number } {
    const result = { value: 0 };
    this.ctx.enqueue(null, () => (result.value = this.ctx.model.sheets.length));
    return result;
  }
}

function snapshotOf(ctx: Context, s: SheetData) {
  return { name: s.name, id: s.id, position: ctx.model.sheets.indexOf(s), visibility: s.visibility };
}

export class WorksheetProxy extends Proxy {
  readonly customProperties: CustomPropertyCollectionProxy;
  readonly tables: TableCollectionProxy;
  readonly charts: ChartCollectionProxy;
  readonly freezePanes: { freezeRows(n: number): void; unfreeze(): void };
  private boundId?: string;

  constructor(
    ctx: Context,
    readonly resolve: SheetResolver,
    private readonly what = "The worksheet",
  ) {
    super(ctx);
    this.customProperties = new CustomPropertyCollectionProxy(ctx, () => this.sheet());
    this.tables = new TableCollectionProxy(ctx, () => this.sheet());
    this.charts = new ChartCollectionProxy(ctx, () => this.sheet());
    this.freezePanes = {
      freezeRows: (n: number) => ctx.enqueue(n, () => (this.sheet().freezeRows = n)),
      unfreeze: () => ctx.enqueue(null, () => (this.sheet().freezeRows = 0)),
    };
  }

  /** Resolves once, then stays bound to that sheet (a rename does not lose it), as Office proxies do. */
  sheet(): SheetData {
    if (this.boundId) {
      const s = this.ctx.model.sheetById(this.boundId);
      if (!s) throw officeError("ItemNotFound", `${this.what} does not exist`);
      return s;
    }
    const s = requiredSheet(this.resolve, this.what);
    this.boundId = s.id;
    return s;
  }

  protected snapshot() {
    return snapshotOf(this.ctx, this.sheet());
  }

  get name(): string {
    return this.get("name");
  }
  /** Excel's sheet naming rules (names.ts), unique across the workbook. */
  set name(v: string) {
    this.ctx.enqueue(v, () => {
      const s = this.sheet();
      this.ctx.model.checkSheetName(v, s);
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
    this.ctx.enqueue(p, () => {
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
    this.ctx.enqueue(v, () => {
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
    this.ctx.enqueue(null, () => {
      const s = this.sheet();
      if (s.visibility !== "Visible")
        throw officeError("InvalidOperation", "A hidden sheet cannot be activated");
      this.ctx.model.activeSheetId = s.id;
    });
  }

  delete(): void {
    this.ctx.enqueue(null, () => this.ctx.model.deleteSheet(this.sheet()));
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
    this.ctx.enqueue(
      valuesOnly ?? null,
      () => (p.isNullObject = this.ctx.model.usedRect(this.sheet(), valuesOnly) === null),
    );
    return p;
  }
}

/**
 * Worksheet custom properties: keys of 1–255 characters, case-insensitive. The value limit is not
 * documented for worksheet properties; the fake takes the 255 characters documented for workbook
 * custom properties outside Excel on the web (the stricter reading).
 */
export const CUSTOM_PROPERTY_VALUE_LIMIT = 255;

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
    this.ctx.enqueue([key, value], () => {
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
    const find = () => [...this.sheet().properties.keys()].find((x) => x.toLowerCase() === key.toLowerCase());
    const item: { isNullObject: boolean; value: string; delete(): void; load(): void } = {
      isNullObject: true,
      value: "",
      delete: () => undefined,
      load: () => undefined,
    };
    this.ctx.enqueue(key, () => {
      const k = find();
      item.isNullObject = k === undefined;
      item.value = k === undefined ? "" : this.sheet().properties.get(k)!;
      this.ctx.respond(item.value.length + 16);
    });
    item.delete = () =>
      this.ctx.enqueue(key, () => {
        const k = find();
        if (k !== undefined) this.sheet().properties.delete(k);
      });
    return item;
  }
}
