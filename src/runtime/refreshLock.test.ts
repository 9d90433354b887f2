import { refreshLockState, subscribeRefreshLock, withRefreshLock } from "./refreshLock";

test("refreshes run one at a time, in the order they asked; the state says who runs and who waits", async () => {
  const log: string[] = [];
  const states: string[] = [];
  const stop = subscribeRefreshLock(() => {
    const s = refreshLockState();
    states.push(`${s.running?.sheetName ?? "-"}/${s.waiting.length}`);
  });
  const slow = (name: string, ms: number) => async () => {
    log.push(`start ${name}`);
    await new Promise((r) => setTimeout(r, ms));
    log.push(`end ${name}`);
    return name;
  };
  const results = await Promise.all([
    withRefreshLock({ sheetName: "A", origin: "pane" }, slow("A", 30)),
    withRefreshLock({ sheetName: "A", origin: "ribbon" }, slow("A again", 5)),
    withRefreshLock({ sheetName: "B", origin: "refresh all" }, slow("B", 5)),
  ]);
  stop();
  expect(results).toEqual(["A", "A again", "B"]);
  expect(log).toEqual(["start A", "end A", "start A again", "end A again", "start B", "end B"]);
  expect(states).toContain("A/2");
  expect(refreshLockState()).toEqual({ running: undefined, waiting: [] });
});

test("a refresh that fails lets the next one go", async () => {
  const first = withRefreshLock({ sheetName: "A", origin: "pane" }, async () => {
    throw new Error("boom");
  });
  const second = withRefreshLock({ sheetName: "A", origin: "pane" }, async () => "ran");
  await expect(first).rejects.toThrow("boom");
  await expect(second).resolves.toBe("ran");
});
