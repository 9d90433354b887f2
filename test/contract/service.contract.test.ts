/** Every JSON endpoint, the authentication matrix, the paging rules and the error tables, against the sandbox. */
import {
  AuthenticationError,
  ConnectionError,
  MONTHLY_LIMIT_MESSAGE,
  NotFoundError,
  RateLimitError,
  RequestValidationError,
  ServerError,
} from "../../src/api/errors";
import { startSandbox } from "../support/sandbox";

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

describe("show info", () => {
  test("fixture show: ≥ 200 episodes, ads, similar shows, top advertisers; the Alpha channel id works", async () => {
    const show = await s.client().shows.get("1200000001", { episodesPageSize: 100 });
    expect(show.episodesPagination).toEqual({ pageIndex: 0, pageSize: 100, rowCount: 240 });
    expect(show.similarShows!.length).toBeGreaterThan(10);
    expect(show.topAdvertisers!.length).toBeGreaterThan(2);
    expect(show.episodes!.some((e) => (e.ads ?? []).length > 0)).toBe(true);
    const alpha = await s.client().shows.get("UCdemo0000000000000001");
    expect(alpha.platform).toBe("Alpha");
    expect(alpha.similarShows).toEqual([]);
  });
  test("paging rules: index only → size 25; size only → index 0; none → no pagination object", async () => {
    const c = s.client();
    expect((await c.shows.get("1200000001", { episodesPageIndex: 2 })).episodesPagination).toEqual({
      pageIndex: 2,
      pageSize: 25,
      rowCount: 240,
    });
    const bySize = await c.shows.get("1200000001", { episodesPageSize: 7 });
    expect(bySize.episodesPagination).toMatchObject({ pageIndex: 0, pageSize: 7 });
    expect(bySize.episodes).toHaveLength(7);
    const plain = await c.shows.get("1200000001");
    expect(plain.episodesPagination).toBeUndefined();
    expect(plain.netNewReachPercent).toBeUndefined();
  });
  test("net new reach: accessible advertisers give a percent; Globex Bank is 403; 11 names never leave the client", async () => {
    const c = s.client();
    const show = await c.shows.get("1200000001", {
      netNewReachAdvertisers: ["Acme Mattress", "Northwind Coffee"],
      months: 2,
    });
    expect(show.netNewReachPercent).toBeGreaterThanOrEqual(0);
    expect(show.netNewReachPercent).toBeLessThanOrEqual(100);
    await expect(
      c.shows.get("1200000001", { netNewReachAdvertisers: ["Globex Bank"] }),
    ).rejects.toBeInstanceOf(AuthenticationError);
    const before = s.sandbox.requests("demo-pro");
    await expect(
      c.shows.get("1200000001", { netNewReachAdvertisers: Array.from({ length: 11 }, (_, i) => `a${i}`) }),
    ).rejects.toMatchObject({ field: "netNewReachAdvertisers" });
    expect(s.sandbox.requests("demo-pro")).toBe(before);
    const alpha = await c.shows.get("UCdemo0000000000000001", { netNewReachAdvertisers: ["Acme Mattress"] });
    expect(alpha.netNewReachPercent).toBeUndefined();
  });
  test("an unknown show is 404", async () => {
    await expect(s.client().shows.get("999")).rejects.toBeInstanceOf(NotFoundError);
  });
});

test("search: highlights in <em> tags and transcript hits", async () => {
  const { data } = await s
    .client()
    .search.episodes({ search: "mattress", transcriptOnly: true, timeFrame: 365, mediaType: ["podcast"] });
  expect(data.length).toBeGreaterThan(0);
  expect(data[0].highlights?.transcript?.[0].context).toMatch(/<em>mattress<\/em>/i);
  expect(data.every((h) => h.podcast.seriesPlatform === "podcast")).toBe(true);
});

test("individual ads: headers equal ids, every column key, pagination; the iterator gets every row", async () => {
  const c = s.client();
  const page = await c.ads.individual({ advertiser: "Acme Mattress", limit: 5, offset: 0 });
  expect(page.headers.every((h) => h.id === h.name)).toBe(true);
  expect(page.headers).toHaveLength(26);
  expect(page.data).toHaveLength(5);
  let rows = 0;
  for await (const p of c.ads.iterate({ advertiser: "Acme Mattress", limit: 40 })) rows += p.data.length;
  expect(rows).toBe(page.pagination.total);
});

test("incrementality: documented field names, errors on request, wider CI at higher certainty", async () => {
  const c = s.client();
  const at95 = await c.incrementality.get({
    advertiser: "Acme Mattress",
    aggregationLevel: "channel",
    channelType: "podcast",
  });
  const at99 = await c.incrementality.get({
    advertiser: "Acme Mattress",
    aggregationLevel: "channel",
    channelType: "podcast",
    incCiCertainty: 99,
  });
  const width = (r: (typeof at95)[number]) => Number(r.liftCiUpper) - Number(r.liftCiLower);
  expect(width(at99[0])).toBeGreaterThan(width(at95[0]));
  expect(Object.keys(at95[0])).toEqual(
    expect.arrayContaining(["controlActions", "testActions", "lift", "incrementalPercent", "errorReason"]),
  );
  const withErrors = await c.incrementality.get({
    advertiser: "Acme Mattress",
    aggregationLevel: "publisher",
    includeErrors: true,
  });
  expect(withErrors.some((r) => r.errorReason)).toBe(true);
});

test("campaign creation: one id per flight, in order; advertisers by name or directory id; invites", async () => {
  const c = s.client();
  const res = await c.campaigns.create({
    name: "Spring flight test",
    advertiser: "Acme Mattress",
    publisher: "Lumen Audio",
    type: "DAI",
    externalId: "ext-1",
    flights: [
      { startDate: "2026-03-01", endDate: "2026-03-31" },
      { startDate: "2026-04-01", endDate: "2026-04-30" },
    ],
  });
  expect(res.campaigns).toHaveLength(2);
  expect(res.campaigns[0].id).not.toBe(res.campaigns[1].id);
  expect(res.campaigns.every((x) => x.externalId === "ext-1")).toBe(true);
  expect(await c.advertisers.create({ advertiserName: "Acme Mattress" })).toEqual({
    advertiserName: "Acme Mattress",
    lookupName: "acme-mattress",
  });
  const byShow = await c.advertisers.create({ itunesId: "1200000001" });
  expect(byShow.advertiserName).toBe("The Demo Show (promo)");
  expect(
    (
      await c.users.inviteAdvertiser({
        advertiserName: "Acme Mattress",
        email: "planner@example.com",
        tabs: ["ads"],
      })
    ).message,
  ).toMatch(/planner@example.com/);
  await expect(
    c.campaigns.create({
      name: "FAIL500 x",
      advertiser: "A",
      publisher: "p",
      type: "Baked-in",
      flights: [{ expectedDate: "2026-01-01" }],
    }),
  ).rejects.toMatchObject({ status: 500 });
});

describe("agents", () => {
  test("a run goes processing → done with csv, tsv, txt, json, xlsx and html files; an expired URL is refreshed", async () => {
    const t = await startSandbox({ downloadTtlMs: 150 });
    try {
      const c = t.client();
      const { runId } = await c.agents.startRun(1, { topic: "sleep" });
      const done = await c.agents.waitForRun(runId, { deadlineMs: 5000 });
      expect(done.output).toMatch(/finished/);
      expect(done.files!.map((f) => f.fileType).sort()).toEqual([
        "csv",
        "html",
        "json",
        "tsv",
        "txt",
        "xlsx",
      ]);
      await new Promise((r) => setTimeout(r, 250));
      const csv = done.files!.find((f) => f.fileType === "csv")!;
      expect((await fetch(csv.downloadUrl)).status).toBe(410);
      const bytes = await c.agents.downloadFile(runId, csv);
      expect(new TextDecoder().decode(bytes)).toMatch(/^Show,Downloads,Note/);
    } finally {
      await t.close();
    }
  });
  test("agent errors: inactive 403, unknown 404, failed run, too many in progress 429 (empty bodies)", async () => {
    const c = s.client();
    await expect(c.agents.startRun(3)).rejects.toMatchObject({ reason: "agent_not_active" });
    await expect(c.agents.startRun(9)).rejects.toBeInstanceOf(NotFoundError);
    const failed = await c.agents.startRun(2, { fail: "true" });
    await expect(c.agents.waitForRun(failed.runId)).rejects.toThrow(/could not complete/);
    const slow = await startSandbox({ runDelayMs: 10_000, maxRunsInProgress: 1 });
    try {
      await slow.client().agents.startRun(1);
      await expect(slow.client().agents.startRun(1)).rejects.toMatchObject({ kind: "runs_in_progress" });
    } finally {
      await slow.close();
    }
    const res = await fetch(`${s.url}/api/public/ai-chat/agents/3/runs`, {
      method: "POST",
      headers: { Authorization: "Bearer demo-pro", "content-type": "application/json" },
      body: "{}",
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toBe("");
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

test("fault injection: 500s are retried by the client, malformed JSON is a clear error, truncated CSV is refused", async () => {
  const t = await startSandbox({ faults: { error500Rate: 1 } });
  try {
    const c = t.client("demo-pro", { maxRetries: 2, sleep: async () => undefined });
    await expect(c.shows.get("1200000001")).rejects.toMatchObject({ status: 500, message: "Injected fault" });
  } finally {
    await t.close();
  }
  const m = await startSandbox({ faults: { malformedJsonRate: 1 } });
  try {
    await expect(m.client().search.episodes({ search: "x" })).rejects.toMatchObject({ field: "(body)" });
  } finally {
    await m.close();
  }
  const tr = await startSandbox({ faults: { truncateCsvRate: 1 } });
  try {
    await expect(tr.client().reports.run("campaignsPerformance", {})).rejects.toThrow(/truncated/);
  } finally {
    await tr.close();
  }
  const d = await startSandbox({ faults: { dropRate: 1 } });
  try {
    await expect(d.client().shows.get("1200000001")).rejects.toBeInstanceOf(ConnectionError);
  } finally {
    await d.close();
  }
  // faults off again: the same calls succeed
  await expect(s.client().shows.get("1200000001")).resolves.toMatchObject({ title: "The Demo Show" });
});

test("agent run errors: 500 on start, 404 for an unknown run, 400 invalid body (empty text bodies)", async () => {
  const c = s.client();
  await expect(c.agents.startRun(1, { crash: "true" })).rejects.toBeInstanceOf(ServerError);
  await expect(c.agents.runStatus(999_999)).rejects.toBeInstanceOf(NotFoundError);
  const res = await fetch(`${s.url}/api/public/ai-chat/agents/1/runs`, {
    method: "POST",
    headers: { Authorization: "Bearer demo-pro", "content-type": "application/json" },
    body: JSON.stringify({ params: { n: 1 } }),
  });
  expect([res.status, await res.text()]).toEqual([400, ""]);
  await expect(c.agents.startRun(1, { n: 1 as unknown as string })).rejects.toBeInstanceOf(
    RequestValidationError,
  );
});
