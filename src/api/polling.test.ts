import { AbortedError, TaskFailedError, TimeoutError, UnknownStatusError } from "./errors";
import { pollUntilSettled, type PollSpec } from "./polling";

function spec(
  statuses: string[],
  overrides: Partial<PollSpec<string>> = {},
): PollSpec<string> & { delays: number[]; clock: { t: number } } {
  const delays: number[] = [];
  const clock = { t: 0 };
  let i = 0;
  return {
    endpoint: "GET /status",
    read: async () => statuses[Math.min(i++, statuses.length - 1)],
    statusOf: (s) => s,
    waiting: ["pending"],
    done: ["done"],
    failed: ["failed"],
    failureMessage: () => "it failed",
    sleep: async (ms, signal) => {
      if (signal?.aborted) throw new AbortedError("Cancelled", "sleep");
      delays.push(ms);
      clock.t += ms;
    },
    initialDelayMs: 1000,
    maxDelayMs: 4000,
    now: () => clock.t,
    delays,
    clock,
    ...overrides,
  };
}

test("backs off from the initial delay to the cap and reports progress", async () => {
  const s = spec(["pending", "pending", "pending", "pending", "pending", "done"]);
  const progress: [string, number, number][] = [];
  await expect(
    pollUntilSettled(s, { onProgress: (p) => progress.push([p.status, p.polls, p.elapsedMs]) }),
  ).resolves.toBe("done");
  expect(s.delays).toEqual([1000, 1600, 2560, 4000, 4000]);
  expect(progress[0]).toEqual(["pending", 1, 0]);
  expect(progress[5]).toEqual(["done", 6, 13160]);
});

test("a failed status throws the failure message", async () => {
  await expect(pollUntilSettled(spec(["pending", "failed"]))).rejects.toEqual(
    new TaskFailedError("it failed", "GET /status"),
  );
});

test("a status the spec does not list is a hard error", async () => {
  const err = await pollUntilSettled(spec(["pending", "queued"])).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(UnknownStatusError);
  expect((err as Error).message).toMatch(/Unknown status "queued"/);
});

test("the overall deadline ends polling with a TimeoutError", async () => {
  const s = spec(["pending"]);
  await expect(pollUntilSettled(s, { deadlineMs: 5000 })).rejects.toBeInstanceOf(TimeoutError);
  expect(s.clock.t).toBeLessThanOrEqual(5000);
});

test("aborting stops polling", async () => {
  const controller = new AbortController();
  const s = spec(["pending"], {
    read: async () => {
      controller.abort();
      return "pending";
    },
  });
  await expect(pollUntilSettled(s, { signal: controller.signal })).rejects.toBeInstanceOf(AbortedError);
});

test("the real abortable sleep rejects when aborted mid-wait", async () => {
  const { abortableSleep } = await import("./core");
  const controller = new AbortController();
  const p = abortableSleep(10_000, controller.signal);
  controller.abort();
  await expect(p).rejects.toBeInstanceOf(AbortedError);
});
