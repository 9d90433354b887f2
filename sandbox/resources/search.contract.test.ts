/** Episode search: every query parameter, against the sandbox over loopback. */
import { startSandbox } from "../../test/support/sandbox";

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
