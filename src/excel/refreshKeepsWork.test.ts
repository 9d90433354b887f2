/**
 * A refresh never destroys a planner's work: on a report table the planner added a calculated CPM
 * column, a notes column, their own number format on Spend, a sort and a filter; the table is
 * refreshed to more rows and to fewer, and every one of them holds. What cannot be kept is refused,
 * naming it, with nothing changed.
 */
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import type { TypedTable } from "../api/table";
import { BAND_ROWS } from "./charts/chartLayout";
import { createReportSheet, readDefinition, refreshReport } from "./reportSheets";

const DAY = 45992; // 2025-12-01
/** The header's row: under the sheet's status line, the rows kept for its chart and a blank row. */
const HEADER = 2 + BAND_ROWS;
/** A1 address of a row (1 = the header's) in the table's columns. */
const at = (col: string, row: number) => `${col}${HEADER + row}`;

function report(days: number[], campaigns = ["Alpha", "Beta"]): TypedTable {
  return {
    columns: [
      { name: "Day", kind: "date" },
      { name: "Campaign", kind: "text" },
      { name: "Spend", kind: "currency" },
      { name: "Impressions", kind: "integer" },
    ],
    rows: days.flatMap((d) => campaigns.map((c, i) => [DAY + d, c, 100 * (d + 1) + i * 10, 1000 * (d + 1)])),
  };
}

async function setup() {
  const wb = new InMemoryWorkbook({ sheets: ["Plan"] });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  const def = await createReportSheet(
    wb.excel,
    { kind: "impressions", params: {}, label: "Spend" },
    { type: "table", table: report([0, 1]) },
  );
  // The planner's work: a CPM column (one formula for every row), a Notes column, $ without cents
  // on Spend, a sort by Spend (largest first), a filter showing Alpha only, and a formula elsewhere.
  await wb.excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem("Spend");
    const t = sheet.tables.getItem(def.tableName!);
    t.resize(`${at("A", 1)}:${at("F", 5)}`);
    sheet.getRange(`${at("E", 1)}:${at("F", 1)}`).values = [["CPM", "Notes"]];
    sheet.getRange(`${at("E", 2)}:${at("E", 5)}`).formulas = [1, 2, 3, 4].map(() => [
      "=[@Spend]/[@Impressions]*1000",
    ]);
    sheet.getRange(`${at("F", 2)}:${at("F", 5)}`).numberFormat = [["@"], ["@"], ["@"], ["@"]];
    sheet.getRange(`${at("F", 2)}`).values = [["booked 00123"]];
    sheet.getRange(`${at("F", 4)}`).values = [["renewal?"]];
    sheet.getRange(`${at("C", 2)}:${at("C", 5)}`).numberFormat = [
      ["$#,##0"],
      ["$#,##0"],
      ["$#,##0"],
      ["$#,##0"],
    ];
    t.sort.apply([{ key: 2, ascending: false }]);
    t.autoFilter.apply(t.getRange(), 1, { filterOn: "Values" as Excel.FilterOn, values: ["Alpha"] });
    await context.sync();
  });
  wb.host.setInput("Plan", 0, 0, `=SUM(${def.tableName}[CPM])`);
  return { wb, def };
}

const body = (wb: InMemoryWorkbook, rows: number) =>
  Array.from({ length: rows }, (_, r) =>
    [0, 1, 2, 3, 4, 5].map((c) => wb.host.cell("Spend", r + HEADER + 1, c)),
  );

test("refreshed to more rows and then to fewer: calculated and notes columns, formats, sort, filter, name and place all hold", async () => {
  const { wb, def } = await setup();
  const notesBefore = body(wb, 4).map((r) => [r[0].value, r[1].value, r[5].value]);
  expect(notesBefore.filter((n) => n[2] !== null)).toHaveLength(2);

  // More rows: days 0, 1 and 2.
  await refreshReport(wb.excel, "Spend", async () => ({ type: "table", table: report([0, 1, 2]) }));
  const t = wb.host.tables().find((x) => x.name === def.tableName)!;
  expect(t.rect).toEqual({ row: HEADER, col: 0, rows: 7, cols: 6 });
  expect([0, 1, 2, 3, 4, 5].map((c) => wb.host.cell("Spend", HEADER, c).value)).toEqual([
    "Day",
    "Campaign",
    "Spend",
    "Impressions",
    "CPM",
    "Notes",
  ]);
  const rows = body(wb, 6);
  // Sorted again by Spend, largest first.
  expect(rows.map((r) => r[2].value)).toEqual([310, 300, 210, 200, 110, 100]);
  // CPM is filled for every row and calculated; Spend keeps the planner's format.
  for (const r of rows) {
    expect(r[4].formula).toBe("=[@Spend]/[@Impressions]*1000");
    expect(r[4].value).toBeCloseTo(((r[2].value as number) / (r[3].value as number)) * 1000, 9);
    expect(r[2].numberFormat).toBe("$#,##0");
  }
  // Each note is still on its row (same day and campaign), as text.
  for (const [day, campaign, note] of notesBefore.filter((n) => n[2] !== null)) {
    const row = rows.find((r) => r[0].value === day && r[1].value === campaign)!;
    expect(row[5]).toMatchObject({ value: note, numberFormat: "@" });
  }
  expect(rows.filter((r) => r[5].value !== null)).toHaveLength(2);
  // The filter still shows Alpha only; the formula elsewhere reads the whole new column.
  const hidden = wb.model.sheetByName("Spend")!.hiddenRows;
  expect(rows.filter((_, i) => !hidden.has(i + HEADER + 1)).every((r) => r[1].value === "Alpha")).toBe(true);
  expect(wb.host.cell("Plan", 0, 0).value).toBeCloseTo(
    rows.reduce((n, r) => n + (r[4].value as number), 0),
    9,
  );
  // The report's chart is drawn from sums of all of it: a point a day, a line per campaign (the spend
  // stays in the table: beside campaign lines it would be one more line in other units), the
  // campaigns' lines adding up to the table's impressions.
  const chart = () => wb.host.charts("Spend").find((c) => c.name === `${def.tableName} chart`)!;
  const impressionsDrawn = () =>
    chart()
      .series.filter((x) => !x.secondary)
      .flatMap((x) => x.values)
      .reduce<number>((n, v) => n + (v ?? 0), 0);
  expect(chart().series.map((x) => x.values.length)).toEqual([3, 3]);
  expect(chart().series.map((x) => x.name)).toEqual(["Alpha", "Beta"]);
  expect(impressionsDrawn()).toBe(rows.reduce((n, r) => n + (r[3].value as number), 0));
  expect((await readDefinition(wb.excel, "Spend"))!.columns!.map((c) => c.name)).toEqual([
    "Day",
    "Campaign",
    "Spend",
    "Impressions",
  ]);

  // Fewer rows: only day 1 remains, so the note on day 0 cannot be kept: refused, nothing changed.
  const snapshot = JSON.stringify(body(wb, 6));
  const refused = await refreshReport(wb.excel, "Spend", async () => ({
    type: "table",
    table: report([1]),
  })).catch((e: Error) => e.message);
  expect(refused).toMatch(
    /"Notes" has entries on 1 row the new data no longer has \(row \d+ \(2025-12-01 · Alpha\)\).*nothing was changed/,
  );
  expect(JSON.stringify(body(wb, 6))).toBe(snapshot);

  // The planner moves that note out; now the table shrinks, and nothing stale stays below it.
  const dayZeroNote = rows.findIndex((r) => r[0].value === DAY && r[5].value !== null);
  wb.host.setInput("Spend", dayZeroNote + HEADER + 1, 5, "");
  await refreshReport(wb.excel, "Spend", async () => ({ type: "table", table: report([1]) }));
  expect(wb.host.tables().find((x) => x.name === def.tableName)!.rect).toEqual({
    row: HEADER,
    col: 0,
    rows: 3,
    cols: 6,
  });
  expect(body(wb, 2).map((r) => [r[2].value, r[4].formula, r[2].numberFormat])).toEqual([
    [210, "=[@Spend]/[@Impressions]*1000", "$#,##0"],
    [200, "=[@Spend]/[@Impressions]*1000", "$#,##0"],
  ]);
  expect(body(wb, 2).some((r) => r[5].value === "renewal?")).toBe(true);
  // One day left: one point per line, still adding up to the table.
  expect(chart().series.map((x) => x.values.length)).toEqual([1, 1]);
  expect(impressionsDrawn()).toBe(body(wb, 2).reduce((n, r) => n + (r[3].value as number), 0));
  const below = [];
  for (let r = HEADER + 3; r < HEADER + 8; r++)
    for (let c = 0; c < 6; c++) below.push(wb.host.cell("Spend", r, c));
  expect(below.filter((x) => x.value !== null || x.numberFormat !== undefined || x.bold)).toEqual([]);
});

test("rows typed into the table are not silently deleted: the refresh is refused, naming them", async () => {
  const { wb } = await setup();
  // Typing just under the table adds the row to it, as Excel does.
  wb.host.setInput("Spend", HEADER + 5, 1, "budget note");
  const before = JSON.stringify(body(wb, 5));
  await expect(
    refreshReport(wb.excel, "Spend", async () => ({ type: "table", table: report([0, 1]) })),
  ).rejects.toThrow(
    new RegExp(`1 row the report did not write, row ${HEADER + 6} \\(budget note\\):.*nothing was changed`),
  );
  expect(JSON.stringify(body(wb, 5))).toBe(before);
  expect((await readDefinition(wb.excel, "Spend"))!.status).toBe("error");
});

test("a refresh that fails at its last sync puts back every cell, format, bold and the table's extent", async () => {
  const withTotals = { ...report([0, 1, 2]), totals: ["Total", null, 630, 6000] };
  const refresh = (wb: InMemoryWorkbook) =>
    refreshReport(wb.excel, "Spend", async () => ({ type: "table", table: withTotals }));
  const { wb: probe } = await setup();
  const probeStart = probe.syncLog.length;
  await refresh(probe);
  const last = probe.syncLog.length - probeStart;
  expect(probe.host.cell("Spend", HEADER + 7, 0)).toMatchObject({ value: "Total", bold: true });

  // The data's last sync is the last one whose failure fails the refresh (the chart comes after).
  for (let k = last; k > 0; k--) {
    const { wb } = await setup();
    const dump = () =>
      JSON.stringify([body(wb, 8), wb.host.tables(), wb.model.sheetByName("Spend")!.hiddenRows.size]);
    const before = dump();
    const start = wb.syncLog.length;
    wb.faultHook = ({ sync, op }) => {
      if (sync - start === k && op === 0)
        throw Object.assign(new Error("connection lost"), { code: "GeneralException" });
    };
    const failed = await refresh(wb).then(
      () => false,
      (e: Error) => e.message.includes("connection lost"),
    );
    wb.faultHook = undefined;
    if (!failed) continue;
    expect(dump()).toBe(before);
    expect(wb.host.cell("Spend", HEADER + 7, 0).bold).toBeUndefined();
    return;
  }
  throw new Error("no sync of the refresh failed it");
});
