/** The ADS.* functions against the real sandbox over loopback: request counts, caching, concurrency, error paths. */
import { AdsClient } from "../../src/api/client";
import { MONTHLY_LIMIT_MESSAGE } from "../../src/api/errors";
import { createAdsFunctions } from "../../src/functions/adsFunctions";
import { RequestCache } from "../../src/functions/requestCache";
import { SHOW_IDS } from "../../sandbox/index";
import { startSandbox } from "../support/sandbox";

let s: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  s = await startSandbox();
});
afterAll(() => s.close());

function functions(key = "demo-pro", concurrency = 4) {
  let inFlight = 0;
  let peak = 0;
  const counted: string[] = [];
  const client = new AdsClient({
    baseUrl: s.url,
    apiKey: key,
    maxRetries: 0,
    onRequest: (e) => counted.push(e),
    fetch: async (url, init) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      try {
        return await fetch(url, init);
      } finally {
        inFlight--;
      }
    },
  });
  const cache = new RequestCache({ concurrency });
  return { fns: createAdsFunctions({ client: () => client, cache }), counted, peak: () => peak };
}

test("2,000 calls over 100 distinct shows make exactly 100 show requests; a second recalculation makes none; concurrency stays within 4", async () => {
  const { fns, counted, peak } = functions();
  const ids = SHOW_IDS.filter((_, i) => i !== 1).slice(0, 100);
  const before = s.sandbox.requests("demo-pro");
  const sheet = () =>
    Promise.all(
      Array.from({ length: 2000 }, (_, i) => {
        const id = ids[i % 100];
        return (i % 2 ? fns.SHOW(id, "monthlyDownloads") : fns.SHOWLISTENERS(Number(id))).catch(
          (e: unknown) => e,
        );
      }),
    );
  const first = await sheet();
  expect(first.filter((v) => typeof v === "number")).toHaveLength(2000);
  expect(s.sandbox.requests("demo-pro") - before).toBe(100);
  expect(counted).toHaveLength(100);
  expect(peak()).toBeLessThanOrEqual(4);
  await sheet();
  expect(s.sandbox.requests("demo-pro") - before).toBe(100);
});

test("EPISODES pages as needed and SEARCH/ADS/INCREMENTALITY/NETNEWREACH spill from the sandbox", async () => {
  const { fns } = functions();
  const eps = await fns.EPISODES("1200000001", 230, "title,serviceEpisodeId");
  expect(eps).toHaveLength(231);
  expect(eps[0]).toEqual(["Title", "Episode ID"]);
  expect((await fns.SEARCH("mattress", 365))[0][0]).toBe("Episode");
  expect((await fns.ADS("Acme Mattress", "2024-01-01", undefined, 50)).length).toBeLessThanOrEqual(51);
  expect((await fns.INCREMENTALITY("Acme Mattress", "channel"))[0]).toContain("Lift");
  const nnr = await fns.NETNEWREACH("1200000001", "Acme Mattress, Northwind Coffee", 2);
  expect(nnr).toBeGreaterThanOrEqual(0);
  expect(await fns.TOPADVERTISERS("UCdemo0000000000000001")).not.toHaveLength(0);
});

test("error paths: monthly limit, authentication messages, inaccessible advertiser, bad arguments with no request", async () => {
  await expect(functions("demo-exhausted").fns.SHOWLISTENERS(1200000001)).rejects.toMatchObject({
    code: "#N/A",
    message: expect.stringContaining(
      `Monthly request limit reached: the service refused this request (429 "${MONTHLY_LIMIT_MESSAGE}")`,
    ),
  });
  // Refusals in the planner's words, with what to do next (never the service's bare "Forbidden").
  await expect(functions("demo-disabled").fns.SHOWLISTENERS(1200000001)).rejects.toMatchObject({
    code: "#N/A",
    message: expect.stringMatching(/^API access is turned off for this key's account\. Ask /),
  });
  await expect(functions("nope").fns.SHOWLISTENERS(1200000001)).rejects.toMatchObject({
    code: "#N/A",
    message: expect.stringMatching(/^The service does not know this API key\. /),
  });
  await expect(functions("demo-basic").fns.ADS("Acme Mattress")).rejects.toMatchObject({
    code: "#N/A",
    message: expect.stringMatching(
      /^The service refused the advertiser Acme Mattress: the name may be misspelled.*Individual ads also need a Pro account with API access\./,
    ),
  });
  await expect(functions().fns.NETNEWREACH(1200000001, "Globex Bank")).rejects.toMatchObject({
    code: "#N/A",
    message: expect.stringMatching(
      /^The service refused the advertiser Globex Bank: the name may be misspelled, or not an advertiser this key's account may see/,
    ),
  });
  // monthlyListeners counts podcast listeners only (a number in the spec): an Alpha show has none.
  await expect(functions().fns.SHOWLISTENERS("UCdemo0000000000000001")).resolves.toBe(0);
  const before = s.sandbox.requests("demo-pro");
  const { fns } = functions();
  await expect(fns.EPISODES(1200000001, 0)).rejects.toMatchObject({
    code: "#VALUE!",
    message: expect.stringMatching(/^Count:/),
  });
  await expect(fns.SHOW(1200000001, "")).rejects.toMatchObject({
    code: "#VALUE!",
    message: expect.stringMatching(/^Field:/),
  });
  expect(s.sandbox.requests("demo-pro")).toBe(before);
});

test("EPISODES asks only for the pages that hold episodes (240 exist: 1,000 asked = 3 requests, not 10)", async () => {
  const { fns, counted } = functions();
  const eps = await fns.EPISODES("1200000001", 1000, "title");
  expect(eps).toHaveLength(241);
  expect(counted).toHaveLength(3);
});

test("a new connection never sees the previous one's cached answers", async () => {
  const { setConnection } = await import("../../src/runtime/session");
  const { adsFunctions } = await import("../../src/functions/runtime");
  try {
    setConnection({ apiKey: "demo-pro", baseUrl: s.url });
    expect(typeof (await adsFunctions.SHOWLISTENERS(1200000001))).toBe("number");
    setConnection({ apiKey: "not-a-key", baseUrl: s.url });
    await expect(adsFunctions.SHOWLISTENERS(1200000001)).rejects.toMatchObject({
      code: "#N/A",
      message: expect.stringMatching(/^The service does not know this API key/),
    });
    setConnection(null);
    await expect(adsFunctions.SHOWLISTENERS(1200000001)).rejects.toMatchObject({
      message: expect.stringMatching(/^Not connected/),
    });
    // Counting a request notifies the session too: that must not clear the cache.
    setConnection({ apiKey: "demo-pro", baseUrl: s.url });
    const before = s.sandbox.requests("demo-pro");
    await adsFunctions.SHOWLISTENERS(SHOW_IDS[7]);
    await adsFunctions.SHOWLISTENERS(SHOW_IDS[8]); // a new request: counted, the session notifies
    await adsFunctions.SHOWLISTENERS(SHOW_IDS[7]); // still cached
    expect(s.sandbox.requests("demo-pro") - before).toBe(2);
  } finally {
    setConnection(null);
  }
});

test("a cell Excel cancelled before its turn sends nothing; its neighbours still get their answers", async () => {
  const { fns, counted } = functions("demo-pro", 1);
  const cancelled = new AbortController();
  const kept = fns.SHOWLISTENERS(SHOW_IDS[40]);
  const dropped = fns.SHOWLISTENERS(SHOW_IDS[41], cancelled.signal);
  cancelled.abort();
  await expect(dropped).rejects.toMatchObject({ message: "Cancelled" });
  expect(typeof (await kept)).toBe("number");
  expect(counted).toHaveLength(1);
});

test("the new optional arguments reach the sandbox and narrow its answers", async () => {
  const { fns } = functions();
  const withAds = await fns.SEARCH("brought to you by", 60);
  expect(withAds.length).toBeGreaterThan(1);
  await expect(
    fns.SEARCH("brought to you by", 60, undefined, undefined, undefined, true),
  ).rejects.toMatchObject({
    code: "#N/A",
    message: expect.stringMatching(/No episodes match/),
  });
  const shows = await fns.SEARCH("episode", 60, undefined, undefined, undefined, undefined, "50000");
  const showCol = shows[0].indexOf("Show ID");
  expect(new Set(shows.slice(1).map((r) => r[showCol]))).toEqual(new Set([50000]));
  const period = ["2026-10-01", "2026-10-07"] as const;
  const plain = await fns.INCREMENTALITY("Acme Mattress", "show_campaign", ...period);
  const errors = await fns.INCREMENTALITY(
    "Acme Mattress",
    "show_campaign",
    ...period,
    undefined,
    undefined,
    true,
  );
  expect(errors.length).toBeGreaterThan(plain.length);
  const page = await fns.ADS("Acme Mattress", undefined, undefined, 5, 10);
  const first = await fns.ADS("Acme Mattress", undefined, undefined, 15);
  expect(page.slice(1)).toEqual(first.slice(11));
});

test("PROSPECTS spills the ranking with its score: a request a seed and one a candidate, held for the next recalculation", async () => {
  const { fns, counted } = functions();
  const grid = await fns.PROSPECTS(
    [["Acme Mattress"]],
    "1200000003",
    6,
    undefined,
    undefined,
    undefined,
    "Globex Bank",
  );
  expect(counted).toHaveLength(7);
  expect(grid[0]).toContain("Net new listeners");
  expect(grid[0][grid[0].length - 1]).toBe("Score");
  expect(grid).toHaveLength(8);
  const scores = grid.slice(1).map((r) => r[r.length - 1] as number);
  expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  await fns.PROSPECTS([["Acme Mattress"]], "1200000003", 6, undefined, undefined, undefined, "Globex Bank");
  expect(counted).toHaveLength(7);
  // Checked before any request: 11 advertisers, and a refused one said in words.
  await expect(
    fns.PROSPECTS([Array.from({ length: 11 }, (_, i) => `a${i}`)], "1200000003"),
  ).rejects.toMatchObject({ message: expect.stringMatching(/at most 10 names/) });
  expect(counted).toHaveLength(7);
  await expect(fns.PROSPECTS("Globex Bank", "1200000003", 3)).rejects.toMatchObject({
    message: expect.stringMatching(/Globex Bank|advertiser/i),
  });
});
