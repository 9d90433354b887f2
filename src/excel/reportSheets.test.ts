import { InMemoryWorkbook } from "../../preview/memory/workbook";
import { saysFailedOver } from "./testing/failedLine";
import type { ShowInfo } from "../api/schemas";
import type { TypedTable } from "../api/table";
import type { ResolvedSource } from "../reports/definition";
import {
  createReportSheet,
  listDefinitions,
  readDefinition,
  refreshAll,
  refreshReport,
  removeDefinition,
  setRefreshOnOpenFlag,
  type SheetData,
} from "./reportSheets";
import { PART_LENGTH } from "./store/parts";
import { allStoredText } from "../../test/support/storedText";

const table = (n: number, tag: string): TypedTable => ({
  columns: [
    { name: "Day", kind: "date" },
    { name: "Campaign", kind: "text" },
    { name: "Spend", kind: "currency" },
  ],
  rows: Array.from({ length: n }, (_, i) => [45292 + i, `${tag} ${i}`, i * 1.5]),
});

const SECRET = "demo-pro-SECRET-KEY";

async function setup() {
  const wb = new InMemoryWorkbook();
  const params = {
    advertiser: ["Acme Mattress"],
    fields: ["Day", "Campaign", "Spend"],
    name: "x".repeat(600),
  };
  const def = await createReportSheet(
    wb.excel,
    {
      kind: "impressions",
      params,
      datePreset: { kind: "last", count: 3, unit: "months" },
      label: "Impressions",
    },
    { type: "table", table: table(50, "v1") },
    new Date(2026, 10, 22),
  );
  return { wb, def, params };
}

test("the definition round-trips through the sheet's custom properties, split into parts; the key is never stored", async () => {
  const { wb, def, params } = await setup();
  expect(def).toMatchObject({
    sheetName: "Impressions",
    tableName: "Impressions",
    rowCount: 50,
    status: "ok",
  });
  const props = wb.host.properties("Impressions");
  expect(Number(props.get("AdsReport.n"))).toBeGreaterThan(2);
  for (const v of props.values()) expect(v.length).toBeLessThanOrEqual(PART_LENGTH);
  const read = await readDefinition(wb.excel, "Impressions");
  expect(read).toEqual(def);
  expect(read!.params).toEqual(params);
  expect(allStoredText(wb)).not.toContain(SECRET);
  expect(await listDefinitions(wb.excel)).toHaveLength(1);
});

test("refresh resolves the relative dates again and writes into the same table, resized", async () => {
  const { wb } = await setup();
  const asked: ResolvedSource[] = [];
  const fetch = async (s: ResolvedSource): Promise<SheetData> => {
    asked.push(s);
    return { type: "table", table: table(80, "v2") };
  };
  const updated = await refreshReport(wb.excel, "Impressions", fetch, { now: () => new Date(2027, 0, 15) });
  expect(asked[0].params).toMatchObject({
    startDate: "2026-10-16",
    endDate: "2027-01-15",
    advertiser: ["Acme Mattress"],
  });
  expect(updated).toMatchObject({ status: "ok", rowCount: 80 });
  expect(wb.host.tables()).toEqual([
    { name: "Impressions", sheet: "Impressions", rect: { row: 2, col: 0, rows: 81, cols: 3 } },
  ]);
  expect(wb.host.cell("Impressions", 2 + 80, 1).value).toBe("v2 79");
  // The status line on top says when, how many rows and what was asked.
  expect(wb.host.cell("Impressions", 0, 0).value).toMatch(
    /^Impressions · Acme Mattress · .* \(2026-10-16 to 2027-01-15\) · Last refreshed 2027-01-15 \d\d:\d\d · 80 rows$/,
  );
});

/** The sheet's cells and tables but its first cell, the status line a failed refresh rewrites (issue 39). */
function cells(wb: InMemoryWorkbook): string {
  const out: unknown[] = [];
  for (let r = 0; r < 120; r++)
    for (let c = r === 0 ? 1 : 0; c < 4; c++) {
      const v = wb.host.cell("Impressions", r, c);
      out.push([v.value, v.numberFormat ?? "General"]);
    }
  return JSON.stringify([out, wb.host.tables()]);
}

test("a failing request leaves the data exactly as it was and records the error", async () => {
  const { wb } = await setup();
  const before = cells(wb);
  const line = wb.host.cell("Impressions", 0, 0).value;
  await expect(
    refreshReport(wb.excel, "Impressions", async () => {
      throw new Error("Monthly request limit exceeded. Please contact support.");
    }),
  ).rejects.toThrow(/Impressions: Monthly request limit/);
  expect(cells(wb)).toBe(before);
  expect(saysFailedOver(line, wb.host.cell("Impressions", 0, 0).value)).toBe(true);
  expect(await readDefinition(wb.excel, "Impressions")).toMatchObject({
    status: "error",
    lastError: "Monthly request limit exceeded. Please contact support.",
  });
});

// After the request, a small refresh takes 2 syncs for its data: the read (the record, the table and
// its neighbourhood), then every write (issue #54); its chart follows in a third, which never fails it.
test.each([1, 2])(
  "a failure while writing (sync %i of the rewrite) leaves the data exactly as it was",
  async (n) => {
    const { wb } = await setup();
    const before = cells(wb);
    const line = wb.host.cell("Impressions", 0, 0).value;
    let start = 0;
    const fetch = async (): Promise<SheetData> => {
      start = wb.syncLog.length;
      wb.faultHook = ({ sync, op }) => {
        if (sync === start + n && op === 0)
          throw Object.assign(new Error("The connection was lost"), { code: "ConnectionFailure" });
      };
      return { type: "table", table: table(90, "v3") };
    };
    await expect(refreshReport(wb.excel, "Impressions", fetch)).rejects.toThrow(/connection was lost/);
    wb.faultHook = undefined;
    expect(cells(wb)).toBe(before);
    expect(saysFailedOver(line, wb.host.cell("Impressions", 0, 0).value)).toBe(true);
    expect((await readDefinition(wb.excel, "Impressions"))!.status).toBe("error");
  },
);

test("refresh all goes through every report sheet, reporting progress; failures don't stop the rest", async () => {
  const { wb } = await setup();
  await createReportSheet(
    wb.excel,
    { kind: "lag", params: { advertiser: ["A"], groupKey: "series" }, label: "Lag" },
    { type: "table", table: table(5, "lag") },
  );
  await setRefreshOnOpenFlag(wb.excel, "Lag", true);
  const progress: string[] = [];
  const result = await refreshAll(
    wb.excel,
    async (s) => {
      if (s.kind === "lag") throw new Error("Invalid data");
      return { type: "table", table: table(3, "all") };
    },
    { onProgress: (p) => progress.push(`${p.done}/${p.total} ${p.sheetName}${p.error ? " !" : ""}`) },
  );
  expect(result.refreshed).toEqual(["Impressions"]);
  expect(result.failed).toEqual([{ sheetName: "Lag", error: "Lag: Invalid data" }]);
  expect(progress).toEqual(["1/2 Impressions", "2/2 Lag !"]);
  const onOpen = await refreshAll(wb.excel, async () => ({ type: "table", table: table(2, "open") }), {
    which: (d) => d.refreshOnOpen,
  });
  expect(onOpen.refreshed).toEqual(["Lag"]);
});

test("removing a report keeps its data and forgets its definition", async () => {
  const { wb } = await setup();
  await removeDefinition(wb.excel, "Impressions");
  expect(await listDefinitions(wb.excel)).toEqual([]);
  expect(wb.host.cell("Impressions", 2 + 1, 1).value).toBe("v1 0");
});

const show: ShowInfo = {
  serviceSeriesId: 1200000001,
  title: "=The Demo Show",
  platform: "Podcast",
  monthlyListeners: 120000,
  monthlyDownloads: 450000,
  hostRead: 62.5,
  topAdvertisers: ["Acme Mattress", "Northwind Coffee"],
  similarShows: [
    {
      seriesId: 2,
      title: "+Other",
      contentSimilarity: 0.8,
      audienceSimilarityThirdParty: 0.4,
      audienceSimilaritySocial: 0.3,
      audienceSimilarityOverlap: 12,
      audienceSimilarityOverlapReverse: 9,
    },
  ],
  contentRisk: { seriesId: 1, overallScore: "low", scoreByCategory: { violence: "minimal" } },
  socialA: "https://social-a.example/demo",
  numSocialAFans: 5000,
  netNewReachPercent: 41.5,
  episodes: [
    {
      title: "Ep 1",
      serviceEpisodeId: 11,
      downloads: 900,
      podcastDownloads: 800,
      alphaDownloads: 100,
      uploadedAt: "2026-11-01T10:00:00Z",
      ads: [
        { adId: 5, advertiser: "Acme Mattress", startTs: 30, endTs: 90, placementNum: 1 },
        { adId: 6, advertiser: "@Northwind", startTs: 600, endTs: 660, placementNum: 2 },
      ],
    },
    { title: "Ep 2", serviceEpisodeId: 12, downloads: 700, ads: [] },
  ],
};

test("the show sheet: title, metrics, risk, social, top advertisers, similar shows, episodes and ads tables", async () => {
  const wb = new InMemoryWorkbook();
  await createReportSheet(
    wb.excel,
    { kind: "show", params: { id: "1200000001" }, label: "Show 1200000001" },
    { type: "show", show },
  );
  const find = (text: string) => {
    const s = wb.model.sheetByName("Show 1200000001")!;
    for (const [r, cols] of s.rows)
      for (const [c, cell] of cols) if (cell.value === text) return { r, c, cell };
    return null;
  };
  expect(find("=The Demo Show")?.cell.formula).toBeUndefined();
  expect(wb.host.cell("Show 1200000001", find("Monthly listeners")!.r, 1).value).toBe(120000);
  expect(wb.host.cell("Show 1200000001", find("Net new reach %")!.r, 1)).toMatchObject({
    value: 0.415,
    numberFormat: "0.00%",
    text: "41.50%",
  });
  expect(find("Content risk")).not.toBeNull();
  expect(find("Acme Mattress")).not.toBeNull();
  const tables = wb.host.tables().map((t) => [t.name, t.rect.rows - 1]);
  expect(tables).toEqual([
    ["Show_1200000001_Similarshows", 1],
    ["Show_1200000001_Episodes", 2],
    ["Show_1200000001_Ads", 2],
  ]);
  expect(find("@Northwind")?.cell.formula).toBeUndefined();
  // refresh rebuilds the sheet in place of the old one, keeping its definition
  await refreshReport(wb.excel, "Show 1200000001", async () => ({
    type: "show",
    show: { ...show, monthlyListeners: 130000 },
  }));
  expect(wb.host.sheets().map((s) => s.name)).toEqual(["Sheet1", "Show 1200000001"]);
  expect(wb.host.cell("Show 1200000001", find("Monthly listeners")!.r, 1).value).toBe(130000);
  expect((await readDefinition(wb.excel, "Show 1200000001"))!.kind).toBe("show");
});
