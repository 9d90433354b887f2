/**
 * The preview's formula engine for ADS.* cells: a cell whose formula is a single ADS call, with
 * literal arguments (numbers, "text", TRUE/FALSE) or cell references (A1, $B$2, A1:B3, Sheet1!A1),
 * is evaluated through the same function code as in Excel. Anything else is left alone (null).
 */
import type { Arg, Scalar } from "../src/functions/args";
import type { AdsFunctions } from "../src/functions/adsFunctions";
import { FunctionError } from "../src/functions/functionError";

export type FormulaResult = Scalar | Scalar[][] | { error: "#N/A" | "#VALUE!" | "#NAME?"; message: string };

const CALL = /^=\s*ADS\.([A-Z]+)\s*\(([\s\S]*)\)\s*$/i;
const REF = /^(?:(?:'[^']+'|[A-Za-z0-9_]+)!)?\$?[A-Za-z]{1,3}\$?\d+(?::\$?[A-Za-z]{1,3}\$?\d+)?$/;

/** Splits an argument list on commas outside quotes and parentheses. */
export function splitArgs(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = "";
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '"') {
      if (quoted && text[i + 1] === '"') {
        current += '""';
        i++;
        continue;
      }
      quoted = !quoted;
    } else if (!quoted && ch === "(") depth++;
    else if (!quoted && ch === ")") depth--;
    else if (!quoted && depth === 0 && ch === ",") {
      out.push(current.trim());
      current = "";
      continue;
    }
    current += ch;
  }
  if (current.trim() !== "" || out.length) out.push(current.trim());
  return out;
}

export function isAdsFormula(formula: string): boolean {
  return CALL.test(formula.trim());
}

export async function evaluateAdsFormula(
  formula: string,
  resolveRef: (ref: string) => Scalar | Scalar[][],
  fns: AdsFunctions,
): Promise<FormulaResult | null> {
  const m = CALL.exec(formula.trim());
  if (!m) return null;
  const name = m[1].toUpperCase() as keyof AdsFunctions;
  const fn = fns[name] as ((...args: Arg[]) => Promise<Scalar | Scalar[][]>) | undefined;
  if (!fn) return { error: "#NAME?", message: `ADS.${m[1]} is not a function of this add-in` };
  const args: Arg[] = [];
  for (const raw of splitArgs(m[2])) {
    if (raw === "") args.push(undefined);
    else if (/^".*"$/s.test(raw)) args.push(raw.slice(1, -1).replace(/""/g, '"'));
    else if (/^-?\d+(\.\d+)?$/.test(raw)) args.push(Number(raw));
    else if (/^(TRUE|FALSE)$/i.test(raw)) args.push(raw.toUpperCase() === "TRUE");
    else if (REF.test(raw)) args.push(resolveRef(raw));
    else return { error: "#VALUE!", message: `Cannot read the argument ${raw}` };
  }
  // Excel refuses a call with too many arguments; here the last parameter is the cancel signal.
  const most = fn.length - 1;
  if (args.length > most) return { error: "#VALUE!", message: `ADS.${name} takes at most ${most} arguments` };
  try {
    return await fn(...args);
  } catch (err) {
    if (err instanceof FunctionError) return { error: err.code, message: err.message };
    return { error: "#N/A", message: err instanceof Error ? err.message : String(err) };
  }
}
