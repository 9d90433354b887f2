/** Fault settings and the loopback admin routes, in-process. */
import { strFromU8, unzipSync } from "fflate";
import { parseFaultsEnv } from "./faults";
import { inProcessSandbox } from "../testing/inProcess";

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
  expect(
    parseFaultsEnv(
      "stall=0.2,dropAfter=0.1,wrongTaskId=0.3,httpUrl=1,echoKey=0.5,hostileXlsx=1,paths=^/api/public/series",
    ),
  ).toEqual({
    stallRate: 0.2,
    dropAfterRate: 0.1,
    wrongTaskIdRate: 0.3,
    httpUrlRate: 1,
    echoKeyRate: 0.5,
    hostileXlsxRate: 1,
    faultPaths: "^/api/public/series",
  });
  // A pattern that is not a regular expression is left out rather than failing every request.
  expect(parseFaultsEnv("paths=([,error500=1")).toEqual({ error500Rate: 1 });
});

test("hostileXlsx: a run started while it fires serves an xlsx that calls out of the workbook; the others stay plain", async () => {
  const s = inProcessSandbox();
  const json = { "content-type": "application/json" };
  const xlsxOf = async () => {
    const started = await (await s.post("/api/public/ai-chat/agents/1/runs", { params: {} })).json();
    s.advance(1000);
    const status = await (await s.get(`/api/public/ai-chat/agent-runs/${started.runId}/status`)).json();
    const file = status.files.find((f: { fileType: string }) => f.fileType === "xlsx");
    const bytes = new Uint8Array(
      await (
        await s.get(new URL(file.downloadUrl).pathname + new URL(file.downloadUrl).search)
      ).arrayBuffer(),
    );
    return strFromU8(unzipSync(bytes)["xl/worksheets/sheet1.xml"]);
  };
  expect(await xlsxOf()).not.toMatch(/<f[ >]/);
  await s.post("/__admin/faults", { hostileXlsxRate: 1 }, json);
  const hostile = await xlsxOf();
  expect(hostile).toMatch(/<f[ >]/);
  expect(s.state.faultsInjected).toBe(1);
});

test("admin routes: request counts per key, and faults switched on and off at run time", async () => {
  const s = inProcessSandbox();
  await s.get("/api/public/series/episodes/1200000001");
  await s.get("/api/public/series/episodes/1200000001", { Authorization: "Bearer demo-basic" });
  expect(await (await s.get("/__admin/requests")).json()).toEqual({ "demo-pro": 1, "demo-basic": 1 });
  await s.post("/__admin/faults", { error500Rate: 1 }, { "content-type": "application/json" });
  expect((await s.get("/api/public/series/episodes/1200000001")).status).toBe(500);
  await s.post("/__admin/faults", { error500Rate: 0 }, { "content-type": "application/json" });
  expect((await s.get("/api/public/series/episodes/1200000001")).status).toBe(200);
});

test("the admin route checks what it is given: a rate of 'abc', an unknown setting or a rate above 1 is 400 naming it", async () => {
  const s = inProcessSandbox();
  const json = { "content-type": "application/json" };
  const refused = async (body: unknown) => {
    const res = await s.post("/__admin/faults", body, json);
    return [res.status, await res.json()];
  };
  expect(await refused({ error500Rate: "abc" })).toEqual([
    400,
    { message: "error500Rate must be a number from 0 to 1", field: "error500Rate" },
  ]);
  expect(await refused({ dropRate: 2 })).toEqual([
    400,
    { message: "dropRate must be a number from 0 to 1", field: "dropRate" },
  ]);
  expect(await refused({ explode: 1 })).toEqual([
    400,
    { message: "unknown setting: explode", field: "explode" },
  ]);
  expect(await refused({ latencyMs: -5 })).toMatchObject([400, { field: "latencyMs" }]);
  expect(s.state.faults.error500Rate).toBe(0);
  expect((await s.post("/__admin/faults", { latencyMs: 5 }, json)).status).toBe(200);
  expect(s.state.faults.latencyMs).toBe(5);
});
