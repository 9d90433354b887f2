/**
 * The store's turns within one runtime: writes to what the workbook remembers take turns, and a count
 * of the writes begun lets the batched read (readAll.ts) be shared only while nothing was written since
 * it began. Across runtimes (the pane, the ribbon, the functions), each write reads its record again in
 * its own last sync (recordWrite.ts).
 */

let written = 0;
let turn: Promise<unknown> = Promise.resolve();

/** Says the workbook's records change now (a record, a binding's name). */
export function recordsChanging(): void {
  written++;
}

/** The writes begun so far. */
export const writesSoFar = (): number => written;

/** Runs `fn` when this runtime's earlier store writes have ended; the next waits for it. */
export function withStoreTurn<T>(fn: () => Promise<T>): Promise<T> {
  recordsChanging();
  const run = () => {
    recordsChanging();
    return fn();
  };
  const mine = turn.then(run, run);
  turn = mine.catch(() => undefined);
  return mine;
}
