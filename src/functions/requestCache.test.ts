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

test("answers are reused within the lifetime and fetched again after it", async () => {
  let now = 0;
  const cache = new RequestCache({ ttlMs: 1000, now: () => now });
  let calls = 0;
  const fetcher = async () => ++calls;
  expect(await cache.get("k", fetcher)).toBe(1);
  now = 999;
  expect(await cache.get("k", fetcher)).toBe(1);
  now = 2001;
  expect(await cache.get("k", fetcher)).toBe(2);
});

test("failures are kept for the shorter error lifetime", async () => {
  let now = 0;
  const cache = new RequestCache({ ttlMs: 10_000, errorTtlMs: 100, now: () => now });
  let calls = 0;
  const failing = async () => {
    calls++;
    throw new Error("limit");
  };
  await expect(cache.get("k", failing)).rejects.toThrow("limit");
  await expect(cache.get("k", failing)).rejects.toThrow("limit");
  expect(calls).toBe(1);
  now = 101;
  await expect(cache.get("k", failing)).rejects.toThrow("limit");
  expect(calls).toBe(2);
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

test("the cache stays bounded: expired answers go first, then the oldest settled ones", async () => {
  let now = 0;
  const cache = new RequestCache({ maxEntries: 3, ttlMs: 100, now: () => now });
  await cache.get("a", async () => 1);
  now = 200; // "a" has expired
  await cache.get("b", async () => 2);
  await cache.get("c", async () => 3);
  await cache.get("d", async () => 4); // full: the expired "a" goes
  expect(cache.size).toBe(3);
  await cache.get("e", async () => 5); // full, nothing expired: the oldest, "b", goes
  expect(cache.size).toBe(3);
  let refetched = 0;
  await cache.get("b", async () => ++refetched);
  await cache.get("e", async () => ++refetched);
  expect(refetched).toBe(1); // "b" was fetched again, "e" was still there
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
