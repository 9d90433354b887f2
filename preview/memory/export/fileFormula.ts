/**
 * A formula as a workbook file keeps it, from the one Range.formulas reads (pure but for the model
 * it asks which table a cell is in):
 * - without the leading "=";
 * - structured references spelled out as [MS-XLSX] 2.2.2 (Formulas) has them: `[@Spend]` is
 *   `Sales[[#This Row],[Spend]]` (the grammar has `[#This Row]`, not Excel 2010's `@`), `[Spend]`
 *   inside the table is `Sales[Spend]`, and a table named alone is `Sales[]` (its data; a bare word
 *   would be a defined name);
 * - functions newer than Excel 2007 prefixed `_xlfn.` (`_xlfn.XLOOKUP`, `_xlfn.MAXIFS`), as Excel
 *   writes them ("Issue: An _xlfn. prefix is displayed in front of a formula", Microsoft support).
 */
import { bracketEnd, stringEnd } from "../formulaScan";
import type { TableData } from "../model";

/**
 * Functions Excel stores with the `_xlfn.` prefix (those added in Excel 2010 and later that the
 * preview can meet); FILTER and SORT also take `_xlws.`.
 */
const FUTURE_FUNCTIONS = new Set(
  `AGGREGATE ARABIC BASE BITAND BITOR BITXOR CEILING.MATH CEILING.PRECISE CHISQ.DIST CHISQ.INV CONCAT
  CONFIDENCE.NORM CONFIDENCE.T COVARIANCE.P COVARIANCE.S DAYS DECIMAL EXPON.DIST F.DIST F.INV
  FLOOR.MATH FLOOR.PRECISE FORECAST.LINEAR FORMULATEXT GAMMA GAMMA.DIST GAMMA.INV IFNA IFS IMAGE
  ISFORMULA ISOWEEKNUM LAMBDA LET LOGNORM.DIST MAXIFS MINIFS MODE.MULT MODE.SNGL NETWORKDAYS.INTL
  NORM.DIST NORM.INV NORM.S.DIST NORM.S.INV NUMBERVALUE PERCENTILE.EXC PERCENTILE.INC PERCENTRANK.EXC
  PERCENTRANK.INC POISSON.DIST QUARTILE.EXC QUARTILE.INC RANDARRAY RANK.AVG RANK.EQ SEQUENCE SHEET
  SHEETS SINGLE SORTBY STDEV.P STDEV.S SWITCH T.DIST T.INV TEXTAFTER TEXTBEFORE TEXTJOIN TEXTSPLIT
  UNICHAR UNICODE UNIQUE VAR.P VAR.S VSTACK HSTACK WEIBULL.DIST WORKDAY.INTL XLOOKUP XMATCH XOR
  CHOOSECOLS CHOOSEROWS TAKE DROP TOCOL TOROW WRAPCOLS WRAPROWS EXPAND`.split(/\s+/),
);
const WORKSHEET_FUNCTIONS = new Set(["FILTER", "SORT"]);

export interface FormulaPlace {
  /** The tables of the workbook, to tell a table's name from any other word. */
  tableByName(name: string): TableData | undefined;
  /** The table whose body holds the formula's cell, for `[@Col]` and `[Col]` without a table name. */
  ownTable: TableData | undefined;
}

/** `=SUM([@Spend])` in `Sales` → `SUM(Sales[[#This Row],[Spend]])`. */
export function fileFormula(formula: string, place: FormulaPlace): string {
  const f = formula.startsWith("=") ? formula.slice(1) : formula;
  let out = "";
  let i = 0;
  while (i < f.length) {
    const ch = f[i];
    if (ch === '"' || ch === "'") {
      const end = stringEnd(f, i, ch);
      out += f.slice(i, end);
      i = end;
      continue;
    }
    const prev = f[i - 1] ?? "";
    const name = /^[A-Za-z_\\][A-Za-z0-9_.\\]*/.exec(f.slice(i))?.[0];
    if (name && !/[A-Za-z0-9_.!$\\\]]/.test(prev)) {
      const after = i + name.length;
      if (f[after] === "(") out += functionName(name);
      else if (f[after] === "[" && place.tableByName(name)) {
        const end = bracketEnd(f, after);
        out += name + specifier(f.slice(after, end));
        i = end;
        continue;
      } else if (f[after] !== "!" && place.tableByName(name)) {
        // A table named alone is its data: the file spells it Sales[] (a bare word is a defined name).
        out += `${name}[]`;
      } else out += name;
      i = after;
      continue;
    }
    if (ch === "[" && !/[A-Za-z0-9_.\]]/.test(prev)) {
      const end = bracketEnd(f, i);
      const group = f.slice(i, end);
      // An R1C1 offset never reaches here (formulas are A1); a bare group is the own table's.
      out += place.ownTable ? place.ownTable.name + specifier(group) : group;
      i = end;
      continue;
    }
    out += ch;
    i++;
  }
  return out;
}

function functionName(name: string): string {
  const upper = name.toUpperCase();
  if (WORKSHEET_FUNCTIONS.has(upper)) return `_xlfn._xlws.${name}`;
  return FUTURE_FUNCTIONS.has(upper) ? `_xlfn.${name}` : name;
}

/** A bracket group `[…]` with `@` spelled `[#This Row],`: `[@Spend]` → `[[#This Row],[Spend]]`. */
function specifier(group: string): string {
  const inner = group.slice(1, -1).trim();
  if (!inner.startsWith("@")) return group;
  const rest = inner.slice(1).trim();
  if (rest === "") return "[#This Row]";
  const column = rest.startsWith("[") ? rest : `[${rest}]`;
  return `[[#This Row],${column}]`;
}
