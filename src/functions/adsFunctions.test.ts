import type { NumberShape } from "../runtime/numberShape";
import { AdsClient } from "../api/client";
import { MONTHLY_LIMIT_MESSAGE } from "../api/errors";
import { fakeFetch, json, type Route } from "../api/testing/fakeFetch";
import { createAdsFunctions, NOT_CONNECTED } from "./adsFunctions";
import { FunctionError } from "./functionError";
import { RequestCache } from "./requestCache";

function show(id: string, extra: Record<string, unknown> = {}) {
  return {
    serviceSeriesId: Number(id) || 7,
    title: `Show ${id}`,
    monthlyListeners: 1000 + (Number(id) % 1000),
    monthlyDownloads: 5000,
    hostRead: null,
    topAdvertisers: ["Acme Mattress", "Northwind Coffee"],
    similarShows: [
      {
        seriesId: 2,
        title: "Other",
        contentSimilarity: 0.9,
        audienceSimilarityThirdParty: 0.5,
        audienceSimilaritySocial: 0.4,
        audienceSimilarityOverlap: 12,
        audienceSimilarityOverlapReverse: 8,
      },
    ],
    contentRisk: { seriesId: 1, overallScore: "low", scoreByCategory: {} },
    ...extra,
  };
}

function setup(route: Route, opts: { concurrency?: number; connected?: boolean; shape?: NumberShape } = {}) {
  const f = fakeFetch(route);
  let inFlight = 0;
  let peak = 0;
  const counted: string[] = [];
  const client = new AdsClient({
    baseUrl: "https://api.example.com",
    apiKey: "k",
    maxRetries: 0,
    onRequest: (e) => counted.push(e),
    fetch: async (url, init) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setTimeout(r, 1));
      try {
        return await f.fetch(url, init);
      } finally {
        inFlight--;
      }
    },
  });
  const cache = new RequestCache({ concurrency: opts.concurrency ?? 4 });
  const fns = createAdsFunctions({
    client: () => (opts.connected === false ? null : client),
    cache,
    numberShape: () => opts.shape ?? "plain",
  });
  return { fns, calls: f.calls, counted, peak: () => peak, cache };
}

const showRoute: Route = (call) => json(200, show(new URL(call.url).pathname.split("/").pop()!));

test("2,000 calls over 100 distinct shows make exactly 100 show requests; a recalculation makes none", async () => {
  const { fns, calls, counted, peak } = setup(showRoute);
  const ids = Array.from({ length: 100 }, (_, i) => 1200000001 + i);
  const sheet = () =>
    Promise.all(
      Array.from({ length: 2000 }, (_, i) => {
        const id = ids[i % 100];
        return i % 4 === 0
          ? fns.SHOWLISTENERS(id)
          : i % 4 === 1
            ? fns.SHOW(id, "monthlyDownloads")
            : i % 4 === 2
              ? fns.TOPADVERTISERS(String(id))
              : fns.SIMILAR(id, 5);
      }),
    );
  const first = await sheet();
  expect(first[0]).toBe(1001);
  expect(calls).toHaveLength(100);
  expect(counted).toHaveLength(100);
  expect(peak()).toBeLessThanOrEqual(4);
  await sheet();
  expect(calls).toHaveLength(100);
});

test("SHOW is case-insensitive; a null field is #N/A with a message; an unknown field is #VALUE! with no request", async () => {
  const { fns, calls } = setup(showRoute);
  await expect(fns.SHOW("1200000001", "MONTHLYDOWNLOADS")).resolves.toBe(5000);
  await expect(fns.SHOW("1200000001", "contentrisk")).resolves.toBe("low");
  await expect(fns.SHOW("1200000001", "hostRead")).rejects.toEqual(
    new FunctionError("#N/A", "hostRead is not available for show 1200000001"),
  );
  const before = calls.length;
  await expect(fns.SHOW("1200000001", "nope")).rejects.toMatchObject({
    code: "#VALUE!",
    message: expect.stringMatching(
      /^Field: "nope" is not a show field: on the pane's Data tab, Show lists every field/,
    ),
  });
  expect(calls.length).toBe(before);
});

test("bad arguments are #VALUE! naming the argument, with no request", async () => {
  const { fns, calls } = setup(showRoute);
  const cases: [Promise<unknown>, RegExp][] = [
    [fns.SHOWLISTENERS(""), /^Show id: /],
    [fns.EPISODES(1, 5000), /^Count: must be between 1 and 1000/],
    [fns.EPISODES(1, 5, "title,bogus"), /^Fields: unknown episode field "bogus"/],
    [fns.NETNEWREACH(1, ""), /^Advertisers: /],
    [fns.NETNEWREACH(1, "a,b,c,d,e,f,g,h,i,j,k"), /^Advertisers: takes at most 10/],
    [fns.NETNEWREACH(1, "Acme", 4), /^Months: must be between 1 and 3/],
    [fns.SEARCH(""), /^Query: is required/],
    [fns.ADS("Acme", "yesterday"), /^Start date: /],
    [fns.INCREMENTALITY("Acme", ""), /^Aggregation level: is required/],
  ];
  for (const [p, message] of cases)
    await expect(p).rejects.toMatchObject({ code: "#VALUE!", message: expect.stringMatching(message) });
  expect(calls).toHaveLength(0);
});

test("the monthly 429 is #N/A saying the monthly limit in those words, with the month's count; kept, not asked again", async () => {
  const { fns, calls } = setup(() => json(429, { message: MONTHLY_LIMIT_MESSAGE }));
  await expect(fns.SHOWLISTENERS(1)).rejects.toEqual(
    new FunctionError(
      "#N/A",
      `Monthly request limit reached: the service refused this request (429 "${MONTHLY_LIMIT_MESSAGE}"). This add-in counted 0 requests this month on this computer (0 from this workbook). Not asked again until you refresh the functions.`,
    ),
  );
  await expect(fns.SHOWLISTENERS(1)).rejects.toMatchObject({ code: "#N/A" });
  expect(calls).toHaveLength(1);
});

test.each([
  ["Invalid token", /^The service does not know this API key\. Check the key/],
  ["API access is disabled", /^API access is turned off for this key's account\./],
  ["API limit is not configured", /^This key's account has no monthly request allowance set up yet/],
  ["Forbidden", /^The service refused the advertiser asked for: its name may be misspelled, or not /],
  ["Something else entirely", /^The service refused this key while reading show 1: it may not do this\./],
] as const)("authentication failure '%s' is said in the planner's words", async (message, said) => {
  const { fns } = setup(() => json(403, { message }));
  await expect(fns.SHOW(1, "title")).rejects.toMatchObject({
    code: "#N/A",
    message: expect.stringMatching(said),
  });
});

test("not connected is #N/A telling the user to connect", async () => {
  const { fns } = setup(showRoute, { connected: false });
  await expect(fns.SHOWLISTENERS(1)).rejects.toEqual(new FunctionError("#N/A", NOT_CONNECTED));
});

test("EPISODES pages through 100-episode pages and spills a header row", async () => {
  const { fns, calls } = setup((call) => {
    const q = new URL(call.url).searchParams;
    const index = Number(q.get("episodesPageIndex"));
    const size = Number(q.get("episodesPageSize"));
    const episodes = Array.from({ length: size }, (_, i) => ({
      title: `E${index * size + i}`,
      serviceEpisodeId: index * size + i,
      ads: [{ adId: 1, advertiser: "A" }],
    }));
    return json(
      200,
      show("1", { episodes, episodesPagination: { pageIndex: index, pageSize: size, rowCount: 1000 } }),
    );
  });
  const grid = await fns.EPISODES(1200000001, 250, "title,serviceEpisodeId,ads");
  // The header is the planner's words for the fields asked for (src/api/fieldLabels.ts).
  expect(grid[0]).toEqual(["Title", "Episode ID", "Ads"]);
  expect(grid).toHaveLength(251);
  expect(grid[250]).toEqual(["E249", 249, 1]);
  expect(calls).toHaveLength(3);
});

test("NETNEWREACH, SEARCH, ADS and INCREMENTALITY shape their answers", async () => {
  const { fns, calls } = setup((call) => {
    const url = new URL(call.url);
    if (url.pathname.startsWith("/api/public/series/episodes/"))
      return json(200, show("1", { netNewReachPercent: 37.5 }));
    if (url.pathname === "/api/public/episode/search")
      return json(200, {
        data: [
          {
            podcast: {
              id: "9",
              title: "=Ep",
              seriesTitle: "S",
              uploadedAt: "2024-01-02T00:00:00Z",
              seriesId: 3,
            },
            highlights: { transcript: [{ context: "the <em>mattress</em> deal" }] },
            score: 2.5,
          },
        ],
      });
    if (url.pathname === "/api/public/advertisers/individual-ads") {
      return json(200, {
        headers: [
          { id: "product", name: "product" },
          { id: "estimated_spend", name: "estimated_spend" },
        ],
        data: [{ product: "Bed", estimated_spend: null }],
        pagination: { limit: 1000, offset: 0, total: 1 },
      });
    }
    return json(200, [{ aggregationLevel: "channel", advertiser: "Acme", lift: 1.5 }]);
  });
  // The service's 37.5 (percent) comes back as the fraction Excel reads as 37.5 %.
  await expect(fns.NETNEWREACH(1200000001, [["Acme Mattress"], ["Northwind Coffee"]], 2)).resolves.toBe(
    0.375,
  );
  expect(new URL(calls[0].url).searchParams.get("netNewReachAdvertisers")).toBe(
    "Acme Mattress,Northwind Coffee",
  );
  const hits = await fns.SEARCH("mattress", 30, "podcast,alpha", true);
  expect(hits[1].slice(0, 7)).toEqual(["=Ep", "S", "", "2024-01-02", 2.5, "", "the mattress deal"]);
  expect(new URL(calls[1].url).searchParams.getAll("mediaType")).toEqual(["podcast", "alpha"]);
  await expect(fns.ADS("Acme", 45293)).resolves.toEqual([
    ["Product", "Estimated spend"],
    ["Bed", ""],
  ]);
  expect(calls[2].body).toMatchObject({ advertiser: "Acme", startDate: "2024-01-02", limit: 1000 });
  const inc = await fns.INCREMENTALITY("Acme", "channel");
  expect(inc[0][0]).toBe("Advertiser");
  expect(inc[1][0]).toBe("Acme");
});

test("SEARCH, ADS and INCREMENTALITY pass every documented parameter, and check each first", async () => {
  const { fns, calls } = setup((call) => {
    const url = new URL(call.url);
    if (url.pathname === "/api/public/episode/search")
      return json(200, { data: [{ podcast: { id: "1", title: "t" }, score: 1 }] });
    if (url.pathname === "/api/public/advertisers/individual-ads")
      return json(200, {
        headers: [],
        data: [{ product: "Bed" }],
        pagination: { limit: 7, offset: 3, total: 4 },
      });
    return json(200, [{ aggregationLevel: "channel", advertiser: "Acme", lift: 1.5 }]);
  });
  await fns.SEARCH("mattress", 0, undefined, undefined, true, true, [[50000], [50005]]);
  const q = new URL(calls[0].url).searchParams;
  expect([q.get("timeFrame"), q.get("exact"), q.get("excludeAds"), q.getAll("showFilterIds")]).toEqual([
    "0",
    "true",
    "true",
    ["50000", "50005"],
  ]);
  await fns.ADS("Acme", undefined, undefined, 5, 3, 7);
  expect(calls[1].body).toMatchObject({ advertiser: "Acme", offset: 3, limit: 5 });
  await fns.INCREMENTALITY("Acme", "publisher", undefined, undefined, undefined, "podcast", true, 80);
  // channelType applies only with aggregationLevel channel: not sent here, and not refused.
  expect(calls[2].body).toEqual({
    advertiser: "Acme",
    aggregationLevel: "publisher",
    includeErrors: true,
    incCiCertainty: 80,
  });
  const before = calls.length;
  const bad: [Promise<unknown>, RegExp][] = [
    [fns.SEARCH("x", undefined, undefined, undefined, "maybe"), /^Exact: must be TRUE or FALSE/],
    [
      fns.SEARCH("x", undefined, undefined, undefined, undefined, undefined, "12,abc"),
      /^Show ids to search: "abc"/,
    ],
    [fns.ADS("Acme", undefined, undefined, undefined, -1), /^Offset: must be between 0 and 1000000/],
    [fns.ADS("Acme", undefined, undefined, undefined, undefined, 5000), /^Limit: must be between 1 and 1000/],
    [
      fns.INCREMENTALITY("Acme", "channel", undefined, undefined, undefined, undefined, "no"),
      /^Include errors:/,
    ],
    [
      fns.INCREMENTALITY("Acme", "channel", undefined, undefined, undefined, undefined, undefined, 100),
      /^Certainty:/,
    ],
  ];
  for (const [p, message] of bad)
    await expect(p).rejects.toMatchObject({ code: "#VALUE!", message: expect.stringMatching(message) });
  expect(calls).toHaveLength(before);
});

test("dates and percentages: Double values with a format (ExcelApi 1.19), FormattedNumber (1.16), ISO text and plain fractions without data types", async () => {
  const withEpisodes = (call: { url: string }) =>
    json(200, {
      ...show("5", { adLoad: 12.5, gammaVideoOptInDate: "2026-03-04T00:00:00Z" }),
      episodes: [{ title: "E", serviceEpisodeId: 1, uploadedAt: "2026-11-20T00:00:00.000Z", adLoad: 10 }],
      episodesPagination: { pageIndex: 0, pageSize: 100, rowCount: 1 },
      ...(new URL(call.url).searchParams.get("netNewReachAdvertisers") ? { netNewReachPercent: 37.5 } : {}),
    });
  const rich = setup(withEpisodes, { shape: "Double" }).fns;
  expect(await rich.SHOW(5, "adLoad")).toEqual({ type: "Double", basicValue: 0.125, numberFormat: "0.00%" });
  expect(await rich.SHOW(5, "gammaVideoOptInDate")).toEqual({
    type: "Double",
    basicValue: 46085,
    numberFormat: "m/d/yy",
  });
  const grid = await rich.EPISODES(5, 1, "uploadedAt,adLoad");
  expect(grid[1]).toEqual([
    { type: "Double", basicValue: 46346, numberFormat: "m/d/yy" },
    { type: "Double", basicValue: 0.1, numberFormat: "0.00%" },
  ]);
  expect(await rich.NETNEWREACH(5, "Acme Mattress")).toEqual({
    type: "Double",
    basicValue: 0.375,
    numberFormat: "0.00%",
  });
  const older = setup(withEpisodes, { shape: "FormattedNumber" }).fns;
  expect(await older.SHOW(5, "adLoad")).toEqual({
    type: "FormattedNumber",
    basicValue: 0.125,
    numberFormat: "0.00%",
  });
  expect((await older.EPISODES(5, 1, "uploadedAt,adLoad"))[1]).toEqual([
    { type: "FormattedNumber", basicValue: 46346, numberFormat: "m/d/yy" },
    { type: "FormattedNumber", basicValue: 0.1, numberFormat: "0.00%" },
  ]);
  const plain = setup(withEpisodes).fns;
  expect(await plain.SHOW(5, "adLoad")).toBe(0.125);
  expect(await plain.SHOW(5, "gammaVideoOptInDate")).toBe("2026-03-04");
  expect((await plain.EPISODES(5, 1, "uploadedAt,adLoad"))[1]).toEqual(["2026-11-20", 0.1]);
});
