import { InMemoryWorkbook } from "../../preview/memory/workbook";
import type { ShowInfo } from "../api/schemas";
import { createReportSheet, refreshReport } from "./reportSheets";
import { writeShowSheet } from "./showLayout";
import { saveDefinition } from "./reportStore";

const show: ShowInfo = {
  serviceSeriesId: 77,
  title: "=Evil Show",
  platform: "Podcast",
  monthlyDownloads: 120_000,
  monthlyListeners: 50_000,
  topAdvertisers: ["Acme", "-Minus Corp"],
  similarShows: [{ seriesId: 2, title: "Other", contentSimilarity: 0.5 }],
  contentRisk: { overallScore: "medium", scoreByCategory: { language: "high" } },
  socialB: "https://social-b.example/evil",
  numSocialBFans: 1234,
  episodes: [
    {
      title: "@Ep",
      serviceEpisodeId: 1,
      downloads: 10,
      podcastDownloads: 7,
      betaDownloads: 3,
      ads: [
        { adId: 1, advertiser: "Acme", startTs: 1, endTs: 2 },
        { adId: 2, advertiser: "+Plus", startTs: 3, endTs: 4 },
      ],
    },
  ],
};

test("writeShowSheet: a readable sheet; service text never becomes a formula; one row per ad", async () => {
  const wb = new InMemoryWorkbook();
  const { rows } = await writeShowSheet(wb.excel, show, { sheetName: "Evil Show", prefix: "Evil" });
  expect(rows).toBe(4); // 1 similar show, 1 episode, 2 ads
  const s = wb.model.sheetByName("Evil Show")!;
  const texts: string[] = [];
  for (const cols of s.rows.values())
    for (const c of cols.values()) {
      expect(c.formula).toBeUndefined();
      if (typeof c.value === "string") texts.push(c.value);
    }
  for (const t of ["=Evil Show", "Key metrics", "-Minus Corp", "Other", "medium", "@Ep", "+Plus"])
    expect(texts.some((x) => x.includes(t))).toBe(true);
  expect(texts.some((x) => x.includes("social-b.example"))).toBe(true);
  // Table names take the prefix; one row per ad in the ads table (header + 2).
  expect(wb.host.tables().map((t) => [t.name, t.sheet, t.rect.rows])).toEqual([
    ["Evil_Similarshows", "Evil Show", 2],
    ["Evil_Episodes", "Evil Show", 2],
    ["Evil_Ads", "Evil Show", 3],
  ]);
});

test("a show report sheet can be created twice and refreshed again and again (table names never collide)", async () => {
  const wb = new InMemoryWorkbook();
  for (let i = 0; i < 2; i++)
    await createReportSheet(
      wb.excel,
      { kind: "show", params: { id: "77" }, label: "Show 77" },
      { type: "show", show },
    );
  for (let i = 0; i < 3; i++) {
    const def = await refreshReport(wb.excel, "Show 77", async () => ({
      type: "show" as const,
      show: { ...show, monthlyDownloads: 1000 + i },
    }));
    expect(def.status).toBe("ok");
  }
  const names = wb.host.tables().map((t) => t.name.toLowerCase());
  expect(new Set(names).size).toBe(names.length);
  expect(
    wb.host
      .sheets()
      .map((s) => s.name)
      .sort(),
  ).toEqual(["Sheet1", "Show 77", "Show 77 (2)"].sort());
});

test("a show sheet is refreshed in place: same sheet, same place, same table names, so references to it hold", async () => {
  const wb = new InMemoryWorkbook({ sheets: ["Plan"] });
  await createReportSheet(
    wb.excel,
    { kind: "show", params: { id: "77" }, label: "Show 77" },
    { type: "show", show },
  );
  wb.host.activate("Plan");
  const sheetId = () => wb.model.sheetByName("Show 77")?.id;
  const before = { id: sheetId(), order: wb.host.sheets().map((s) => s.name), tables: wb.host.tables() };
  await refreshReport(wb.excel, "Show 77", async () => ({
    type: "show" as const,
    show: { ...show, title: "Renamed Show" },
  }));
  expect(sheetId()).toBe(before.id);
  expect(wb.host.sheets().map((s) => s.name)).toEqual(before.order);
  expect(wb.host.tables().map((t) => t.name)).toEqual(before.tables.map((t) => t.name));
  expect(wb.host.cell("Show 77", 0, 0).value).toBe("Renamed Show");
});

test("when the sheet cannot be written in place, the complete new sheet takes its place (no half sheet, no leftover)", async () => {
  const wb = new InMemoryWorkbook();
  const def = await createReportSheet(
    wb.excel,
    { kind: "show", params: { id: "77" }, label: "Show 77" },
    { type: "show", show },
  );
  // An older definition without the table prefix, and the planner renamed the Episodes table.
  await saveDefinition(wb.excel, { ...def, tableName: undefined });
  await wb.excel.run(async (context) => {
    context.workbook.tables.getItem(`${def.tableName}_Episodes`).name = "MyEpisodes";
    await context.sync();
  });
  const updated = await refreshReport(wb.excel, "Show 77", async () => ({
    type: "show" as const,
    show: { ...show, title: "Fresh" },
  }));
  expect(updated.status).toBe("ok");
  expect(
    wb.host
      .sheets()
      .map((s) => s.name)
      .sort(),
  ).toEqual(["Sheet1", "Show 77"]);
  expect(wb.host.cell("Show 77", 0, 0).value).toBe("Fresh");
  expect(updated.tableName).toBeDefined();
  expect(
    wb.host.tables().some((t) => t.name === `${updated.tableName}_Episodes` && t.sheet === "Show 77"),
  ).toBe(true);
});
