/** Agent edges in-process: trigger words, run ids, other keys, the xlsx package, URL expiry. */
import { unzipSync, strFromU8 } from "fflate";
import { inProcessSandbox } from "../testing/inProcess";

test("agent edges: 500 trigger, run ids that are not positive integers (400), runs of another key (404); polls not counted", async () => {
  const s = inProcessSandbox();
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
  const s = inProcessSandbox();
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
