/**
 * Who hears that a report or a report set went stale (markStale.ts tells them): the pane, whichever tab
 * it shows. Kept apart with no imports, so the pane's first load can listen without the workbook code.
 */

/** What went stale: a report sheet (by its name now), or a report set (by its id, and its name). */
export type StaleTarget = { kind: "report"; sheetName: string } | { kind: "set"; id: string; name: string };

type Listener = (target: StaleTarget) => void;
const listeners = new Set<Listener>();

/** Tells `listener` of every report or set marked stale; returns how to stop. */
export function onStale(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Tells every listener that `target` went stale. */
export function tellStale(target: StaleTarget): void {
  for (const l of listeners) l(target);
}
