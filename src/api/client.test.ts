import { AdsClient } from "./client";
import { json, text, fakeFetch, instantSleep, type RecordedCall, type Route } from "./testing/fakeFetch";

const BASE = "https://api.example.com";
const TASK = { id: "0b7e4a7e-6f53-4c1f-9d59-0c4f0e6a8a11", status: "pending", url: null };

function client(route: Route, extra: Partial<ConstructorParameters<typeof AdsClient>[0]> = {}) {
  const f = fakeFetch(route);
  const counted: string[] = [];
  const { sleep } = instantSleep();
  const c = new AdsClient({
    baseUrl: BASE,
    apiKey: "k-123",
    fetch: f.fetch,
    sleep,
    onRequest: (e) => counted.push(e),
    ...extra,
  });
  return { c, calls: f.calls, counted };
}

const path = (call: RecordedCall) => new URL(call.url).pathname;
const query = (call: RecordedCall) => new URL(call.url).searchParams;

describe("report task endpoints", () => {
  const cases: [string, (c: AdsClient) => Promise<unknown>, string, unknown][] = [
    [
      "impressions",
      (c) => c.reports.impressions({ advertiser: ["Acme"], timeGrouping: "week", fields: ["Day", "Spend"] }),
      "/api/public/impressions",
      { advertiser: ["Acme"], timeGrouping: "week", fields: ["Day", "Spend"] },
    ],
    [
      "audience",
      (c) => c.reports.audience({ show: ["1200000001"], impressionGeo: ["us"] }),
      "/api/public/reports/audience",
      { show: ["1200000001"], impressionGeo: ["us"] },
    ],
    [
      "lag",
      (c) => c.reports.lag({ advertiser: ["Acme"], groupKey: "publisher", actions: [] }),
      "/api/public/reports/lag",
      { advertiser: ["Acme"], groupKey: "publisher", actions: [] },
    ],
    [
      "campaigns-performance",
      (c) => c.reports.campaignsPerformance({ startDate: "2024-01-01" }),
      "/api/public/campaigns-performance",
      { startDate: "2024-01-01" },
    ],
    [
      "spend by day",
      (c) => c.reports.estimatedSpendByDay({ advertisers: ["Acme"], name: "x" }),
      "/api/public/advertisers/estimated-spend-by-day",
      { advertisers: ["Acme"], name: "x" },
    ],
    [
      "spend by show",
      (c) => c.reports.estimatedSpendByShowByDay({ advertisers: ["Acme"] }),
      "/api/public/advertisers/estimated-spend-by-show-by-day",
      { advertisers: ["Acme"] },
    ],
  ];
  test.each(cases)(
    "%s posts exactly the parameters set, with the key, and returns the task",
    async (_n, call, p, body) => {
      const { c, calls, counted } = client(() => json(200, TASK));
      await expect(call(c)).resolves.toMatchObject({ id: TASK.id, status: "pending" });
      expect(calls).toHaveLength(1);
      expect(calls[0].method).toBe("POST");
      expect(path(calls[0])).toBe(p);
      expect(calls[0].body).toEqual(body);
      expect(calls[0].headers.authorization).toBe("Bearer k-123");
      expect(counted).toHaveLength(1);
    },
  );

  test("impression listeners is a GET with the episode in the path and the two query parameters", async () => {
    const { c, calls } = client(() => json(200, TASK));
    await c.reports.impressionListeners({ episodeId: "987654", week_lb: 4, advertiser: "acme" });
    expect(calls[0].method).toBe("GET");
    expect(path(calls[0])).toBe("/api/public/episode/impression-listeners/987654");
    expect(Object.fromEntries(query(calls[0]))).toEqual({ week_lb: "4", advertiser: "acme" });
  });

  test("the status poll goes without the key and is not counted; run types the CSV", async () => {
    let polls = 0;
    const { c, calls, counted } = client((call) => {
      if (path(call).startsWith("/api/public/file-processor/status/")) {
        polls++;
        return json(200, polls < 3 ? TASK : { ...TASK, status: "done", url: `${BASE}/files/r.csv` });
      }
      if (path(call) === "/files/r.csv") return text(200, "Day,Advertiser,Spend\n2024-01-02,Acme,12.5\n");
      return json(200, TASK);
    });
    const progress: string[] = [];
    const run = await c.reports.run(
      "impressions",
      { advertiser: ["Acme"], fields: ["Day", "Advertiser", "Spend"] },
      { onProgress: (p) => progress.push(`${p.polls}:${p.status}`) },
    );
    expect(progress).toEqual(["1:pending", "2:pending", "3:done"]);
    const statusCalls = calls.filter((x) => path(x).includes("file-processor"));
    expect(statusCalls).toHaveLength(3);
    for (const s of statusCalls) expect(s.headers.authorization).toBeUndefined();
    expect(counted).toEqual(["POST /api/public/impressions"]);
    expect(run.table.columns.map((col) => [col.name, col.kind])).toEqual([
      ["Day", "date"],
      ["Advertiser", "text"],
      ["Spend", "currency"],
    ]);
    expect(run.table.rows).toEqual([[45293, "Acme", 12.5]]);
    // the CSV on the service origin gets the key
    expect(calls.find((x) => path(x) === "/files/r.csv")!.headers.authorization).toBe("Bearer k-123");
  });

  test("a download is accepted only when provably whole: header, Content-Length, last line end", async () => {
    const whole = "User Id,Frequency\r\nu1,3\r\nu2,4";
    const answer = (body: string, headers: Record<string, string>) => (call: RecordedCall) =>
      path(call) === "/files/r.csv"
        ? new Response(body, { status: 200, headers: { "content-type": "text/csv", ...headers } })
        : json(200, { ...TASK, status: "done", url: `${BASE}/files/r.csv` });
    const run = (route: Route) => client(route).c.reports.run("impressionListeners", { episodeId: "1" });
    const length = String(Buffer.byteLength(whole));
    // No final line end, but the length the service announced arrived: whole (RFC 4180 allows it).
    expect((await run(answer(whole, { "content-length": length }))).table.rows).toEqual([
      ["u1", 3],
      ["u2", 4],
    ]);
    // The same bytes without Content-Length: nothing proves the last row whole ("4" of "42"?).
    await expect(run(answer(whole, {}))).rejects.toThrow(/no line end/);
    // Fewer bytes than announced: cut off in transit.
    await expect(run(answer(whole.slice(0, -3), { "content-length": length }))).rejects.toThrow(
      /has 26 of the 29 bytes/,
    );
    // A compressed answer's Content-Length counts other bytes: the line-end rule decides.
    await expect(run(answer(whole, { "content-length": "12", "content-encoding": "gzip" }))).rejects.toThrow(
      /no line end/,
    );
    // The header must be the report's: another file with a line end is refused.
    await expect(run(answer("Name,Value\r\na,1\r\n", {}))).rejects.toThrow(/lacks "User Id", "Frequency"/);
  });

  test("a result URL on another origin is fetched without the key", async () => {
    const { c, calls } = client((call) =>
      call.url.startsWith("https://files.other.net")
        ? text(200, "User Id,Frequency\nu1,3\n")
        : json(200, { ...TASK, status: "done", url: "https://files.other.net/x.csv" }),
    );
    const run = await c.reports.run("impressionListeners", { episodeId: "1" });
    expect(
      calls.find((x) => x.url.startsWith("https://files.other.net"))!.headers.authorization,
    ).toBeUndefined();
    expect(run.table.rows).toEqual([["u1", 3]]);
  });
});

describe("JSON endpoints", () => {
  test("show info sends paging and net-new-reach parameters", async () => {
    const { c, calls } = client(() =>
      json(200, { serviceSeriesId: 1, title: "Show", extraField: { kept: true } }),
    );
    const show = await c.shows.get("1200000001", {
      episodesPageIndex: 2,
      netNewReachAdvertisers: ["Acme", "Northwind"],
      months: 3,
    });
    expect(path(calls[0])).toBe("/api/public/series/episodes/1200000001");
    expect(Object.fromEntries(query(calls[0]))).toEqual({
      episodesPageIndex: "2",
      netNewReachAdvertisers: "Acme,Northwind",
      months: "3",
    });
    expect((show as Record<string, unknown>).extraField).toEqual({ kept: true });
  });

  test("search sends arrays as repeated keys and booleans as text", async () => {
    const { c, calls } = client(() => json(200, { data: [] }));
    await c.search.episodes({
      search: "mattress",
      mediaType: ["podcast", "alpha"],
      showFilterIds: [1, 2],
      transcriptOnly: true,
    });
    const q = query(calls[0]);
    expect(q.getAll("mediaType")).toEqual(["podcast", "alpha"]);
    expect(q.getAll("showFilterIds")).toEqual(["1", "2"]);
    expect(q.get("transcriptOnly")).toBe("true");
    expect(q.get("exact")).toBeNull();
  });

  test("individual ads iterate over every page up to the total", async () => {
    const { c, calls } = client((call) => {
      const { offset, limit } = call.body as { offset: number; limit: number };
      const n = Math.max(0, Math.min(limit, 2500 - offset));
      return json(200, {
        headers: [],
        data: Array.from({ length: n }, (_, i) => ({ product: `p${offset + i}` })),
        pagination: { limit, offset, total: 2500 },
      });
    });
    let rows = 0;
    for await (const page of c.ads.iterate({ advertiser: "Acme" })) rows += page.data.length;
    expect(rows).toBe(2500);
    expect(calls.map((x) => (x.body as { offset: number }).offset)).toEqual([0, 1000, 2000]);
    expect(calls.every((x) => (x.body as { limit: number }).limit <= 1000)).toBe(true);
  });

  test("individual ads stop at maxRows", async () => {
    const { c, calls } = client((call) => {
      const { offset, limit } = call.body as { offset: number; limit: number };
      return json(200, {
        headers: [],
        data: Array.from({ length: limit }, () => ({})),
        pagination: { limit, offset, total: 10_000 },
      });
    });
    let rows = 0;
    for await (const page of c.ads.iterate({ advertiser: "Acme" }, { maxRows: 1500 }))
      rows += page.data.length;
    expect(rows).toBe(1500);
    expect(calls.map((x) => (x.body as { limit: number }).limit)).toEqual([1000, 500]);
  });

  test("incrementality, campaign, advertiser and invite post their bodies", async () => {
    const { c, calls } = client((call) => {
      switch (path(call)) {
        case "/api/public/incrementality":
          return json(200, [{ aggregationLevel: "channel", lift: 1.2 }]);
        case "/api/public/campaign":
          return json(200, {
            campaigns: [
              { id: "a", externalId: null },
              { id: "b", externalId: "x" },
            ],
          });
        case "/api/public/advertisers":
          return json(200, { advertiserName: "Acme", lookupName: "acme" });
        default:
          return json(200, { message: "Invitation sent" });
      }
    });
    await expect(
      c.incrementality.get({ advertiser: "Acme", aggregationLevel: "channel", incCiCertainty: 90 }),
    ).resolves.toEqual([{ aggregationLevel: "channel", lift: 1.2 }]);
    const created = await c.campaigns.create({
      name: "Spring",
      advertiser: "Acme",
      publisher: "pub",
      type: "Baked-in",
      flights: [{ expectedDate: "2024-03-01" }, { expectedDate: "2024-04-01" }],
    });
    expect(created.campaigns.map((x) => x.id)).toEqual(["a", "b"]);
    await expect(c.advertisers.create({ itunesId: 1200000001 })).resolves.toEqual({
      advertiserName: "Acme",
      lookupName: "acme",
    });
    await expect(
      c.users.inviteAdvertiser({
        advertiserName: "Acme",
        email: "a@b.co",
        tabs: ["simple_overview", "simple_overview_show"],
      }),
    ).resolves.toEqual({ message: "Invitation sent" });
    expect(calls.map((x) => path(x))).toEqual([
      "/api/public/incrementality",
      "/api/public/campaign",
      "/api/public/advertisers",
      "/api/public/users/advertisers/invite",
    ]);
    expect(calls[2].body).toEqual({ itunesId: "1200000001" });
  });
});

describe("agents", () => {
  const file = { fileId: "f1", fileName: "out.csv", fileType: "csv", size: 3, downloadUrl: `${BASE}/dl/old` };

  test("start returns 202's body; status is not counted; wait ends on done", async () => {
    let polls = 0;
    const { c, calls, counted } = client((call) => {
      if (call.method === "POST") return json(202, { runId: 7, status: "processing" });
      polls++;
      return json(
        200,
        polls < 2
          ? { runId: 7, status: "processing" }
          : { runId: 7, status: "done", output: "hi", files: [file] },
      );
    });
    await expect(c.agents.startRun(1, { q: "x" })).resolves.toEqual({ runId: 7, status: "processing" });
    expect(calls[0].body).toEqual({ params: { q: "x" } });
    const done = await c.agents.waitForRun(7);
    expect(done.output).toBe("hi");
    expect(counted).toEqual(["POST /api/public/ai-chat/agents/{agentId}/runs"]);
    expect(calls[1].headers.authorization).toBe("Bearer k-123");
  });

  test.each([403, 404, 410])(
    "an expired download URL (%i) is refreshed through the run status",
    async (status) => {
      const { c, calls } = client((call) => {
        if (path(call) === "/dl/old") return text(status);
        if (path(call) === "/dl/new") return text(200, "a,b");
        return json(200, { runId: 7, status: "done", files: [{ ...file, downloadUrl: `${BASE}/dl/new` }] });
      });
      const bytes = await c.agents.downloadFile(7, file);
      expect(new TextDecoder().decode(bytes)).toBe("a,b");
      expect(calls.map((x) => path(x))).toEqual([
        "/dl/old",
        "/api/public/ai-chat/agent-runs/7/status",
        "/dl/new",
      ]);
    },
  );

  test("a file shorter than the size the run lists was cut off, and is refused", async () => {
    const { c } = client(() => text(200, "a,"));
    await expect(c.agents.downloadFile(7, file)).rejects.toThrow(/out.csv arrived with 2 of its 3 bytes/);
  });

  test("a failed run throws its error text", async () => {
    const { c } = client(() => json(200, { runId: 7, status: "failed", error: "The model refused" }));
    await expect(c.agents.waitForRun(7)).rejects.toMatchObject({
      name: "TaskFailedError",
      message: "The model refused",
    });
  });
});

describe("retries after a timeout", () => {
  /** A service that never answers: every attempt ends in the client's timeout. */
  const silent = () => {
    const urls: string[] = [];
    const fetch = (url: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_, reject) => {
        urls.push(String(url));
        init?.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      });
    return { urls, fetch };
  };

  test("a status poll is tried again; a counted GET and a POST are not (they may have reached the service and counted)", async () => {
    const poll = silent();
    const { sleep } = instantSleep();
    const poller = new AdsClient({
      baseUrl: BASE,
      apiKey: "k",
      fetch: poll.fetch,
      sleep,
      stallMs: 10,
      maxRetries: 2,
    });
    await expect(poller.tasks.status("7b0c2f7e-1f0a-4c55-9a4e-0d7f3c2a9b11")).rejects.toMatchObject({
      name: "TimeoutError",
    });
    expect(poll.urls).toHaveLength(3);

    const get = silent();
    const reader = new AdsClient({
      baseUrl: BASE,
      apiKey: "k",
      fetch: get.fetch,
      sleep,
      stallMs: 10,
      maxRetries: 2,
    });
    await expect(reader.shows.get("1200000001")).rejects.toMatchObject({ name: "MaybeCountedError" });
    expect(get.urls).toHaveLength(1);

    const post = silent();
    const searcher = new AdsClient({
      baseUrl: BASE,
      apiKey: "k",
      fetch: post.fetch,
      sleep,
      stallMs: 10,
      maxRetries: 2,
    });
    await expect(searcher.reports.campaignsPerformance({})).rejects.toMatchObject({
      name: "MaybeCountedError",
      cause: { name: "TimeoutError" },
    });
    expect(post.urls).toHaveLength(1);
  });
});

describe("security", () => {
  test("http is refused unless loopback", () => {
    expect(() => new AdsClient({ baseUrl: "http://api.example.com", apiKey: "k" })).toThrow(/https/);
    expect(() => new AdsClient({ baseUrl: "http://127.0.0.1:4010", apiKey: "k" })).not.toThrow();
    expect(() => new AdsClient({ baseUrl: "http://localhost:4010", apiKey: "k" })).not.toThrow();
  });

  test("a missing key is refused before any request", () => {
    expect(() => new AdsClient({ baseUrl: BASE, apiKey: " " })).toThrow(/apiKey is required/);
  });
});

test("the listener IDs GET sends only the parameters its table lists: no name", async () => {
  const { c, calls } = client(() => json(200, TASK));
  const params = { episodeId: "1", week_lb: "2", name: "Listeners of episode 1" };
  await c.reports.impressionListeners(params as Parameters<typeof c.reports.impressionListeners>[0]);
  expect([...new URL(calls[0].url).searchParams.keys()]).toEqual(["week_lb"]);
});

test("individual ads paging stops at the service's largest offset instead of failing", async () => {
  const urls: string[] = [];
  const { c } = client((call) => {
    urls.push(call.url);
    const offset = Number(new URL(call.url).searchParams.get("offset"));
    return json(200, {
      headers: [],
      data: Array.from({ length: 1000 }, (_, i) => ({ id: `ad-${offset + i}` })),
      pagination: { limit: 1000, offset, total: 5_000_000 },
    });
  });
  let pages = 0;
  for await (const page of c.ads.iterate({ advertiser: "Acme", offset: 998_000 }))
    pages += page.data.length > 0 ? 1 : 0;
  expect(pages).toBe(3); // offsets 998,000, 999,000 and 1,000,000
  expect(urls.every((u) => Number(new URL(u).searchParams.get("offset")) <= 1_000_000)).toBe(true);
});

describe("counting against the monthly allowance, as the service counts", () => {
  test("a refusal before an account was charged counts nothing; any other answer counts once", async () => {
    const answers = [
      json(403, { message: "Invalid token" }),
      json(403, { message: "API access is disabled" }),
      json(403, { message: "API limit is not configured" }),
      json(429, { message: "Monthly request limit exceeded. Please contact support." }),
      json(403, { message: "Forbidden" }),
      json(404, { message: "Not found" }),
      json(200, { data: [] }),
    ];
    const { c, counted } = client(() => answers.shift()!);
    for (let i = 0; i < 7; i++) await c.search.episodes({ search: "x" }).catch(() => undefined);
    expect(counted).toEqual(Array(3).fill("GET /api/public/episode/search"));
  });

  test("a request that provably never left counts nothing, however often it was tried", async () => {
    const { sleep } = instantSleep();
    const refused = Object.assign(new TypeError("fetch failed"), { cause: { code: "ECONNREFUSED" } });
    const counted: string[] = [];
    const c = new AdsClient({
      baseUrl: BASE,
      apiKey: "k",
      sleep,
      maxRetries: 2,
      onRequest: (e) => counted.push(e),
      fetch: () => Promise.reject(refused),
    });
    await expect(c.shows.get("1200000001")).rejects.toMatchObject({ name: "ConnectionError" });
    expect(counted).toEqual([]);
  });
});
