/** Incrementality in-process: the shape of every result. */
import { inProcessSandbox } from "../testing/inProcess";

test("incrementality: every result, error rows included, carries all the documented keys", async () => {
  const s = inProcessSandbox();
  const res = await s.post("/api/public/incrementality", {
    advertiser: "Acme Mattress",
    aggregationLevel: "show_campaign",
    startDate: "2026-10-01",
    endDate: "2026-10-10",
    includeErrors: true,
  });
  const rows = (await res.json()) as Record<string, unknown>[];
  const keys = Object.keys(rows[0]);
  expect(rows.some((r) => typeof r.errorReason === "string")).toBe(true);
  expect(rows.some((r) => r.errorReason === null)).toBe(true);
  for (const r of rows) expect(Object.keys(r)).toEqual(keys);
});
