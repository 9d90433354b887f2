/**
 * Names close to one the service refused: the advertisers the workbook already knows (its reports,
 * sets, plans, recently used names) that differ from the refused name by a slip of the keyboard:
 * case, spacing, or a few letters (edit distance, a transposition counted once). Pure: the callers
 * gather the known names.
 */

/** Lower case, one space between words, no outer spaces: how two spellings are compared. */
const folded = (s: string) => s.trim().replace(/\s+/g, " ").toLowerCase();

/** Optimal string alignment distance: insertions, deletions, substitutions, adjacent transpositions. */
function distance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) =>
    Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i < rows; i++)
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  return d[a.length][b.length];
}

/** The slips a name of `length` letters may hold and still be the same name: 1 in short names, up to 3. */
const slipsAllowed = (length: number) => Math.min(3, Math.max(1, Math.floor(length / 4)));

/**
 * Up to `max` known names close to `name`, closest first (ties in the order known), never `name`
 * itself as written. A known name that contains the refused one as a word start ("Acme" → "Acme
 * Mattress") counts as close too.
 */
export function closeNames(name: string, known: readonly string[], max = 3): string[] {
  const asked = folded(name);
  if (!asked) return [];
  const seen = new Set<string>();
  const scored: { name: string; score: number; at: number }[] = [];
  known.forEach((k, at) => {
    const f = folded(k);
    if (!f || k.trim() === name.trim() || seen.has(f)) return;
    seen.add(f);
    const d = distance(asked, f);
    const prefix = asked.length >= 3 && f.startsWith(`${asked} `);
    if (d <= slipsAllowed(Math.max(asked.length, f.length)) || prefix)
      scored.push({ name: k.trim(), score: prefix ? Math.min(d, 2) : d, at });
  });
  return scored
    .sort((x, y) => x.score - y.score || x.at - y.at)
    .slice(0, max)
    .map((s) => s.name);
}
