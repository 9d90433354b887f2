/** Episode search: every query parameter, against the sandbox over loopback. */
import { startSandbox, worldNow } from "../../test/support/sandbox";

let s: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  s = await startSandbox();
});
afterAll(() => s.close());

test("search: highlights in <em> tags and transcript hits", async () => {
  const { data } = await s
    .client()
    .search.episodes({ search: "mattress", transcriptOnly: true, timeFrame: 365, mediaType: ["podcast"] });
  expect(data.length).toBeGreaterThan(0);
  expect(data[0].highlights?.transcript?.[0].context).toMatch(/<em>mattress<\/em>/i);
  expect(data.every((h) => h.podcast.seriesPlatform === "podcast")).toBe(true);
});

describe("every query parameter narrows the answer", () => {
  const episodes = (q: Parameters<ReturnType<typeof s.client>["search"]["episodes"]>[0]) =>
    s
      .client()
      .search.episodes(q)
      .then((r) => r.data);
  test("search: every hit matches the query in its title, description or transcript", async () => {
    const hits = await episodes({ search: "sleep", timeFrame: 365 });
    expect(hits.length).toBeGreaterThan(0);
    for (const h of hits) {
      const text = [
        h.podcast.title,
        h.podcast.description,
        ...(h.highlights?.transcript ?? []).map((t) => t.context),
      ];
      expect(text.join(" ").toLowerCase()).toContain("sleep");
    }
  });
  test("timeFrame: only episodes uploaded within that many days", async () => {
    const since = (days: number) => worldNow() - days * 86_400_000;
    const week = await episodes({ search: "sleep", timeFrame: 7 });
    const quarter = await episodes({ search: "sleep", timeFrame: 90 });
    expect(week.length).toBeGreaterThan(0);
    expect(week.length).toBeLessThan(quarter.length);
    expect(week.every((h) => Date.parse(h.podcast.uploadedAt!) >= since(7))).toBe(true);
    expect(quarter.every((h) => Date.parse(h.podcast.uploadedAt!) >= since(90))).toBe(true);
    expect(await episodes({ search: "sleep", timeFrame: 0 })).toEqual([]);
  });
  test("exact: the words as one phrase", async () => {
    expect((await episodes({ search: "coffee travel", timeFrame: 60 })).length).toBeGreaterThan(0);
    expect(await episodes({ search: "coffee travel", timeFrame: 60, exact: true })).toEqual([]);
    expect(
      (await episodes({ search: "coffee and travel", timeFrame: 60, exact: true })).length,
    ).toBeGreaterThan(0);
  });
  test("transcriptOnly: only transcript matches", async () => {
    const hits = await episodes({ search: "coffee", timeFrame: 60, transcriptOnly: true });
    expect(hits.length).toBeGreaterThan(0);
    expect(hits.every((h) => !h.highlights?.title?.length && !h.highlights?.description?.length)).toBe(true);
  });
  test("excludeAds: text read in ads no longer matches", async () => {
    expect((await episodes({ search: "brought to you by", timeFrame: 60 })).length).toBeGreaterThan(0);
    expect(await episodes({ search: "brought to you by", timeFrame: 60, excludeAds: true })).toEqual([]);
  });
  test("showFilterIds: only those shows", async () => {
    const hits = await episodes({ search: "episode", timeFrame: 60, showFilterIds: [50000, 50005] });
    expect(hits.length).toBeGreaterThan(0);
    expect(new Set(hits.map((h) => h.podcast.seriesId))).toEqual(new Set([50000, 50005]));
  });
  test("mediaType: only shows of those platforms; all is no filter", async () => {
    const alpha = await episodes({ search: "episode", timeFrame: 60, mediaType: ["alpha"] });
    expect(alpha.length).toBeGreaterThan(0);
    expect(alpha.every((h) => h.podcast.seriesPlatform === "alpha")).toBe(true);
    const all = await episodes({ search: "episode", timeFrame: 60, mediaType: ["all", "alpha"] });
    expect(new Set(all.map((h) => h.podcast.seriesPlatform)).size).toBeGreaterThan(1);
  });
});
