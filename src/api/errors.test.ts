import { AdsClient } from "./client";

const TASK = "7b0c2f7e-1f0a-4c55-9a4e-0d7f3c2a9b11";
import {
  AbortedError,
  AuthenticationError,
  BadRequestError,
  ConnectionError,
  MaybeCountedError,
  MONTHLY_LIMIT_MESSAGE,
  NotFoundError,
  RateLimitError,
  RequestValidationError,
  ResponseValidationError,
  ServerError,
  TimeoutError,
  TRUNCATED_MARKER,
} from "./errors";
import { errorDetails, plannerError, plannerMessage } from "./errorWords";
import { fakeFetch, instantSleep, json, text, type Route } from "./testing/fakeFetch";

function setup(route: Route, opts: { stallMs?: number; maxRetries?: number } = {}) {
  const f = fakeFetch(route);
  const s = instantSleep();
  const c = new AdsClient({
    baseUrl: "https://api.example.com",
    apiKey: "k",
    fetch: f.fetch,
    sleep: s.sleep,
    random: () => 0.5,
    ...opts,
  });
  return { c, calls: f.calls, delays: s.delays };
}

describe("error families", () => {
  test("400 'Invalid data'", async () => {
    const { c } = setup(() => json(400, { message: "Invalid data" }));
    await expect(c.reports.campaignsPerformance({})).rejects.toEqual(
      expect.objectContaining({ constructor: BadRequestError, status: 400, message: "Invalid data" }),
    );
  });

  test.each([
    ["Invalid token", "invalid_token"],
    ["API access is disabled", "api_access_disabled"],
    ["API limit is not configured", "api_limit_not_configured"],
    ["Forbidden", "forbidden"],
  ])("403 %s is told apart", async (message, reason) => {
    const { c } = setup(() => json(403, { message }));
    const err = await c.search.episodes({ search: "x" }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AuthenticationError);
    expect(err).toMatchObject({ reason, message, status: 403, endpoint: "GET /api/public/episode/search" });
  });

  test("403 with an empty text body on the agent run start is 'agent not active'", async () => {
    const { c } = setup(() => text(403, ""));
    await expect(c.agents.startRun(3)).rejects.toMatchObject({ reason: "agent_not_active" });
  });

  test("404 with an empty body takes its message from the status", async () => {
    const { c } = setup(() => text(404, ""));
    await expect(c.agents.runStatus(99)).rejects.toEqual(
      expect.objectContaining({ constructor: NotFoundError, message: "Not found" }),
    );
  });

  test("429 monthly allowance versus too many runs in progress; neither is retried", async () => {
    const monthly = setup(() => json(429, { message: MONTHLY_LIMIT_MESSAGE }));
    await expect(monthly.c.shows.get("1")).rejects.toMatchObject({
      kind: "monthly",
      message: MONTHLY_LIMIT_MESSAGE,
    });
    expect(monthly.calls).toHaveLength(1);
    const runs = setup(() => text(429, ""));
    const err = await runs.c.agents.startRun(1).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RateLimitError);
    expect(err).toMatchObject({ kind: "runs_in_progress" });
    expect(runs.calls).toHaveLength(1);
  });

  test("the 'Unexpected error' body whose message is an object is rendered readably", async () => {
    const { c } = setup(() => json(500, { message: { code: "E42", detail: "report engine down" } }));
    // A report start that got a 5xx may have started: the service's own words are its cause.
    const err = (await c.reports.audience({}).catch((e: unknown) => e)) as MaybeCountedError;
    expect(err).toBeInstanceOf(MaybeCountedError);
    expect(err.cause).toBeInstanceOf(ServerError);
    expect(err.cause.message).toBe("code: E42; detail: report engine down");
    expect(err.message).toContain("code: E42; detail: report engine down");
    expect(err.message).not.toContain("[object Object]");
  });

  test("500 with an empty body", async () => {
    const { c } = setup(() => text(500));
    await expect(c.agents.runStatus(1)).rejects.toMatchObject({
      status: 500,
      message: "Internal server error",
    });
  });

  test("connection failure and abort", async () => {
    const down = setup(() => new TypeError("fetch failed"));
    await expect(down.c.tasks.status(TASK)).rejects.toBeInstanceOf(ConnectionError);
    const controller = new AbortController();
    controller.abort();
    const ok = setup(() => json(200, { serviceSeriesId: 1, title: "t" }));
    await expect(ok.c.shows.get("1", {}, controller.signal)).rejects.toBeInstanceOf(AbortedError);
    expect(ok.calls).toHaveLength(0);
  });

  test("a fetch that honours the signal gives TimeoutError after the no-progress limit", async () => {
    const c = new AdsClient({
      baseUrl: "https://api.example.com",
      apiKey: "k",
      stallMs: 20,
      maxRetries: 0,
      fetch: (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener("abort", () => reject(new Error("aborted"))),
        ),
    });
    await expect(c.tasks.status(TASK)).rejects.toBeInstanceOf(TimeoutError);
  });
});

test("a 40,000-character message from the service is capped with a visible marker", async () => {
  const long = "x".repeat(40_000);
  const { c } = setup(() => json(500, { message: long }));
  const err = (await c.tasks.status(TASK).catch((e: unknown) => e)) as ServerError;
  expect(err).toBeInstanceOf(ServerError);
  expect(err.message.length).toBe(1000);
  expect(err.message.endsWith(TRUNCATED_MARKER)).toBe(true);
  expect(err.message.startsWith("xxxx")).toBe(true);
  // Plain-text and object messages are capped the same way; short ones are untouched.
  const plain = setup(() => text(502, "y".repeat(5000)));
  const e2 = (await plain.c.tasks.status(TASK).catch((e: unknown) => e)) as ServerError;
  expect(e2.message).toHaveLength(1000);
  expect(e2.message.endsWith(TRUNCATED_MARKER)).toBe(true);
  const object = setup(() => json(500, { message: { detail: "z".repeat(3000) } }));
  const e3 = (await object.c.tasks.status(TASK).catch((e: unknown) => e)) as ServerError;
  expect(e3.message).toMatch(/^detail: z+…\[truncated\]$/);
  const short = setup(() => json(400, { message: "Invalid data" }));
  await expect(short.c.reports.campaignsPerformance({})).rejects.toMatchObject({ message: "Invalid data" });
});

describe("every path segment is checked before a request: only ids of the documented shape go out", () => {
  const cases: [string, (c: AdsClient) => Promise<unknown>, string][] = [
    ["show id ..", (c) => c.shows.get(".."), "id"],
    ["show id a/b", (c) => c.shows.get("a/b"), "id"],
    ["show id empty", (c) => c.shows.get(""), "id"],
    ["show id with a query", (c) => c.shows.get("1?x=1"), "id"],
    ["episode id ..", (c) => c.reports.impressionListeners({ episodeId: ".." }), "episodeId"],
    ["episode id a/b", (c) => c.reports.impressionListeners({ episodeId: "1/2" }), "episodeId"],
    ["episode id empty", (c) => c.reports.impressionListeners({ episodeId: " " }), "episodeId"],
    ["task id ..", (c) => c.tasks.status(".."), "id"],
    ["task id a/b", (c) => c.tasks.status("0b7e4a7e/../x"), "id"],
    ["task id empty", (c) => c.tasks.status(""), "id"],
    ["agentId 1.5", (c) => c.agents.startRun(1.5), "agentId"],
    ["agentId text", (c) => c.agents.startRun("../1" as unknown as number), "agentId"],
    ["agentId NaN", (c) => c.agents.startRun(NaN), "agentId"],
    ["runId 0", (c) => c.agents.runStatus(0), "runId"],
    ["runId 2.5", (c) => c.agents.runStatus(2.5), "runId"],
    ["runId text", (c) => c.agents.runStatus("1/../2" as unknown as number), "runId"],
  ];
  test.each(cases)("%s", async (_name, call, field) => {
    const { c, calls } = setup(() => json(200, {}));
    const err = await call(c).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(RequestValidationError);
    expect(err).toMatchObject({ field });
    expect(calls).toHaveLength(0);
  });

  test("ids of the documented shape pass: directory, channel and playlist ids, episode ids, uuids", async () => {
    const { c, calls } = setup(() => json(200, { serviceSeriesId: 1, title: "t" }));
    for (const id of ["1200000001", "UCdemo0000000000000001", "PLa-b_c0123456789"]) await c.shows.get(id);
    expect(calls.map((x) => new URL(x.url).pathname.split("/").pop())).toEqual([
      "1200000001",
      "UCdemo0000000000000001",
      "PLa-b_c0123456789",
    ]);
  });

  test("a task id that is not a uuid in the service's answer is an answer error, not sent back", async () => {
    const { c, calls } = setup(() => json(200, { id: "../../x", status: "pending", url: null }));
    await expect(c.reports.campaignsPerformance({})).rejects.toBeInstanceOf(ResponseValidationError);
    expect(calls).toHaveLength(1);
  });
});

describe("retries", () => {
  test("requests that spend nothing retry 5xx and connection errors with growing, jittered delays, then succeed", async () => {
    let n = 0;
    const { c, calls, delays } = setup(() =>
      ++n === 1 ? text(503) : n === 2 ? new TypeError("reset") : json(200, { id: TASK, status: "pending" }),
    );
    await expect(c.tasks.status(TASK)).resolves.toMatchObject({ id: TASK });
    expect(calls).toHaveLength(3);
    expect(delays).toEqual([375, 750]);
  });

  test("retries are bounded", async () => {
    const { c, calls } = setup(() => text(502));
    await expect(c.tasks.status(TASK)).rejects.toBeInstanceOf(ServerError);
    expect(calls).toHaveLength(3);
  });

  test("a 5xx is said as what the planner was doing and what to do; its request and status are the Details", async () => {
    const { c } = setup(() => json(500, { message: "Unexpected error" }));
    const err = (await c.tasks.status(TASK).catch((e: unknown) => e)) as ServerError;
    // The error keeps the service's words; the planner reads what failed, support the request.
    expect(err.message).toBe("Unexpected error");
    expect(plannerError(err)).toEqual({
      message: "The service failed while checking the report's progress. Try again in a few minutes.",
      details: `GET /api/public/file-processor/status/${TASK} (500): Unexpected error`,
      tryAgain: true,
    });
    const show = (await setup(() => json(500, { message: "Unexpected error" }), { maxRetries: 0 })
      .c.shows.get("1200000001", {})
      .catch((e: unknown) => e)) as Error;
    expect(plannerMessage(show)).toMatch(
      /^The service failed while reading show 1200000001\. The request may have reached the service/,
    );
    expect(errorDetails(show)).toBe("GET /api/public/series/episodes/1200000001 (500): Unexpected error");
    // A counted request's 5xx names it too, inside the may-have-counted message.
    const counted = (await setup(() => text(503))
      .c.shows.get("1")
      .catch((e: unknown) => e)) as Error;
    expect(counted.message).toMatch(
      /counted against the monthly allowance: The service failed on GET \/api\/public\/series\/\S+ \(503\): /,
    );
    expect(plannerMessage(new ConnectionError("Could not reach the service", "GET /x"))).toBe(
      "Could not reach the service while downloading the report. Check your connection, then try again.",
    );
  });

  test.each([
    ["a 5xx", () => text(503)],
    ["a dropped connection", () => new TypeError("fetch failed")],
  ])(
    "a request that spends the allowance is sent once: after %s it says it may have counted and is not re-sent",
    async (_what, answer) => {
      const show = setup(answer);
      const err = (await show.c.shows.get("1").catch((e: unknown) => e)) as MaybeCountedError;
      expect(err).toBeInstanceOf(MaybeCountedError);
      expect(err.message).toMatch(/^The request may have reached the service and counted .*choose Try again/);
      expect(show.calls).toHaveLength(1);
      const report = setup(answer);
      const started = (await report.c.reports.impressions({}).catch((e: unknown) => e)) as MaybeCountedError;
      expect(started.message).toMatch(/^The report may have started: /);
      expect(started.endpoint).toBe("POST /api/public/impressions");
      expect(report.calls).toHaveLength(1);
    },
  );

  test("a request that spends the allowance is tried again when it provably never went out (connection refused)", async () => {
    let n = 0;
    const refused = Object.assign(new TypeError("fetch failed"), {
      cause: Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:4010"), { code: "ECONNREFUSED" }),
    });
    const { c, calls } = setup(() => (++n === 1 ? refused : json(200, { serviceSeriesId: 1, title: "t" })));
    await expect(c.shows.get("1")).resolves.toMatchObject({ title: "t" });
    expect(calls).toHaveLength(2);
  });

  test.each([
    [
      "campaign creation",
      (c: AdsClient) =>
        c.campaigns.create({
          name: "n",
          advertiser: "a",
          publisher: "p",
          type: "DAI",
          flights: [{ startDate: "2024-01-01", endDate: "2024-01-31" }],
        }),
    ],
    ["advertiser creation", (c: AdsClient) => c.advertisers.create({ advertiserName: "Acme" })],
    ["invites", (c: AdsClient) => c.users.inviteAdvertiser({ advertiserName: "Acme", email: "a@b.co" })],
    ["agent run starts", (c: AdsClient) => c.agents.startRun(1)],
  ])("%s is never retried", async (_name, call) => {
    const { c, calls } = setup(() => text(503));
    await expect(call(c)).rejects.toBeInstanceOf(ServerError);
    expect(calls).toHaveLength(1);
  });

  test("4xx is not retried", async () => {
    const { c, calls } = setup(() => json(400, { message: "Invalid data" }));
    await expect(c.shows.get("1")).rejects.toBeInstanceOf(BadRequestError);
    expect(calls).toHaveLength(1);
  });
});

describe("response validation", () => {
  test("a mismatch names the endpoint and the field; extra fields are kept", async () => {
    const { c } = setup(() => json(200, { serviceSeriesId: "not a number", title: "t" }));
    const err = await c.shows.get("1").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ResponseValidationError);
    expect(err).toMatchObject({ field: "serviceSeriesId", endpoint: "GET /api/public/series/episodes/{id}" });
  });

  test("malformed JSON", async () => {
    const { c } = setup(() => new Response("{not json", { status: 200 }));
    await expect(c.search.episodes({ search: "x" })).rejects.toMatchObject({ field: "(body)" });
  });
});
