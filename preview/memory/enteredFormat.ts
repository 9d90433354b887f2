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

/** Date functions and the format Excel gives a General cell a formula built on one is entered into. */
const DATE_FUNCTION_FORMATS: Readonly<Record<string, string>> = {
  DATE: "m/d/yyyy",
  TODAY: "m/d/yyyy",
  DATEVALUE: "m/d/yyyy",
  EDATE: "m/d/yyyy",
  EOMONTH: "m/d/yyyy",
  WORKDAY: "m/d/yyyy",
  "WORKDAY.INTL": "m/d/yyyy",
  NOW: "m/d/yyyy h:mm",
  TIME: "h:mm AM/PM",
};

/** Whether `rest` (after a call) holds only days added or taken away: no *, /, ^, & or comparison at its top level. */
function onlyAddedDays(rest: string): boolean {
  if (rest === "") return true;
  if (!/^[+-]/.test(rest)) return false;
  let depth = 0;
  for (const ch of rest) {
    if (ch === "(") depth++;
    else if (ch === ")") depth--;
    else if (depth === 0 && "*/^&<>=:".includes(ch)) return false;
  }
  return depth === 0;
}

/**
 * The date format Excel gives a General cell when the formula entered is a date function's result,
 * alone or with days added or taken away: =TODAY(), =TODAY()-20, =EOMONTH(TODAY(),-1)+1,
 * =DATE(2026,3,1) show dates; =2*(TODAY()/2) and =TODAY()&"" do not (Microsoft's TODAY and DATE
 * pages: "If the cell format was General before the function was entered, Excel changes the cell
 * format to Date"; docs/excel-fidelity.md row 35).
 */
export function dateFunctionFormat(formula: string): string | undefined {
  const code = formula
    .replace(/^=\s*/, "")
    .replace(/"(?:[^"]|"")*"/g, '""')
    .trim();
  const open = /^([A-Za-z][A-Za-z0-9.]*)\s*\(/.exec(code);
  const format = open ? DATE_FUNCTION_FORMATS[open[1].toUpperCase()] : undefined;
  if (!open || !format) return undefined;
  let depth = 0;
  for (let i = open[0].length - 1; i < code.length; i++) {
    if (code[i] === "(") depth++;
    else if (code[i] === ")" && --depth === 0)
      return onlyAddedDays(code.slice(i + 1).trim()) ? format : undefined;
  }
  return undefined;
}
