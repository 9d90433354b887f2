/** Fault settings and the loopback admin routes, in-process. */
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
