/**
 * Worksheet functions the preview computes itself because the formula library (fast-formula-parser)
 * has none or an empty stub, whose cell would show #NAME?, or reads criteria otherwise than Excel:
 * the criteria family (COUNTIF, SUMIF, AVERAGEIF, SUMIFS, COUNTIFS, AVERAGEIFS, MAXIFS, MINIFS, and
 * COUNTBLANK), the order statistics (MEDIAN, LARGE, SMALL) and the lookups (MATCH, XLOOKUP), each as
 * Excel defines it (docs/excel-fidelity.md, row 36).
 */
import { criterion, numberInText, wildcardPattern, type TypedNumber } from "./criteria";
import { HostError } from "./hostError";

/** One argument as the formula library hands it to a function. */
export interface FormulaArg {
  value?: unknown;
  isArray?: boolean;
  isCellRef?: boolean;
  isRangeRef?: boolean;
  omitted?: boolean;
}

const errorCode = (v: unknown): string | undefined => {
  const code = (v as { _error?: unknown } | null)?._error;
  return typeof code === "string" ? code : undefined;
};

/** An argument's values as rows of cells (a single value is one cell). */
function grid(arg: FormulaArg | undefined): unknown[][] {
  const v = arg?.value;
  return Array.isArray(v) ? (v as unknown[]).map((r) => (Array.isArray(r) ? r : [r])) : [[v ?? null]];
}

/**
 * The numbers of arguments as Excel's statistics read them: a reference or array gives only its
 * numbers (text, logicals and blanks skipped); a typed value that reads as a number counts; an
 * error anywhere is the result.
 */
export function numbersOf(params: readonly FormulaArg[]): number[] {
  const xs: number[] = [];
  for (const p of params) {
    const inRange = Boolean(p.isCellRef || p.isRangeRef) || Array.isArray(p.value);
    for (const v of grid(p).flat()) {
      const code = errorCode(v);
      if (code) throw new HostError(code);
      if (typeof v === "number") xs.push(v);
      else if (!inRange && typeof v === "boolean") xs.push(Number(v));
      else if (!inRange && typeof v === "string") {
        const n = numberInText(v);
        if (n === undefined) throw new HostError("#VALUE!");
        xs.push(n);
      }
    }
  }
  return xs;
}

/**
 * The cells (row-major) of `target` where every criteria range meets its criterion. Every range is
 * the target's shape, else #VALUE!, as Excel.
 */
function matchingCells(
  target: FormulaArg | undefined,
  pairs: readonly FormulaArg[],
  typed: TypedNumber,
): unknown[] {
  if (pairs.length === 0 || pairs.length % 2 !== 0) throw new HostError("#VALUE!", "criteria come in pairs");
  const cells = grid(target);
  const shape = (g: unknown[][]) => `${g.length}x${g[0]?.length ?? 0}`;
  const tests: { cells: unknown[][]; test: (v: unknown) => boolean }[] = [];
  for (let i = 0; i < pairs.length; i += 2) {
    const range = grid(pairs[i]);
    if (shape(range) !== shape(cells)) throw new HostError("#VALUE!", "the ranges differ in size");
    tests.push({ cells: range, test: criterion(pairs[i + 1]?.value, typed) });
  }
  const hits: unknown[] = [];
  cells.forEach((row, r) =>
    row.forEach((v, c) => {
      if (tests.every((t) => t.test(t.cells[r][c]))) hits.push(v);
    }),
  );
  return hits;
}

/** The formula library as it calls SUMIF and AVERAGEIF: itself first, then the arguments' references. */
interface FormulaContext {
  utils: { extractRefValue(arg: unknown): { val: unknown; isArray: boolean } };
}
interface Position {
  row: number;
  col: number;
}
/** A reference argument: a cell (`row`, `col`) or a range (`from`, `to`). */
interface RefArg {
  ref?: { sheet?: string; row?: number; col?: number; from?: Position; to?: Position };
}

/** The top-left cell of a reference and its size less one, each way; #VALUE! for what is not one. */
function corner(arg: RefArg | null | undefined): {
  sheet?: string;
  from: Position;
  rows: number;
  cols: number;
} {
  const ref = arg?.ref;
  if (ref?.from && ref.to)
    return {
      sheet: ref.sheet,
      from: ref.from,
      rows: ref.to.row - ref.from.row,
      cols: ref.to.col - ref.from.col,
    };
  if (ref?.row !== undefined && ref.col !== undefined)
    return { sheet: ref.sheet, from: { row: ref.row, col: ref.col }, rows: 0, cols: 0 };
  throw new HostError("#VALUE!", "SUMIF and AVERAGEIF take references");
}

/** An argument's value (a reference's cells), as the library hands it to the other functions. */
function retrieved(context: FormulaContext, arg: unknown): FormulaArg {
  const { val, isArray } = context.utils.extractRefValue(arg);
  return { value: val, isArray, isRangeRef: Boolean((arg as RefArg).ref) };
}

/**
 * SUMIF's and AVERAGEIF's third argument's cells: from its top-left cell in `range`'s shape whatever its
 * own (Excel reads the sheet's cells past a smaller one).
 */
function shapedLike(context: FormulaContext, range: RefArg, values: RefArg): FormulaArg {
  const { rows, cols } = corner(range);
  const { sheet, from } = corner(values);
  return retrieved(context, { ref: { sheet, from, to: { row: from.row + rows, col: from.col + cols } } });
}

const isBlank = (v: unknown) => v === null || v === undefined || v === "";

/** The numbers among matched cells; an error among them is the result. */
function matchedNumbers(hits: readonly unknown[]): number[] {
  const xs: number[] = [];
  for (const v of hits) {
    const code = errorCode(v);
    if (code) throw new HostError(code);
    if (typeof v === "number") xs.push(v);
  }
  return xs;
}

/** The smallest and largest of numbers (a loop: a whole column is too many arguments for Math.min). */
export const smallest = (xs: readonly number[]): number | undefined =>
  xs.length ? xs.reduce((a, b) => (b < a ? b : a)) : undefined;
export const largest = (xs: readonly number[]): number | undefined =>
  xs.length ? xs.reduce((a, b) => (b > a ? b : a)) : undefined;

function median(xs: number[]): number {
  if (xs.length === 0) throw new HostError("#NUM!");
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** The k-th largest (or smallest) number; k outside 1..count is #NUM!. */
function kth(array: FormulaArg, k: FormulaArg, largest: boolean): number {
  const xs = numbersOf([{ ...array, isRangeRef: true }]).sort((a, b) => (largest ? b - a : a - b));
  const [rank] = numbersOf([k]);
  const i = Math.ceil(rank);
  if (!(i >= 1 && i <= xs.length)) throw new HostError("#NUM!");
  return xs[i - 1];
}

/** A list of one row or one column, else #N/A (MATCH and XLOOKUP search one line). */
function line(arg: FormulaArg | undefined): unknown[] {
  const g = grid(arg);
  if (g.length === 1) return g[0];
  if (g.every((r) => r.length === 1)) return g.map((r) => r[0]);
  throw new HostError("#N/A");
}

/** How two values order: -1, 0, 1, or undefined when they are of different kinds. */
function compare(a: unknown, b: unknown): number | undefined {
  if (typeof a === "number" && typeof b === "number") return Math.sign(a - b);
  if (typeof a === "boolean" && typeof b === "boolean") return Math.sign(Number(a) - Number(b));
  if (typeof a === "string" && typeof b === "string") {
    const x = a.toLowerCase();
    const y = b.toLowerCase();
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return undefined;
}

function exactTest(lookup: unknown, wildcards: boolean): (v: unknown) => boolean {
  if (wildcards && typeof lookup === "string") {
    const pattern = wildcardPattern(lookup);
    return (v) => typeof v === "string" && pattern.test(v);
  }
  return (v) => compare(v, lookup) === 0;
}

/** MATCH: the position (from 1) of the lookup value in a line; type 1 and -1 expect a sorted line. */
function match(lookup: unknown, values: unknown[], type: number): number {
  if (type === 0) {
    const i = values.findIndex(exactTest(lookup, true));
    if (i < 0) throw new HostError("#N/A");
    return i + 1;
  }
  // The last position whose value is on the lookup's side (≤ for 1, ≥ for -1), as Excel's search
  // finds it in a sorted line.
  let found = -1;
  values.forEach((v, i) => {
    const sign = compare(v, lookup);
    if (sign !== undefined && sign * type <= 0) found = i;
  });
  if (found < 0) throw new HostError("#N/A");
  return found + 1;
}

/** XLOOKUP's position: exact (0), exact or next smaller (-1), next larger (1), wildcard (2). */
function xlookupIndex(lookup: unknown, values: unknown[], mode: number, reverse: boolean): number {
  const order = values.map((_, i) => i);
  if (reverse) order.reverse();
  const exact = exactTest(lookup, mode === 2);
  const hit = order.find((i) => exact(values[i]));
  if (hit !== undefined || mode === 0 || mode === 2) return hit ?? -1;
  let best = -1;
  for (const i of order) {
    const sign = compare(values[i], lookup);
    if (sign === undefined || sign === mode * -1 || sign === 0) continue;
    if (best < 0 || compare(values[i], values[best]) === -mode) best = i;
  }
  return best;
}

function xlookup(params: readonly FormulaArg[]): unknown {
  const [lookup, lookupArray, returnArray, ifNotFound, matchMode, searchMode] = params;
  const values = line(lookupArray);
  const mode = matchMode && !matchMode.omitted ? Number(matchMode.value) : 0;
  const search = searchMode && !searchMode.omitted ? Number(searchMode.value) : 1;
  if (![0, -1, 1, 2].includes(mode) || ![1, -1, 2, -2].includes(search)) throw new HostError("#VALUE!");
  const index = xlookupIndex(lookup?.value, values, mode, search < 0);
  if (index < 0) {
    if (ifNotFound && !ifNotFound.omitted) return ifNotFound.value;
    throw new HostError("#N/A");
  }
  // A lookup column returns that row of the return array; a lookup row returns that column.
  const result = grid(returnArray);
  if (grid(lookupArray).length === values.length) {
    if (result.length !== values.length) throw new HostError("#VALUE!");
    return result[index].length === 1 ? result[index][0] : [result[index]];
  }
  if ((result[0]?.length ?? 0) !== values.length) throw new HostError("#VALUE!");
  return result.length === 1 ? result[0][index] : result.map((r) => [r[index]]);
}

type SheetFunction = (...params: FormulaArg[]) => unknown;

const total = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

function average(xs: readonly number[]): number {
  if (xs.length === 0) throw new HostError("#DIV/0!");
  return total(xs) / xs.length;
}

/**
 * The functions, by name, for the formula library's `functions` option; `typed` reads a criterion's
 * operand as the workbook would read it typed into a cell.
 */
export function sheetFunctions(typed: TypedNumber): Record<string, SheetFunction> {
  const cellsWhere = (target: FormulaArg | undefined, pairs: FormulaArg[]) =>
    matchingCells(target, pairs, typed);
  // SUMIF's and AVERAGEIF's numbers: the library calls these two with itself and the references (its
  // own extend the third one; hooks.js), so the cells are read here, `range`'s once.
  const oneCriterion = (context: FormulaContext, range: RefArg, test: unknown, values?: RefArg | null) => {
    const cells = retrieved(context, range);
    const target = values ? shapedLike(context, range, values) : cells;
    return matchedNumbers(cellsWhere(target, [cells, retrieved(context, test)]));
  };
  return {
    SUMIFS: (sum, ...pairs) => total(matchedNumbers(cellsWhere(sum, pairs))),
    COUNTIFS: (...pairs) => cellsWhere(pairs[0], pairs).length,
    AVERAGEIFS: (avg, ...pairs) => average(matchedNumbers(cellsWhere(avg, pairs))),
    // The one-criterion forms: the formula library's own match no blank cell with "" (Excel's do).
    COUNTIF: (range, test) => cellsWhere(range, [range, test]).length,
    SUMIF: ((context: FormulaContext, range: RefArg, test: unknown, sum?: RefArg | null) =>
      total(oneCriterion(context, range, test, sum))) as unknown as SheetFunction,
    AVERAGEIF: ((context: FormulaContext, range: RefArg, test: unknown, avg?: RefArg | null) =>
      average(oneCriterion(context, range, test, avg))) as unknown as SheetFunction,
    // Empty cells and empty text (a formula's ""), as Excel counts them.
    COUNTBLANK: (range) => grid(range).flat().filter(isBlank).length,
    MAXIFS: (range, ...pairs) => largest(matchedNumbers(cellsWhere(range, pairs))) ?? 0,
    MINIFS: (range, ...pairs) => smallest(matchedNumbers(cellsWhere(range, pairs))) ?? 0,
    MEDIAN: (...params) => median(numbersOf(params)),
    LARGE: (array, k) => kth(array, k, true),
    SMALL: (array, k) => kth(array, k, false),
    MATCH: (lookup, array, type) =>
      match(lookup?.value, line(array), type && !type.omitted ? Math.sign(Number(type.value)) : 1),
    XLOOKUP: (...params) => xlookup(params),
  };
}
