/** The sandbox app in-process (no socket): admin routes, counting, caching, agent edges, files, CORS. */
import { unzipSync, strFromU8 } from "fflate";
import { createApp, parseFaultsEnv, type SandboxOptions } from "./app";

const pro = { Authorization: "Bearer demo-pro", "content-type": "application/json" };

function make(options: SandboxOptions = {}) {
  let clock = Date.UTC(2026, 10, 22, 12);
  const made = createApp({ taskDelayMs: 100, runDelayMs: 100, now: () => clock, ...options });
  return {
    ...made,
    advance: (ms: number) => (clock += ms),
    post: (path: string, body: unknown, headers: Record<string, string> = pro) =>
      made.app.request(path, { method: "POST", headers, body: JSON.stringify(body) }),
    get: (path: string, headers: Record<string, string> = pro) => made.app.request(path, { headers }),
  };
}

test("SANDBOX_FAULTS syntax: known names only, numbers only", () => {
  expect(parseFaultsEnv("latency=200,error500=0.1,drop=0.05,truncate=0.1,malformed=0.1")).toEqual({
    latencyMs: 200,
    error500Rate: 0.1,
    dropRate: 0.05,
    truncateCsvRate: 0.1,
    malformedJsonRate: 0.1,
  });
  expect(parseFaultsEnv("bogus=1, error500 = 1 ,drop=x")).toEqual({ error500Rate: 1 });
  expect(parseFaultsEnv(undefined)).toEqual({});
});

test("admin routes: request counts per key, and faults switched on and off at run time", async () => {
  const s = make();
  await s.get("/api/public/series/episodes/1200000001");
  await s.get("/api/public/series/episodes/1200000001", { Authorization: "Bearer demo-basic" });
  expect(await (await s.get("/__admin/requests")).json()).toEqual({ "demo-pro": 1, "demo-basic": 1 });
  await s.post("/__admin/faults", { error500Rate: 1 }, { "content-type": "application/json" });
  expect((await s.get("/api/public/series/episodes/1200000001")).status).toBe(500);
  await s.post("/__admin/faults", { error500Rate: 0 }, { "content-type": "application/json" });
  expect((await s.get("/api/public/series/episodes/1200000001")).status).toBe(200);
});

test("report flow in-process: pending → done; the file and the status poll need no key and are not counted", async () => {
  const s = make();
  const start = await s.post("/api/public/campaigns-performance", { name: "one" });
  const task = (await start.json()) as { id: string; status: string; url: string | null };
  expect(task).toMatchObject({ status: "pending", url: null });
  s.advance(100);
  const polled = (await (await s.get(`/api/public/file-processor/status/${task.id}`, {})).json()) as {
    status: string;
    url: string;
  };
  expect(polled.status).toBe("done");
  const file = await s.get(new URL(polled.url).pathname, {});
  expect(file.headers.get("content-type")).toMatch(/text\/csv/);
  expect((await file.text()).split("\r\n")[0]).toMatch(/^Advertiser,Publisher,Campaign,/);
  expect(s.state.requests.get("demo-pro")).toBe(1);
});

test("the report cache: same body (new name) reuses the task; after reportCacheMs a new task starts", async () => {
  const s = make({ reportCacheMs: 1000 });
  const body = { advertisers: ["Acme Mattress"], startDate: "2026-11-01", endDate: "2026-11-02" };
  const id = async (name: string) =>
    (
      (await (await s.post("/api/public/advertisers/estimated-spend-by-day", { ...body, name })).json()) as {
        id: string;
      }
    ).id;
  const first = await id("A");
  expect(await id("B")).toBe(first);
  s.advance(1000);
  expect(await id("B")).not.toBe(first);
});

test("report errors: Invalid data, Forbidden advertiser, the 'Unexpected error' object, FAIL names end failed", async () => {
  const s = make();
  const bad = await s.post("/api/public/impressions", { fields: ["Nope"] });
  expect([bad.status, await bad.json()]).toEqual([400, { message: "Invalid data" }]);
  const forbidden = await s.post("/api/public/impressions", { advertiser: ["Globex Bank"] });
  expect(forbidden.status).toBe(403);
  const unexpected = await s.post("/api/public/campaigns-performance", { name: "UNEXPECTED" });
  expect(unexpected.status).toBe(500);
  expect(((await unexpected.json()) as { message: unknown }).message).toEqual(
    expect.objectContaining({ error: "Unexpected error" }),
  );
  const failing = (await (await s.post("/api/public/campaigns-performance", { name: "FAIL me" })).json()) as {
    id: string;
  };
  s.advance(100);
  expect(await (await s.get(`/api/public/file-processor/status/${failing.id}`, {})).json()).toMatchObject({
    status: "failed",
    url: null,
  });
});

test("agent edges: 500 trigger, run ids that are not positive integers (400), runs of another key (404); polls not counted", async () => {
  const s = make();
  const crash = await s.post("/api/public/ai-chat/agents/1/runs", { params: { crash: "true" } });
  expect([crash.status, crash.headers.get("content-type"), await crash.text()]).toEqual([
    500,
    "text/plain",
    "",
  ]);
  const { runId } = (await (await s.post("/api/public/ai-chat/agents/1/runs", { params: {} })).json()) as {
    runId: number;
  };
  expect((await s.get("/api/public/ai-chat/agent-runs/0/status")).status).toBe(400);
  const other = await s.get(`/api/public/ai-chat/agent-runs/${runId}/status`, {
    Authorization: "Bearer demo-basic",
  });
  expect(other.status).toBe(404);
  expect((await s.get(`/api/public/ai-chat/agent-runs/${runId}/status`, {})).status).toBe(403);
  const before = s.state.requests.get("demo-pro");
  for (let i = 0; i < 3; i++) await s.get(`/api/public/ai-chat/agent-runs/${runId}/status`);
  expect(s.state.requests.get("demo-pro")).toBe(before);
});

test("the xlsx an agent makes is a real workbook package with inline strings", async () => {
  const s = make();
  const { runId } = (await (
    await s.post("/api/public/ai-chat/agents/2/runs", { params: { q: "x" } })
  ).json()) as {
    runId: number;
  };
  s.advance(100);
  const status = (await (await s.get(`/api/public/ai-chat/agent-runs/${runId}/status`)).json()) as {
    files: { fileType: string; downloadUrl: string; size: number }[];
  };
  const xlsx = status.files.find((f) => f.fileType === "xlsx")!;
  const url = new URL(xlsx.downloadUrl);
  const bytes = new Uint8Array(await (await s.get(url.pathname + url.search, {})).arrayBuffer());
  expect(bytes.length).toBe(xlsx.size);
  const parts = unzipSync(bytes);
  expect(Object.keys(parts).sort()).toEqual([
    "[Content_Types].xml",
    "_rels/.rels",
    "xl/_rels/workbook.xml.rels",
    "xl/workbook.xml",
    "xl/worksheets/sheet1.xml",
  ]);
  expect(strFromU8(parts["xl/worksheets/sheet1.xml"])).toContain('t="inlineStr"><is><t>Show</t>');
  s.advance(60_001);
  expect((await s.get(url.pathname + url.search, {})).status).toBe(410);
});

test("incrementality: every result, error rows included, carries all the documented keys", async () => {
  const s = make();
  const res = await s.post("/api/public/incrementality", {
    advertiser: "Acme Mattress",
    includeErrors: true,
  });
  const rows = (await res.json()) as Record<string, unknown>[];
  const keys = Object.keys(rows[0]);
  expect(rows.some((r) => typeof r.errorReason === "string")).toBe(true);
  for (const r of rows) expect(Object.keys(r)).toEqual(keys);
});

test("CORS: loopback origins and SANDBOX_CORS_ORIGINS are reflected, others are not", async () => {
  const previous = process.env.SANDBOX_CORS_ORIGINS;
  process.env.SANDBOX_CORS_ORIGINS = "https://addin.example.test";
  try {
    const s = make();
    const origin = async (o: string) =>
      (
        await s.app.request("/api/public/episode/search?search=x", {
          method: "OPTIONS",
          headers: {
            Origin: o,
            "Access-Control-Request-Method": "GET",
            "Access-Control-Request-Headers": "authorization",
          },
        })
      ).headers.get("access-control-allow-origin");
    expect(await origin("https://localhost:3000")).toBe("https://localhost:3000");
    expect(await origin("https://addin.example.test")).toBe("https://addin.example.test");
    expect(await origin("https://evil.example.test")).toBeNull();
  } finally {
    if (previous === undefined) delete process.env.SANDBOX_CORS_ORIGINS;
    else process.env.SANDBOX_CORS_ORIGINS = previous;
  }
});
