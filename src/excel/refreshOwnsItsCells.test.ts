/**
 * A refresh owns the cells it wrote last time and nothing else (docs/report-sheets.md, "Refresh"):
 * the everyday edits a planner makes around and inside a report sheet, each refreshed to more rows
 * and to fewer, through office.js into the in-memory Excel. Each test names the edit it keeps.
 */
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import type { ShowInfo } from "../api/schemas";
import type { TypedTable } from "../api/table";
import { createReportSheet, readDefinition, refreshReport, type SheetData } from "./reportSheets";

const DAY = 45992; // 2025-12-01
/** Status line, two summary lines, a blank row, then the header. */
const HEADER = 4;

function report(days: number[], campaigns = ["Alpha", "Beta"], totals = false): TypedTable {
  const rows = days.flatMap((d) =>
    campaigns.map((c, i) => [DAY + d, c, 100 * (d + 1) + i * 10, 1000 * (d + 1)]),
  );
  return {
    columns: [
      { name: "Day", kind: "date" },
      { name: "Campaign", kind: "text" },
      { name: "Spend", kind: "currency" },
      { name: "Impressions", kind: "integer" },
    ],
    rows,
    summary: [
      ["Report", "Impressions"],
      ["Dates", `${days.length} days`],
    ],
    ...(totals ? { totals: ["Total", null, rows.reduce((n, r) => n + (r[2] as number), 0), null] } : {}),
  };
}

async function setup(table = report([0, 1])) {
  const wb = new InMemoryWorkbook({ sheets: ["Plan"] });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  const def = await createReportSheet(
    wb.excel,
    { kind: "impressions", params: {}, label: "Spend", chart: false },
    { type: "table", table },
  );
  return { wb, def, tableName: def.tableName! };
}

const refresh = (wb: InMemoryWorkbook, table: TypedTable, seen?: { requests: number }) =>
  refreshReport(wb.excel, "Spend", async (): Promise<SheetData> => {
    if (seen) seen.requests++;
    return { type: "table", table };
  });

const cell = (wb: InMemoryWorkbook, r: number, c: number) => wb.host.cell("Spend", r, c);
const tableRect = (wb: InMemoryWorkbook, name: string) => wb.host.tables().find((t) => t.name === name)!.rect;
const headers = (wb: InMemoryWorkbook, name: string) => {
  const r = tableRect(wb, name);
  return Array.from({ length: r.cols }, (_, c) => cell(wb, r.row, r.col + c).value);
};
/** The table's body as objects by header. */
const rowsOf = (wb: InMemoryWorkbook, name: string) => {
  const r = tableRect(wb, name);
  const h = headers(wb, name);
  return Array.from({ length: r.rows - 1 }, (_, i) =>
    Object.fromEntries(h.map((k, c) => [String(k), cell(wb, r.row + 1 + i, r.col + c)])),
  );
};

test("a total typed two rows under the report table moves with the table's end, growing and shrinking", async () => {
  const { wb, tableName } = await setup();
  // Header at row 4, four rows: the table ends at row 8; the total goes two rows under it.
  wb.host.setInput("Spend", 10, 1, "Budget left");
  wb.host.setInput("Spend", 10, 2, "=5000-SUM(C6:C9)");
  await refresh(wb, report([0, 1, 2, 3]));
  const grown = tableRect(wb, tableName);
  expect(grown.rows).toBe(9);
  expect(cell(wb, grown.row + grown.rows + 1, 1).value).toBe("Budget left");
  expect(cell(wb, grown.row + grown.rows + 1, 2)).toMatchObject({ formula: "=5000-SUM(C6:C13)" });
  await refresh(wb, report([0]));
  const shrunk = tableRect(wb, tableName);
  expect(shrunk.rows).toBe(3);
  expect(cell(wb, shrunk.row + shrunk.rows + 1, 1).value).toBe("Budget left");
  expect(cell(wb, shrunk.row + shrunk.rows + 1, 2).value).toBe(5000 - 210);
});

test("a note beside the status line stays, its value, format and link", async () => {
  const { wb } = await setup();
  // Right beside the status line (which runs on over it when B1 is empty).
  wb.host.setInput("Spend", 0, 1, "checked by Ann");
  wb.host.setHyperlink("Spend", 0, 1, "https://intranet.example/checks");
  await refresh(wb, report([0, 1, 2]));
  await refresh(wb, report([0]));
  expect(cell(wb, 0, 0).value).toMatch(/^Impressions · .* · Last refreshed /);
  expect(cell(wb, 0, 1)).toMatchObject({
    value: "checked by Ann",
    hyperlink: "https://intranet.example/checks",
  });
});

test("a comment to the right of the table keeps its row, and moves right when the report gains a column", async () => {
  const { wb, tableName } = await setup();
  // Right beside the table (A:D), in its second body row: typed there, it joins the table as a column
  // of the planner's (Excel's AutoExpansion), which follows its row.
  wb.host.setInput("Spend", HEADER + 2, 4, "why so low?");
  expect(headers(wb, tableName)).toEqual(["Day", "Campaign", "Spend", "Impressions", "Column5"]);
  wb.host.setInput("Spend", HEADER + 12, 6, "=E7");
  await refresh(wb, report([0, 1, 2, 3, 4]));
  expect(cell(wb, HEADER + 2, 4).value).toBe("why so low?");
  const wider: TypedTable = {
    ...report([0]),
    columns: [...report([0]).columns, { name: "Reach", kind: "integer" }],
    rows: report([0]).rows.map((r) => [...r, 7]),
  };
  await refresh(wb, wider);
  // The report's new column goes after its last one, before the planner's.
  expect(headers(wb, tableName)).toEqual(["Day", "Campaign", "Spend", "Impressions", "Reach", "Column5"]);
  expect(cell(wb, HEADER + 2, 5).value).toBe("why so low?");
  expect(cell(wb, HEADER + 12, 6)).toMatchObject({ formula: "=F7", value: "why so low?" });
});

test("a line typed under a report whose body is empty moves down when rows arrive, and back up", async () => {
  const { wb, tableName } = await setup(report([]));
  expect(tableRect(wb, tableName).rows).toBe(2);
  wb.host.setInput("Spend", HEADER + 3, 0, "ask the client for Q1 data");
  await refresh(wb, report([0, 1, 2]));
  expect(cell(wb, HEADER + 8, 0).value).toBe("ask the client for Q1 data");
  await refresh(wb, report([]));
  expect(cell(wb, HEADER + 3, 0).value).toBe("ask the client for Q1 data");
});

test("a renamed report column is still that column: no fresh one, the planner's name kept, new data in it", async () => {
  const { wb, tableName } = await setup();
  wb.host.setInput("Spend", HEADER, 3, "Impr.");
  await refresh(wb, report([0, 1, 2]));
  expect(headers(wb, tableName)).toEqual(["Day", "Campaign", "Spend", "Impr."]);
  expect(rowsOf(wb, tableName).map((r) => r["Impr."].value)).toEqual([1000, 1000, 2000, 2000, 3000, 3000]);
  const def = await readDefinition(wb.excel, "Spend");
  expect(def!.columns!.map((c) => c.name)).toEqual(["Day", "Campaign", "Spend", "Impressions"]);
});

test("a report column the planner moved stays where they moved it", async () => {
  const { wb, tableName } = await setup();
  wb.host.moveTableColumn(tableName, 2, 3); // Spend to the end
  await refresh(wb, report([0, 1, 2]));
  expect(headers(wb, tableName)).toEqual(["Day", "Campaign", "Impressions", "Spend"]);
  for (const r of rowsOf(wb, tableName))
    expect((r.Spend.value as number) % 100).toBe(r.Campaign.value === "Alpha" ? 0 : 10);
});

test("a notes column the planner put between two report columns stays there, its notes on their rows", async () => {
  const { wb, tableName } = await setup();
  wb.host.insertTableColumn(tableName, 2, "Notes");
  wb.host.setInput("Spend", HEADER + 2, 2, "renewal?"); // day 0, Beta
  await refresh(wb, report([0, 1, 2]));
  expect(headers(wb, tableName)).toEqual(["Day", "Campaign", "Notes", "Spend", "Impressions"]);
  const notes = rowsOf(wb, tableName).filter((r) => r.Notes.value !== null);
  expect(notes.map((r) => [r.Day.value, r.Campaign.value, r.Notes.value])).toEqual([
    [DAY, "Beta", "renewal?"],
  ]);
});

test("a note with a link keeps its link when its row moves", async () => {
  const { wb, tableName } = await setup();
  wb.host.insertTableColumn(tableName, 4, "Brief");
  wb.host.setInput("Spend", HEADER + 4, 4, "see brief"); // day 1, Beta
  wb.host.setHyperlink("Spend", HEADER + 4, 4, "https://drive.example/brief");
  // Day 5 first: every old row moves down two.
  await refresh(wb, report([-1, 0, 1]));
  const row = rowsOf(wb, tableName).find((r) => r.Day.value === DAY + 1 && r.Campaign.value === "Beta")!;
  expect(row.Brief).toMatchObject({ value: "see brief", hyperlink: "https://drive.example/brief" });
});

test("notes that cannot follow their rows are named by row and by key, and nothing changes", async () => {
  const { wb, tableName } = await setup();
  wb.host.insertTableColumn(tableName, 4, "Notes");
  wb.host.setInput("Spend", HEADER + 4, 4, "keep me"); // day 1, Beta: row 9
  const before = JSON.stringify(rowsOf(wb, tableName));
  await expect(refresh(wb, report([0]))).rejects.toThrow(/row 9 \(2025-12-02 · Beta\)/);
  expect(JSON.stringify(rowsOf(wb, tableName))).toBe(before);
});

test("a calculated column with one cell the planner overrode fills new rows with its formula, the exception kept", async () => {
  const { wb, tableName } = await setup();
  wb.host.insertTableColumn(tableName, 4, "CPM");
  for (let r = 0; r < 4; r++) wb.host.setInput("Spend", HEADER + 1 + r, 4, "=[@Spend]/[@Impressions]*1000");
  wb.host.setInput("Spend", HEADER + 2, 4, "99"); // day 0, Beta: the planner's own figure
  await refresh(wb, report([0, 1, 2, 3]));
  const rows = rowsOf(wb, tableName);
  expect(rows).toHaveLength(8);
  for (const r of rows) {
    if (r.Day.value === DAY && r.Campaign.value === "Beta")
      expect(r.CPM).toMatchObject({ value: 99, formula: undefined });
    else expect(r.CPM.formula).toBe("=[@Spend]/[@Impressions]*1000");
  }
});

test("a refusal that needs no request sends none: rows typed into the table, a table in the way of its growth", async () => {
  const { wb, tableName } = await setup();
  const seen = { requests: 0 };
  wb.host.setInput("Spend", HEADER + 5, 1, "typed into the table");
  await expect(refresh(wb, report([0, 1, 2]), seen)).rejects.toThrow(/no request was sent/);
  expect(seen.requests).toBe(0);
  wb.host.setInput("Spend", HEADER + 5, 1, "");
  await wb.excel.run(async (context) => {
    const t = context.workbook.worksheets.getItem("Spend").tables.getItem(tableName);
    t.resize("A5:D9");
    const ws = context.workbook.worksheets.getItem("Spend");
    // Half under the report's columns (D), half beside them (E): growing would cut it in two.
    ws.getRange("D15:E16").values = [
      ["Mine", "Too"],
      [1, 2],
    ];
    ws.tables.add("Spend!D15:E16", true).name = "PlannerTable";
    await context.sync();
  });
  await expect(refresh(wb, report([0, 1, 2]), seen)).rejects.toThrow(
    /"PlannerTable" \(D15:E16\).*no request was sent/,
  );
  expect(seen.requests).toBe(0);
});

test("a line under a show sheet's stacked tables moves with their end", async () => {
  const wb = new InMemoryWorkbook({ sheets: ["Plan"] });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  const show = (episodes: number): ShowInfo =>
    ({
      serviceSeriesId: 50000,
      title: "The Demo Show",
      platform: "Podcast",
      episodes: Array.from({ length: episodes }, (_, i) => ({
        title: `Episode ${i}`,
        serviceEpisodeId: 900 + i,
      })),
      episodesPagination: { pageIndex: 0, pageSize: 100, rowCount: episodes },
    }) as unknown as ShowInfo;
  const def = await createReportSheet(
    wb.excel,
    { kind: "show", params: { id: "1200000001" }, label: "Show" },
    { type: "show", show: show(3) },
  );
  const episodes = () => wb.host.tables().find((t) => t.name === `${def.tableName}_Episodes`)!.rect;
  const end = () => episodes().row + episodes().rows;
  wb.host.setInput(def.sheetName, end() + 2, 0, "my line");
  await refreshReport(wb.excel, def.sheetName, async () => ({ type: "show", show: show(10) }));
  expect(wb.host.cell(def.sheetName, end() + 2, 0).value).toBe("my line");
  await refreshReport(wb.excel, def.sheetName, async () => ({ type: "show", show: show(1) }));
  expect(wb.host.cell(def.sheetName, end() + 2, 0).value).toBe("my line");
});

test("new data that shares no column with the old replaces every report column, and a note right of the table stays beside it", async () => {
  const { wb, tableName } = await setup();
  const before = tableRect(wb, tableName);
  wb.host.setInput("Spend", before.row, before.col + before.cols + 1, "checked by Ana");
  const renamed: TypedTable = {
    columns: [
      { name: "Week", kind: "date" },
      { name: "Show", kind: "text" },
      { name: "Reach", kind: "integer" },
    ],
    rows: [
      [DAY, "Morning Run", 1200],
      [DAY + 7, "Morning Run", 1500],
    ],
  };
  await refresh(wb, renamed);
  expect(headers(wb, tableName)).toEqual(["Week", "Show", "Reach"]);
  expect(rowsOf(wb, tableName).map((r) => r.Reach.value)).toEqual([1200, 1500]);
  const after = tableRect(wb, tableName);
  expect(cell(wb, after.row, after.col + after.cols + 1).value).toBe("checked by Ana");
  const def = await readDefinition(wb.excel, "Spend");
  expect(def!.columns!.map((c) => c.name)).toEqual(["Week", "Show", "Reach"]);
});
