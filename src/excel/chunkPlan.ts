/**
 * Chunk planning for big writes (pure): rows go in consecutive chunks whose estimated request payload
 * stays under a budget below Excel on the web's 5 MB limit, so no sync is ever refused and no sync
 * happens inside a per-row loop.
 */

export const PAYLOAD_LIMIT_BYTES = 5 * 1024 * 1024;
/** Headroom for the per-call overhead and the host's own envelope. */
export const DEFAULT_CHUNK_BUDGET = Math.floor(PAYLOAD_LIMIT_BYTES * 0.8);

/** Bytes a cell value adds to a request (~2 a character, 8 a number), as the host estimates. */
export function cellBytes(v: unknown): number {
  if (v === null || v === undefined) return 4;
  if (typeof v === "number") return 8;
  if (typeof v === "boolean") return 5;
  return 2 * String(v).length + 2;
}

export interface Chunk {
  start: number;
  end: number;
  bytes: number;
}

/** Consecutive [start, end) chunks of rows; a single row over the budget gets a chunk of its own. */
export function planChunks(rowBytes: readonly number[], budget = DEFAULT_CHUNK_BUDGET): Chunk[] {
  const chunks: Chunk[] = [];
  let start = 0;
  let bytes = 0;
  for (let i = 0; i < rowBytes.length; i++) {
    if (i > start && bytes + rowBytes[i] > budget) {
      chunks.push({ start, end: i, bytes });
      start = i;
      bytes = 0;
    }
    bytes += rowBytes[i];
  }
  if (rowBytes.length > start) chunks.push({ start, end: rowBytes.length, bytes });
  return chunks;
}

/** The fewest syncs a payload could need under the limit: the figure the benchmark compares against. */
export function minimumSyncs(totalBytes: number): number {
  return Math.max(1, Math.ceil(totalBytes / PAYLOAD_LIMIT_BYTES));
}
