/** Show info: paging, net new reach and its window, against the sandbox over loopback. */
import { AuthenticationError, NotFoundError } from "../../src/api/errors";
import { startSandbox } from "../../test/support/sandbox";

let s: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  s = await startSandbox();
});
afterAll(() => s.close());

describe("show info", () => {
  test("fixture show: ≥ 200 episodes, ads, similar shows, top advertisers; the Alpha channel id works", async () => {
    const show = await s.client().shows.get("1200000001", { episodesPageSize: 100 });
    expect(show.episodesPagination).toEqual({ pageIndex: 0, pageSize: 100, rowCount: 240 });
    expect(show.similarShows!.length).toBeGreaterThan(10);
    expect(show.topAdvertisers!.length).toBeGreaterThan(2);
    expect(show.episodes!.some((e) => (e.ads ?? []).length > 0)).toBe(true);
    const alpha = await s.client().shows.get("UCdemo0000000000000001");
    expect(alpha.platform).toBe("Alpha");
    expect(alpha.similarShows).toEqual([]);
  });
  test("paging rules: index only → size 25; size only → index 0; none → no pagination object", async () => {
    const c = s.client();
    expect((await c.shows.get("1200000001", { episodesPageIndex: 2 })).episodesPagination).toEqual({
      pageIndex: 2,
      pageSize: 25,
      rowCount: 240,
    });
    const bySize = await c.shows.get("1200000001", { episodesPageSize: 7 });
    expect(bySize.episodesPagination).toMatchObject({ pageIndex: 0, pageSize: 7 });
    expect(bySize.episodes).toHaveLength(7);
    const plain = await c.shows.get("1200000001");
    expect(plain.episodesPagination).toBeUndefined();
    expect(plain.netNewReachPercent).toBeUndefined();
  });
  test("net new reach: accessible advertisers give a percent; Globex Bank is 403; 11 names never leave the client", async () => {
    const c = s.client();
    const show = await c.shows.get("1200000001", {
      netNewReachAdvertisers: ["Acme Mattress", "Northwind Coffee"],
      months: 2,
    });
    expect(show.netNewReachPercent).toBeGreaterThanOrEqual(0);
    expect(show.netNewReachPercent).toBeLessThanOrEqual(100);
    await expect(
      c.shows.get("1200000001", { netNewReachAdvertisers: ["Globex Bank"] }),
    ).rejects.toBeInstanceOf(AuthenticationError);
    const before = s.sandbox.requests("demo-pro");
    await expect(
      c.shows.get("1200000001", { netNewReachAdvertisers: Array.from({ length: 11 }, (_, i) => `a${i}`) }),
    ).rejects.toMatchObject({ field: "netNewReachAdvertisers" });
    expect(s.sandbox.requests("demo-pro")).toBe(before);
    const alpha = await c.shows.get("UCdemo0000000000000001", { netNewReachAdvertisers: ["Acme Mattress"] });
    expect(alpha.netNewReachPercent).toBeUndefined();
  });
  test("an unknown show is 404", async () => {
    await expect(s.client().shows.get("999")).rejects.toBeInstanceOf(NotFoundError);
  });
});

describe("net new reach and its window", () => {
  const nnr = async (names: string[], months?: number) =>
    (await s.client().shows.get("1200000001", { netNewReachAdvertisers: names, months })).netNewReachPercent!;
  test("netNewReachAdvertisers: several names act as one advertiser, so more names leave less net new reach", async () => {
    const one = await nnr(["Acme Mattress"]);
    const two = await nnr(["Acme Mattress", "northwind-coffee"]);
    expect(two).toBeLessThan(one);
    expect(one).toBeLessThanOrEqual(100);
  });
  test("months: a longer window reaches more listeners, so less is net new; without names it is not sent", async () => {
    expect(await nnr(["Acme Mattress"], 3)).toBeLessThan(await nnr(["Acme Mattress"], 1));
    const plain = await s.client().shows.get("1200000001", { months: 3 });
    expect(plain.netNewReachPercent).toBeUndefined();
  });
});

describe("data a prospect search stands on", () => {
  const ids = (show: { similarShows?: { seriesId: number }[] | null }) =>
    (show.similarShows ?? []).map((x) => x.seriesId);
  test("two different seeds give different similar-show lists, each most similar first", async () => {
    const c = s.client();
    const a = await c.shows.get("1200000003");
    const b = await c.shows.get("1200000010");
    expect(ids(a)).toHaveLength(50);
    expect(ids(b)).toHaveLength(50);
    expect(ids(a)).not.toEqual(ids(b));
    // Not a reordering of one list: each seed has shows the other's list lacks.
    expect(ids(a).filter((x) => !ids(b).includes(x)).length).toBeGreaterThan(5);
    expect(ids(a)).not.toContain(50002); // never the seed itself
    const sims = (a.similarShows ?? []).map((x) => x.contentSimilarity ?? 0);
    expect([...sims].sort((x, y) => y - x)).toEqual(sims);
  });
  test("net new reach differs between two advertisers on the same show, and between shows", async () => {
    const c = s.client();
    const nnr = async (id: string, name: string) =>
      (await c.shows.get(id, { netNewReachAdvertisers: [name] })).netNewReachPercent!;
    const acme = await nnr("1200000005", "Acme Mattress");
    const coffee = await nnr("1200000005", "Northwind Coffee");
    expect(acme).not.toBe(coffee);
    expect(await nnr("1200000004", "Acme Mattress")).not.toBe(acme);
  });
  test("an advertiser runs on some shows and not on others; content risk spreads over levels", async () => {
    const c = s.client();
    const shows = await Promise.all(
      Array.from({ length: 12 }, (_, i) => c.shows.get(String(1200000002 + i))),
    );
    const runs = shows.map((x) => (x.topAdvertisers ?? []).includes("Globex Bank"));
    expect(runs).toContain(true);
    expect(runs).toContain(false);
    const levels = new Set(shows.map((x) => x.contentRisk?.overallScore));
    expect(levels.size).toBeGreaterThanOrEqual(3);
  });
});
