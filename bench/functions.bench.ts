/**
 * A 2,000-cell sheet of ADS.* formulas over 100 distinct shows, against the in-process sandbox:
 * requests and wall time with the shared request cache, against a naive one-request-per-cell
 * baseline run in the same process.
 */
import { performance } from "perf_hooks";
import { AdsClient } from "../src/api/client";
import { createAdsFunctions } from "../src/functions/adsFunctions";
import { RequestCache } from "../src/functions/requestCache";
import { SHOW_IDS, createSandbox } from "../sandbox/index";

export async function run(): Promise<Record<string, number | string>> {
  const sandbox = createSandbox({ taskDelayMs: 0 });
  const server = await sandbox.listen(0);
  try {
    const ids = SHOW_IDS.filter((_, i) => i !== 1).slice(0, 100);
    const cells = Array.from({ length: 2000 }, (_, i) => ids[i % 100]);
    let requests = 0;
    const client = new AdsClient({
      baseUrl: server.url,
      apiKey: "demo-pro",
      maxRetries: 0,
      onRequest: () => requests++,
    });

    const fns = createAdsFunctions({ client: () => client, cache: new RequestCache({ concurrency: 4 }) });
    let t = performance.now();
    await Promise.all(
      cells.map((id, i) => (i % 2 ? fns.SHOW(id, "monthlyDownloads") : fns.SHOWLISTENERS(id))),
    );
    const cachedMs = performance.now() - t;
    const cachedRequests = requests;
    t = performance.now();
    await Promise.all(cells.map((id) => fns.SHOWLISTENERS(id)));
    const recalcMs = performance.now() - t;
    const recalcRequests = requests - cachedRequests;

    // Baseline: what a naive function does, one request per cell (still at most 4 at a time).
    requests = 0;
    t = performance.now();
    for (let i = 0; i < cells.length; i += 4)
      await Promise.all(cells.slice(i, i + 4).map((id) => client.shows.get(id)));
    const naiveMs = performance.now() - t;
    const naiveRequests = requests;

    return {
      cells: cells.length,
      distinctShows: ids.length,
      requestsCached: cachedRequests,
      requestsNaive: naiveRequests,
      requestRatio: Number((naiveRequests / cachedRequests).toFixed(1)),
      wallMsCached: Math.round(cachedMs),
      wallMsNaive: Math.round(naiveMs),
      speedup: Number((naiveMs / cachedMs).toFixed(1)),
      recalcRequests,
      wallMsRecalc: Math.round(recalcMs),
    };
  } finally {
    await server.close();
  }
}
