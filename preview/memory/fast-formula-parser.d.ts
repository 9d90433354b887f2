/** The part of fast-formula-parser (MIT) the in-memory workbook uses to calculate native formulas. */
declare module "fast-formula-parser" {
  export interface CellRef {
    sheet: string;
    row: number;
    col: number;
  }
  export interface RangeRef {
    sheet: string;
    from: { row: number; col: number };
    to: { row: number; col: number };
  }
  export interface ParserConfig {
    onCell?: (ref: CellRef) => unknown;
    onRange?: (ref: RangeRef) => unknown[][];
    onVariable?: (name: string, sheet: string) => CellRef | RangeRef | null;
    functions?: Record<string, (...args: unknown[]) => unknown>;
  }
  export default class FormulaParser {
    constructor(config?: ParserConfig);
    parse(formula: string, position: CellRef, allowReturnArray?: boolean): unknown;
  }
}

/** The library's reference functions (INDEX, …): the calculator wraps INDEX (indexFunction.ts). */
declare module "fast-formula-parser/formulas/functions/reference" {
  const functions: { INDEX: (...args: unknown[]) => unknown };
  export default functions;
}
