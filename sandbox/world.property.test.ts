/**
 * The generated world is self-consistent: for random shows, advertisers, ranges and groupings, every
 * figure is plausible and every relation between figures holds, within and across endpoints.
 */
import fc from "fast-check";
import Papa from "papaparse";
import { REPORT_HEADERS } from "../src/api/reportHeaders";
import { generateReportCsv } from "./csv";
import { individualAds } from "./resources/ads";
import { incrementality } from "./resources/incrementality";
import { showInfo } from "./resources/shows";
import { adSpend } from "./model/adSpend";
import { ACCESSIBLE_ADVERTISERS, DAY, World } from "./world";
import { propertyRuns } from "../test/support/propertyRuns";

const world = new World();
const NOW = Date.UTC(2026, 10, 22);
const RUNS = { numRuns: propertyRuns(25) };

type Row = Record<string, string>;
const table = (csv: string): Row[] => Papa.parse<Row>(csv, { header: true, skipEmptyLines: true }).data;
const num = (v: string | undefined) => (v === undefined || v === "" ? null : Number(v));
const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

const advertisers = fc.subarray(ACCESSIBLE_ADVERTISERS, { minLength: 1, maxLength: 3 });
/** A range of 1 to 21 days between June and November 2026. */
const dateRange = fc
  .tuple(fc.integer({ min: 0, max: 160 }), fc.integer({ min: 0, max: 20 }))
  .map(([from, length]) => {
    const start = Date.UTC(2026, 5, 1) + from * DAY;
    return { startDate: iso(start), endDate: iso(start + length * DAY) };
  });
const showIndex = fc.integer({ min: 0, max: world.shows.length - 1 });

test("show info: downloads add up by platform and window, shares are percentages of the show's own ads", () => {
  fc.assert(
    fc.property(showIndex, (i) => {
      const show = world.shows[i];
      const info = showInfo(world, show, { episodesPageSize: 100 }) as Record<string, unknown> & {
        episodes: Record<string, unknown>[];
      };
      const n = (k: string) => info[k] as number;
      expect(n("monthlyDownloads")).toBe(
        n("podcastMonthlyDownloads") +
          n("ytMonthlyDownloads") +
          n("gammaMonthlyDownloads") +
          n("betaMonthlyDownloads"),
      );
      expect(typeof n("monthlyListeners")).toBe("number");
      expect(n("podcastMonthlyDownloads")).toBeGreaterThanOrEqual(n("monthlyListeners"));
      for (const k of ["hostRead", "directRes", "renewalRate", "adLoad", "adLoadYT"]) {
        expect(typeof n(k)).toBe("number");
        expect(n(k)).toBeGreaterThanOrEqual(0);
        expect(n(k)).toBeLessThanOrEqual(100);
      }
      const eps = world.episodes(show);
      expect(n("countAds")).toBe(eps.reduce((a, e) => a + e.ads.length, 0));
      const top = info.topAdvertisers as string[];
      const count = (a: string) =>
        eps.reduce((x, e) => x + e.ads.filter((ad) => ad.advertiser === a).length, 0);
      expect(top.length).toBeLessThanOrEqual(25);
      for (let k = 1; k < top.length; k++) expect(count(top[k - 1])).toBeGreaterThanOrEqual(count(top[k]));
      const similar = info.similarShows as { contentSimilarity: number }[];
      expect(similar.length).toBeLessThanOrEqual(50);
      if (show.platform !== "Podcast") expect(similar).toEqual([]);
      for (let k = 1; k < similar.length; k++)
        expect(similar[k - 1].contentSimilarity).toBeGreaterThanOrEqual(similar[k].contentSimilarity);
      for (const e of info.episodes) {
        const v = (k: string) => e[k] as number;
        expect(v("downloads")).toBe(
          v("podcastDownloads") + v("alphaDownloads") + v("gammaDownloads") + v("betaDownloads"),
        );
        for (const p of ["", "podcast", "alpha", "gamma", "beta"]) {
          const key = (s: string) => (p ? `${p}${s.charAt(0).toUpperCase()}${s.slice(1)}` : s);
          expect(v(key("downloads"))).toBeGreaterThanOrEqual(v(key("downloadsAt30Days")));
          expect(v(key("downloadsAt30Days"))).toBeGreaterThanOrEqual(v(key("downloadsAt7Days")));
          expect(v(key("downloadsAt7Days"))).toBeGreaterThanOrEqual(0);
        }
        const ads = e.ads as { startTs: number; endTs: number; placementNum: number }[];
        ads.forEach((a, k) => {
          expect(a.placementNum).toBe(k + 1);
          expect(a.startTs).toBeLessThan(a.endTs);
          expect(a.endTs).toBeLessThanOrEqual(v("duration"));
          if (k) expect(a.startTs).toBeGreaterThan(ads[k - 1].endTs);
        });
        const adTime = ads.reduce((a, ad) => a + ad.endTs - ad.startTs, 0);
        expect(v("adLoad")).toBeCloseTo((adTime / v("duration")) * 100, 1);
        const agents = (e.userAgents as Record<string, number>[]).map((x) => Object.values(x)[0]);
        expect(agents.reduce((a, b) => a + b, 0)).toBe(v("podcastDownloads"));
        expect(agents[0]).toBeGreaterThanOrEqual(agents[1]);
      }
    }),
    RUNS,
  );
});

test("net new reach: a percentage that only falls with more advertisers or a longer window", () => {
  const podcasts = world.shows.filter((s) => s.platform === "Podcast");
  fc.assert(
    fc.property(
      fc.integer({ min: 0, max: podcasts.length - 1 }),
      advertisers,
      fc.integer({ min: 1, max: 2 }),
      (i, names, months) => {
        const pct = (n: string[], m: number) =>
          showInfo(world, podcasts[i], { netNewReachAdvertisers: n, months: m }).netNewReachPercent as number;
        const p = pct(names, months);
        expect(p).toBeGreaterThanOrEqual(0);
        expect(p).toBeLessThanOrEqual(100);
        expect(pct(names, months + 1)).toBeLessThanOrEqual(p);
        expect(pct([...names, "Stark Apparel"], months)).toBeLessThanOrEqual(p);
      },
    ),
    RUNS,
  );
});

const IMPRESSION_FIELDS = [
  "Day",
  "Campaign",
  "Spend",
  "Podcast & Streaming Impressions",
  "Alpha Views",
  "Beta Impressions",
  "Gamma Video Impressions",
  "Reach",
  "Frequency",
  "Visitors",
  "Visits",
  "Purchases",
  "Online Purchases",
  "Offline Purchases",
  "Visitors Modeled",
  "Revenue",
  "ROAS",
  "CPM",
  "Promo codes",
];

test("impressions: rows in range, reach below impressions, ratios from their parts, and a week is the sum of its days", () => {
  fc.assert(
    fc.property(
      advertisers,
      dateRange,
      fc.constantFrom(undefined, "country", "DMA"),
      fc.boolean(),
      (names, range, geoGrouping, modelOffline) => {
        const body = { advertiser: names, ...range, fields: IMPRESSION_FIELDS, geoGrouping, modelOffline };
        const rows = table(
          generateReportCsv(world, "impressions", { ...body, formatting: { totals: true } }, NOW),
        );
        const totals = rows.pop()!;
        expect(totals.Day).toBe("Total");
        const sum = (k: string) => rows.reduce((a, r) => a + (num(r[k]) ?? 0), 0);
        for (const r of [...rows, totals]) {
          const n = (k: string) => num(r[k]) ?? 0;
          if (r !== totals) expect(r.Day >= range.startDate && r.Day <= range.endDate).toBe(true);
          const impressions =
            n("Podcast & Streaming Impressions") +
            n("Alpha Views") +
            n("Beta Impressions") +
            n("Gamma Video Impressions");
          expect(n("Reach")).toBeLessThanOrEqual(impressions);
          if (n("Reach") > 0) expect(n("Frequency")).toBeCloseTo(impressions / n("Reach"), 1);
          expect(n("Visits")).toBeGreaterThanOrEqual(n("Visitors"));
          expect(n("Purchases")).toBeLessThanOrEqual(n("Visitors"));
          expect(n("Online Purchases") + n("Offline Purchases")).toBe(n("Purchases"));
          expect(n("Visitors Modeled")).toBeGreaterThanOrEqual(n("Visitors"));
          expect(n("Promo codes")).toBeLessThanOrEqual(n("Purchases") + 1);
          if (n("Spend") > 0) expect(n("ROAS")).toBeCloseTo(n("Revenue") / n("Spend"), 1);
          if (n("Podcast & Streaming Impressions") > 0 && r.Spend !== "")
            expect(n("CPM")).toBeCloseTo((n("Spend") / n("Podcast & Streaming Impressions")) * 1000, 1);
          if (!modelOffline) expect(n("Offline Purchases")).toBe(0);
        }
        for (const k of ["Spend", "Revenue", "Visitors", "Podcast & Streaming Impressions"])
          expect(num(totals[k]) ?? 0).toBeCloseTo(sum(k), 1);
        const weeks = table(generateReportCsv(world, "impressions", { ...body, timeGrouping: "week" }, NOW));
        for (const k of ["Visitors", "Purchases", "Podcast & Streaming Impressions"])
          expect(weeks.reduce((a, r) => a + (num(r[k]) ?? 0), 0)).toBe(sum(k));
      },
    ),
    RUNS,
  );
});

test("audience: platforms add up, windows grow with time and stay within the total", () => {
  fc.assert(
    fc.property(
      showIndex,
      dateRange,
      fc.constantFrom(undefined, ["US"], ["gb", "ca"]),
      (i, range, impressionGeo) => {
        const body = { show: [world.shows[i].ids[0]], ...range, impressionGeo };
        for (const r of table(generateReportCsv(world, "audience", body, NOW))) {
          const n = (k: string) => num(r[k]) ?? 0;
          const parts = {
            "": "RSS Impressions",
            " Alpha": "Alpha Impressions",
            " Beta": "Beta Impressions",
            " Gamma": "Gamma Impressions",
          };
          expect(n("Total Impressions")).toBe(Object.values(parts).reduce((a, k) => a + n(k), 0));
          for (const [suffix, whole] of Object.entries(parts)) {
            const w = ["d15", "d30", "d45", "d60"].map((d) => n(`${d}${suffix}`));
            for (let k = 1; k < w.length; k++) expect(w[k]).toBeGreaterThanOrEqual(w[k - 1]);
            expect(w[3]).toBeLessThanOrEqual(n(whole));
          }
          expect(n("reach")).toBeLessThanOrEqual(n("Total Impressions"));
          expect(n("Alpha Engaged Impressions")).toBeLessThanOrEqual(n("Alpha Impressions"));
        }
      },
    ),
    RUNS,
  );
});

test("campaign performance: delivery adds up, windows grow, rates and costs come from the counts, text is whole", () => {
  const TEXT = [
    "Expected",
    "Category",
    "Unit",
    "Initiative",
    "Product",
    "Business Line",
    "Resolved Status",
    "Impressions Source",
  ];
  fc.assert(
    fc.property(dateRange, (range) => {
      for (const r of table(generateReportCsv(world, "campaignsPerformance", range, NOW))) {
        const n = (k: string) => num(r[k]) ?? 0;
        expect(n("Impressions")).toBe(
          n("Podcast Downloads") +
            n("Alpha Views") +
            n("Beta Views") +
            n("Gamma Video Streams") +
            n("Radio Impressions"),
        );
        const windows = ["7d", "15d", "30d", "45d", "60d"].map((d) => n(`${d} Impressions`));
        for (let k = 1; k < windows.length; k++) expect(windows[k]).toBeGreaterThanOrEqual(windows[k - 1]);
        expect(windows[4]).toBeLessThanOrEqual(n("Impressions"));
        expect(n("Reach")).toBeLessThanOrEqual(n("Impressions"));
        if (n("Impressions") > 0)
          expect(n("Visitor %")).toBeCloseTo((n("Visitors") / n("Impressions")) * 100, 1);
        if (n("Visitors") > 0 && r.Spend !== "")
          expect(n("Cost Per Visitor")).toBeCloseTo(n("Spend") / n("Visitors"), 1);
        expect(r["Start date"] <= r["End date"]).toBe(true);
        // No fragments of the column's own name as a value ("expe", "cate", "reso").
        for (const k of TEXT)
          if (r[k] && r[k].length <= 4) expect(k.toLowerCase().startsWith(r[k].toLowerCase())).toBe(false);
      }
    }),
    { numRuns: propertyRuns(8) },
  );
});

test("individual ads, spend reports and episodes tell the same story", () => {
  fc.assert(
    fc.property(fc.constantFrom(...ACCESSIBLE_ADVERTISERS), dateRange, (advertiser, range) => {
      const [from, to] = [Date.parse(range.startDate), Date.parse(range.endDate)];
      const rows = individualAds(world, advertiser, from, to);
      let spend = 0;
      for (const r of rows) {
        expect(String(r.published_at) >= range.startDate && String(r.published_at) <= range.endDate).toBe(
          true,
        );
        expect(String(r.start_time) < String(r.end_time)).toBe(true);
        expect(String(r.end_time) <= String(r.episode_duration)).toBe(true);
        if (r.media_type === "podcast") {
          expect(r.episode_url_in_feed).toMatch(/\.mp3$/);
          expect(typeof r.estimated_impressions).toBe("number");
          spend += Number(r.estimated_spend);
        } else expect(r.estimated_spend).toBeNull();
        if (r.media_type === "alpha") {
          expect(r.episode_url_in_feed).toMatch(/watch\?v=/);
          expect(r.alpha_show_id).not.toBeNull();
        }
      }
      const byDay = table(
        generateReportCsv(world, "estimatedSpendByDay", { advertisers: [advertiser], ...range }, NOW),
      );
      const byShow = table(
        generateReportCsv(world, "estimatedSpendByShowByDay", { advertisers: [advertiser], ...range }, NOW),
      );
      const total = (t: Row[]) => t.reduce((a, r) => a + Number(r["Estimated Spend"]), 0);
      expect(total(byDay)).toBeCloseTo(spend, 1);
      expect(total(byShow)).toBeCloseTo(spend, 1);
      expect(Object.keys(byShow[0] ?? {})).toEqual(
        byShow.length ? [...REPORT_HEADERS.estimatedSpendByShowByDay] : [],
      );
    }),
    RUNS,
  );
});

test("every ad's spend is its episode's podcast downloads at the show's CPM", () => {
  fc.assert(
    fc.property(showIndex, (i) => {
      const show = world.shows[i];
      for (const e of world.episodes(show).slice(0, 10))
        // Rounded to the cent: at most half a cent off (a half cent itself rounds either way in binary).
        expect(Math.abs(adSpend(show, e) - (e.downloads.podcast[0] * show.cpm) / 1000)).toBeLessThanOrEqual(
          0.005 + 1e-9,
        );
    }),
    { numRuns: propertyRuns(10) },
  );
});

test("incrementality: lift, incremental percent and intervals agree", () => {
  fc.assert(
    fc.property(
      advertisers,
      fc.constantFrom("channel", "publisher", "show_campaign"),
      dateRange,
      (names, level, range) => {
        for (const r of incrementality(
          world,
          names,
          level,
          undefined,
          undefined,
          { ...range, includeErrors: true },
          NOW,
        )) {
          expect(names).toContain(r.advertiser);
          if (r.errorReason !== null) {
            expect(r.lift).toBeNull();
            continue;
          }
          const lift = Number(r.lift);
          expect(Number(r.incrementalPercent)).toBeCloseTo((1 - 1 / lift) * 100, 0);
          expect(Number(r.incrementalCiLower)).toBeLessThanOrEqual(Number(r.incrementalPercent));
          expect(Number(r.incrementalCiUpper)).toBeGreaterThanOrEqual(Number(r.incrementalPercent));
          expect(Number(r.testActions)).toBeLessThanOrEqual(Number(r.testSize));
          expect(Number(r.controlActions)).toBeLessThanOrEqual(Number(r.controlSize));
        }
      },
    ),
    { numRuns: propertyRuns(10) },
  );
});
