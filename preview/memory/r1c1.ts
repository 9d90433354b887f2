/**
 * A1 ⇄ R1C1 for formulas (Range.formulasR1C1): relative references become offsets from the cell
 * (B3 seen from C4 is R[-1]C[-1]), absolute ones stay absolute ($B$3 is R3C2). Text in quotes,
 * structured references and function names are left alone.
 */
import { columnIndex, columnName } from "./address";

const A1 =
  /(^|[^A-Za-z0-9_.\]!$'"])((?:'(?:[^']|'')+'|[A-Za-z_][A-Za-z0-9_.]*)!)?(\$?)([A-Za-z]{1,3})(\$?)(\d{1,7})(?![A-Za-z0-9_(])/g;
const R1C1 =
  /(^|[^A-Za-z0-9_.\]!$'"])((?:'(?:[^']|'')+'|[A-Za-z_][A-Za-z0-9_.]*)!)?R(\[-?\d+\]|\d+)?C(\[-?\d+\]|\d+)?(?![A-Za-z0-9_(])/g;

/**
 * `fn` over the formula's code: quoted text and structured references (`[@d15]`,
 * `Sales[[#This Row],[B2]]`, whose column names may look like cells) are left as they are. An R1C1
 * offset (`R[-1]C[2]`) is code, not a structured reference.
 */
export function outsideStrings(formula: string, fn: (code: string) => string): string {
  const parts = formula.split(/("(?:[^"]|"")*"|\[(?:'.|[^[\]']|\[(?:'.|[^\]'])*\])*\])/);
  let out = "";
  let code = "";
  parts.forEach((part, i) => {
    if (i % 2 === 0 || /^\[-?\d+\]$/.test(part)) code += part;
    else {
      out += fn(code) + part;
      code = "";
    }
  });
  return out + fn(code);
}

/** The formula in R1C1 notation, as seen from the cell at (row, col), zero-based. */
export function toR1C1(formula: string, row: number, col: number): string {
  return outsideStrings(formula, (code) =>
    code.replace(
      A1,
      (_m, lead: string, sheet = "", colAbs: string, letters: string, rowAbs: string, digits: string) => {
        const r = Number(digits) - 1;
        const c = columnIndex(letters);
        const rPart = rowAbs ? `R${r + 1}` : r === row ? "R" : `R[${r - row}]`;
        const cPart = colAbs ? `C${c + 1}` : c === col ? "C" : `C[${c - col}]`;
        return `${lead}${sheet}${rPart}${cPart}`;
      },
    ),
  );
}

/** The formula in A1 notation for the cell at (row, col), zero-based. */
export function fromR1C1(formula: string, row: number, col: number): string {
  return outsideStrings(formula, (code) =>
    code.replace(R1C1, (_m, lead: string, sheet = "", r?: string, c?: string) => {
      const rowOf = (p?: string) =>
        p === undefined
          ? { n: row, abs: "" }
          : p.startsWith("[")
            ? { n: row + Number(p.slice(1, -1)), abs: "" }
            : { n: Number(p) - 1, abs: "$" };
      const colOf = (p?: string) =>
        p === undefined
          ? { n: col, abs: "" }
          : p.startsWith("[")
            ? { n: col + Number(p.slice(1, -1)), abs: "" }
            : { n: Number(p) - 1, abs: "$" };
      const rr = rowOf(r);
      const cc = colOf(c);
      if (rr.n < 0 || cc.n < 0) return `${lead}#REF!`;
      return `${lead}${sheet}${cc.abs}${columnName(cc.n)}${rr.abs}${rr.n + 1}`;
    }),
  );
}
