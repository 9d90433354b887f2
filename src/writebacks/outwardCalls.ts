/**
 * What a formula calls outside the workbook (a web request, another workbook, DDE, a code library),
 * found by scanning its text: string literals are skipped, sheet and table brackets told apart from
 * a workbook's. Pure (xlsxOutward.ts uses it on an agent's xlsx).
 */
/** Functions whose calculation reaches outside the workbook (compared without case or `_xlfn.` prefixes). */
const OUTWARD_FUNCTIONS: ReadonlySet<string> = new Set([
  "WEBSERVICE",
  "RTD",
  "DDE",
  "DDEAUTO",
  "CALL",
  "REGISTER",
  "REGISTER.ID",
  "IMAGE",
  "STOCKHISTORY",
  "TRANSLATE",
  "DETECTLANGUAGE",
  "COPILOT",
]);

const OTHER_WORKBOOK = "link to another workbook";
const DDE_LINK = "DDE";

/** Outward names (upper case) → what they call. */
export type OutwardNames = ReadonlyMap<string, readonly string[]>;
const NO_NAMES: OutwardNames = new Map();

/** Characters of a name or function token (names may hold `\`, `.`, `?`; `_xlfn.` prefixes hold dots). */
const WORD = /[\p{L}\p{N}_.\\?]/u;
/** What may sit between a workbook's `[n]` and the `!` that ends its qualifier: a sheet name. */
const QUALIFIER_TAIL = /^(?:'(?:[^']|'')*'|[^\s()+\-*/^&=<>,;{}"'[\]|%!]*)!/;

/** Index after the literal that opens at `i` (`"…"` or `'…'`, a doubled quote escaping one). */
function afterQuoted(s: string, i: number): number {
  const q = s[i];
  for (let j = i + 1; j < s.length; j++) {
    if (s[j] !== q) continue;
    if (s[j + 1] === q) j++;
    else return j + 1;
  }
  return s.length;
}

/** Index after the bracket group that opens at `i` (nested, `'` escaping the next character). */
function afterBracket(s: string, i: number): number {
  let depth = 0;
  for (let j = i; j < s.length; j++) {
    const c = s[j];
    if (c === "'") j++;
    else if (c === "[") depth++;
    else if (c === "]" && --depth === 0) return j + 1;
  }
  return s.length;
}

/**
 * A quoted name at `i`; a sheet name cannot hold [ ] \ /, so a quoted qualifier with one names a
 * workbook or a path (after "|" it is a DDE topic, already found). Returns the index after it.
 */
function scanQuotedName(s: string, i: number, found: Set<string>): number {
  const end = afterQuoted(s, i);
  if (s[i - 1] !== "|" && /[[\]\\/]/.test(s.slice(i + 1, end - 1))) found.add(OTHER_WORKBOOK);
  return end;
}

/** A bracket group at `i`: a workbook's `[n]` or `[book.xlsx]`, or a table's `[Column]`. Returns the index after it. */
function scanBracket(s: string, i: number, found: Set<string>): number {
  const end = afterBracket(s, i);
  const index = /^\[\d+\]$/.test(s.slice(i, end)) && !(i > 0 && WORD.test(s[i - 1]));
  // [1]Sheet1!A1, [1]!Name, [book.xlsx]Sheet1!A1; a table's [Column] is never followed by "!".
  if (index || QUALIFIER_TAIL.test(s.slice(end))) found.add(OTHER_WORKBOOK);
  return end;
}

/** A word at `i`: a function call (outward or an add-in's) or a name that calls out. Returns the index after it. */
function scanWord(s: string, i: number, names: OutwardNames, found: Set<string>): number {
  let j = i;
  while (j < s.length && WORD.test(s[j])) j++;
  const word = s.slice(i, j).toUpperCase();
  const next = s.slice(j).trimStart()[0];
  if (next === "(") {
    if (word.startsWith("_XLL.")) found.add(`add-in function ${word.slice(5)}`);
    const fn = word.replace(/^(?:_XLFN\.|_XLWS\.)+/, "");
    if (OUTWARD_FUNCTIONS.has(fn)) found.add(fn);
  }
  // A word before "!" is a sheet name, not a defined name.
  if (next !== "!") for (const r of names.get(word) ?? []) found.add(r);
  return j;
}

/**
 * What a formula calls outside the workbook: outward functions (their names as labels), links to
 * other workbooks, DDE, and names that do either. Text inside string literals is never a call.
 */
export function outwardCalls(formula: string, names: OutwardNames = NO_NAMES): string[] {
  const found = new Set<string>();
  const s = formula;
  let i = 0;
  while (i < s.length) {
    const ch = s[i];
    if (ch === '"') {
      i = afterQuoted(s, i);
    } else if (ch === "'") {
      i = scanQuotedName(s, i, found);
    } else if (ch === "|") {
      found.add(DDE_LINK); // app|topic!item: only DDE uses | outside quotes
      i++;
    } else if (ch === "[") {
      i = scanBracket(s, i, found);
    } else if (WORD.test(ch)) {
      i = scanWord(s, i, names, found);
    } else i++;
  }
  return [...found];
}
