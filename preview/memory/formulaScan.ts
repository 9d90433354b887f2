/** Scanning a formula's text (pure): where a quoted run or a bracket group ends, a bracketed name's text. */

/** The end of a quoted run starting at `start`: a doubled quote is one quote inside it. */
export function stringEnd(text: string, start: number, quote = '"'): number {
  let i = start + 1;
  while (i < text.length) {
    if (text[i] === quote) {
      if (text[i + 1] === quote) i += 2;
      else return i + 1;
    } else i++;
  }
  return text.length;
}

/** The end (exclusive) of the bracket group opening at `start`: nested brackets, `'` escaping the next character. */
export function bracketEnd(text: string, start: number): number {
  let depth = 0;
  for (let i = start; i < text.length; i++) {
    if (text[i] === "'" && i + 1 < text.length) {
      i++;
      continue;
    }
    if (text[i] === "[") depth++;
    else if (text[i] === "]" && --depth === 0) return i + 1;
  }
  return text.length;
}

/** A column name as written in a structured reference (`'[`, `'#` escaped), as the header holds it. */
export function unescapeName(name: string): string {
  return name.replace(/'(.)/g, "$1");
}
