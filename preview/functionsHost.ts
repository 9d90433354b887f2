/**
 * Connects the in-memory workbook to the ADS.* functions, as Excel's custom-function runtime does:
 * a formula anywhere may call them (=ADS.SHOWLISTENERS(A2)*2, =ADS.ADS("Acme", DATE(2026,1,1))),
 * its arguments evaluated by the formula engine; the call runs through the same function code,
 * asynchronously (the cell shows #BUSY! until it answers), and the answer (an array spills, an error
 * keeps its message) lands in the cell. Used by the preview and by workbook tests.
 */
import type { AdsFunctions } from "../src/functions/adsFunctions";
import { FunctionError } from "../src/functions/functionError";
import type { HostAnswer } from "./memory/calc";
import type { InMemoryWorkbook } from "./memory/workbook";

/** Answers kept for the calls formulas make; the oldest go past this many. */
const MAX_ANSWERS = 5000;

export function attachAdsFunctions(workbook: InMemoryWorkbook, fns: AdsFunctions): void {
  const names = Object.keys(fns).map((n) => `ADS.${n}`);
  const answers = new Map<string, HostAnswer>();
  const inFlight = new Set<string>();
  // Answers that arrive together (a recalculation's held answers) are shown in one pass.
  const arrived = new Set<string>();
  const show = () => {
    const cells = [...arrived];
    arrived.clear();
    workbook.recalculateCells(cells);
  };
  workbook.calculator.setHostFunctions({
    names,
    reset: () => answers.clear(),
    call(name, args, cell) {
      const key = `${cell}|${name}|${JSON.stringify(args)}`;
      const known = answers.get(key);
      if (known) return known;
      const fn = fns[name.slice("ADS.".length) as keyof AdsFunctions] as unknown as (
        ...a: unknown[]
      ) => Promise<unknown>;
      // Excel refuses a call with too many arguments; the last parameter is the cancel signal.
      const most = fn.length - 1;
      if (args.length > most) return { error: "#VALUE!", message: `${name} takes at most ${most} arguments` };
      if (!inFlight.has(key)) {
        inFlight.add(key);
        void Promise.resolve()
          .then(() => fn(...args))
          .then(
            (value): HostAnswer => ({ value: value as never }),
            (err: unknown): HostAnswer =>
              err instanceof FunctionError
                ? { error: err.code, message: err.message }
                : { error: "#N/A", message: err instanceof Error ? err.message : String(err) },
          )
          .then((answer) => {
            answers.set(key, answer);
            if (answers.size > MAX_ANSWERS) answers.delete(answers.keys().next().value as string);
            inFlight.delete(key);
            if (arrived.size === 0) setTimeout(show, 0);
            arrived.add(cell);
          });
      }
      return { pending: true };
    },
  });
}
