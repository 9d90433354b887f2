/**
 * Issue #35's cases, one named test each, through the genuine office.js client: what a planner wrote
 * and an earlier refresh lost (or told them to lose), now kept. Each fails on the code before it.
 */
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import { openStoredFixture } from "../../test/support/storedFixtures";
import type { TypedTable } from "../api/table";
import { writeDashboard } from "./dashboardSheet";
import { createReportSheet, readDefinition, refreshReport } from "./reportSheets";

const DAY = 45992; // 2025-12-01

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

async function reportSheet(table: TypedTable, chart = false) {
  const wb = new InMemoryWorkbook({ sheets: ["Plan"] });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  const def = await createReportSheet(
    wb.excel,
    { kind: "impressions", params: {}, label: "Spend", chart },
    { type: "table", table },
  );
  return { wb, def, table: () => wb.host.tables().find((t) => t.name === def.tableName)!.rect };
}

const refresh = (wb: InMemoryWorkbook, table: TypedTable, sheet = "Spend") =>
  refreshReport(wb.excel, sheet, async () => ({ type: "table", table }));

const rowValues = (wb: InMemoryWorkbook, sheet: string, row: number, cols: number) =>
  Array.from({ length: cols }, (_, c) => wb.host.cell(sheet, row, c).value);

test("the refusal names the row the planner inserted inside the table, and following it keeps their line", async () => {
  const { wb, table } = await reportSheet(report([0, 1, 2]));
  const t = table();
  // Sheet row 5 of the body's second row: the planner inserts a row there and types a manual line.
  const inserted = t.row + 2;
  await wb.excel.run(async (context) => {
    context.workbook.worksheets
      .getItem("Spend")
      .getRange(`${inserted + 1}:${inserted + 1}`)
      .insert("Down" as Excel.InsertShiftDirection);
    await context.sync();
  });
  wb.host.setInput("Spend", inserted, 1, "Manual adjustment");
  wb.host.setInput("Spend", inserted, 2, "500");
  const last = table().row + table().rows;
  const error = await refresh(wb, report([0, 1, 2, 3])).then(
    () => "",
    (e: Error) => e.message,
  );
  // Exactly that row (sheet row numbers are 1-based), and not the table's last one.
  expect(error).toContain(
    `the table has 1 row the report did not write, row ${inserted + 1} (Manual adjustment): move it out`,
  );
  expect(error).not.toContain(`row ${last}`);
  expect(error).toMatch(/no request was sent, nothing was changed/);

  // The planner follows the advice: the line moves out of the table (cut, pasted two rows under it).
  const line = rowValues(wb, "Spend", inserted, 4);
  const under = table().row + table().rows + 2;
  await wb.excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem("Spend");
    sheet.getRange(`A${under + 1}:D${under + 1}`).values = [
      line.map((v) => (v === null ? "" : v)) as (string | number)[],
    ];
    sheet.getRange(`${inserted + 1}:${inserted + 1}`).delete("Up" as Excel.DeleteShiftDirection);
    await context.sync();
  });
  const moved = under - 1; // the deleted row pulled it up
  await refresh(wb, report([0, 1, 2, 3]));
  const after = table();
  expect(after.rows).toBe(1 + 8);
  // The line is where the planner put it, moved down with the table's two new rows.
  expect(rowValues(wb, "Spend", moved + 2, 4)).toEqual(line);
});

test("a line typed into an empty report's blank row is the planner's: the refresh refuses, naming it, and keeps it", async () => {
  const { wb, table } = await reportSheet(report([]));
  const t = table();
  expect(t.rows).toBe(2); // the header and the one blank row every table has
  wb.host.setInput("Spend", t.row + 1, 1, "Booked: 3 spots on Daily Bright");
  const error = await refresh(wb, report([0, 1])).then(
    () => "",
    (e: Error) => e.message,
  );
  expect(error).toContain(`row ${t.row + 2}`);
  expect(error).toMatch(/move it out of the table/);
  expect(wb.host.cell("Spend", t.row + 1, 1).value).toBe("Booked: 3 spots on Daily Bright");
  expect(table()).toEqual(t);
});

test("a title typed over the status line stays, and the refresh says the status line was not written", async () => {
  const { wb } = await reportSheet(report([0, 1]));
  expect(String(wb.host.cell("Spend", 0, 0).value)).toMatch(/^Impressions · .* · Last refreshed /);
  wb.host.setInput("Spend", 0, 0, "Acme Q3 plan: spend by day");
  const def = await refresh(wb, report([0, 1, 2]));
  expect(wb.host.cell("Spend", 0, 0).value).toBe("Acme Q3 plan: spend by day");
  expect(def.notes?.join(" ")).toMatch(/status line was not written/);
  // The planner clears their title: the status line is back at the next refresh.
  wb.host.setInput("Spend", 0, 0, "");
  await refresh(wb, report([0, 1, 2]));
  expect(String(wb.host.cell("Spend", 0, 0).value)).toMatch(/^Impressions · .* · Last refreshed /);
});

test("a sheet stored before column identity (the first shape, 2026-11-22) keeps the columns the planner added inside its table", async () => {
  // Written by the add-in's own code at b672c6b: no columns recorded, table at A1, no status line.
  const wb = openStoredFixture("report-first");
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  const name = "Spend by day";
  const t = wb.host.tables().find((x) => x.sheet === name)!;
  wb.host.insertTableColumn(t.name, t.rect.cols, "Margin");
  wb.host.insertTableColumn(t.name, t.rect.cols + 1, "Notes");
  const rect = () => wb.host.tables().find((x) => x.name === t.name)!.rect;
  const r = rect();
  for (let i = 1; i < r.rows; i++) wb.host.setInput(name, r.row + i, r.col + r.cols - 2, "=0.1*5");
  const day = wb.host.cell(name, r.row + 1, 0).value;
  wb.host.setInput(name, r.row + 1, r.col + r.cols - 1, "renewal?");
  // The service's answer with the old sheet's columns and days (each note stays on its row).
  const answer: TypedTable = {
    columns: [
      { name: "Day", kind: "datetime" },
      { name: "Advertiser", kind: "text" },
      { name: "Estimated Spend", kind: "currency" },
      { name: "Read By", kind: "text" },
    ],
    rows: Array.from({ length: r.rows - 1 }, (_, i) =>
      [0, 1, 2, 3].map((c) => wb.host.cell(name, r.row + 1 + i, c).value as string | number),
    ),
  };
  const def = await refreshReport(wb.excel, name, async () => ({ type: "table", table: answer }));
  const after = rect();
  const headers = Array.from(
    { length: after.cols },
    (_, c) => wb.host.cell(name, after.row, after.col + c).value,
  );
  expect(headers).toEqual(expect.arrayContaining(["Margin", "Notes"]));
  const margin = headers.indexOf("Margin");
  const notes = headers.indexOf("Notes");
  for (let i = 1; i < after.rows; i++)
    expect(wb.host.cell(name, after.row + i, margin).formula).toBe("=0.1*5");
  const noted = Array.from({ length: after.rows - 1 }, (_, i) => after.row + 1 + i).find(
    (row) => wb.host.cell(name, row, notes).value === "renewal?",
  );
  expect(noted).toBeDefined();
  expect(wb.host.cell(name, noted!, 0).value).toBe(day);
  // What it assumed, said: the refresh's notes and the definition now recorded (version 2, with ids).
  expect(def.notes?.join(" ")).toMatch(/made before the add-in recorded which columns it wrote/);
  expect(def.notes?.join(" ")).toMatch(/kept as your columns: Margin, Notes/);
  const stored = await readDefinition(wb.excel, name);
  expect(stored?.version).toBe(2);
  expect(stored?.columns?.every((c) => c.id !== undefined)).toBe(true);
});

test("a note typed beside a table's row stays with its row when the refreshed data moves rows", async () => {
  const { wb, table } = await reportSheet(report([1, 2]));
  const t = table();
  // Typed in the column just right of the table: Excel's AutoExpansion makes it a column of the table.
  wb.host.setInput("Spend", t.row + 2, t.col + t.cols, "call Bob"); // beside 2025-12-02 · Beta
  expect(table().cols).toBe(t.cols + 1);
  // Typed two columns further right, outside the table: it stays on its sheet row, and the refresh says so.
  wb.host.setInput("Spend", t.row + 3, t.col + t.cols + 3, "check invoice"); // beside 2025-12-03 · Alpha
  // A longer period: a day earlier, so every row moves down two.
  const def = await refresh(wb, report([0, 1, 2]));
  const now = table();
  const key = (row: number) =>
    `${wb.host.cell("Spend", row, 0).value}|${wb.host.cell("Spend", row, 1).value}`;
  const bob = Array.from({ length: now.rows - 1 }, (_, i) => now.row + 1 + i).find(
    (row) => wb.host.cell("Spend", row, now.col + now.cols - 1).value === "call Bob",
  );
  expect(bob).toBe(t.row + 4);
  expect(key(bob!)).toBe(`${DAY + 1}|Beta`);
  // The note outside the table: not moved, and named with the rows it was and is beside.
  expect(wb.host.cell("Spend", t.row + 3, t.col + t.cols + 3).value).toBe("check invoice");
  expect(def.notes?.join(" ")).toMatch(
    /"check invoice"\) was beside 2025-12-03 · Alpha, now beside 2025-12-02 · Alpha/,
  );
});

test("renaming a report column keeps its figures and its chart on the Dashboard", async () => {
  const wb = new InMemoryWorkbook({ sheets: ["Plan"] });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  const spend: TypedTable = {
    columns: [
      { name: "Day", kind: "date" },
      { name: "Advertiser", kind: "text" },
      { name: "Estimated Spend", kind: "currency" },
      { name: "Read By", kind: "text" },
    ],
    rows: Array.from({ length: 20 }, (_, d) =>
      ["Host", "Producer"].map((by, i) => [DAY + d, "Acme Mattress", 100 + d + i * 50, by]),
    ).flat(),
  };
  const def = await createReportSheet(
    wb.excel,
    { kind: "estimatedSpendByDay", params: {}, label: "Spend by day" },
    { type: "table", table: spend },
  );
  const made = await writeDashboard(wb.excel, ["Spend by day"]);
  expect(made.charts).toBe(1);
  const figure = (label: string) => {
    for (let r = 0; r < 30; r++)
      if (wb.host.cell("Dashboard", r, 0).value === label) return wb.host.cell("Dashboard", r, 1);
    throw new Error(label);
  };
  const spendBefore = figure("Spend").value;
  // The planner renames "Estimated Spend" to "Cost" in the table's header.
  const t = wb.host.tables().find((x) => x.name === def.tableName)!.rect;
  const headers = Array.from(
    { length: t.cols },
    (_, c) => wb.host.cell("Spend by day", t.row, t.col + c).value,
  );
  wb.host.setInput("Spend by day", t.row, t.col + headers.indexOf("Estimated Spend"), "Cost");
  await refreshReport(wb.excel, "Spend by day", async () => ({ type: "table", table: spend }));
  expect(wb.host.charts("Dashboard").length).toBe(1);
  const again = await writeDashboard(wb.excel, ["Spend by day"]);
  expect(again.charts).toBe(1);
  expect(figure("Spend").value).toBe(spendBefore);
  expect(figure("Spend").formula).toContain("[Cost]");
});
