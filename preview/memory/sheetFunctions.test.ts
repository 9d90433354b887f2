/**
 * The functions the preview computes itself where the formula library has a stub (SUMIFS, MATCH, …)
 * or none (COUNTIFS, XLOOKUP), typed into cells as a planner would, read as Excel shows them.
 */
import { InMemoryWorkbook } from "./workbook";

/** A small report: day, campaign, spend, impressions. */
const REPORT = [
  ["Day", "Campaign", "Spend", "Impressions"],
  [46000, "Acme Spring", 120, 1000],
  [46000, "Bolt", 80, 500],
  [46001, "Acme Spring", 100, 900],
  [46001, "Bolt", "n/a", 450],
  [46002, "Acme Fall", 60, 300],
];

async function computed(formulas: string[]): Promise<unknown[]> {
  const wb = new InMemoryWorkbook();
  await wb.excel.run(async (c) => {
    const s = c.workbook.worksheets.getItem("Sheet1");
    s.getRange("A1:D6").values = REPORT;
    s.getRange(`F1:F${formulas.length}`).formulas = formulas.map((f) => [f]);
    await c.sync();
  });
  return formulas.map((_, i) => wb.host.cell("Sheet1", i, 5).value);
}

test("the criteria family sums, counts, averages and bounds the rows every criterion takes", async () => {
  expect(
    await computed([
      '=SUMIFS(C2:C6, B2:B6, "Acme*")',
      '=SUMIFS(C2:C6, B2:B6, "Acme*", A2:A6, ">=46001")',
      '=COUNTIFS(B2:B6, "Bolt")',
      '=COUNTIFS(B2:B6, "<>Bolt", D2:D6, ">400")',
      '=AVERAGEIFS(C2:C6, B2:B6, "Bolt")',
      '=AVERAGEIFS(C2:C6, B2:B6, "Nobody")',
      '=MAXIFS(D2:D6, B2:B6, "Acme*")',
      '=MINIFS(D2:D6, B2:B6, "Acme*")',
      '=MAXIFS(D2:D6, B2:B6, "Nobody")',
      '=SUMIFS(C2:C6, B2:B4, "Bolt")',
      "=SUMIFS(D:D, A:A, 46001)",
    ]),
  ).toEqual([280, 160, 2, 2, 80, "#DIV/0!", 1000, 300, 0, "#VALUE!", 1350]);
});

test("MEDIAN, LARGE and SMALL read the numbers of a range; a rank outside it is #NUM!", async () => {
  expect(
    await computed([
      "=MEDIAN(C2:C6)",
      "=MEDIAN(D2:D6)",
      "=LARGE(D2:D6, 2)",
      "=SMALL(C2:C6, 1)",
      "=LARGE(C2:C6, 5)",
    ]),
  ).toEqual([90, 500, 900, 60, "#NUM!"]);
});

test("MATCH and XLOOKUP find by exact value, wildcard and nearest, with Excel's #N/A", async () => {
  expect(
    await computed([
      '=MATCH("bolt", B2:B6, 0)',
      '=MATCH("Acme F*", B2:B6, 0)',
      "=MATCH(46001.5, A2:A6)",
      '=MATCH("Zed", B2:B6, 0)',
      '=XLOOKUP("Acme Fall", B2:B6, D2:D6)',
      '=XLOOKUP("Bolt", B2:B6, D2:D6, "none", 0, -1)',
      '=XLOOKUP("Zed", B2:B6, D2:D6, "none")',
      '=XLOOKUP("Zed", B2:B6, D2:D6)',
      "=XLOOKUP(950, D2:D6, B2:B6, , 1)",
      "=XLOOKUP(480, D2:D6, B2:B6, , -1)",
      '=XLOOKUP("Spend", A1:D1, A3:D3)',
      '=INDEX(D2:D6, MATCH("Bolt", B2:B6, 0))',
    ]),
  ).toEqual([2, 5, 4, "#N/A", 300, 450, "none", "#N/A", "Acme Spring", "Bolt", 80, 500]);
});

test("XLOOKUP with a return array of several columns spills the found row", async () => {
  const wb = new InMemoryWorkbook();
  await wb.excel.run(async (c) => {
    const s = c.workbook.worksheets.getItem("Sheet1");
    s.getRange("A1:D6").values = REPORT;
    s.getRange("F1").formulas = [['=XLOOKUP("Acme Fall", B2:B6, C2:D6)']];
    await c.sync();
  });
  expect([wb.host.cell("Sheet1", 0, 5).value, wb.host.cell("Sheet1", 0, 6).value]).toEqual([60, 300]);
});

test("a criterion's operand is read as typed: percentages, thousands, money and dates (in the workbook's date system)", async () => {
  expect(
    await computed([
      '=COUNTIFS(C2:C6, ">0.01%")',
      '=COUNTIFS(D2:D6, ">=1,000")',
      '=SUMIFS(D2:D6, C2:C6, ">$90")',
      '=COUNTIFS(A2:A6, ">=" & "12/10/2025")',
      '=COUNTIFS(A2:A6, "<2025-12-10")',
    ]),
  ).toEqual([4, 1, 1900, 3, 2]);
});

test("INDEX picks a cell of a range on another sheet or in a table there, alone or with MATCH", async () => {
  const wb = new InMemoryWorkbook({ sheets: ["Sheet1", "Campaign performance"] });
  await wb.excel.run(async (c) => {
    const other = c.workbook.worksheets.getItem("Campaign performance");
    other.getRange("A1:D6").values = REPORT;
    other.tables.add("'Campaign performance'!A1:D6", true).name = "Perf";
    c.workbook.worksheets.getItem("Sheet1").getRange("A1:A4").formulas = [
      ["=INDEX('Campaign performance'!B2:B6, 5)"],
      ["=INDEX('Campaign performance'!A2:D6, 2, 4)"],
      ["=INDEX(Perf[Campaign], MATCH(MAX(Perf[Spend]), Perf[Spend], 0))"],
      ['=INDEX(Perf[Impressions], MATCH("Bolt", Perf[Campaign], 0))'],
    ];
    await c.sync();
  });
  expect([0, 1, 2, 3].map((r) => wb.host.cell("Sheet1", r, 0).value)).toEqual([
    "Acme Fall",
    500,
    "Acme Spring",
    500,
  ]);
});

test("SUBTOTAL sums, counts and averages what a filter shows, and leaves out other subtotals", async () => {
  const wb = new InMemoryWorkbook();
  const at = (address: string) => {
    const m = /^([A-Z])(\d+)$/.exec(address)!;
    return wb.host.cell("Sheet1", Number(m[2]) - 1, m[1].charCodeAt(0) - 65).value;
  };
  await wb.excel.run(async (c) => {
    const s = c.workbook.worksheets.getItem("Sheet1");
    s.getRange("A1:D6").values = REPORT;
    s.tables.add("A1:D6", true).name = "T";
    s.getRange("F1:F9").formulas = [
      ["=SUBTOTAL(9, T[Spend])"],
      ["=SUBTOTAL(109, C2:C6)"],
      ["=SUBTOTAL(2, C2:C6)"],
      ["=SUBTOTAL(3, B2:B6)"],
      ["=SUBTOTAL(1, D2:D6)"],
      ["=SUBTOTAL(4, D2:D6, C2:C6)"],
      ["=SUBTOTAL(9, F1:F2)"],
      ["=SUBTOTAL(12, C2:C6)"],
      ["=SUBTOTAL(9, 5)"],
    ];
    await c.sync();
  });
  const all = ["F1", "F2", "F3", "F4", "F5", "F6", "F7", "F8", "F9"].map(at);
  // Spend: 120 + 80 + 100 + 60 ("n/a" is text); the subtotals in F1:F2 are not summed again.
  expect(all).toEqual([360, 360, 4, 5, 630, 1000, 0, "#VALUE!", "#VALUE!"]);
  await wb.excel.run(async (c) => {
    const t = c.workbook.tables.getItem("T");
    t.autoFilter.apply(t.getRange(), 1, { filterOn: "Values" as Excel.FilterOn, values: ["Bolt"] });
    await c.sync();
  });
  // Only Bolt's rows show: 80 and "n/a"; impressions 500 and 450.
  expect(["F1", "F2", "F3", "F4", "F5", "F6"].map(at)).toEqual([80, 80, 1, 2, 475, 500]);
});

test("COUNTA, STDEV and VAR (sample and population) compute as in Excel, not #NAME?", async () => {
  const values = await computed([
    "=COUNTA(B1:B6)",
    "=COUNTA(C2:C6)",
    "=COUNTA(A1:D6)",
    "=COUNTA(E1:E3)",
    "=VAR.S(C2:C6)",
    "=VAR(C2:C6)",
    "=VAR.P(C2:C6)",
    "=VARP(C2:C6)",
    "=STDEV.S(C2:C6)",
    "=STDEV(C2:C6)",
    "=STDEV.P(C2:C6)",
    "=STDEVP(C2:C6)",
    "=STDEV(C2)",
  ]);
  // Spend's numbers are 120, 80, 100 and 60 ("n/a" is text): mean 90, squared deviations 2000.
  expect(values.slice(0, 4)).toEqual([6, 5, 24, 0]);
  const [varS, var1, varP, varP1, sdS, sd1, sdP, sdP1, single] = values.slice(4);
  expect([varS, var1]).toEqual([2000 / 3, 2000 / 3]);
  expect([varP, varP1]).toEqual([500, 500]);
  expect([sdS, sd1]).toEqual([Math.sqrt(2000 / 3), Math.sqrt(2000 / 3)]);
  expect([sdP, sdP1]).toEqual([Math.sqrt(500), Math.sqrt(500)]);
  expect(single).toBe("#DIV/0!");
});
