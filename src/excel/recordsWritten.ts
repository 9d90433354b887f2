/**
 * A count of the writes begun in this runtime to what the workbook remembers (a report's or a set's
 * record, a binding's name): the store's batched read (reportStore.ts, readAllReports) is shared with a
 * later caller only while nothing was written since it began.
 */
let written = 0;

/** Says the workbook's records change now. */
export function recordsChanging(): void {
  written++;
}

/** The writes begun so far. */
export const writesSoFar = (): number => written;
