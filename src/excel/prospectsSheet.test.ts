/**
 * The Prospects sheet through the genuine office.js client over the in-memory workbook, its data
 * from the sandbox: the requests sent are the count confirmed; a weight edited re-ranks with no
 * request; a refresh keeps the planner's cells around and inside the table and sorts by Score again;
 * a seed with no similar shows and a refused advertiser fail in words with the sheet as it was.
 */
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import { startSandbox } from "../../test/support/sandbox";
import { fetchSheetData } from "../runtime/reportSources";
import { prospectParamsSchema, prospectSpend, WEIGHT_NAMES } from "../reports/prospects";
import { readDefinition, refreshReport } from "./reportSheets";
import { createProspectsSheet, SCORE_COLUMN, scoreFormula } from "./prospectsSheet";
import type { ResolvedSource } from "../reports/definition";
import { fittedWidth } from "./cellFormats";
import { columnWidth } from "../../preview/memory/geometry";
import { fittedNumber } from "../../preview/grid/cellText";

let s: Awaited<ReturnType<typeof startSandbox>>;
beforeAll(async () => {
  s = await startSandbox();
});
afterAll(() => s.close());

const PARAMS = {
  advertisers: ["Acme Mattress"],
  seeds: ["1200000003"],
  count: 10,
  competitors: ["Globex Bank"],
};
/** Status line, the block's first line, 4 weights, 14 rows kept for the chart, a blank row: the header is on sheet row 22 (index 21). */
const HEADER = 21;

async function made() {
  const wb = new InMemoryWorkbook({ sheets: ["Plan"] });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  const client = s.client();
  // The candidates' count, confirmed once the seeds have answered (the spend guard's question).
  const confirmed: number[] = [];
  const fetch = (source: ResolvedSource) =>
    fetchSheetData(client, source as never, {
      confirmSpend: (r) => (confirmed.push(r.requests), Promise.resolve(true)),
    });
  const before = s.sandbox.requests("demo-pro");
  const data = await fetch({ kind: "prospects", params: PARAMS });
  const sent = s.sandbox.requests("demo-pro") - before;
  // The seeds, counted before anything was sent, then the candidates confirmed.
  expect(sent).toBe(prospectSpend(prospectParamsSchema.parse(PARAMS)).requests + confirmed[0]);
  if (data.type !== "table") throw new Error("a table was expected");
  const def = await createProspectsSheet(
    wb.excel,
    { kind: "prospects", params: PARAMS, label: "Prospects" },
    data,
  );
  return { wb, def, fetch, sent, rows: data.table.rows.length };
}

const headers = (wb: InMemoryWorkbook, sheet: string) =>
  Array.from({ length: 24 }, (_, c) => wb.host.cell(sheet, HEADER, c).value);

function column(wb: InMemoryWorkbook, sheet: string, name: string, rows: number) {
  const c = headers(wb, sheet).indexOf(name);
  return Array.from({ length: rows }, (_, r) => wb.host.cell(sheet, HEADER + 1 + r, c));
}

test("requests sent equal the count confirmed; Score is a formula over the row, sorted highest first", async () => {
  const { wb, def, sent, rows } = await made();
  expect(sent).toBe(11);
  expect(rows).toBe(11);
  expect(headers(wb, def.sheetName)).toContain(SCORE_COLUMN);
  const score = column(wb, def.sheetName, SCORE_COLUMN, rows);
  for (const c of score) expect(c.formula).toBe(scoreFormula());
  const values = score.map((c) => c.value as number);
  expect([...values].sort((a, b) => b - a)).toEqual(values);
  // The weights are labelled cells above the table.
  WEIGHT_NAMES.forEach((k, i) => {
    expect(wb.host.cell(def.sheetName, 2 + i, 0).value).toBe(k);
    expect(typeof wb.host.cell(def.sheetName, 2 + i, 1).value).toBe("number");
  });
  // The chart of the top 15: a point a show, named by it, net new listeners against ad load.
  const chart = wb.host.charts(def.sheetName).find((c) => c.name === `${def.tableName} top 15`)!;
  // In the rows kept above the table, from column A (not right of the 18-column table), above the header.
  expect(chart.left).toBe(0);
  expect(chart.top).toBeGreaterThan(0);
  expect(chart.top + chart.height).toBeLessThanOrEqual(HEADER * 15);
  // One series, its points the rows in the table's order (ad load across, net new listeners up).
  expect(chart.series).toHaveLength(1);
  expect(chart.series[0].values).toEqual(
    column(wb, def.sheetName, "Net new listeners", rows).map((c) => c.value),
  );
  expect(chart.series[0].x).toEqual(column(wb, def.sheetName, "Ad load", rows).map((c) => c.value));
  const marked = column(wb, def.sheetName, "Marked", rows).map((c) => c.value);
  expect(marked.filter((m) => String(m).startsWith("Seed"))).toHaveLength(1);
});

test("editing a weight re-ranks with 0 requests; a refresh keeps the planner's cells and sorts by Score again", async () => {
  const { wb, def, fetch, rows } = await made();
  const sheet = def.sheetName;
  const before = s.sandbox.requests("demo-pro");
  const scoreOf = () => column(wb, sheet, SCORE_COLUMN, rows).map((c) => c.value as number);
  const first = scoreOf();
  // Ad load weighs a lot more: the Score of every row changes, no request is sent.
  wb.host.setInput(sheet, 5, 1, "-90000000");
  const second = scoreOf();
  expect(second).not.toEqual(first);
  expect(s.sandbox.requests("demo-pro")).toBe(before);
  // The planner's work: a note beside the weights, a total under the table, a notes column.
  wb.host.setInput(sheet, 2, 3, "ask the rep about Q1");
  const t = wb.host.tables().find((x) => x.name === def.tableName)!;
  const under = HEADER + rows + 2;
  wb.host.setInput(sheet, under, 0, `=SUM(${def.tableName}[${SCORE_COLUMN}])`);
  await refreshReport(wb.excel, sheet, fetch);
  expect(wb.host.cell(sheet, 5, 1).value).toBe(-90000000);
  expect(wb.host.cell(sheet, 2, 3).value).toBe("ask the rep about Q1");
  expect(wb.host.cell(sheet, under, 0).formula).toBe(`=SUM(${def.tableName}[${SCORE_COLUMN}])`);
  const after = scoreOf();
  expect([...after].sort((a, b) => b - a)).toEqual(after);
  expect(column(wb, sheet, SCORE_COLUMN, rows).every((c) => c.formula === scoreFormula())).toBe(true);
  expect(t.name).toBe(def.tableName);
  // The chart is drawn again from the rows as this refresh sorted them: one chart, its first point the first row.
  const charts = wb.host.charts(sheet).filter((c) => c.name === `${def.tableName} top 15`);
  expect(charts).toHaveLength(1);
  expect(charts[0].series[0].values[0]).toBe(column(wb, sheet, "Net new listeners", 1)[0].value);
  expect(charts[0].series[0].x[0]).toBe(column(wb, sheet, "Ad load", 1)[0].value);
  expect((await readDefinition(wb.excel, sheet))!.status).toBe("ok");
});

test("a seed with no similar shows and a refused advertiser: said in words, the sheet as it was", async () => {
  const { wb, def, fetch, rows } = await made();
  const sheet = def.sheetName;
  const snapshot = () => column(wb, sheet, "Show", rows).map((c) => c.value);
  const was = snapshot();
  const stored = (await readDefinition(wb.excel, sheet))!;
  for (const params of [
    { ...PARAMS, seeds: ["UCdemo0000000000000001"] },
    { ...PARAMS, advertisers: ["Globex Bank"] },
  ]) {
    // The request changed (as Edit request would store it): the refresh fails in words.
    const { saveDefinition } = await import("./store/reportRecords");
    await saveDefinition(wb.excel, { ...stored, params });
    await expect(refreshReport(wb.excel, sheet, fetch)).rejects.toThrow(
      params.advertisers[0] === "Globex Bank" ? /Globex Bank|advertiser/i : /has no similar shows/,
    );
    expect(snapshot()).toEqual(was);
  }
});

test("seeds and advertisers taken from cells: a refresh reads the cells again (a range of show ids as seeds)", async () => {
  const wb = new InMemoryWorkbook({ sheets: ["Inputs"] });
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  wb.host.setInput("Inputs", 0, 0, "Show ID");
  wb.host.setInput("Inputs", 1, 0, "1200000003");
  wb.host.setInput("Inputs", 0, 1, "Acme Mattress");
  const client = s.client();
  const fetch = (source: ResolvedSource) => fetchSheetData(client, source as never);
  const params = { advertisers: ["Acme Mattress"], seeds: ["1200000003"], count: 5 };
  const data = await fetch({ kind: "prospects", params });
  if (data.type !== "table") throw new Error("a table was expected");
  const def = await createProspectsSheet(
    wb.excel,
    {
      kind: "prospects",
      params,
      label: "Prospects",
      cells: { seeds: "Inputs!A2:A3", advertisers: "Inputs!B1" },
    },
    data,
  );
  expect(def.bindings?.map((b) => b.param).sort()).toEqual(["advertisers", "seeds"]);
  // The planner adds a second seed under the first and changes the advertiser: the refresh asks for both.
  wb.host.setInput("Inputs", 2, 0, "1200000010");
  wb.host.setInput("Inputs", 0, 1, "Northwind Coffee");
  const before = s.sandbox.requests("demo-pro");
  const after = await refreshReport(wb.excel, def.sheetName, fetch);
  expect(s.sandbox.requests("demo-pro") - before).toBe(7);
  expect(after.params).toMatchObject({
    seeds: ["1200000003", "1200000010"],
    advertisers: ["Northwind Coffee"],
  });
  const marked = column(wb, def.sheetName, "Marked", after.rowCount).map((c) => String(c.value));
  expect(marked.filter((m) => m.startsWith("Seed"))).toHaveLength(2);
  expect(String(wb.host.cell(def.sheetName, 0, 0).value)).toMatch(/Northwind Coffee/);
});

test("issue 57: the ids are named for what they are - the seed's directory id as typed, every row's service show id as the plan names it", async () => {
  const { wb, def, rows } = await made();
  const sheet = def.sheetName;
  const names = headers(wb, sheet);
  expect(names).not.toContain("Show ID");
  expect(names.slice(0, 3)).toEqual(["Show", "Directory id", "Service show id"]);
  const marked = column(wb, sheet, "Marked", rows).map((c) => String(c.value));
  const directory = column(wb, sheet, "Directory id", rows).map((c) => c.value);
  const service = column(wb, sheet, "Service show id", rows).map((c) => String(c.value));
  // The seed is the id the planner typed; a similar show has no directory id.
  expect(directory.filter((_, i) => marked[i].startsWith("Seed"))).toEqual(["1200000003"]);
  expect(directory.filter((_, i) => !marked[i].startsWith("Seed")).every((d) => d === null)).toBe(true);
  // The service's own id, never the typed one, under its own name.
  for (const id of service) expect(id).toMatch(/^\d+$/);
  expect(service).not.toContain("1200000003");
  // Its column is wide enough for its header (the table was sized for "Show ID").
  const at = names.indexOf("Service show id");
  expect(wb.model.sheets.find((x) => x.name === sheet)!.columnWidths.get(at)).toBeGreaterThanOrEqual(
    fittedWidth("Service show id", [], "text"),
  );
});

test("issue 57: the Prospects chart says what its axes are and has no legend of show names", async () => {
  const { wb, def } = await made();
  const chart = wb.host.charts(def.sheetName).find((c) => c.name === `${def.tableName} top 15`)!;
  expect(chart.categoryAxisTitle).toBe("Ad load");
  expect(chart.valueAxisTitle).toBe("Net new listeners");
  expect(chart.legend).toBeNull();
  expect(chart.series).toHaveLength(1);
  expect(chart.title).toMatch(/^Top \d+ by Score: net new listeners against ad load$/);
});

test("issue 57: a Prospects sheet made before keeps refreshing: its Show ID column becomes Service show id with the planner's formulas over it following, a Directory id column is added", async () => {
  const { wb, def, fetch, rows } = await made();
  const sheet = def.sheetName;
  // The sheet as versions before issue 57 made it: the service's id under "Show ID", no Directory id.
  await wb.excel.run(async (context) => {
    const t = context.workbook.tables.getItem(def.tableName!);
    t.columns.getItem("Service show id").name = "Show ID";
    t.columns.getItem("Directory id").delete();
    await context.sync();
  });
  const { saveDefinition, readDefinition: read } = await import("./store/reportRecords");
  const stored = (await read(wb.excel, sheet))!;
  await saveDefinition(wb.excel, {
    ...stored,
    columns: stored.columns!.filter((c) => c.name !== "Directory id"),
  });
  expect(headers(wb, sheet).slice(0, 2)).toEqual(["Show", "Show ID"]);
  // The planner's work over the old header: a formula in the table and one outside it.
  await wb.excel.run(async (context) => {
    const t = context.workbook.tables.getItem(def.tableName!);
    const c = t.columns.add(undefined, undefined, "Show link");
    await context.sync();
    c.getDataBodyRange().formulas = Array.from({ length: rows }, () => ['="#"&[@[Show ID]]']);
    await context.sync();
  });
  const under = HEADER + rows + 2;
  wb.host.setInput(sheet, under, 0, `=COUNTA(${def.tableName}[Show ID])`);

  await refreshReport(wb.excel, sheet, fetch);
  const after = headers(wb, sheet);
  expect(after).not.toContain("Show ID");
  expect(after).toContain("Service show id");
  expect(after).toContain("Directory id");
  // The planner's formulas follow the new name and still read the service's ids.
  expect(wb.host.cell(sheet, under, 0)).toMatchObject({
    formula: `=COUNTA(${def.tableName}[Service show id])`,
    value: rows,
  });
  const links = column(wb, sheet, "Show link", rows);
  const ids = column(wb, sheet, "Service show id", rows).map((c) => c.value);
  expect(links.map((c) => c.formula)).toEqual(links.map(() => '="#"&[@[Service show id]]'));
  expect(links.map((c) => c.value)).toEqual(ids.map((id) => `#${String(id)}`));
  expect((await read(wb.excel, sheet))!.status).toBe("ok");
  // A second refresh keeps the header as the sheet shows it.
  await refreshReport(wb.excel, sheet, fetch);
  expect(headers(wb, sheet)).toEqual(after);
});

test("issue 57: after the tour's weight change (-90000000 for net new listeners) no Score shows ####: the column is sized for the planner's weights", async () => {
  const { wb, def, rows } = await made();
  // The README tour's step 7: a weight of -90,000,000 makes scores of millions.
  wb.host.setInput(def.sheetName, 5, 1, "-90000000");
  const c = headers(wb, def.sheetName).indexOf(SCORE_COLUMN);
  const sheet = wb.model.sheetByName(def.sheetName)!;
  const widthPx = (columnWidth(sheet, c) * 4) / 3;
  const scores = column(wb, def.sheetName, SCORE_COLUMN, rows);
  expect(scores.some((cell) => Math.abs(Number(cell.value)) >= 1_000_000)).toBe(true);
  for (const cell of scores) expect(fittedNumber(cell, widthPx)).not.toMatch(/^#+$/);
});
