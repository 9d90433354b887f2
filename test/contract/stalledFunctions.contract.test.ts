/**
 * Four =ADS.* cells whose answers stall take every request slot; each ends within the no-progress
 * limit as #N/A with the reason, its slot is freed, and a fifth cell queued behind them computes.
 */
import { createAdsFunctions } from "../../src/functions/adsFunctions";
import { FunctionError } from "../../src/functions/functionError";
import { RequestCache } from "../../src/functions/requestCache";
import { startSandbox } from "../support/sandbox";

const STALLED = ["1200000001", "1200000002", "1200000003", "1200000004"];

test("four stalled function calls end as #N/A with the reason, and a fresh call queued behind them computes", async () => {
  const s = await startSandbox({
    faults: { stallRate: 1, faultPaths: `/series/episodes/(${STALLED.join("|")})$` },
  });
  try {
    // Warm the sandbox (it builds its world on the first request) so the limits measure the stall alone.
    await s.client().search.episodes({ search: "warm" });
    const client = s.client("demo-pro", { stallMs: 1_000, deadlineMs: 8_000, maxRetries: 2 });
    const cache = new RequestCache({ concurrency: 4 });
    const fns = createAdsFunctions({ client: () => client, cache });
    const began = Date.now();
    const stalled = STALLED.map((id) =>
      fns.SHOWLISTENERS(id).then(
        () => "computed",
        (e: unknown) => e,
      ),
    );
    // The fifth cell waits for a slot: all four are taken by the stalled requests.
    // Settled either way, so a failing assertion below never leaves it rejected and unhandled.
    const fresh = fns.SHOWLISTENERS("1200000005").then(
      (v) => ({ value: v as unknown, at: Date.now() - began }),
      (e: unknown) => ({ value: e, at: Date.now() - began }),
    );
    await new Promise((r) => setTimeout(r, 100));
    expect(cache.maxRunning).toBe(4);
    const ended = await Promise.all(stalled);
    const endedAt = Date.now() - began;
    for (const e of ended) {
      expect(e).toBeInstanceOf(FunctionError);
      expect(e).toMatchObject({ code: "#N/A" });
      // The sandbox sends headers then half the body, but on a loaded machine the headers themselves can
      // take longer than the limit: either phase is this stall (exchange.test.ts pins each message).
      expect((e as Error).message).toMatch(
        /^The service stopped answering while reading show \d+: nothing came for 1 s \(your no-progress limit, on the Connect tab\)\. .*recalculate to ask again\.$/,
      );
    }
    const { value, at } = await fresh;
    expect(typeof value).toBe("number");
    // Each stalled call was sent once (a counted request is never re-sent by itself): the warm-up, four, the fresh one.
    expect(s.sandbox.requests("demo-pro")).toBe(1 + 4 + 1);
    expect(at).toBeGreaterThanOrEqual(950);
    expect(endedAt).toBeLessThan(6_000);
  } finally {
    await s.close();
  }
});
