/** Individual ads: dates, paging and the row columns, against the sandbox over loopback. */
import { fetchSource } from "../../src/runtime/reportSources";
import { startSandbox, worldNow } from "../../test/support/sandbox";

let s: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  s = await startSandbox();
});
afterAll(() => s.close());

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

test("an Ads sheet capped by Most rows says so, with what is left; one that holds them all says nothing", async () => {
  const c = s.client();
  const { pagination } = await c.ads.individual({ advertiser: "Acme Mattress", limit: 1, offset: 0 });
  expect(pagination.total).toBeGreaterThan(12);
  const notes: string[] = [];
  const t = await fetchSource(
    c,
    "individualAds",
    { advertiser: "Acme Mattress", maxRows: 12, limit: 5 },
    {
      onNote: (n) => notes.push(n),
    },
  );
  expect(t.rows).toHaveLength(12);
  const n = pagination.total.toLocaleString("en-US");
  const left = (pagination.total - 12).toLocaleString("en-US");
  expect(notes).toEqual([
    `The sheet holds the first 12 of ${n} ads (Most rows is 12); raise Most rows and refresh to get the other ${left}.`,
  ]);
  notes.length = 0;
  await fetchSource(
    c,
    "individualAds",
    { advertiser: "Acme Mattress", maxRows: pagination.total },
    {
      onNote: (x) => notes.push(x),
    },
  );
  expect(notes).toEqual([]);
});

describe("every body field narrows the answer", () => {
  const page = (body: Parameters<ReturnType<typeof s.client>["ads"]["individual"]>[0]) =>
    s.client().ads.individual(body);
  test("startDate/endDate: only ads published in the range; the defaults are 24 months ago and today", async () => {
    const all = await page({ advertiser: "Acme Mattress", limit: 1000 });
    const month = await page({
      advertiser: "Acme Mattress",
      startDate: "2026-10-01",
      endDate: "2026-10-31",
      limit: 1000,
    });
    expect(month.pagination.total).toBeGreaterThan(0);
    expect(month.pagination.total).toBeLessThan(all.pagination.total);
    expect(
      month.data.every(
        (r) => String(r.published_at) >= "2026-10-01" && String(r.published_at) <= "2026-10-31",
      ),
    ).toBe(true);
    const twoYears = new Date(worldNow() - 731 * 86_400_000).toISOString().slice(0, 10);
    expect(all.data.every((r) => String(r.published_at) >= twoYears)).toBe(true);
  });
  test("advertiser: only that advertiser's ads", async () => {
    const rows = (await page({ advertiser: "Wayne Travel", limit: 50 })).data;
    expect(rows.every((r) => String(r.transcript).includes("Wayne Travel"))).toBe(true);
  });
  test("limit and offset: pages of that size that continue one another", async () => {
    const first = await page({ advertiser: "Acme Mattress", limit: 10 });
    const second = await page({ advertiser: "Acme Mattress", limit: 10, offset: 10 });
    const both = await page({ advertiser: "Acme Mattress", limit: 20 });
    expect([first.data.length, second.data.length]).toEqual([10, 10]);
    expect([...first.data, ...second.data]).toEqual(both.data);
    expect(second.pagination).toMatchObject({ limit: 10, offset: 10, total: both.pagination.total });
  });
  test("rows agree with the rest of the world: podcast rows' spend is the spend report's", async () => {
    const range = { startDate: "2026-10-01", endDate: "2026-10-31" };
    const ads = await page({ advertiser: "Acme Mattress", ...range, limit: 1000 });
    const spend = ads.data.reduce(
      (n, r) => n + (typeof r.estimated_spend === "number" ? r.estimated_spend : 0),
      0,
    );
    const report = await s
      .client()
      .reports.run("estimatedSpendByDay", { advertisers: ["Acme Mattress"], ...range });
    const col = report.table.columns.findIndex((c) => c.name === "Estimated Spend");
    expect(report.table.rows.reduce((n, r) => n + Number(r[col]), 0)).toBeCloseTo(spend, 1);
    for (const r of ads.data) {
      if (r.media_type === "podcast") expect(r.episode_url_in_feed).toMatch(/\.mp3$/);
      if (r.media_type === "alpha") expect(r.episode_url_in_feed).toMatch(/watch\?v=/);
    }
  });
});
