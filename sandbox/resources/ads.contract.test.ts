/** Individual ads: dates, paging and the row columns, against the sandbox over loopback. */
import { startSandbox } from "../../test/support/sandbox";

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
