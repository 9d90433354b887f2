/**
 * The other report endpoints honour every parameter they accept (audience, lag, campaign performance,
 * both spend reports, listener IDs): each case proves one by a narrower or different answer.
 */
import { BadRequestError } from "../../src/api/errors";
import type { ReportKind, ReportParams } from "../../src/api/schemas";
import type { TypedTable } from "../../src/api/table";
import { startSandbox } from "../../test/support/sandbox";
import { column, dates, isoOf, sum } from "../testing/tables";

let s: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  s = await startSandbox();
});
afterAll(() => s.close());

const run = async <K extends ReportKind>(kind: K, params: ReportParams[K]): Promise<TypedTable> =>
  (await s.client().reports.run(kind, params)).table;

describe("audience", () => {
  const base = { show: ["1200000001"], startDate: "2026-09-01", endDate: "2026-11-30" };
  /** The service's uploadedAt (MM/DD/YYYY text), shown as "Uploaded". */
  const uploaded = (t: TypedTable) =>
    column(t, "Uploaded").map((v) => (typeof v === "number" ? isoOf(v) : String(v)));
  test("startDate/endDate: only episodes published in the range", async () => {
    const wide = await run("audience", base);
    const narrow = await run("audience", { ...base, startDate: "2026-11-01", endDate: "2026-11-10" });
    expect(narrow.rows.length).toBeLessThan(wide.rows.length);
    expect(uploaded(narrow).every((d) => d >= "2026-11-01" && d <= "2026-11-10")).toBe(true);
  });
  test("show: only the shows asked for (by directory id or Alpha channel id)", async () => {
    const t = await run("audience", { ...base, show: ["1200000001", "UCdemo0000000000000001"] });
    expect(new Set(column(t, "Series"))).toEqual(
      new Set(["The Demo Show", (await s.client().shows.get("UCdemo0000000000000001")).title]),
    );
  });
  test("impressionGeo: the countries' share of the impressions; the listed countries add up to the whole", async () => {
    const whole = sum(await run("audience", base), "RSS Impressions");
    const gb = sum(await run("audience", { ...base, impressionGeo: ["gb"] }), "RSS Impressions");
    expect(gb).toBeGreaterThan(0);
    expect(gb).toBeLessThan(whole / 2);
    const all = sum(await run("audience", { ...base, impressionGeo: ["US", "GB", "CA"] }), "RSS Impressions");
    expect(all).toBe(whole);
  });
  test("mediaType: only the shows of the labels asked for", async () => {
    const shows = { ...base, show: ["1200000001", "UCdemo0000000000000001"] };
    const podcast = await run("audience", { ...shows, mediaType: ["Podcast"] });
    expect(new Set(column(podcast, "Series"))).toEqual(new Set(["The Demo Show"]));
    const video = await run("audience", { ...shows, mediaType: ["Video"] });
    expect(column(video, "Series")).not.toContain("The Demo Show");
    expect(video.rows.length).toBeGreaterThan(0);
    await expect(run("audience", { ...shows, mediaType: ["Holograms"] })).rejects.toBeInstanceOf(
      BadRequestError,
    );
  });
});

describe("lag", () => {
  const base = {
    advertiser: ["Acme Mattress"],
    groupKey: "publisher" as const,
    startDate: "2026-08-01",
    endDate: "2026-10-31",
  };
  const actions = (t: TypedTable) =>
    t.rows.reduce((n, r) => n + r.slice(2).reduce<number>((a, v) => a + Number(v), 0), 0);
  test("startDate/endDate: a narrower range counts fewer actions", async () => {
    const wide = actions(await run("lag", base));
    const narrow = actions(await run("lag", { ...base, startDate: "2026-10-01", endDate: "2026-10-07" }));
    expect(narrow).toBeGreaterThan(0);
    expect(narrow).toBeLessThan(wide / 4);
  });
  test("dates as timestamps (digits, seconds or milliseconds) mean the same days as ISO dates", async () => {
    const iso = actions(await run("lag", { ...base, startDate: "2026-10-01", endDate: "2026-10-07" }));
    const ms = actions(
      await run("lag", { ...base, startDate: String(Date.UTC(2026, 9, 1)), endDate: Date.UTC(2026, 9, 7) }),
    );
    const seconds = actions(
      await run("lag", {
        ...base,
        startDate: Date.UTC(2026, 9, 1) / 1000,
        endDate: Date.UTC(2026, 9, 7) / 1000,
      }),
    );
    expect([ms, seconds]).toEqual([iso, iso]);
  });
  test("advertiser: only that advertiser's campaigns", async () => {
    const ids = async (advertiser: string) =>
      new Set(
        column(await run("lag", { ...base, advertiser: [advertiser], groupKey: "campaigns" }), "Object ID"),
      );
    const [acme, wayne] = [await ids("Acme Mattress"), await ids("Wayne Travel")];
    expect([...acme].some((id) => wayne.has(id))).toBe(false);
  });
  test.each([
    ["mediaType", /^(podcast|simulcast|alpha|streaming|sai)$/],
    ["publisher", /^(Lumen Audio|Harbor Media|Northstar Network|Open Mic Co)$/],
    ["campaigns", /^cmp-/],
    ["series", /^5\d{4}$/],
    ["genres", /^[A-Z][a-z]+( [A-Z][a-z]+)?$/],
    ["country", /^(US|GB|CA)$/],
  ] as const)("groupKey %s: Object ID is that kind of object", async (groupKey, shape) => {
    const t = await run("lag", { ...base, groupKey });
    expect(t.rows.length).toBeGreaterThan(0);
    for (const id of column(t, "Object ID")) expect(String(id)).toMatch(shape);
  });
  test("actions: only those actions (empty: all)", async () => {
    expect(new Set(column(await run("lag", { ...base, actions: ["purchase"] }), "Action"))).toEqual(
      new Set(["purchase"]),
    );
    expect(new Set(column(await run("lag", { ...base, actions: [] }), "Action")).size).toBe(5);
  });
  test("attributionWindow: W + 1 day columns, and fewer actions in a shorter window", async () => {
    const short = await run("lag", { ...base, attributionWindow: 7 });
    expect(short.columns.map((c) => c.name)).toEqual([
      "Action",
      "Object ID",
      ...Array.from({ length: 8 }, (_, i) => `Day ${i + 1}`),
    ]);
    expect(actions(short)).toBeLessThan(actions(await run("lag", base)));
  });
  test("showIncrementalResults: the day columns count incremental actions (fewer)", async () => {
    expect(actions(await run("lag", { ...base, showIncrementalResults: true }))).toBeLessThan(
      actions(await run("lag", base)),
    );
  });
  test("the shared conversion settings apply (here attributionPreset); the simulcast switches are ignored (V2)", async () => {
    expect(actions(await run("lag", { ...base, attributionPreset: "none" }))).toBeLessThan(
      actions(await run("lag", base)),
    );
    expect(actions(await run("lag", { ...base, ytSimulcastConv: false }))).toBe(
      actions(await run("lag", base)),
    );
  });
});

describe("campaign performance", () => {
  test("startDate/endDate: only campaigns whose flight overlaps, with their delivery in the range", async () => {
    const spring = await run("campaignsPerformance", { startDate: "2026-05-10", endDate: "2026-05-20" });
    const autumn = await run("campaignsPerformance", { startDate: "2026-10-01", endDate: "2026-10-10" });
    expect(column(spring, "Campaign").some((c) => String(c).includes("Spring flight"))).toBe(true);
    expect(column(autumn, "Campaign").some((c) => String(c).includes("Spring flight"))).toBe(false);
    const week = await run("campaignsPerformance", { startDate: "2026-10-01", endDate: "2026-10-07" });
    const month = await run("campaignsPerformance", { startDate: "2026-10-01", endDate: "2026-10-31" });
    expect(sum(week, "Impressions")).toBeLessThan(sum(month, "Impressions"));
    expect(dates(month, "Start date").every((d) => d <= "2026-10-31")).toBe(true);
  });
});

describe("estimated spend", () => {
  const body = { advertisers: ["Acme Mattress"], startDate: "2026-09-01", endDate: "2026-10-31" };
  test("advertisers: only those advertisers", async () => {
    const t = await run("estimatedSpendByDay", { ...body, advertisers: ["Northwind Coffee"] });
    expect(new Set(column(t, "Advertiser"))).toEqual(new Set(["Northwind Coffee"]));
  });
  test("startDate/endDate: only days inside the range", async () => {
    const t = await run("estimatedSpendByDay", { ...body, startDate: "2026-10-01", endDate: "2026-10-15" });
    const days = column(t, "Day").map(isoOf);
    expect(days.length).toBeGreaterThan(0);
    expect(days.every((d) => d >= "2026-10-01" && d <= "2026-10-15")).toBe(true);
  });
  test("by show by day is the same spend cut by show: its rows add up to by day's", async () => {
    const byDay = await run("estimatedSpendByDay", body);
    const byShow = await run("estimatedSpendByShowByDay", body);
    expect(sum(byShow, "Estimated Spend")).toBeCloseTo(sum(byDay, "Estimated Spend"), 1);
  });
});

describe("listener IDs", () => {
  const rows = async (params: ReportParams["impressionListeners"]) =>
    (await run("impressionListeners", params)).rows;
  test("episodeId: the episode must exist", async () => {
    await expect(run("impressionListeners", { episodeId: "99999999" })).rejects.toBeInstanceOf(
      BadRequestError,
    );
  });
  test("week_lb: fewer weeks back, fewer listeners and listens", async () => {
    // An episode published a year before the world's newest, so its listens spread over many weeks.
    const old = { episodeId: "140" };
    const all = await rows(old);
    const recent = await rows({ ...old, week_lb: 10 });
    expect(recent.length).toBeLessThan(all.length);
    const listens = (r: typeof all) => r.reduce((n, x) => n + Number(x[1]), 0);
    expect(listens(recent)).toBeLessThan(listens(all));
  });
  test("advertiser: its listeners join the prefix listeners when it has an ad in the episode", async () => {
    const demo = await s.client().shows.get("1200000001", { episodesPageSize: 100 });
    const ep = demo.episodes!.find((e) => (e.ads ?? []).some((a) => a.advertiser === "Acme Mattress"))!;
    const without = (await s.client().shows.get("1200000001", { episodesPageSize: 100 })).episodes!.find(
      (e) => !(e.ads ?? []).some((a) => a.advertiser === "Acme Mattress"),
    )!;
    const id = String(ep.serviceEpisodeId);
    const prefix = await rows({ episodeId: id });
    expect((await rows({ episodeId: id, advertiser: "acme-mattress" })).length).toBeGreaterThan(
      prefix.length,
    );
    const other = String(without.serviceEpisodeId);
    expect((await rows({ episodeId: other, advertiser: "acme-mattress" })).length).toBe(
      (await rows({ episodeId: other })).length,
    );
  });
});
