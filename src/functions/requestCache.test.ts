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
