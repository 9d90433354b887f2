/**
 * Calculation of formulas with fast-formula-parser (MIT): native functions (=SUM(B2:B9), =A1*2,
 * =DATE(2026,1,1)) and the host's own functions (ADS.*), anywhere in a formula
 * (=ADS.SHOWLISTENERS(A2)*2, =ADS.ADS("Acme", DATE(2026,1,1))). Each formula remembers the cells it
 * read; a write recalculates the formulas that read what changed (Excel's automatic mode), except
 * while the API has calculation suspended: then nothing is propagated until application.calculate()
 * (docs/excel-fidelity.md, "Calculation"). An array result spills (model.setSpill).
 */
import FormulaParser, { type CellRef, type RangeRef } from "fast-formula-parser";
import { MAX_COLS, MAX_ROWS, type Rect } from "./address";
import { ERROR_LITERALS } from "./coerce";
import { jsonBytes, PAYLOAD_LIMIT_BYTES } from "./payload";
import { HostError } from "./hostError";
import { nativeFunctions } from "./nativeFunctions";
import {
  MAX_CELL_CHARS,
  overlaps,
  type CellData,
  type Change,
  type Calculator,
  type SheetData,
  type Value,
  type WorkbookModel,
} from "./model";
import { dateFunctionFormat, firstReferenceCounted } from "./enteredFormat";
import { cellReferences } from "./formulaRefs";
import { resolveStructured } from "./structuredRefs";
import { dotReferencesAsCalls, isEntity, readField, type EntityValue } from "./entities";

/** Rounds of propagation before giving up (a circular reference stops here, as Excel's would show 0). */
const MAX_ROUNDS = 100;

/** What a host function (a custom function) gives for one call: a value, an error, or not yet. */
export type HostAnswer =
  | { value: Value | Value[][] | FormattedValue | FormattedValue[][] | EntityValue }
  | { error: string; message?: string }
  | { pending: true };

/** A number with its own format (a custom function's DoubleCellValue, or the older FormattedNumberCellValue). */
interface FormattedValue {
  type: "Double" | "FormattedNumber";
  basicValue: number;
  numberFormat: string;
}

export interface HostFunctions {
  /** Function names as written in formulas (e.g. "ADS.SHOW"), any case. */
  names: readonly string[];
  /** One call of `name` by the formula at `cell` ("Sheet!row,col") with evaluated arguments. */
  call(name: string, args: unknown[], cell: string): HostAnswer;
  /** Forget every answer (a full recalculation asks again). */
  reset(): void;
}

class Pending extends Error {}
function errorText(e: unknown): string {
  const code = (e as { _error?: unknown })?._error;
  if (typeof code === "string" && (ERROR_LITERALS as readonly string[]).includes(code)) return code;
  return "#NAME?";
}

const isFormatted = (v: unknown): v is FormattedValue =>
  typeof v === "object" &&
  v !== null &&
  ((v as FormattedValue).type === "Double" || (v as FormattedValue).type === "FormattedNumber");

/** The number formats of a host function's answer: one for a value, one per cell of an array. */
type HostFormats = string | (string | undefined)[][] | undefined;

/** A cell's value as the formula engine reads it: null when empty, { _error } for an error. */
function cellValue(model: WorkbookModel, sheet: SheetData | undefined, row: number, col: number): unknown {
  const c = sheet ? model.cell(sheet, row, col) : undefined;
  if (!c || c.value === null) return null;
  return c.error ? { _error: c.value } : c.value;
}

/**
 * A range's values. Whole columns and rows are read as far as the sheet is used; any other range is read
 * as written, empty cells included, as Excel does (and without scanning the sheet on every reference).
 */
function rangeValues(model: WorkbookModel, sheet: SheetData | undefined, rect: Rect): unknown[][] {
  const { rows, cols } = rect.rows < MAX_ROWS && rect.cols < MAX_COLS ? rect : usedPart(model, sheet, rect);
  return Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => cellValue(model, sheet, rect.row + i, rect.col + j)),
  );
}

/** The size of a whole column's or row's part within the sheet's used area (at least one cell). */
function usedPart(
  model: WorkbookModel,
  sheet: SheetData | undefined,
  rect: Rect,
): { rows: number; cols: number } {
  const used = sheet ? model.usedRect(sheet) : null;
  const rows = Math.min(rect.rows, used ? Math.max(0, used.row + used.rows - rect.row) : 0);
  const cols = Math.min(rect.cols, used ? Math.max(0, used.col + used.cols - rect.col) : 0);
  return { rows: Math.max(1, rows), cols: Math.max(1, cols) };
}

/** A defined name reads its range; any other bare word is #NAME? (the library would say #VALUE!). */
function definedNameRange(
  model: WorkbookModel,
  name: string,
): { sheet: string; from: { row: number; col: number }; to: { row: number; col: number } } {
  const defined = model.names.find((n) => n.name.toLowerCase() === name.toLowerCase());
  const target = defined
    ? /^=?(?:'((?:[^']|'')+)'|([^!]+))!\$?([A-Z]+)\$?(\d+)(?::\$?([A-Z]+)\$?(\d+))?$/i.exec(defined.formula)
    : null;
  if (!target) throw new Error(`#NAME? ${name}`);
  const sheet = target[1]?.replace(/''/g, "'") ?? target[2];
  const from = { row: Number(target[4]), col: columnNumber(target[3]) };
  const to = target[5] ? { row: Number(target[6]), col: columnNumber(target[5]) } : from;
  return { sheet, from, to };
}

/** What a parse reads from its calculator: the functions it may call, and the workbook's cells and names. */
interface Handlers {
  functions: Record<string, unknown>;
  onCell: (ref: CellRef) => unknown;
  onRange: (ref: RangeRef) => unknown;
  onVariable: (name: string) => unknown;
}

/**
 * One parser for every calculator in the process: making one analyses its grammar (milliseconds),
 * and the property tests make thousands of workbooks. A parse runs to its end synchronously and
 * never starts another, so each calculator hands its own handlers over just before it parses.
 */
let shared: { parser: FormulaParser; builtIn: Record<string, unknown> } | undefined;

function sharedParsing() {
  if (!shared) {
    const parser = new FormulaParser({});
    // SUBTOTAL needs its references (which rows a filter hides), not only their values: the library
    // passes them to the functions it lists here (its information functions), so it is listed too.
    (parser as unknown as { funsPreserveRef: string[] }).funsPreserveRef.push("SUBTOTAL", "FIELDVALUE");
    const builtIn = { ...(parser as unknown as { functions: Record<string, unknown> }).functions };
    shared = { parser, builtIn };
  }
  return shared;
}

const sharedParser = (): FormulaParser => sharedParsing().parser;
/** The library's own functions (each calculator's are laid over them, as its constructor does). */
const builtInFunctions = (): Record<string, unknown> => sharedParsing().builtIn;

export class FormulaCalculator implements Calculator {
  private reads: { sheetId: string; rect: Rect }[] = [];
  /** The number formats of the last host function's answer (a value's, or per cell of an array). */
  private formats: HostFormats;
  /** Made when a formula is first calculated: most workbooks in tests hold none. */
  private built?: Handlers;
  private host?: HostFunctions;
  private current = "";
  /** The entity the last host call answered (a card): kept for the cell when the formula is that call. */
  private entity?: EntityValue;

  constructor(private readonly model: WorkbookModel) {}

  /** Lets formulas call the host's functions (the preview's ADS.*). */
  setHostFunctions(host: HostFunctions): void {
    this.host = host;
    this.built = undefined;
  }

  /** The shared parser, handed this workbook's functions and cells for the parse about to run. */
  private get parser(): FormulaParser {
    this.built ??= this.build();
    return Object.assign(sharedParser(), this.built);
  }

  private build(): Handlers {
    const model = this.model;
    const functions = nativeFunctions(model);
    for (const name of this.host?.names ?? []) functions[name.toUpperCase()] = this.hostFunction(name);
    functions.FIELDVALUE = (value: unknown, field: unknown) => this.fieldValue(value, field);
    return {
      functions: { ...builtInFunctions(), ...functions },
      onCell: (ref: CellRef) => {
        const sheet = model.sheetByName(ref.sheet);
        if (sheet)
          this.reads.push({
            sheetId: sheet.id,
            rect: { row: ref.row - 1, col: ref.col - 1, rows: 1, cols: 1 },
          });
        return cellValue(model, sheet, ref.row - 1, ref.col - 1);
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
        return rangeValues(model, sheet, rect);
      },
      onVariable: (name: string) => definedNameRange(model, name),
    };
  }

  /**
   * FIELDVALUE(cell, "field"), which dot references become (entities.ts): the field of the entity in
   * that cell, its number format kept for the cell as a host answer's is; #FIELD! when there is none.
   */
  private fieldValue(value: unknown, field: unknown): unknown {
    const ref = (value as { ref?: { sheet?: string; row?: number; col?: number } }).ref;
    const name = String((field as { value?: unknown }).value ?? "");
    const sheet = ref?.sheet === undefined ? undefined : this.model.sheetByName(ref.sheet);
    const cell =
      sheet && ref?.row !== undefined && ref.col !== undefined
        ? this.model.cell(sheet, ref.row - 1, ref.col - 1)
        : undefined;
    // A cell still calculating (#BUSY!) or showing another error passes that error on.
    if (cell?.error && !cell.entity) throw new HostError(String(cell.value));
    const read = readField(cell?.entity, name);
    this.formats = Array.isArray(read.value) ? undefined : read.numberFormat;
    return read.value;
  }

  /** A host function (ADS.*) as the formula engine calls it: its answer, or the error it stands for. */
  private hostFunction(name: string): (...params: unknown[]) => unknown {
    return (...params: unknown[]) => {
      const args = params.map((p) => {
        const x = p as { value?: unknown; omitted?: boolean };
        return x.omitted ? undefined : x.value;
      });
      const answer = this.host!.call(name.toUpperCase(), args, this.current);
      if ("pending" in answer) throw new Pending();
      if ("error" in answer) throw new HostError(answer.error, answer.message);
      // Excel on the web drops a custom function's result over 5 MB (the cell stays #BUSY!), and a
      // cell cannot show text over 32,767 characters.
      if (jsonBytes(answer.value) > PAYLOAD_LIMIT_BYTES)
        throw new HostError("#BUSY!", "The result is over Excel's 5 MB limit for a custom function");
      if (hasLongText(answer.value)) throw new HostError("#VALUE!", "A text result over 32,767 characters");
      // An entity (a card) is its cell's value only when the formula is the call itself: computed
      // with, its basic value is #VALUE!, as EntityCellValue.basicValue says.
      const lone = Array.isArray(answer.value) && answer.value.length === 1 ? answer.value[0] : undefined;
      const entity = isEntity(answer.value) ? answer.value : lone?.length === 1 ? lone[0] : undefined;
      if (isEntity(entity)) {
        this.entity = entity;
        throw new HostError("#VALUE!");
      }
      // The formula engine computes with plain values; the formats are kept for the cell (store()).
      this.formats = Array.isArray(answer.value)
        ? answer.value.map((r) => r.map((v) => (isFormatted(v) ? v.numberFormat : undefined)))
        : isFormatted(answer.value)
          ? answer.value.numberFormat
          : undefined;
      return toPlain(answer.value);
    };
  }

  calculateCell(sheet: SheetData, row: number, col: number): void {
    const cell = this.model.cell(sheet, row, col);
    if (!cell?.formula) return;
    this.reads = [];
    this.current = `${sheet.name}!${row},${col}`;
    this.formats = undefined;
    this.entity = undefined;
    this.model.errorNotes.delete(cell);
    const formula = resolveStructured(dotReferencesAsCalls(cell.formula), this.model, sheet, row);
    const result = this.evaluate(formula, cell, sheet, row, col);
    // Every range the formula names, read or not (ROWS, COLUMNS and ISREF only look at their
    // reference): a change there, or a table's new extent, calculates it again.
    for (const ref of cellReferences(formula)) {
      const at = ref.sheet === undefined ? sheet : this.model.sheetByName(ref.sheet);
      if (at) this.reads.push({ sheetId: at.id, rect: ref.rect });
    }
    cell.reads = this.reads;
    this.reads = [];
    // A formula that is one host call shows its answer's formats (a formatted number keeps its format);
    // one that computes with it shows a plain number, as the formula engine gives it.
    const lone = loneCall(formula);
    const formats = lone ? this.formats : undefined;
    const entity = lone ? this.entity : undefined;
    this.formats = undefined;
    this.entity = undefined;
    this.show(cell, sheet, row, col, result, formats);
    if (entity) {
      // The card itself: the cell holds the entity, showing its text (entities.ts).
      cell.entity = entity;
      cell.valueFormat = undefined;
    }
  }

  /** The formula's result as the engine gives it, or { _error } for what stops it. */
  private evaluate(formula: string, cell: CellData, sheet: SheetData, row: number, col: number): unknown {
    if (unknownName(formula, this.model, this.host?.names ?? [])) return { _error: "#NAME?" };
    if (formula.includes("#REF!")) {
      // A structured reference that reads nothing now may read a table that grows: watch the sheet.
      this.reads.push({ sheetId: sheet.id, rect: { row: 0, col: 0, rows: 1_048_576, cols: 16_384 } });
      return { _error: "#REF!" };
    }
    try {
      return this.parser.parse(formula.slice(1), { sheet: sheet.name, row: row + 1, col: col + 1 }, true);
    } catch (err) {
      return this.failure(err, cell);
    }
  }

  /** What a thrown calculation shows: #BUSY! while a host call is pending, else its error code (with a note). */
  private failure(err: unknown, cell: CellData): { _error: string } {
    const cause = findCause(err);
    if (cause instanceof Pending) return { _error: "#BUSY!" };
    if (cause instanceof HostError) {
      if (cause.message) this.model.errorNotes.set(cell, cause.message);
      return { _error: cause.code };
    }
    return { _error: errorText(err) };
  }

  /** A result in its cell: an array of more than one value spills, anything else is the cell's value. */
  private show(
    cell: CellData,
    sheet: SheetData,
    row: number,
    col: number,
    result: unknown,
    formats: HostFormats,
  ): void {
    if (Array.isArray(result) && (result.length > 1 || (result[0] as unknown[])?.length > 1)) {
      this.model.setSpill(
        sheet,
        row,
        col,
        (result as unknown[][]).map((r) => r.map((v) => toValue(v) as Value)),
        Array.isArray(formats) ? formats : undefined,
      );
      return;
    }
    const one = Array.isArray(result) ? ((result as unknown[][])[0]?.[0] ?? null) : result;
    this.model.dropSpillOf(sheet, row, col);
    store(
      cell,
      one,
      typeof formats === "string" ? formats : Array.isArray(formats) ? formats[0]?.[0] : undefined,
    );
  }

  /**
   * The number format Excel gives a General cell when a formula is entered into it: a date for
   * DATE, TODAY, EDATE, EOMONTH and the like, alone or with days added (=TODAY()-20), a date and
   * time for NOW, a time for TIME (their reference pages: "If the cell format was General before
   * the function was entered, Excel changes the cell format to Date"; dateFunctionFormat), else
   * the format of the first cell the formula refers to (KB 214280: "Cell That Contains Formula
   * Assumes Formatting of First Cell in Reference Range"), unless a function that counts or places
   * them holds that reference (enteredFormat.ts). A Text format is not passed on.
   */
  enteredFormat(sheet: SheetData, row: number, formula: string): string | undefined {
    const dated = dateFunctionFormat(formula);
    if (dated) return dated;
    if (firstReferenceCounted(formula, (name) => this.model.tableByName(name) !== undefined))
      return undefined;
    const first = cellReferences(resolveStructured(formula, this.model, sheet, row))[0];
    const at = first && (first.sheet === undefined ? sheet : this.model.sheetByName(first.sheet));
    const format = at ? this.model.cell(at, first.rect.row, first.rect.col)?.numberFormat : undefined;
    return format && format !== "General" && format !== "@" ? format : undefined;
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
            this.model.calculated?.(sheet.id, { row: r, col: c, rows: 1, cols: 1 });
            if (cell.value !== before)
              next.push({ sheetId: sheet.id, rect: { row: r, col: c, rows: 1, cols: 1 } });
          }
      dirty = next;
    }
  }

  /**
   * Excel calls every custom function again after cells are inserted or deleted, and on a full
   * calculation: each formula that calls one is calculated anew (its call answers later), then
   * what reads it.
   */
  rerunHostCalls(): void {
    const host = this.host;
    if (!host) return;
    host.reset();
    const spaces = [...new Set(host.names.map((n) => n.split(".")[0]))];
    const calls = new RegExp(`\\b(?:${spaces.join("|")})\\.[A-Z]`, "i");
    const changes: Change[] = [];
    for (const sheet of this.model.sheets)
      for (const [r, cols] of sheet.rows)
        for (const [c, cell] of cols)
          if (cell.formula && calls.test(cell.formula)) {
            this.calculateCell(sheet, r, c);
            changes.push({ sheetId: sheet.id, rect: { row: r, col: c, rows: 1, cols: 1 } });
          }
    this.propagate(changes);
  }

  calculateAll(): void {
    this.host?.reset();
    for (let round = 0; round < 2; round++)
      for (const sheet of this.model.sheets)
        for (const [r, cols] of sheet.rows) for (const [c] of cols) this.calculateCell(sheet, r, c);
  }
}

/** The error a wrapped exception stands for (the library wraps what a function throws). */
function findCause(err: unknown): unknown {
  let e: unknown = err;
  for (let i = 0; i < 5 && e; i++) {
    if (e instanceof Pending || e instanceof HostError) return e;
    e = (e as { details?: unknown; cause?: unknown }).details ?? (e as { cause?: unknown }).cause;
  }
  return err;
}

function hasLongText(v: unknown): boolean {
  if (Array.isArray(v)) return v.some(hasLongText);
  return typeof v === "string" && v.length > MAX_CELL_CHARS;
}

/** A host answer as the formula engine computes with it: formatted numbers as their numbers. */
function toPlain(v: unknown): unknown {
  if (Array.isArray(v)) return v.map((r: unknown) => (Array.isArray(r) ? r.map(toPlain) : toPlain(r)));
  return isFormatted(v) ? v.basicValue : v;
}

/** Whether a formula is one function call and nothing else (=ADS.SHOW(A2, "adLoad"), not =ADS.SHOW(…)*2). */
function loneCall(formula: string): boolean {
  const code = formula
    .replace(/^=\s*/, "")
    .replace(/"(?:[^"]|"")*"/g, '""')
    .trim();
  const open = /^[A-Za-z_][A-Za-z0-9_.]*\(/.exec(code);
  if (!open) return false;
  let depth = 0;
  for (let i = open[0].length - 1; i < code.length; i++) {
    if (code[i] === "(") depth++;
    else if (code[i] === ")" && --depth === 0) return i === code.length - 1;
  }
  return false;
}

function toValue(v: unknown): unknown {
  if (v === undefined) return null;
  if (typeof v === "object" && v !== null && "_error" in v) return errorText(v);
  return v;
}

/**
 * The first bare word of a formula that is not a function, a reference, TRUE/FALSE or a defined
 * name: Excel shows #NAME? for it (the library would compute 0 or #VALUE!). A call of a function
 * nobody knows (=FOO(1), =ADS.NOPE(1)) is #NAME? too.
 */
function unknownName(formula: string, model: WorkbookModel, hostNames: readonly string[]): string | null {
  const code = formula.replace(/"(?:[^"]|"")*"/g, '""').replace(/'(?:[^']|'')*'!/g, "S!");
  for (const m of code.matchAll(
    /(?<![A-Za-z0-9_.!$:\\])([A-Za-z_\\][A-Za-z0-9_.\\]*)(?![A-Za-z0-9_.(!$:\\[])/g,
  )) {
    const word = m[1];
    if (/^(true|false)$/i.test(word) || /^[A-Za-z]{1,3}\d+$/.test(word)) continue;
    if (model.names.some((n) => n.name.toLowerCase() === word.toLowerCase())) continue;
    return word;
  }
  // A call in a host namespace (ADS.) that the host does not have.
  const spaces = new Set(hostNames.map((n) => n.split(".")[0].toUpperCase()));
  for (const m of code.matchAll(/(?<![A-Za-z0-9_.])([A-Za-z_][A-Za-z0-9_]*)\.([A-Za-z0-9_.]+)\(/g))
    if (
      spaces.has(m[1].toUpperCase()) &&
      !hostNames.some((n) => n.toUpperCase() === `${m[1]}.${m[2]}`.toUpperCase())
    )
      return `${m[1]}.${m[2]}`;
  return null;
}

function columnNumber(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n;
}

function store(cell: CellData, result: unknown, format: string | undefined): void {
  cell.entity = undefined;
  if (result !== null && typeof result === "object" && "_error" in result) {
    cell.value = errorText(result);
    cell.error = true;
    cell.valueFormat = undefined;
    return;
  }
  cell.error = undefined;
  const v = result;
  cell.valueFormat = typeof v === "number" ? format : undefined;
  if (typeof v === "number") cell.value = Number.isFinite(v) ? v : "#NUM!";
  else if (typeof v === "string" || typeof v === "boolean") cell.value = v;
  else cell.value = 0; // an empty reference reads as 0, as in Excel
  if (cell.value === "#NUM!") cell.error = true;
}
