/** The workbook proxy: worksheets, tables, defined names, the application (calculation), selection, xlsx insertion. */
import { quoteSheet, rectAddress } from "./address";
import { Proxy, type Context } from "./context";
import { officeError } from "./model";
import { RangeProxy } from "./range";
import { TableCollectionProxy } from "./table";
import { WorksheetCollectionProxy } from "./worksheet";
import { readXlsx } from "./xlsx";

export class WorkbookProxy {
  readonly worksheets: WorksheetCollectionProxy;
  readonly tables: TableCollectionProxy;
  readonly names: NamedItemCollectionProxy;
  readonly application: ApplicationProxy;

  constructor(private readonly ctx: Context) {
    this.worksheets = new WorksheetCollectionProxy(ctx);
    this.tables = new TableCollectionProxy(ctx, null);
    this.names = new NamedItemCollectionProxy(ctx);
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

  /**
   * Inserts the sheets of an .xlsx file given as base64 (values only). The base64 text is part of
   * the request (5 MB); Excel on the web refuses files with PivotTables, charts, comments or
   * slicers (UnsupportedFeature). Names that exist get " (2)", " (3)", … as Excel does.
   */
  insertWorksheetsFromBase64(base64: string, options?: unknown): { value: string[] } {
    const result = { value: [] as string[] };
    this.ctx.enqueue([base64, options ?? null], () => {
      const file = readXlsx(base64);
      if (file.unsupported.length)
        throw officeError(
          "UnsupportedFeature",
          `Excel on the web can't insert sheets with ${file.unsupported.join(", ")}`,
        );
      for (const sheet of file.sheets) {
        let name = sheet.name;
        for (let i = 2; this.ctx.model.sheetByName(name); i++)
          name = `${sheet.name.slice(0, 31 - ` (${i})`.length)} (${i})`;
        const s = this.ctx.model.addSheet(name);
        // A stored string cell stays text, even when it reads like a number or a formula.
        for (const [r, c, v] of sheet.cells) {
          if (typeof v === "string") this.ctx.model.touch(s, r, c).value = v;
          else this.ctx.model.setValue(s, r, c, v);
        }
        result.value.push(name);
      }
    });
    return result;
  }
}

export class ApplicationProxy extends Proxy {
  protected snapshot() {
    return { calculationMode: "Automatic" };
  }
  get calculationMode(): string {
    return this.get("calculationMode");
  }
  suspendApiCalculationUntilNextSync(): void {
    this.ctx.calculationSuspended = true;
  }
  suspendScreenUpdatingUntilNextSync(): void {
    /* nothing to draw until sync anyway */
  }
  /**
   * Recalculate: the formulas that read cells changed while calculation was suspended (and what
   * depends on them), earlier in this same sync included (those cells are dirty too); Full /
   * FullRebuild: every formula, custom functions included. Changes queued after it stay owed.
   */
  calculate(type: string = "Recalculate"): void {
    this.ctx.enqueue(type, () => {
      const model = this.ctx.model;
      const owed = [...model.owedCalculation, ...this.ctx.takeChanges()];
      model.owedCalculation = [];
      if (type === "Recalculate") model.calculator?.propagate(owed);
      else model.calculator?.calculateAll();
    });
  }
}

/** Workbook-scoped defined names; they share one namespace with table names. */
export class NamedItemCollectionProxy extends Proxy {
  protected snapshot() {
    return { items: this.ctx.model.names.map((n) => ({ name: n.name, formula: n.formula, type: "Range" })) };
  }
  get items(): { name: string; formula: string }[] {
    return this.get("items");
  }
  /** A name for a range (a Range, or a reference as text such as "=Sheet1!$A$1"). */
  add(name: string, reference: string | RangeProxy, comment?: string): void {
    this.ctx.enqueue([name, typeof reference === "string" ? reference : "range", comment ?? null], () => {
      this.ctx.model.checkDefinedName(name);
      let formula: string;
      if (typeof reference === "string") formula = reference.startsWith("=") ? reference : `=${reference}`;
      else {
        const r = reference.rect();
        const abs = rectAddress(r).replace(/([A-Z]+)(\d+)/g, "$$$1$$$2");
        formula = `=${quoteSheet(reference.sheetData().name)}!${abs}`;
      }
      this.ctx.model.names.push({ name, formula });
    });
  }
  getItemOrNullObject(name: string): { isNullObject: boolean; delete(): void } {
    const item = { isNullObject: true, delete: () => undefined as void };
    const find = () => this.ctx.model.names.find((n) => n.name.toLowerCase() === name.toLowerCase());
    this.ctx.enqueue(name, () => (item.isNullObject = !find()));
    item.delete = () =>
      this.ctx.enqueue(name, () => {
        const n = find();
        this.ctx.model.names = this.ctx.model.names.filter((x) => x !== n);
      });
    return item;
  }
}
