/**
 * Following an agent run to its end: poll the status (polls are free of the monthly
 * allowance) with an abortable sleep and a deadline, reporting each answer.
 */
export interface RunStatusLike {
  status: string;
}

export interface PollOptions<S> {
  intervalMs?: number;
  deadlineMs?: number;
  signal?: AbortSignal;
  onStatus?: (status: S) => void;
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new Error("Stopped"));
    const timer = setTimeout(() => {
      signal?.removeEventListener("abort", onAbort);
      resolve();
    }, ms);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(new Error("Stopped"));
    };
    signal?.addEventListener("abort", onAbort, { once: true });
  });
}

/** Polls until the run is done or failed; throws on an unknown status, on abort, or past the deadline. */
export async function followRun<S extends RunStatusLike>(
  getStatus: () => Promise<S>,
  options: PollOptions<S> = {},
): Promise<S> {
  const { intervalMs = 1500, deadlineMs = 30 * 60_000, signal, onStatus } = options;
  const started = Date.now();
  for (;;) {
    const s = await getStatus();
    onStatus?.(s);
    if (s.status === "done" || s.status === "failed") return s;
    if (s.status !== "processing") throw new Error(`Unknown agent run status "${s.status}"`);
    if (Date.now() - started > deadlineMs)
      throw new Error(
        `The run is still processing after ${Math.round(deadlineMs / 60_000)} minutes; check it again later.`,
      );
    await sleep(intervalMs, signal);
  }
}

/** 75 s → "1:15". */
export function formatElapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
}
