/**
 * Chromium's task scheduler (`scheduler.postTask`), which the spend gate uses where the host has it
 * (src/functions/spendGate.ts), for tests in Node, which has none: a posted task runs as a timer, and
 * one whose signal was aborted never runs. What was posted is kept, to show the path was taken.
 */
export interface PostedTask {
  priority: string;
  aborted: () => boolean;
}

export function installTaskScheduler(): { posted: PostedTask[]; uninstall: () => void } {
  const posted: PostedTask[] = [];
  const host = globalThis as { scheduler?: unknown };
  host.scheduler = {
    postTask(task: () => void, options: { priority: string; signal: AbortSignal }) {
      posted.push({ priority: options.priority, aborted: () => options.signal.aborted });
      return new Promise<void>((resolve, reject) =>
        setTimeout(() => {
          if (options.signal.aborted) return reject(new Error("aborted"));
          task();
          resolve();
        }),
      );
    },
  };
  return { posted, uninstall: () => delete host.scheduler };
}
