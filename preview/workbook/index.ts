/**
 * The in-memory workbook under the name the brief uses (`preview/workbook`). The implementation lives
 * in `preview/memory` (model, proxies, address maths, xlsx reader); this module adds the host alias
 * `setSpill` (= `setCalculated`: the calculated result of a formula cell, spilling from it).
 */
import { InMemoryWorkbook as MemoryWorkbook, type CellView, type ExcelLike } from "../memory/workbook";
import type { Value } from "../memory/model";

export type { CellView, ExcelLike, Value };
export type { SyncRecord, FaultHook } from "../memory/api";
export { PAYLOAD_LIMIT_BYTES } from "../memory/api";

type BaseHost = MemoryWorkbook["host"];
export type WorkbookHost = BaseHost & {
  /** The calculated result of the formula at (row, col): one value, or a 2-D array spilling from it. */
  setSpill: (sheet: string, row: number, col: number, values: Value | Value[][]) => void;
};

export class InMemoryWorkbook extends MemoryWorkbook {
  declare readonly host: WorkbookHost;

  constructor(options: { sheets?: string[] } = {}) {
    super(options);
    const host = this.host as WorkbookHost;
    host.setSpill = (sheet, row, col, values) => host.setCalculated(sheet, row, col, values);
  }
}
