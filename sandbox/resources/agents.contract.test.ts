/** Agent runs: start, status, files, errors, against the sandbox over loopback. */
import { NotFoundError, RequestValidationError, ServerError } from "../../src/api/errors";
import { startSandbox } from "../../test/support/sandbox";

let s: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  s = await startSandbox();
});
afterAll(() => s.close());

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
    const post = (body: string) =>
      fetch(`${s.url}/api/public/ai-chat/agents/3/runs`, {
        method: "POST",
        headers: { Authorization: "Bearer demo-pro", "content-type": "application/json" },
        body,
      });
    // A body without params is valid (the spec does not make params required): agent 3 is inactive.
    const noParams = await post("{}");
    expect([noParams.status, await noParams.text()]).toEqual([403, ""]);
    const notJson = await post("not json");
    expect([notJson.status, await notJson.text()]).toEqual([400, ""]);
  });
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

test("a run starts without params: the spec does not make them required", async () => {
  const res = await fetch(`${s.url}/api/public/ai-chat/agents/1/runs`, {
    method: "POST",
    headers: { Authorization: "Bearer demo-pro", "content-type": "application/json" },
    body: "{}",
  });
  expect(res.status).toBe(202);
  expect(await res.json()).toMatchObject({ status: "processing" });
});
