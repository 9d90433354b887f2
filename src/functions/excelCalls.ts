/**
 * When Excel last called an ADS function: functions.ts notes every call before it waits for anything
 * (the functions' code, loaded on the first call: functionsCode.ts). The spend gate counts an action's
 * first quiet from here, not from when the calls reach it (spendGate.ts, issue #46). Kept apart from
 * the code's loader, which the functions' code (runtime.ts, the gate's wiring) would otherwise import.
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
