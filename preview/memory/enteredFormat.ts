/**
 * Which function holds a formula's first reference (pure): Excel passes the first referenced cell's
 * number format to a General cell a formula is entered into (KB 214280) when the formula's result is
 * one of its cells' values or a sum of them, not when a function counts, places or tests them
 * (=ROWS(T) on a date column shows 13, not 1/13/1900).
 */
import { stringEnd } from "./formulaScan";

/** Functions whose result is a count, a position, a length or a truth value: a number of their own. */
const COUNTING = new Set(
  `COUNT COUNTA COUNTBLANK COUNTIF COUNTIFS ROWS COLUMNS ROW COLUMN AREAS MATCH XMATCH RANK RANK.EQ
  RANK.AVG LEN ISBLANK ISNUMBER ISTEXT ISNONTEXT ISERROR ISERR ISNA ISLOGICAL ISREF ISFORMULA`.split(/\s+/),
);

const CELL = /^\$?[A-Za-z]{1,3}\$?\d{1,7}(?![A-Za-z0-9_(])/;

/** Whether the formula's first reference is an argument of a counting function (COUNT, ROWS, MATCH, …). */
export function firstReferenceCounted(formula: string, isTable: (name: string) => boolean): boolean {
  const calls: string[] = [];
  const counted = () => COUNTING.has(calls[calls.length - 1] ?? "");
  let i = formula.startsWith("=") ? 1 : 0;
  while (i < formula.length) {
    const ch = formula[i];
    if (ch === '"') {
      i = stringEnd(formula, i);
      continue;
    }
    // A quoted sheet name, a bracket of the formula's own table, a cell: the first reference.
    if (ch === "'" || ch === "[" || CELL.test(formula.slice(i))) return counted();
    const word = /^[A-Za-z_\\][A-Za-z0-9_.\\]*/.exec(formula.slice(i))?.[0];
    if (word) {
      const after = formula[i + word.length];
      if (after === "(") {
        calls.push(word.toUpperCase());
        i += word.length + 1;
        continue;
      }
      if (after === "!" || isTable(word)) return counted();
      i += word.length;
      continue;
    }
    if (ch === "(") calls.push("");
    else if (ch === ")") calls.pop();
    i++;
  }
  return false;
}
