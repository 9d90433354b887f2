import { RequestCache } from "./requestCache";

const tick = () => new Promise((r) => setTimeout(r, 1));

test("identical calls in flight share one request", async () => {
  const cache = new RequestCache();
  let calls = 0;
  const fetcher = async () => {
    calls++;
    await tick();
    return 42;
  };
  const results = await Promise.all(Array.from({ length: 50 }, () => cache.get("k", fetcher)));
  expect(results.every((r) => r === 42)).toBe(true);
  expect(calls).toBe(1);
});

test("an answer is held for the same call however much later it is asked, until refresh makes it stale", async () => {
  let now = 0;
  const cache = new RequestCache({ now: () => now });
  let calls = 0;
  const fetcher = async () => ++calls;
  expect(await cache.get("k", fetcher)).toBe(1);
  now = 30 * 24 * 3_600_000; // a month later: still held
  expect(await cache.get("k", fetcher)).toBe(1);
  cache.refresh();
  expect(await cache.get("k", fetcher)).toBe(2);
  expect(await cache.get("k", fetcher)).toBe(2);
});

test("the planner's freshness: an answer older than it is fetched again", async () => {
  let now = 0;
  let maxAge: number | undefined = 3_600_000;
  const cache = new RequestCache({ now: () => now, maxAgeMs: () => maxAge });
  let calls = 0;
  const fetcher = async () => ++calls;
  expect(await cache.get("k", fetcher)).toBe(1);
  now = 3_600_000;
  expect(await cache.get("k", fetcher)).toBe(1);
  now = 3_600_001;
  expect(await cache.get("k", fetcher)).toBe(2);
  maxAge = undefined; // off: kept until refreshed
  now = 100 * 3_600_000;
  expect(await cache.get("k", fetcher)).toBe(2);
});

test("failures are kept for a minute; a refusal asking cannot change is kept until the next refresh", async () => {
  let now = 0;
  const cache = new RequestCache({
    errorTtlMs: 100,
    now: () => now,
    keep: (e) => (e as Error).message === "refused",
  });
  let calls = 0;
  const failing = (message: string) => async () => {
    calls++;
    throw new Error(message);
  };
  await expect(cache.get("k", failing("5xx"))).rejects.toThrow("5xx");
  await expect(cache.get("k", failing("5xx"))).rejects.toThrow("5xx");
  expect(calls).toBe(1);
  now = 101;
  await expect(cache.get("k", failing("5xx"))).rejects.toThrow("5xx");
  expect(calls).toBe(2);
  await expect(cache.get("r", failing("refused"))).rejects.toThrow("refused");
  now = 1e9;
  await expect(cache.get("r", failing("refused"))).rejects.toThrow("refused");
  expect(calls).toBe(3);
  cache.refresh();
  await expect(cache.get("r", failing("refused"))).rejects.toThrow("refused");
  expect(calls).toBe(4);
});

test("answers held in a store are found again by a new cache (the pane reopened); refreshed ones replace them", async () => {
  const { localAnswerStore } = await import("./answerStore");
  const { MemoryStorage } = await import("../runtime/testing/memoryStorage");
  const storage = new MemoryStorage();
  let now = 1000;
  const first = new RequestCache({ now: () => now });
  first.setStore(localAnswerStore(storage, "v1:book", "acct"));
  expect(await first.get("show|1", async () => ({ listeners: 5 }))).toEqual({ listeners: 5 });
  now = 2000;
  const reopened = new RequestCache({ now: () => now });
  reopened.setStore(localAnswerStore(storage, "v1:book", "acct"));
  let calls = 0;
  expect(await reopened.get("show|1", async () => ({ listeners: ++calls }))).toEqual({ listeners: 5 });
  expect(reopened.heldSummary()).toEqual({ count: 1, oldest: 1000, newest: 1000 });
  // Another workbook, or another account, holds nothing of it.
  const other = new RequestCache();
  other.setStore(localAnswerStore(storage, "v1:other", "acct"));
  expect(await other.get("show|1", async () => ({ listeners: 9 }))).toEqual({ listeners: 9 });
  reopened.refresh();
  expect(await reopened.get("show|1", async () => ({ listeners: 6 }))).toEqual({ listeners: 6 });
  expect(reopened.heldSummary()).toEqual({ count: 1, oldest: 2000, newest: 2000 });
});

test("concurrency never exceeds the bound", async () => {
  const cache = new RequestCache({ concurrency: 3 });
  let running = 0;
  let peak = 0;
  const fetcher = async () => {
    running++;
    peak = Math.max(peak, running);
    await tick();
    running--;
    return 1;
  };
  await Promise.all(Array.from({ length: 40 }, (_, i) => cache.get(`k${i}`, fetcher)));
  expect(peak).toBe(3);
  expect(cache.maxRunning).toBe(3);
});

test("clear forgets every answer", async () => {
  const cache = new RequestCache();
  let calls = 0;
  await cache.get("k", async () => ++calls);
  cache.clear();
  expect(await cache.get("k", async () => ++calls)).toBe(2);
});

test("memory stays bounded: the oldest settled calls go (a store still holds their answers)", async () => {
  const cache = new RequestCache({ maxEntries: 3 });
  for (const k of ["a", "b", "c", "d"]) await cache.get(k, async () => k);
  expect(cache.size).toBe(3);
  let refetched = 0;
  await cache.get("a", async () => ++refetched);
  await cache.get("d", async () => ++refetched);
  expect(refetched).toBe(1); // "a" was fetched again, "d" was still there
});

/** Fetchers that wait until released by name, recording what was sent. */
function held() {
  const sent: string[] = [];
  const release = new Map<string, () => void>();
  const fetcher = (name: string) => (signal: AbortSignal) =>
    new Promise<string>((resolve, reject) => {
      sent.push(name);
      release.set(name, () => resolve(name));
      signal.addEventListener("abort", () => reject(new Error(`${name} aborted`)));
    });
  return { sent, release: (name: string) => release.get(name)!(), fetcher };
}

test("a request shared by two cells goes on when one of them is cancelled", async () => {
  const cache = new RequestCache();
  const h = held();
  const first = new AbortController();
  const second = new AbortController();
  const p1 = cache.get("a", h.fetcher("a"), first.signal);
  const p2 = cache.get("a", h.fetcher("a"), second.signal);
  first.abort();
  h.release("a");
  await expect(p2).resolves.toBe("a");
  await expect(p1).resolves.toBe("a");
  expect(h.sent).toEqual(["a"]);
});

test("a queued request whose only cell is cancelled is never sent, and not cached", async () => {
  const cache = new RequestCache({ concurrency: 1 });
  const h = held();
  const running = cache.get("d", h.fetcher("d"));
  const cell = new AbortController();
  const queued = cache.get("c", h.fetcher("c"), cell.signal);
  cell.abort();
  await expect(queued).rejects.toThrow("Cancelled");
  h.release("d");
  await running;
  expect(h.sent).toEqual(["d"]);
  await expect(cache.get("c", async () => "c again")).resolves.toBe("c again");
});

test("a request every waiting cell cancelled is aborted and forgotten", async () => {
  const cache = new RequestCache();
  let aborted = false;
  const cell = new AbortController();
  const p = cache.get(
    "x",
    (signal) =>
      new Promise<number>((_, reject) =>
        signal.addEventListener("abort", () => {
          aborted = true;
          reject(new Error("aborted"));
        }),
      ),
    cell.signal,
  );
  p.catch(() => undefined);
  cell.abort();
  expect(aborted).toBe(true);
  expect(cache.size).toBe(0);
  // A caller that cannot cancel keeps a request alive whatever the others do.
  const keep = new AbortController();
  const kept = cache.get("y", async () => 5);
  cache.get("y", async () => 6, keep.signal);
  keep.abort();
  await expect(kept).resolves.toBe(5);
});
