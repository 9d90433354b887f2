/** Excel column letters for a zero-based column index (0 → A, 26 → AA). */
export function columnName(col: number): string {
  let n = col + 1;
  let s = "";
  while (n > 0) {
    s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
    n = Math.floor((n - 1) / 26);
  }
  return s;
}

/** The zero-based index of Excel column letters (A → 0, AA → 26). */
function columnIndexOf(letters: string): number {
  let n = 0;
  for (const ch of letters.toUpperCase()) n = n * 26 + (ch.charCodeAt(0) - 64);
  return n - 1;
}

/** A block's place from its A1 address ("F3:J8", or one cell), zero-based; null if it is no such address. */
export function areaOf(address: string): { row: number; col: number; rows: number; cols: number } | null {
  const m = /^\$?([A-Z]{1,3})\$?(\d+)(?::\$?([A-Z]{1,3})\$?(\d+))?$/i.exec(
    address.slice(address.lastIndexOf("!") + 1),
  );
  if (!m) return null;
  const [row, col] = [Number(m[2]) - 1, columnIndexOf(m[1])];
  const [lastRow, lastCol] = m[3] ? [Number(m[4]) - 1, columnIndexOf(m[3])] : [row, col];
  return { row, col, rows: lastRow - row + 1, cols: lastCol - col + 1 };
}
