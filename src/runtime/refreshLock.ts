/**
 * One refresh at a time in a workbook, whoever starts it (the pane, the ribbon, Refresh all, refresh
 * on open, the self-test): each waits for the one before it, in the order they asked, so two never
 * write into one sheet at once. The pane shows who holds it and how many wait. Plain module state:
 * the pane, the ribbon commands and the functions share one runtime per workbook.
 */

export type RefreshOrigin =
  "pane" | "ribbon" | "refresh all" | "refresh on open" | "self-test" | "report set";

export interface RefreshTurn {
  sheetName: string;
  origin: RefreshOrigin;
}

export interface RefreshLockState {
  running?: RefreshTurn;
  waiting: RefreshTurn[];
}

let running: RefreshTurn | undefined;
const waiting: { turn: RefreshTurn; go: () => void }[] = [];
const listeners = new Set<() => void>();

function tell(): void {
  for (const l of listeners) l();
}

export function refreshLockState(): RefreshLockState {
  return { running, waiting: waiting.map((w) => w.turn) };
}

export function subscribeRefreshLock(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Runs `fn` when no other refresh runs (after those that asked first); the next one goes when it ends. */
export async function withRefreshLock<T>(turn: RefreshTurn, fn: () => Promise<T>): Promise<T> {
  if (running) {
    await new Promise<void>((go) => {
      waiting.push({ turn, go });
      tell();
    });
  }
  running = turn;
  tell();
  try {
    return await fn();
  } finally {
    const next = waiting.shift();
    running = undefined;
    if (next) {
      running = next.turn;
      next.go();
    }
    tell();
  }
}
