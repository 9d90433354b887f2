import { followRun, formatElapsed } from "./agentRun";

describe("followRun", () => {
  it("polls until done, reporting every status", async () => {
    const answers = [{ status: "processing" }, { status: "processing" }, { status: "done", output: "hi" }];
    const seen: string[] = [];
    const r = await followRun(async () => answers.shift() as { status: string }, {
      intervalMs: 1,
      onStatus: (s) => seen.push(s.status),
    });
    expect(r).toEqual({ status: "done", output: "hi" });
    expect(seen).toEqual(["processing", "processing", "done"]);
  });

  it("returns a failed run and refuses an unknown status", async () => {
    await expect(followRun(async () => ({ status: "failed" }))).resolves.toEqual({ status: "failed" });
    await expect(followRun(async () => ({ status: "queued" }))).rejects.toThrow(
      'Unknown agent run status "queued"',
    );
  });

  it("stops when aborted and past its deadline", async () => {
    const controller = new AbortController();
    const run = followRun(async () => ({ status: "processing" }), {
      intervalMs: 60_000,
      signal: controller.signal,
    });
    controller.abort();
    await expect(run).rejects.toThrow("Stopped");
    await expect(
      followRun(async () => ({ status: "processing" }), { intervalMs: 1, deadlineMs: -1 }),
    ).rejects.toThrow(/still processing/);
  });

  it("formats elapsed time", () => {
    expect(formatElapsed(75_400)).toBe("1:15");
    expect(formatElapsed(0)).toBe("0:00");
  });
});
