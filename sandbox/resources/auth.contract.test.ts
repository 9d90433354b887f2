/** Authentication and the monthly allowance, against the sandbox over loopback. */
import { MONTHLY_LIMIT_MESSAGE, RateLimitError } from "../../src/api/errors";
import { startSandbox } from "../../test/support/sandbox";

let s: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  s = await startSandbox();
});
afterAll(() => s.close());

describe("authentication matrix", () => {
  const endpoints: [string, (c: ReturnType<typeof s.client>) => Promise<unknown>][] = [
    ["show info", (c) => c.shows.get("1200000001")],
    ["search", (c) => c.search.episodes({ search: "mattress" })],
    ["individual ads", (c) => c.ads.individual({ advertiser: "Acme Mattress" })],
    ["report task", (c) => c.reports.campaignsPerformance({})],
    ["agent run start", (c) => c.agents.startRun(1)],
  ];
  test.each([
    ["nope", "Invalid token", "invalid_token"],
    ["demo-disabled", "API access is disabled", "api_access_disabled"],
    ["demo-nolimit", "API limit is not configured", "api_limit_not_configured"],
  ])("key %s → 403 %s on every endpoint", async (key, message, reason) => {
    for (const [, call] of endpoints)
      await expect(call(s.client(key))).rejects.toMatchObject({ status: 403, message, reason });
  });
  test("demo-exhausted → 429 monthly message, not retried", async () => {
    for (const [, call] of endpoints) {
      const err = await call(s.client("demo-exhausted")).catch((e: unknown) => e);
      expect(err).toBeInstanceOf(RateLimitError);
      expect(err).toMatchObject({ kind: "monthly", message: MONTHLY_LIMIT_MESSAGE });
    }
  });
  test("demo-basic may use the API but not individual ads (Pro only)", async () => {
    await expect(s.client("demo-basic").shows.get("1200000001")).resolves.toMatchObject({
      title: "The Demo Show",
    });
    await expect(
      s.client("demo-basic").ads.individual({ advertiser: "Acme Mattress" }),
    ).rejects.toMatchObject({ reason: "forbidden", message: "Forbidden" });
  });
  test("no Authorization header at all → Invalid token", async () => {
    const res = await fetch(`${s.url}/api/public/series/episodes/1200000001`);
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: "Invalid token" });
  });
  test("CORS preflight allows the Authorization header from a loopback origin", async () => {
    const res = await fetch(`${s.url}/api/public/series/episodes/1200000001`, {
      method: "OPTIONS",
      headers: {
        Origin: "http://127.0.0.1:3000",
        "Access-Control-Request-Method": "GET",
        "Access-Control-Request-Headers": "authorization",
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe("http://127.0.0.1:3000");
    expect(res.headers.get("access-control-allow-headers")?.toLowerCase()).toContain("authorization");
  });
});

test("the monthly allowance is counted per key and ends in 429", async () => {
  const t = await startSandbox({ monthlyLimit: 3 });
  try {
    const c = t.client();
    for (let i = 0; i < 3; i++) await c.shows.get("1200000001");
    await expect(c.shows.get("1200000001")).rejects.toMatchObject({ kind: "monthly" });
    expect(t.sandbox.requests("demo-pro")).toBe(3);
  } finally {
    await t.close();
  }
});
