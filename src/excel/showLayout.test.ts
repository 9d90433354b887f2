import { InMemoryWorkbook } from "../../preview/memory/workbook";
import type { ShowInfo } from "../api/schemas";
import { listDefinitions, createReportSheet, readDefinition, refreshReport } from "./reportSheets";
import { writeShowSheet } from "./showLayout";
import { saveDefinition } from "./store/reportRecords";

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

test("a show sheet whose tables the planner renamed is not refreshed: nothing changes and the message names them", async () => {
  const wb = new InMemoryWorkbook();
  const def = await createReportSheet(
    wb.excel,
    { kind: "show", params: { id: "77" }, label: "Show 77" },
    { type: "show", show },
  );
  await wb.excel.run(async (context) => {
    context.workbook.tables.getItem(`${def.tableName}_Episodes`).name = "MyEpisodes";
    await context.sync();
  });
  const before = JSON.stringify([wb.host.tables(), wb.host.cell("Show 77", 0, 0)]);
  await expect(
    refreshReport(wb.excel, "Show 77", async () => ({
      type: "show" as const,
      show: { ...show, title: "Fresh" },
    })),
  ).rejects.toThrow(
    /Show_77_Episodes is missing \(renamed or deleted\): rename it back.*nothing was changed/,
  );
  expect(JSON.stringify([wb.host.tables(), wb.host.cell("Show 77", 0, 0)])).toBe(before);
  // Without the table prefix in its definition (older sheets) and no Episodes table, likewise.
  await saveDefinition(wb.excel, { ...def, tableName: undefined });
  await expect(
    refreshReport(wb.excel, "Show 77", async () => ({ type: "show" as const, show })),
  ).rejects.toThrow(/not recognised/);
});

test("a show sheet laid out before the fixed layout is left as it is, with the planner's cells, and refreshed on a new sheet", async () => {
  const wb = new InMemoryWorkbook();
  const def = await createReportSheet(
    wb.excel,
    { kind: "show", params: { id: "77" }, label: "Show 77" },
    { type: "show", show },
  );
  // The old layout: the three tables stacked in column A, and a note of the planner's beside them.
  await wb.excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem("Show 77");
    const tables = sheet.tables;
    tables.load("items/name");
    await context.sync();
    tables.items.forEach((t) => t.delete());
    sheet.getRange().clear("All");
    ["Similarshows", "Episodes", "Ads"].forEach((suffix, i) => {
      sheet.getRange(`A${30 + i * 5}:B${31 + i * 5}`).values = [
        ["H1", "H2"],
        ["x", "y"],
      ];
      sheet.tables.add(`A${30 + i * 5}:B${31 + i * 5}`, true).name = `${def.tableName}_${suffix}`;
    });
    sheet.getRange("E31").values = [["shortlist for Q3"]];
    await context.sync();
  });
  const before = JSON.stringify(wb.model.sheetByName("Show 77")!.rows.get(30));
  const updated = await refreshReport(wb.excel, "Show 77", async () => ({ type: "show" as const, show }));
  expect(updated.status).toBe("ok");
  // The old sheet is as it was (its tables and the planner's note), no longer a report.
  expect(JSON.stringify(wb.model.sheetByName("Show 77")!.rows.get(30))).toBe(before);
  expect(wb.host.cell("Show 77", 30, 4).value).toBe("shortlist for Q3");
  expect((await listDefinitions(wb.excel)).map((d) => d.sheetName)).toEqual([updated.sheetName]);
  expect(updated.sheetName).toBe("Show 77 (2)");
  expect(updated.notes?.join(" ")).toMatch(/first layout of show sheets.*stays as it was/);
  const ads = () => wb.host.tables().find((t) => t.name === `${updated.tableName}_Ads`)?.rect;
  expect(ads()).toMatchObject({ row: 84, col: 16 });
  // Refreshed again: in place, on the new sheet.
  await refreshReport(wb.excel, "Show 77 (2)", async () => ({ type: "show" as const, show }));
  expect(ads()).toMatchObject({ row: 84, col: 16 });
});

test("tables stacked in the same columns share widths: each column fits the widest header or value above or below, after a refresh too", async () => {
  const wb = new InMemoryWorkbook();
  await createReportSheet(
    wb.excel,
    { kind: "show", params: { id: "77" }, label: "Widths" },
    { type: "show", show },
  );
  const cutHeaders = () => {
    const widths = wb.host.columnWidths("Widths");
    const cut: string[] = [];
    for (const t of wb.host.tables().filter((x) => x.sheet === "Widths"))
      for (let c = 0; c < t.rect.cols; c++) {
        const header = String(wb.host.cell("Widths", t.rect.row, t.rect.col + c).value);
        // The fit gives a header two characters more (the filter button), about 7 points each.
        if ((widths.get(t.rect.col + c) ?? 0) < (header.length + 2) * 7) cut.push(`${t.name}: ${header}`);
      }
    return cut;
  };
  expect(cutHeaders()).toEqual([]);
  const def = await refreshReport(wb.excel, "Widths", async () => ({ type: "show" as const, show }));
  expect(def.status).toBe("ok");
  expect(cutHeaders()).toEqual([]);
});

/*
 * Issue #49: a show sheet has its status line, as a report sheet has, rendered from its record by the
 * store (src/excel/reportStore.ts): written with the sheet, rendered again by each refresh and by a
 * failure, never over the planner's text.
 */
const line = (wb: InMemoryWorkbook) => String(wb.host.cell("Show 77", 2, 0).value);

test("a show sheet has a status line under its title, rendered from its record by every refresh and every failure", async () => {
  const wb = new InMemoryWorkbook();
  const def = await createReportSheet(
    wb.excel,
    { kind: "show", params: { id: "77" }, label: "Show 77" },
    { type: "show", show },
  );
  expect(line(wb)).toMatch(/^Show · show 77 · Last refreshed \d{4}-\d\d-\d\d \d\d:\d\d · 4 rows$/);
  expect((await readDefinition(wb.excel, "Show 77"))!.statusLine).toBe(true);
  // A refresh with more rows renders the line again: the same cell, the new count.
  const more = {
    ...show,
    similarShows: [...show.similarShows!, { seriesId: 3, title: "Third", contentSimilarity: 0.4 }],
  };
  const done = await refreshReport(wb.excel, "Show 77", async () => ({ type: "show" as const, show: more }), {
    now: () => new Date("2026-11-20T10:05:00"),
  });
  expect(done.rowCount).toBe(5);
  expect(line(wb)).toBe("Show · show 77 · Last refreshed 2026-11-20 10:05 · 5 rows");
  expect(wb.host.cell("Show 77", 0, 0).value).toBe("=Evil Show");
  // A failure says so over the same line, from the record; the data stays.
  await expect(
    refreshReport(wb.excel, "Show 77", async () => {
      throw new Error("The service failed");
    }),
  ).rejects.toThrow(/The service failed/);
  expect(line(wb)).toMatch(
    /^Refresh failed \S+ \S+: The service failed; the data is from 2026-11-20 10:05 · Show · show 77 · 5 rows$/,
  );
  // The next refresh that works says what it fetched again, with no failure left over.
  await refreshReport(wb.excel, "Show 77", async () => ({ type: "show" as const, show }), {
    now: () => new Date("2026-11-21T09:00:00"),
  });
  expect(line(wb)).toBe("Show · show 77 · Last refreshed 2026-11-21 09:00 · 4 rows");
  expect(def.tableName).toBeDefined();
});

test("a show sheet made before status lines gets one in its empty cell; the planner's text there stays, and the refresh says so", async () => {
  const wb = new InMemoryWorkbook();
  const def = await createReportSheet(
    wb.excel,
    { kind: "show", params: { id: "77" }, label: "Show 77" },
    { type: "show", show },
  );
  // As an earlier version stored it: no line on the sheet, none in the record.
  const old = { ...def, statusLine: undefined, statusHash: undefined, fetchedLine: undefined };
  await saveDefinition(wb.excel, old);
  wb.host.setInput("Show 77", 2, 0, "");
  await refreshReport(wb.excel, "Show 77", async () => ({ type: "show" as const, show }), {
    now: () => new Date("2026-11-22T08:30:00"),
  });
  expect(line(wb)).toBe("Show · show 77 · Last refreshed 2026-11-22 08:30 · 4 rows");
  // The planner types over it: their text stays through refreshes, and the refresh notes why.
  wb.host.setInput("Show 77", 2, 0, "Shortlist for Q3: call the host");
  const after = await refreshReport(wb.excel, "Show 77", async () => ({ type: "show" as const, show }));
  expect(line(wb)).toBe("Shortlist for Q3: call the host");
  expect(after.notes?.join(" ")).toMatch(/status line was not written: cell A3 holds your text/);
  await expect(
    refreshReport(wb.excel, "Show 77", async () => {
      throw new Error("The service failed");
    }),
  ).rejects.toThrow();
  expect(line(wb)).toBe("Shortlist for Q3: call the host");
});
