/** A1 address maths for the in-memory workbook: 0-based rows and columns, Excel's limits. */

export const MAX_ROWS = 1_048_576;
export const MAX_COLS = 16_384;

export interface Rect {
  row: number;
  col: number;
  rows: number;
  cols: number;
}

import { columnName } from "../../src/excel/columnName";

export { columnName };

export function columnIndex(name: string): number {
  let n = 0;
  for (const ch of name.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

const CELL = /^\$?([A-Za-z]{1,3})\$?(\d{1,7})$/;
const COLS = /^\$?([A-Za-z]{1,3}):\$?([A-Za-z]{1,3})$/;
const ROWS = /^\$?(\d{1,7}):\$?(\d{1,7})$/;

/** Parses "A1", "B2:D10", "A:C", "3:5", optionally prefixed with a sheet name ("Sheet1!A1", "'My sheet'!A1"). */
export function parseAddress(address: string): { sheet?: string; rect: Rect } {
  let sheet: string | undefined;
  let ref = address.trim();
  const bang = ref.lastIndexOf("!");
  if (bang >= 0) {
    sheet = ref
      .slice(0, bang)
      .replace(/^'(.*)'$/, "$1")
      .replace(/''/g, "'");
    ref = ref.slice(bang + 1);
  }
  const [a, b = a] = ref.split(":");
  let m = COLS.exec(ref);
  if (m) {
    const c0 = columnIndex(m[1]);
    const c1 = columnIndex(m[2]);
    return { sheet, rect: { row: 0, col: Math.min(c0, c1), rows: MAX_ROWS, cols: Math.abs(c1 - c0) + 1 } };
  }
  m = ROWS.exec(ref);
  if (m) {
    const r0 = +m[1] - 1;
    const r1 = +m[2] - 1;
    return { sheet, rect: { row: Math.min(r0, r1), col: 0, rows: Math.abs(r1 - r0) + 1, cols: MAX_COLS } };
  }
  const p = CELL.exec(a);
  const q = CELL.exec(b);
  if (!p || !q)
    throw Object.assign(new Error(`The address "${address}" is not valid`), { code: "InvalidArgument" });
  const r0 = +p[2] - 1;
  const r1 = +q[2] - 1;
  const c0 = columnIndex(p[1]);
  const c1 = columnIndex(q[1]);
  const rect = {
    row: Math.min(r0, r1),
    col: Math.min(c0, c1),
    rows: Math.abs(r1 - r0) + 1,
    cols: Math.abs(c1 - c0) + 1,
  };
  if (rect.row + rect.rows > MAX_ROWS || rect.col + rect.cols > MAX_COLS || r0 < 0 || r1 < 0) {
    throw Object.assign(new Error(`The address "${address}" is outside the sheet`), {
      code: "InvalidArgument",
    });
  }
  return { sheet, rect };
}

export function rectAddress(rect: Rect): string {
  const a = `${columnName(rect.col)}${rect.row + 1}`;
  if (rect.rows === 1 && rect.cols === 1) return a;
  return `${a}:${columnName(rect.col + rect.cols - 1)}${rect.row + rect.rows}`;
}

export function quoteSheet(name: string): string {
  return /^[A-Za-z_][A-Za-z0-9_.]*$/.test(name) ? name : `'${name.replace(/'/g, "''")}'`;
}
