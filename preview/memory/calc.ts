/**
 * Calculation of native formulas (=SUM(B2:B9), =A1*2) with fast-formula-parser (MIT). Each
 * formula remembers the cells it read; a write recalculates the formulas that read what changed
 * (Excel's automatic mode), except while the API has calculation suspended: then nothing is
 * propagated until application.calculate() (docs/excel-fidelity.md, "Calculation").
 */
import FormulaParser, { type CellRef, type RangeRef } from "fast-formula-parser";
import type { Rect } from "./address";
import { ERROR_LITERALS } from "./coerce";
import { resolveStructured } from "./structuredRefs";
import {
  overlaps,
  type CellData,
  type Change,
  type Calculator,
  type SheetData,
  type WorkbookModel,
} from "./model";

/** Rounds of propagation before giving up (a circular reference stops here, as Excel's would show 0). */
const MAX_ROUNDS = 100;

function errorText(e: unknown): string {
  const code = (e as { _error?: unknown })?._error;
  if (typeof code === "string" && (ERROR_LITERALS as readonly string[]).includes(code)) return code;
  return "#NAME?";
}

export class FormulaCalculator implements Calculator {
  private reads: { sheetId: string; rect: Rect }[] = [];
  private readonly parser: FormulaParser;

  constructor(private readonly model: WorkbookModel) {
    const value = (sheet: SheetData | undefined, row: number, col: number): unknown => {
      const c = sheet ? model.cell(sheet, row, col) : undefined;
      if (!c || c.value === null) return null;
      return c.error ? { _error: c.value } : c.value;
    };
    this.parser = new FormulaParser({
      onCell: (ref: CellRef) => {
        const sheet = model.sheetByName(ref.sheet);
        if (sheet)
          this.reads.push({
            sheetId: sheet.id,
            rect: { row: ref.row - 1, col: ref.col - 1, rows: 1, cols: 1 },
          });
        return value(sheet, ref.row - 1, ref.col - 1);
      },
      onRange: (ref: RangeRef) => {
        const sheet = model.sheetByName(ref.sheet);
        const rect = {
          row: ref.from.row - 1,
          col: ref.from.col - 1,
          rows: ref.to.row - ref.from.row + 1,
          cols: ref.to.col - ref.from.col + 1,
        };
        if (sheet) this.reads.push({ sheetId: sheet.id, rect });
        // Whole columns are read as far as the sheet is used.
        const used = sheet ? model.usedRect(sheet) : null;
        const rows = Math.min(rect.rows, used ? Math.max(0, used.row + used.rows - rect.row) : 0);
        const cols = Math.min(rect.cols, used ? Math.max(0, used.col + used.cols - rect.col) : 0);
        return Array.from({ length: Math.max(1, rows) }, (_, i) =>
          Array.from({ length: Math.max(1, cols) }, (_, j) => value(sheet, rect.row + i, rect.col + j)),
        );
      },
      // A defined name reads its range; any other bare word is #NAME? (the library would say #VALUE!).
      onVariable: (name: string) => {
        const defined = model.names.find((n) => n.name.toLowerCase() === name.toLowerCase());
        const target = defined
          ? /^=?(?:'((?:[^']|'')+)'|([^!]+))!\$?([A-Z]+)\$?(\d+)(?::\$?([A-Z]+)\$?(\d+))?$/i.exec(
              defined.formula,
            )
          : null;
        if (!target) throw new Error(`#NAME? ${name}`);
        const sheet = target[1]?.replace(/''/g, "'") ?? target[2];
        const from = { row: Number(target[4]), col: columnNumber(target[3]) };
        const to = target[5] ? { row: Number(target[6]), col: columnNumber(target[5]) } : from;
        return { sheet, from, to };
      },
    });
  }

  calculateCell(sheet: SheetData, row: number, col: number): void {
    const cell = this.model.cell(sheet, row, col);
    if (!cell?.formula || /\bADS\./i.test(cell.formula)) return;
    this.reads = [];
    let result: unknown;
    const formula = resolveStructured(cell.formula, this.model, sheet, row);
    if (unknownName(formula, this.model)) result = { _error: "#NAME?" };
    else if (formula.includes("#REF!")) {
      result = { _error: "#REF!" };
      // A structured reference that reads nothing now may read a table that grows: watch the sheet.
      this.reads.push({ sheetId: sheet.id, rect: { row: 0, col: 0, rows: 1_048_576, cols: 16_384 } });
    } else
      try {
        result = this.parser.parse(formula.slice(1), { sheet: sheet.name, row: row + 1, col: col + 1 });
      } catch (err) {
        result = { _error: errorText(err) };
      }
    if (Array.isArray(result)) result = (result as unknown[][])[0]?.[0] ?? null;
    cell.reads = this.reads;
    this.reads = [];
    store(cell, result);
  }

  propagate(changes: readonly Change[]): void {
    let dirty = [...changes];
    for (let round = 0; round < MAX_ROUNDS && dirty.length; round++) {
      const next: Change[] = [];
      for (const sheet of this.model.sheets)
        for (const [r, cols] of sheet.rows)
          for (const [c, cell] of cols) {
            if (!cell.formula || !cell.reads) continue;
            if (
              !cell.reads.some((read) =>
                dirty.some((d) => d.sheetId === read.sheetId && overlaps(d.rect, read.rect)),
              )
            )
              continue;
            const before = cell.value;
            this.calculateCell(sheet, r, c);
            if (cell.value !== before)
              next.push({ sheetId: sheet.id, rect: { row: r, col: c, rows: 1, cols: 1 } });
          }
      dirty = next;
    }
  }

  calculateAll(): void {
    for (let round = 0; round < 2; round++)
      for (const sheet of this.model.sheets)
        for (const [r, cols] of sheet.rows) for (const [c] of cols) this.calculateCell(sheet, r, c);
  }
}

/**
 * The first bare word of a formula that is not a function, a reference, TRUE/FALSE or a defined
 * name: Excel shows #NAME? for it (the library would compute 0 or #VALUE!).
 */
function unknownName(formula: string, model: WorkbookModel): string | null {
  const code = formula.replace(/"(?:[^"]|"")*"/g, '""').replace(/'(?:[^']|'')*'!/g, "S!");
  for (const m of code.matchAll(
    /(?<![A-Za-z0-9_.!$:\\])([A-Za-z_\\][A-Za-z0-9_.\\]*)(?![A-Za-z0-9_.(!$:\\[])/g,
  )) {
    const word = m[1];
    if (/^(true|false)$/i.test(word) || /^[A-Za-z]{1,3}\d+$/.test(word)) continue;
    if (model.names.some((n) => n.name.toLowerCase() === word.toLowerCase())) continue;
    return word;
  }
  return null;
}

function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

function store(cell: CellData, result: unknown): void {
  if (result !== null && typeof result === "object" && "_error" in result) {
    cell.value = errorText(result);
    cell.error = true;
    return;
  }
  cell.error = undefined;
  if (typeof result === "number") cell.value = Number.isFinite(result) ? result : "#NUM!";
  else if (typeof result === "string" || typeof result === "boolean") cell.value = result;
  else cell.value = 0; // an empty reference reads as 0, as in Excel
  if (cell.value === "#NUM!") cell.error = true;
}
