/**
 * A sheet's cells as SpreadsheetML `<c>` elements (pure over the model): values, shared strings,
 * formulas in the file's syntax (fileFormula.ts) with the value last calculated, and the array
 * formula of a spilled result, marked dynamic (`cm`, the XLDAPR cell metadata: [MS-XLSX] 2.3.8).
 */
import { columnName } from "../address";
import type { CellData, SheetData, TableData, WorkbookModel } from "../model";
import { fileFormula } from "./fileFormula";
import type { StyleSheet } from "./styles";
import type { TablePaints } from "./tableLooks";
import { attrs, el, esc, ooxmlText } from "./xml";

/** The workbook's shared strings (xl/sharedStrings.xml): each distinct text once. */
export class SharedStrings {
  private readonly index = new Map<string, number>();
  count = 0;

  of(text: string): number {
    this.count++;
    let i = this.index.get(text);
    if (i === undefined) {
      i = this.index.size;
      this.index.set(text, i);
    }
    return i;
  }

  get unique(): string[] {
    return [...this.index.keys()];
  }
}

/** A text's `<t>`, keeping leading and trailing spaces and line breaks. */
export function textElement(text: string): string {
  const space = /^\s|\s$|\n/.test(text) ? ' xml:space="preserve"' : "";
  return `<t${space}>${esc(ooxmlText(text))}</t>`;
}

export interface CellContext {
  model: WorkbookModel;
  sheet: SheetData;
  styles: StyleSheet;
  strings: SharedStrings;
  /** Formulas written as their last value instead (the judge's custom functions). */
  asValue?: (formula: string) => boolean;
  /** The sheet's table styles, written under the cells' own looks (tableLooks.ts). */
  paints?: TablePaints;
}

/** The body table of `sheet` that holds (row, col), if any. */
function tableAt(model: WorkbookModel, sheet: SheetData, row: number, col: number): TableData | undefined {
  return model.tables.find(
    (t) =>
      t.sheetId === sheet.id &&
      row > t.rect.row &&
      row < t.rect.row + t.rect.rows &&
      col >= t.rect.col &&
      col < t.rect.col + t.rect.cols,
  );
}

/**
 * The error values a cell of the file may hold (ECMA-376 Part 1, 18.18.31 ST_CellType "e"; the file
 * grammar's error-constant of [MS-XLSX] 2.2.2). Newer ones (#SPILL!, #BUSY!, #CALC!) are Excel's own
 * reading of a formula: a formula showing one is written without a saved value and recalculated.
 */
const FILE_ERRORS = new Set([
  "#NULL!",
  "#DIV/0!",
  "#VALUE!",
  "#REF!",
  "#NAME?",
  "#NUM!",
  "#N/A",
  "#GETTING_DATA",
]);

/** A cell's value as `t` and `<v>` (no `t` for a number); null when it has none. */
function valueParts(cell: CellData, strings: SharedStrings | null): { t?: string; v: string } | null {
  const v = cell.value;
  if (v === null) return null;
  if (cell.error) return FILE_ERRORS.has(String(v)) ? { t: "e", v: esc(String(v)) } : null;
  if (typeof v === "boolean") return { t: "b", v: v ? "1" : "0" };
  if (typeof v === "number") return { v: String(v) };
  return strings ? { t: "s", v: String(strings.of(v)) } : { t: "str", v: esc(ooxmlText(v)) };
}

/** The formula's `<f>` as the file keeps it: a spilled result's anchor is a dynamic array formula. */
function formulaElement(ctx: CellContext, cell: CellData, row: number, col: number): string {
  const text = esc(
    ooxmlText(
      fileFormula(cell.formula!, {
        tableByName: (name) => ctx.model.tableByName(name),
        ownTable: tableAt(ctx.model, ctx.sheet, row, col),
      }),
    ),
  );
  if (!cell.spill || cell.error) return `<f>${text}</f>`;
  const rows = cell.spill.length;
  const cols = Math.max(1, ...cell.spill.map((r) => r.length));
  const ref = `${columnName(col)}${row + 1}:${columnName(col + cols - 1)}${row + rows}`;
  return `<f t="array" ref="${ref}">${text}</f>`;
}

export function cellXml(ctx: CellContext, cell: CellData, row: number, col: number): string {
  const own = {
    numberFormat: cell.numberFormat ?? (typeof cell.value === "number" ? cell.valueFormat : undefined),
    bold: cell.bold,
    color: cell.color,
    fill: cell.fill,
    align: cell.align,
    borders: cell.borders,
  };
  const look = ctx.paints ? ctx.paints.over(own, row, col) : own;
  const s = ctx.styles.index(look) || undefined;
  const r = `${columnName(col)}${row + 1}`;
  const formula = cell.formula && !cell.spilledFrom && !ctx.asValue?.(cell.formula);
  const value = valueParts(cell, formula ? null : ctx.strings);
  if (!formula && !value) return s ? el("c", { r, s }) : "";
  const dynamic = formula && cell.spill && !cell.error ? 1 : undefined;
  return (
    `<c${attrs({ r, s, t: value?.t, cm: dynamic })}>` +
    (formula ? formulaElement(ctx, cell, row, col) : "") +
    (value ? `<v>${value.v}</v>` : "") +
    "</c>"
  );
}
