/**
 * The common statistics the formula library leaves as empty stubs (its cell shows #NAME?): COUNTA,
 * and the standard deviation and variance of a sample (STDEV, STDEV.S, VAR, VAR.S) and of a whole
 * population (STDEVP, STDEV.P, VARP, VAR.P), as Excel defines them. SUBTOTAL (subtotal.ts) uses the
 * same variance.
 */
import { HostError } from "./hostError";
import { numbersOf, type FormulaArg } from "./sheetFunctions";

/** The sum of squared deviations over n − `less` (1: a sample's, 0: the population's); #DIV/0! when n ≤ less. */
export function variance(xs: readonly number[], less: 0 | 1): number {
  if (xs.length - less <= 0) throw new HostError("#DIV/0!");
  const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
  return xs.reduce((a, x) => a + (x - mean) ** 2, 0) / (xs.length - less);
}

/** COUNTA: the filled cells of references (text, numbers, logicals, errors) and every value given. */
function counta(params: readonly FormulaArg[]): number {
  let n = 0;
  for (const p of params) {
    if (p.omitted) continue;
    const v = p.value;
    if (!Array.isArray(v)) n += v === null || v === undefined ? (p.isCellRef ? 0 : 1) : 1;
    else
      for (const row of v as unknown[])
        n += (Array.isArray(row) ? row : [row]).filter((x) => x !== null && x !== undefined).length;
  }
  return n;
}

type Statistic = (...params: FormulaArg[]) => number;

export function statistics(): Record<string, Statistic> {
  const sampleVar: Statistic = (...p) => variance(numbersOf(p), 1);
  const populationVar: Statistic = (...p) => variance(numbersOf(p), 0);
  return {
    COUNTA: (...p) => counta(p),
    VAR: sampleVar,
    "VAR.S": sampleVar,
    VARP: populationVar,
    "VAR.P": populationVar,
    STDEV: (...p) => Math.sqrt(sampleVar(...p)),
    "STDEV.S": (...p) => Math.sqrt(sampleVar(...p)),
    STDEVP: (...p) => Math.sqrt(populationVar(...p)),
    "STDEV.P": (...p) => Math.sqrt(populationVar(...p)),
  };
}
