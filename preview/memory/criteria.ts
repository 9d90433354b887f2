/**
 * Excel's criteria, as SUMIFS, COUNTIFS, AVERAGEIFS, MAXIFS and MINIFS read them: a number or logical
 * to equal, or text with an optional operator (`">5"`, `"<>Acme"`, `"=`, `"Ac*"`). The operand is
 * read as Excel reads typed text (`">0.05%"` is 0.0005, `">1,000"` 1000, `">=1/1/2026"` and
 * `">=2026-01-01"` that day's serial in the workbook's date system), by the reader the caller gives.
 * Text compares without case; `*`, `?` and `~` are wildcards for `=` and `<>`; a number matches
 * numbers and text that reads as the same number; `""` matches blank cells, `"="` only empty ones,
 * `"<>"` any filled one. An error cell matches nothing.
 */

/** The number typed text stands for (a plain number, a percentage, a date, …), else undefined. */
export type TypedNumber = (text: string) => number | undefined;

/** Whether a cell's value meets the criterion. */
export type Matcher = (value: unknown) => boolean;

type Operator = "=" | "<>" | "<" | "<=" | ">" | ">=";

const isError = (v: unknown): boolean =>
  typeof v === "object" && v !== null && typeof (v as { _error?: unknown })._error === "string";

/** A text that reads as a number ("12", " 3.5 "), else undefined. */
export function numberInText(text: string): number | undefined {
  if (text.trim() === "") return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

function ordered(op: Operator, sign: number): boolean {
  switch (op) {
    case "=":
      return sign === 0;
    case "<>":
      return sign !== 0;
    case "<":
      return sign < 0;
    case "<=":
      return sign <= 0;
    case ">":
      return sign > 0;
    case ">=":
      return sign >= 0;
  }
}

function numberMatcher(op: Operator, n: number): Matcher {
  return (v) => {
    if (isError(v)) return false;
    const x = typeof v === "number" ? v : op === "=" || op === "<>" ? textNumber(v) : undefined;
    if (x === undefined) return op === "<>";
    return ordered(op, Math.sign(x - n));
  };
}

const textNumber = (v: unknown): number | undefined => (typeof v === "string" ? numberInText(v) : undefined);

function logicalMatcher(op: Operator, b: boolean): Matcher {
  return (v) => {
    if (isError(v)) return false;
    if (typeof v !== "boolean") return op === "<>";
    return ordered(op, Number(v) - Number(b));
  };
}

/** Excel's wildcard text (`*` any run, `?` one character, `~` takes the next literally) as a RegExp. */
export function wildcardPattern(text: string): RegExp {
  let source = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === "~" && i + 1 < text.length) source += escape(text[++i]);
    else if (ch === "*") source += "[\\s\\S]*";
    else if (ch === "?") source += "[\\s\\S]";
    else source += escape(ch);
  }
  return new RegExp(`^${source}$`, "i");
}

const escape = (ch: string): string => ch.replace(/[.*+?^${}()|[\]\\/-]/g, "\\$&");

function textMatcher(op: Operator, text: string): Matcher {
  if (op === "=" || op === "<>") {
    const pattern = wildcardPattern(text);
    return (v) => {
      if (isError(v)) return false;
      const hit = typeof v === "string" && pattern.test(v);
      return op === "=" ? hit : !hit;
    };
  }
  const lower = text.toLowerCase();
  return (v) => {
    // Text that reads as a number is text here; an empty text is blank-like and orders nowhere.
    if (typeof v !== "string" || v === "") return false;
    const x = v.toLowerCase();
    return ordered(op, x < lower ? -1 : x > lower ? 1 : 0);
  };
}

function emptyOperandMatcher(op: Operator | undefined): Matcher {
  if (op === undefined) return (v) => v === null || v === undefined || v === "";
  if (op === "=") return (v) => v === null || v === undefined;
  if (op === "<>") return (v) => v !== null && v !== undefined;
  return () => false;
}

/** The test a criterion stands for. */
export function criterion(c: unknown, typed: TypedNumber = numberInText): Matcher {
  if (typeof c === "number") return numberMatcher("=", c);
  if (typeof c === "boolean") return logicalMatcher("=", c);
  if (c === null || c === undefined) return emptyOperandMatcher(undefined);
  const text = String(c);
  const m = /^(<=|>=|<>|<|>|=)?([\s\S]*)$/.exec(text)!;
  const op = m[1] as Operator | undefined;
  const operand = m[2];
  if (operand === "") return emptyOperandMatcher(op);
  const n = typed(operand);
  if (n !== undefined) return numberMatcher(op ?? "=", n);
  if (/^(true|false)$/i.test(operand)) return logicalMatcher(op ?? "=", operand.toUpperCase() === "TRUE");
  return textMatcher(op ?? "=", operand);
}
