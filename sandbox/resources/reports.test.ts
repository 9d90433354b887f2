/** Report tasks in-process: the flow, the cache, the error answers. */
import { inProcessSandbox } from "../testing/inProcess";

test("report flow in-process: pending → done; the file and the status poll need no key and are not counted", async () => {
  const s = inProcessSandbox();
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
  const s = inProcessSandbox({ reportCacheMs: 1000 });
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
  const s = inProcessSandbox();
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
