/**
 * Excel rewrites structured references when a table column's header changes: `Sales[Spend]`,
 * `[@Spend]`, `Sales[[#This Row],[Spend]]` take the new name in every formula and defined name
 * (support, *Using structured references with Excel tables*: renaming a column updates the
 * references to it). Text in quotes is left alone.
 */
import { bracketEnd, stringEnd, unescapeName } from "./formulaScan";

/** Characters that make a column need its own brackets in `Table[[a, b]]` (a space does not). */
const SPECIAL = /[\t\n\r,:.[\]#'"{}$^&*+=\-><\\/()%!?;~`@|]/;
const escape = (name: string) => name.replace(/['[\]#]/g, "'$&");
const same = (a: string, b: string) => unescapeName(a).trim().toLowerCase() === b.toLowerCase();

/** The inside of one structured reference's brackets, with column `from` called `to`. */
function renameInside(inside: string, from: string, to: string): string {
  if (inside.startsWith("["))
    return inside.replace(/\[((?:'.|[^\]'])*)\]/g, (all, c: string) =>
      same(c, from) ? `[${escape(to)}]` : all,
    );
  if (inside.startsWith("@")) {
    const rest = inside.slice(1).trim();
    const col = rest.startsWith("[") ? rest.slice(1, -1) : rest;
    if (!col || !same(col, from)) return inside;
    return SPECIAL.test(to) || to.includes(" ") ? `@[${escape(to)}]` : `@${to}`;
  }
  if (inside.startsWith("#") || !same(inside, from)) return inside;
  return SPECIAL.test(to) ? `[${escape(to)}]` : to;
}

/**
 * `formula` with column `from` of table `table` called `to`: references qualified by the table's
 * name, and unqualified ones when the formula is in the table (`inTable`).
 */
export function renameColumnInFormula(
  formula: string,
  table: string,
  inTable: boolean,
  from: string,
  to: string,
): string {
  let out = "";
  let i = 0;
  while (i < formula.length) {
    if (formula[i] === '"') {
      const end = stringEnd(formula, i);
      out += formula.slice(i, end);
      i = end;
    } else if (formula[i] !== "[") out += formula[i++];
    else {
      const end = bracketEnd(formula, i);
      const qualifier = /([A-Za-z_\\][A-Za-z0-9_.]*)$/.exec(out)?.[1];
      const ours = qualifier ? qualifier.toLowerCase() === table.toLowerCase() : inTable;
      const inside = formula.slice(i + 1, end - 1);
      out += ours ? `[${renameInside(inside, from, to)}]` : formula.slice(i, end);
      i = end;
    }
  }
  return out;
}
