/**
 * Chunk planning for big writes (pure): what each call weighs in the JSON office.js sends, and
 * rows grouped into consecutive chunks whose request stays under Excel on the web's 5 MB limit,
 * so no sync is refused and no sync happens inside a per-row loop. Sizes are true JSON bytes
 * (UTF-8; a number is its JSON text, so a date-time serial such as 45678.541666666664 is 18).
 *
 * The envelopes are measured on the genuine office.js request bodies (excel-web-16.00.js;
 * chunkPlan.genuine.test.ts holds the estimate to them: never under).
 */
import { CALL_BYTES, PAYLOAD_LIMIT_BYTES } from "../api/excelLimits";
import { fewestDecimals, POW10 } from "../api/decimalShift";

/** The request limit and a call's envelope (src/api/excelLimits.ts, beside Excel's other limits). */
export { CALL_BYTES, PAYLOAD_LIMIT_BYTES };

/**
 * office.js sends a 2-D write of more than 1,500 cells in blocks of rows of about 1,500 cells each
 * (`setRangePropertiesInBulk`: a size check, then per block two GetRow paths, a GetBoundingRect and
 * the set), whatever the add-in queued as one call.
 */
const BULK_CELLS = 1500;
/** One such block's envelope beside its values: measured at 855–968 bytes (3- to 6-digit ids). */
const BLOCK_BYTES = 1000;

/** Rows in one of office.js's blocks for a write `cols` wide. */
function blockRows(cols: number): number {
  return Math.max(1, Math.round(BULK_CELLS / Math.max(1, cols)));
}

/** A row's share of its blocks' envelopes, for a write `cols` wide (rounded up: never under). */
export function bulkRowBytes(cols: number): number {
  return Math.ceil(BLOCK_BYTES / blockRows(cols));
}

/**
 * What a chunk's sync carries besides its rows' values and shares: the calculation suspension, and
 * per 2-D write (`writes`) its call, office.js's size check and its last, partial block.
 */
export function chunkFixedBytes(writes: number): number {
  return CALL_BYTES + writes * (2 * CALL_BYTES + BLOCK_BYTES) + 64;
}
/** Headroom under the limit for what a chunk's sync carries besides its planned calls. */
const HEADROOM_BYTES = 64 * 1024;
export const DEFAULT_CHUNK_BUDGET = PAYLOAD_LIMIT_BYTES - HEADROOM_BYTES;

/** Characters of a whole number below 10^15 (its sign included): compared, not divided. */
function wholeLength(v: number): number {
  const a = Math.abs(v);
  let n = 1;
  while (n < 15 && a >= POW10[n]) n++;
  return v < 0 ? n + 1 : n;
}

/**
 * JSON bytes of a number: its JSON text, counted without making it in the common cases. A whole
 * number's digits; a decimal below 10^6 with at most 6 decimals: its whole part, the point and its
 * shortest text's decimals (fewestDecimals in decimalShift.ts). Anything else is measured on its text.
 */
function numberBytes(v: number): number {
  if (!Number.isFinite(v)) return 4; // null
  if (Number.isSafeInteger(v) && v > -1e15 && v < 1e15) return wholeLength(v);
  const k = Math.abs(v) >= 1e-6 ? fewestDecimals(v) : undefined;
  if (k) return wholeLength(Math.trunc(v)) + (v < 0 && v > -1 ? 1 : 0) + 1 + k;
  return String(v).length;
}

const PLAIN_ASCII = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;

/**
 * JSON bytes of a string: its quotes, and per character what JSON.stringify writes for it (an escape
 * for quotes, backslashes and control characters, a \u escape for a lone surrogate) in UTF-8. One
 * pass, no copy: this runs over every text cell of a report.
 */
function stringBytes(s: string): number {
  // Most text is printable ASCII with no quote or backslash: one byte a character. The regular
  // expression checks that in V8's compiled code, twice as fast as the loop.
  return PLAIN_ASCII.test(s) ? s.length + 2 : escapedStringBytes(s);
}

function escapedStringBytes(s: string): number {
  let n = 2;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c >= 0x20 && c < 0x7f) n += c === 0x22 || c === 0x5c ? 2 : 1;
    else if (c < 0x20) n += c === 0x08 || c === 0x09 || c === 0x0a || c === 0x0c || c === 0x0d ? 2 : 6;
    else if (c < 0x800) n += c === 0x7f ? 1 : 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      const next = s.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        n += 4;
        i++;
      } else n += 6;
    } else if (c >= 0xdc00 && c <= 0xdfff) n += 6;
    else n += 3;
  }
  return n;
}

/** JSON bytes of one cell value (a number as its JSON text, a string with quotes and escapes). */
export function cellBytes(v: unknown): number {
  if (v === null || v === undefined) return 4;
  if (typeof v === "number") return numberBytes(v);
  if (typeof v === "boolean") return v ? 4 : 5;
  return stringBytes(String(v));
}

/** JSON bytes of one row of a 2-D array: its cells, commas, brackets and the comma after it. */
export function rowBytes(row: readonly unknown[]): number {
  let n = row.length + 2; // commas between cells (n - 1), the two brackets, the comma after the row
  for (const v of row) n += cellBytes(v);
  return n;
}

/** A call that sets one 2-D property (values, numberFormat, formulas) on an A1 address. */
export function callBytes(address: string, argumentBytes: number): number {
  return CALL_BYTES + address.length + 2 + argumentBytes;
}

export interface Chunk {
  start: number;
  end: number;
  bytes: number;
}

/**
 * Consecutive [start, end) chunks of rows; `fixed` is what every chunk's sync carries besides its
 * rows (the call envelopes). A single row over the budget gets a chunk of its own.
 */
export function planChunks(rowCosts: readonly number[], budget = DEFAULT_CHUNK_BUDGET, fixed = 0): Chunk[] {
  const chunks: Chunk[] = [];
  let start = 0;
  let bytes = fixed;
  for (let i = 0; i < rowCosts.length; i++) {
    if (i > start && bytes + rowCosts[i] > budget) {
      chunks.push({ start, end: i, bytes });
      start = i;
      bytes = fixed;
    }
    bytes += rowCosts[i];
  }
  if (rowCosts.length > start) chunks.push({ start, end: rowCosts.length, bytes });
  return chunks;
}

/** The fewest syncs a payload could need under the limit: the figure the benchmark compares against. */
export function minimumSyncs(totalBytes: number): number {
  return Math.max(1, Math.ceil(totalBytes / PAYLOAD_LIMIT_BYTES));
}
