/** Tables: the collection (add, getItem) and a table (name, style, ranges, resize, rows.add, delete). */
import { parseAddress } from "./address";
import { Proxy, type Context } from "./context";
import { officeError, overlaps, type SheetData, type TableData, type Value } from "./model";
import { RangeProxy } from "./range";
import { AutoFilterProxy, TableSortProxy } from "./tableSort";
import { WorksheetProxy } from "./worksheet";

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

  /** A new table over `address` (headers in its first row); Excel names it TableN. */
  add(address: string, hasHeaders: boolean): TableProxy {
    let created: TableData | undefined;
    this.ctx.enqueue([address, hasHeaders], () => {
      const parsed = parseAddress(address);
      const sheet = parsed.sheet ? this.ctx.model.sheetByName(parsed.sheet) : this.sheet?.();
      if (!sheet) throw officeError("ItemNotFound", `The worksheet of ${address} does not exist`);
      if (!hasHeaders)
        throw officeError("InvalidArgument", "Tables without a header row are not supported here");
      if (this.ctx.model.tables.some((t) => t.sheetId === sheet.id && overlaps(t.rect, parsed.rect))) {
        throw officeError("InvalidOperation", "A table can't overlap another table");
      }
      let i = this.ctx.model.tables.length + 1;
      while (
        this.ctx.model.tableByName(`Table${i}`) ||
        this.ctx.model.names.some((n) => n.name.toLowerCase() === `table${i}`)
      )
        i++;
      created = {
        id: this.ctx.model.nextId("tb"),
        name: `Table${i}`,
        sheetId: sheet.id,
        rect: parsed.rect,
        style: "TableStyleMedium2",
      };
      this.ctx.model.tables.push(created);
      this.ctx.model.normaliseHeaders(created);
    });
    return new TableProxy(this.ctx, () => created, "The new table");
  }

  getItem(name: string): TableProxy {
    return new TableProxy(this.ctx, () => this.find(name), `The table "${name}"`);
  }

  getItemOrNullObject(name: string): TableProxy {
    const p = new TableProxy(this.ctx, () => this.find(name), `The table "${name}"`);
    this.ctx.enqueue(name, () => (p.isNullObject = !this.find(name)));
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
  readonly sort: TableSortProxy;
  readonly autoFilter: AutoFilterProxy;

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
        ctx.enqueue([index, values], () => {
          const t = self.table();
          if (index !== null && index !== undefined)
            throw officeError("InvalidArgument", "Only appending rows is supported");
          const sheet = ctx.model.sheetById(t.sheetId)!;
          values.forEach((row, i) =>
            row.forEach((v, j) => ctx.model.setValue(sheet, t.rect.row + t.rect.rows + i, t.rect.col + j, v)),
          );
          ctx.changed({
            sheetId: sheet.id,
            rect: { ...t.rect, row: t.rect.row + t.rect.rows, rows: values.length },
          });
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
    this.sort = new TableSortProxy(ctx, () => self.table());
    this.autoFilter = new AutoFilterProxy(ctx, () => self.table());
  }

  preload(): this {
    return this.setLoaded(this.snapshot());
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
  /** Excel's table naming rules, and one namespace with other tables and defined names. */
  set name(v: string) {
    this.ctx.enqueue(v, () => {
      const t = this.table();
      this.ctx.model.checkDefinedName(v, { kind: "table", name: t.name });
      t.name = v;
    });
  }
  get style(): string {
    return this.get("style");
  }
  set style(v: string) {
    this.ctx.enqueue(v, () => (this.table().style = v));
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

  /** The header row stays where it is and the new range must overlap the old one, as Excel requires. */
  resize(address: string): void {
    this.ctx.enqueue(address, () => {
      const t = this.table();
      const { rect } = parseAddress(address);
      if (rect.row !== t.rect.row || rect.col !== t.rect.col) {
        throw officeError("InvalidArgument", "The header row must remain in the same place after a resize");
      }
      if (rect.rows < 2)
        throw officeError("InvalidArgument", "A table needs a header row and at least one row");
      if (this.ctx.model.tables.some((o) => o !== t && o.sheetId === t.sheetId && overlaps(o.rect, rect))) {
        throw officeError("InvalidOperation", "A table can't overlap another table");
      }
      const before = t.rect;
      t.rect = rect;
      this.ctx.model.normaliseHeaders(t);
      // Formulas over the table (structured references) follow its new extent.
      this.ctx.changed({
        sheetId: t.sheetId,
        rect: { ...rect, rows: Math.max(rect.rows, before.rows), cols: Math.max(rect.cols, before.cols) },
      });
    });
  }

  /** Deletes the table and its cells (convertToRange would keep them; the add-in never needs that). */
  delete(): void {
    this.ctx.enqueue(null, () => {
      const t = this.table();
      const sheet = this.ctx.model.sheetById(t.sheetId)!;
      this.ctx.model.tables = this.ctx.model.tables.filter((x) => x !== t);
      this.ctx.model.clear(sheet, t.rect, "All");
      this.ctx.changed({ sheetId: sheet.id, rect: t.rect });
    });
  }

  get worksheet(): WorksheetProxy {
    return new WorksheetProxy(this.ctx, this.sheetResolver);
  }
}
