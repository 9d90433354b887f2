/** The A1 references a formula names (pure): each with its sheet (when written) and rectangle. */
import { columnIndex, columnName, type Rect } from "./address";
import { outsideStrings } from "./r1c1";

const CELL = "\\$?[A-Za-z]{1,3}\\$?\\d{1,7}";
/** An A1 reference: what leads it, the sheet prefix (`'My sheet'!`), its first and last cells. */
const REF = new RegExp(
  `(^|[^A-Za-z0-9_.\\]!$'"])((?:'(?:[^']|'')+'|[A-Za-z_][A-Za-z0-9_.]*)!)?(${CELL})(?::(${CELL}))?(?![A-Za-z0-9_(\\[])`,
  "g",
);

function parseCell(text: string): { row: number; col: number; colAbs: boolean; rowAbs: boolean } {
  const m = /^(\$?)([A-Za-z]{1,3})(\$?)(\d{1,7})$/.exec(text)!;
  return { colAbs: m[1] === "$", col: columnIndex(m[2]), rowAbs: m[3] === "$", row: Number(m[4]) - 1 };
}

/** The sheet name of a reference's prefix (`'Q1 ''26'!` → `Q1 '26`). */
export function prefixSheet(prefix: string): string {
  return prefix
    .slice(0, -1)
    .replace(/^'(.*)'$/, "$1")
    .replace(/''/g, "'");
}

/**
 * Every cell reference of `formula` outside quoted text and structured references, in the order
 * written (`sheet` undefined: the formula's own sheet).
 */
export function cellReferences(formula: string): { sheet?: string; rect: Rect }[] {
  const out: { sheet?: string; rect: Rect }[] = [];
  outsideStrings(formula, (code) => {
    for (const m of code.matchAll(REF)) {
      const p = parseCell(m[3]);
      const q = m[4] ? parseCell(m[4]) : p;
      if (p.row < 0 || q.row < 0) continue;
      out.push({
        sheet: m[2] ? prefixSheet(m[2]) : undefined,
        rect: {
          row: Math.min(p.row, q.row),
          col: Math.min(p.col, q.col),
          rows: Math.abs(q.row - p.row) + 1,
          cols: Math.abs(q.col - p.col) + 1,
        },
      });
    }
    return code;
  });
  return out;
}

function cellText(row: number, col: number, like: { colAbs: boolean; rowAbs: boolean }): string {
  return `${like.colAbs ? "$" : ""}${columnName(col)}${like.rowAbs ? "$" : ""}${row + 1}`;
}

/**
 * The formula with each A1 reference to `sheet` (outside quoted text and structured references)
 * rewritten by `to`: its rectangle where the cells now are, null for `#REF!`, or the same rectangle
 * to leave it as written. Each corner keeps its `$` marks. Rows inserted, deleted, cut and pasted.
 */
export function rewriteSheetRefs(
  formula: string,
  ownSheet: string,
  sheet: string,
  to: (rect: Rect) => Rect | null,
): string {
  return outsideStrings(formula, (part) =>
    part.replace(REF, (all, lead: string, prefix: string | undefined, a: string, b: string | undefined) => {
      const on = prefix ? prefixSheet(prefix) : ownSheet;
      if (on.toLowerCase() !== sheet.toLowerCase()) return all;
      const p = parseCell(a);
      const q = b ? parseCell(b) : p;
      // A1 starts at row 1: "a0" is a name, not a cell.
      if (p.row < 0 || q.row < 0) return all;
      const rect = {
        row: Math.min(p.row, q.row),
        col: Math.min(p.col, q.col),
        rows: Math.abs(q.row - p.row) + 1,
        cols: Math.abs(q.col - p.col) + 1,
      };
      const now = to(rect);
      if (now === rect) return all;
      if (!now) return `${lead}${prefix ?? ""}#REF!`;
      const first = cellText(now.row, now.col, p);
      const last = cellText(now.row + now.rows - 1, now.col + now.cols - 1, q);
      return `${lead}${prefix ?? ""}${first}${b ? `:${last}` : ""}`;
    }),
  );
}
