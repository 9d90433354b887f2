/** The spend gate: a recalculation's requests gathered, sent within the limit, else asked for first. */
import type { OpenQuestion, SpendRequest } from "../runtime/spendGuard";
import { RequestCache, SpendDeclinedError, SpendWaitingError } from "./requestCache";
import { SpendGate, type SpendGateOptions } from "./spendGate";
import { installTaskScheduler, type PostedTask } from "../../test/support/taskScheduler";

const wait = (ms = 30) => new Promise((r) => setTimeout(r, ms));

function setup(limit = 3, options: Partial<SpendGateOptions> = {}) {
  const asked: SpendRequest[] = [];
  let answer: (yes: boolean) => void = () => undefined;
  let recalculations = 0;
  const gate = new SpendGate({
    limit: () => limit,
    windowMs: 10,
    recalculate: () => recalculations++,
    ask: (request): OpenQuestion => {
      asked.push(request);
      return {
        id: asked.length,
        answer: new Promise<boolean>((resolve) => (answer = resolve)),
        update: (patch) => Object.assign(asked[asked.length - 1], patch),
        withdraw: () => answer(false),
      };
    },
    ...options,
  });
  const cache = new RequestCache({ gate });
  const sent: string[] = [];
  const call = (key: string, cost = 1, signal?: AbortSignal) =>
    cache.get(
      key,
      async () => {
        sent.push(key);
        return `answer ${key} #${sent.filter((k) => k === key).length}`;
      },
      signal,
      cost,
    );
  return {
    gate,
    cache,
    sent,
    call,
    asked,
    answer: (yes: boolean) => answer(yes),
    recalculations: () => recalculations,
  };
}

test("within the limit a recalculation's calls go together, with no question", async () => {
  const t = setup(3);
  const cells = ["a", "b", "a", "c", "b"].map((k) => t.call(k));
  await expect(Promise.all(cells)).resolves.toEqual([
    "answer a #1",
    "answer b #1",
    "answer a #1",
    "answer c #1",
    "answer b #1",
  ]);
  expect(t.sent).toEqual(["a", "b", "c"]);
  expect(t.asked).toEqual([]);
});

test("over the limit nothing goes until the planner answers; Continue sends exactly those, then recalculates", async () => {
  const t = setup(3);
  const cells = ["a", "b", "c", "d"].map((k) => t.call(k).catch((e: unknown) => e));
  const shown = await Promise.all(cells);
  expect(shown.every((e) => e instanceof SpendWaitingError && e.why === "asking")).toBe(true);
  expect(t.sent).toEqual([]);
  expect(t.asked).toEqual([
    {
      action: "Recalculating the ADS functions",
      requests: 4,
      exact: false,
      detail: "4 distinct function calls without a held answer",
    },
  ]);
  // A cell that calls while the question waits joins it (and is counted), still sending nothing.
  await expect(t.call("e", 2)).rejects.toBeInstanceOf(SpendWaitingError);
  expect(t.asked[0].requests).toBe(6);
  expect(t.sent).toEqual([]);
  t.answer(true);
  await wait();
  expect(t.sent).toEqual(["a", "b", "c", "d", "e"]);
  expect(t.recalculations()).toBe(1);
  // The recalculation finds every answer held: nothing more is sent.
  await expect(Promise.all(["a", "e"].map((k) => t.call(k)))).resolves.toEqual([
    "answer a #1",
    "answer e #1",
  ]);
  expect(t.sent).toHaveLength(5);
});

test("Not now sends nothing: a call without an answer says why, a held one keeps showing until the next refresh", async () => {
  const t = setup(1);
  await t.call("held");
  t.cache.refresh();
  const cells = ["held", "new"].map((k) => t.call(k).catch((e: unknown) => e));
  await wait();
  t.answer(false);
  expect(await cells[0]).toBe("answer held #1"); // the stale answer, shown while the planner decides
  await wait();
  expect(t.sent).toEqual(["held"]);
  expect(t.recalculations()).toBe(1);
  await expect(t.call("held")).resolves.toBe("answer held #1");
  await expect(t.call("new")).rejects.toBeInstanceOf(SpendDeclinedError);
  expect(t.asked).toHaveLength(1); // not asked again by the recalculation
  t.cache.refresh();
  const again = ["held", "new"].map((k) => t.call(k).catch((e: unknown) => e));
  await wait();
  expect(t.asked).toHaveLength(2);
  t.answer(true);
  await Promise.all(again);
  await wait();
  expect(t.sent).toEqual(["held", "held", "new"]);
});

test("a cell cancelled while its call is gathered is not counted and never sent", async () => {
  const t = setup(1);
  const gone = new AbortController();
  const cancelled = t.call("x", 1, gone.signal).catch((e: unknown) => e);
  const kept = t.call("y");
  gone.abort();
  expect(await cancelled).toMatchObject({ message: "Cancelled" });
  await expect(kept).resolves.toBe("answer y #1");
  expect(t.asked).toEqual([]);
  expect(t.sent).toEqual(["y"]);
});

test("an action holding the gate gathers every call without sending; release sends exactly those, decline none", async () => {
  const t = setup(1);
  await t.call("a");
  t.cache.refresh();
  const hold = t.gate.hold();
  const shown = await Promise.all(
    ["a", "b", "c"].map((k) => t.call(k, k === "c" ? 3 : 1).catch((e: unknown) => e)),
  );
  expect(shown[0]).toBe("answer a #1");
  expect(shown[1]).toBeInstanceOf(SpendWaitingError);
  await hold.quiet();
  expect([hold.calls(), hold.cost()]).toEqual([3, 5]);
  expect(t.sent).toEqual(["a"]);
  await hold.release();
  expect(t.sent).toEqual(["a", "a", "b", "c"]);
  expect(t.asked).toEqual([]); // the action asked for all of it itself

  t.cache.refresh();
  const declined = t.gate.hold();
  await Promise.all(["a", "d"].map((k) => t.call(k).catch(() => undefined)));
  await declined.quiet();
  declined.decline();
  await expect(t.call("a")).resolves.toBe("answer a #2");
  await expect(t.call("d")).rejects.toBeInstanceOf(SpendDeclinedError);
  expect(t.sent).toHaveLength(4);
});

describe("an action's first gathering counts its quiet from Excel's last call (issue #46)", () => {
  const WINDOW = 60_000;
  const longAgo = () => Date.now() - 2 * WINDOW;
  const gone = (t: ReturnType<typeof setup>) => () => wait(50).then(() => t.sent.length > 0);
  /** What `p` settles to within two seconds, else "still gathering" (the timer cleared either way). */
  async function within<T>(p: Promise<T>): Promise<T | "still gathering"> {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<"still gathering">(
      (r) => (timer = setTimeout(() => r("still gathering"), 2000)),
    );
    try {
      return await Promise.race([p, late]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Calls Excel made before the functions' code had loaded: they reach the gate together once it has. */
  function afterCodeLoads(t: ReturnType<typeof setup>, keys: string[]) {
    let loaded: () => void = () => undefined;
    const code = new Promise<void>((resolve) => (loaded = resolve));
    const cells = keys.map((k) => code.then(() => t.call(k)).catch((e: unknown) => e));
    return { loaded, cells };
  }

  test("calls Excel made a window ago go in the next task, together, within the limit", async () => {
    const t = setup(3, { windowMs: WINDOW, lastCallAt: longAgo });
    const { loaded, cells } = afterCodeLoads(t, ["a", "b", "a", "c"]);
    loaded();
    const shown = await within(Promise.all(cells));
    expect(shown).toEqual(["answer a #1", "answer b #1", "answer a #1", "answer c #1"]);
    expect(t.sent).toEqual(["a", "b", "c"]);
    expect(t.asked).toEqual([]);
  });

  test("over the limit they are asked for together, and nothing is sent", async () => {
    const t = setup(3, { windowMs: WINDOW, lastCallAt: longAgo });
    const { loaded, cells } = afterCodeLoads(t, ["a", "b", "c", "d"]);
    loaded();
    const shown = await within(Promise.all(cells));
    expect(Array.isArray(shown) && shown.every((e) => e instanceof SpendWaitingError)).toBe(true);
    expect(t.asked).toEqual([expect.objectContaining({ requests: 4 })]);
    expect(t.sent).toEqual([]);
    t.gate.reset();
  });

  test("a call Excel made within the window: the gathering ends a window after it, not a window after the gate", async () => {
    const start = Date.now();
    const t = setup(3, { windowMs: 2000, lastCallAt: () => start - 1500 });
    const cell = t.call("a");
    await wait(100);
    // Excel called 1.6 s ago: the window since then is not over.
    expect(t.sent).toEqual([]);
    // 0.5 s after the gate was reached (a window counted at the gate would hold it for 2 s).
    await expect(within(cell)).resolves.toBe("answer a #1");
    expect(Date.now() - start).toBeLessThan(1900);
  });

  test("a call Excel makes while the first gathering waits, not yet at the gate, moves its end", async () => {
    let lastCall = Date.now() - 1900;
    const t = setup(3, { windowMs: 2000, lastCallAt: () => lastCall });
    const cell = t.call("a").catch((e: unknown) => e);
    // Excel calls again; that call is still on its way (its code, the date system).
    lastCall = Date.now();
    await wait(400);
    expect(t.sent).toEqual([]);
    t.gate.reset();
    expect(await cell).toMatchObject({ message: "Cancelled" });
  });

  test("where Excel's calls are not known (the preview calls the bodies), the window counts from the gate", async () => {
    const t = setup(3, { windowMs: WINDOW, lastCallAt: () => -Infinity });
    const cell = t.call("a").catch((e: unknown) => e);
    expect(await gone(t)()).toBe(false);
    t.gate.reset();
    await cell;
  });

  describe("where the host has a task scheduler (Chromium's)", () => {
    let scheduler: ReturnType<typeof installTaskScheduler>;
    let posted: PostedTask[] = [];
    beforeEach(() => {
      scheduler = installTaskScheduler();
      posted = scheduler.posted;
    });
    afterEach(() => scheduler.uninstall());

    test("calls with no wait left are decided in one user-blocking task, ahead of the page's queued work", async () => {
      const t = setup(3, { windowMs: WINDOW, lastCallAt: longAgo });
      const { loaded, cells } = afterCodeLoads(t, ["a", "b", "c"]);
      loaded();
      expect(await within(Promise.all(cells))).toEqual(["answer a #1", "answer b #1", "answer c #1"]);
      // Each arriving call replaces the one decision: the last one posted is the one that ran.
      expect(posted.map((p) => p.priority)).toEqual(["user-blocking", "user-blocking", "user-blocking"]);
      expect(posted.map((p) => p.aborted())).toEqual([true, true, false]);
    });

    test("a gathering that still waits uses a timer, and a reset cancels a posted decision", async () => {
      const t = setup(3, { windowMs: WINDOW, lastCallAt: () => -Infinity });
      const waiting = t.call("a").catch((e: unknown) => e);
      await wait(50);
      expect(posted).toEqual([]);
      t.gate.reset();
      await waiting;
      const u = setup(3, { windowMs: WINDOW, lastCallAt: longAgo });
      const cancelled = u.call("b").catch((e: unknown) => e);
      u.gate.reset();
      expect(await cancelled).toMatchObject({ message: "Cancelled" });
      await wait(20);
      expect(posted.map((p) => p.aborted())).toEqual([true]);
      expect(u.sent).toEqual([]);
    });
  });

  test("the action's later gatherings (requests sent after the first answers) wait the whole window", async () => {
    const t = setup(3, { windowMs: WINDOW, lastCallAt: longAgo });
    await expect(t.call("first")).resolves.toBe("answer first #1");
    const second = t.call("second").catch((e: unknown) => e);
    await wait(50);
    expect(t.sent).toEqual(["first"]);
    t.gate.reset();
    await second;
  });
});
