/**
 * Excel's calls of the ADS functions, as functions.ts notes them before they wait for anything (the
 * functions' code, loaded on the first call: functionsCode.ts). The spend gate counts an action's
 * first quiet from when Excel last called, not from when the calls reach it (spendGate.ts, issue #46);
 * the pane's first render waits for the page's first call to be answered. Kept apart from the code's
 * loader, which the functions' code (runtime.ts, the gate's wiring) would otherwise import.
 */
let lastCall = -Infinity;

/** Excel called an ADS function now. */
export function noteCall(now = Date.now()): void {
  lastCall = now;
}

/** When Excel last called an ADS function (ms, Date.now's clock); -Infinity before any call. */
export function lastCallAt(): number {
  return lastCall;
}

let firstCall: Promise<unknown> | null = null;

/** The page's first ADS call, as it goes: later calls are not followed. */
export function noteFirstCall(answer: Promise<unknown>): void {
  firstCall ??= answer;
}

/**
 * Settles once the page's first ADS call, if Excel has made one, has its answer or its error; at once
 * when none has come; after `maxMs` at most (a stalled download or request must not keep the pane from
 * showing). Never rejects. The pane's code and first render wait here (src/taskpane/index.tsx): they
 * take the page's only thread for a few hundred milliseconds, and the first cell's code, its request
 * and its answer would otherwise wait behind them (issue #46); so does refresh on open's download
 * (src/commands/commands.ts). Calls Excel made with it go in the same request gathering
 * (spendGate.ts), so they are answered about as soon.
 */
export async function firstCallAnswered(maxMs = 1500): Promise<void> {
  if (!firstCall) return;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<void>((resolve) => (timer = setTimeout(resolve, maxMs)));
  const done = () => undefined;
  await Promise.race([firstCall.then(done, done), late]);
  clearTimeout(timer);
}
