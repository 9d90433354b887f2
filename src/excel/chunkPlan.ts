/**
 * Chunk planning for big writes (pure): what each call weighs in the JSON office.js sends, and
 * rows grouped into consecutive chunks whose request stays under Excel on the web's 5 MB limit,
 * so no sync is refused and no sync happens inside a per-row loop. Sizes are true JSON bytes
 * (UTF-8; a number is its JSON text, so a date-time serial such as 45678.541666666664 is 18).
 */

export const PAYLOAD_LIMIT_BYTES = 5 * 1024 * 1024;
/** The envelope office.js adds to each call (action + object path), measured at 110–160 bytes. */
export const CALL_BYTES = 160;
/** Headroom under the limit for what a chunk's sync carries besides its planned calls. */
const HEADROOM_BYTES = 64 * 1024;
export const DEFAULT_CHUNK_BUDGET = PAYLOAD_LIMIT_BYTES - HEADROOM_BYTES;

/** UTF-8 length of a string. */
export function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff && i + 1 < s.length) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

/** JSON bytes of one cell value (a number as its JSON text, a string with quotes and escapes). */
export function cellBytes(v: unknown): number {
  if (v === null || v === undefined) return 4;
  if (typeof v === "number") return Number.isFinite(v) ? String(v).length : 4;
  if (typeof v === "boolean") return v ? 4 : 5;
  const s = String(v);
  // Plain text costs its length + 2 quotes; anything JSON escapes is measured exactly.
  return /^[\x20-\x21\x23-\x5b\x5d-\x7e]*$/.test(s) ? s.length + 2 : utf8Length(JSON.stringify(s));
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
