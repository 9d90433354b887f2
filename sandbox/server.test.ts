import { createSandbox, generateReportCsv, SHOW_IDS } from "./server";

test("server.ts gives the brief's signatures: deterministic CSV, 120 show ids, listen on port 0", async () => {
  const params = { advertiser: ["Acme Mattress"], startDate: "2026-10-01", endDate: "2026-10-03" };
  const a = generateReportCsv("impressions", params);
  expect(generateReportCsv("impressions", params)).toBe(a);
  expect(a.split("\n").length).toBeGreaterThan(2);
  expect(SHOW_IDS).toHaveLength(120);
  expect(SHOW_IDS[0]).toBe("1200000001");
  const server = await createSandbox({ taskDelayMs: 10 }).listen(0);
  try {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${server.url}/api/public/series/episodes/1200000001`, {
      headers: { Authorization: "Bearer demo-pro" },
    });
    expect(res.status).toBe(200);
  } finally {
    await server.close();
  }
});

test("a 100,000-row impressions report is reachable with a long range and scale", () => {
  const csv = generateReportCsv(
    "impressions",
    { startDate: "2026-08-01", endDate: "2026-10-31", timeGrouping: "day" },
    { scale: 30 },
  );
  let lines = 0;
  for (let i = csv.indexOf("\n"); i >= 0; i = csv.indexOf("\n", i + 1)) lines++;
  expect(lines).toBeGreaterThan(100_000);
}, 60_000);
