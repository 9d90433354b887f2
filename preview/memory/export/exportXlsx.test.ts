/**
 * The .xlsx the preview downloads, read back part by part: what the workbook holds is in the file
 * as Excel keeps it (LibreOffice's reading of it is test/judge's business).
 */
import { strFromU8, unzipSync } from "fflate";
import { createReportSheet } from "../../../src/excel/reportSheets";
import { insertCampaignPlan } from "../../../src/excel/campaignPlan";
import { InMemoryWorkbook } from "../workbook";
import { readXlsx } from "../xlsx";
import { exportXlsx } from "./exportXlsx";
import { fileColumnWidth } from "./worksheet";

const table = {
  columns: [
    { name: "Day", kind: "date" as const },
    { name: "Show", kind: "text" as const },
    { name: "Spend", kind: "currency" as const },
    { name: "Impressions", kind: "integer" as const },
    { name: "Link", kind: "url" as const },
  ],
  rows: Array.from({ length: 12 }, (_, i) => [
    46296 + i,
    i % 2 ? "007" : "=cmd|x",
    10.5 * i,
    1000 + i,
    `https://x.test/${i}`,
  ]),
};

async function workbook() {
  const wb = new InMemoryWorkbook();
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  await createReportSheet(
    wb.excel,
    { kind: "impressions", params: {}, label: "Spend by day", tableStyle: "TableStyleMedium2" },
    { type: "table", table },
  );
  await insertCampaignPlan(wb.excel);
  wb.host.setInput("Sheet1", 0, 0, "=SUM(Spend_by_day[Spend])");
  wb.host.setInput("Sheet1", 1, 0, "=[@Spend]");
  return wb;
}

function parts(bytes: Uint8Array): Map<string, string> {
  return new Map(Object.entries(unzipSync(bytes)).map(([k, v]) => [k, strFromU8(v)]));
}

test("every sheet's values come back as they were, text that looks like a formula or a number included", async () => {
  const wb = await workbook();
  const back = readXlsx(Buffer.from(exportXlsx(wb.model)).toString("base64"));
  expect(back.sheets.map((s) => s.name)).toEqual(wb.host.sheets().map((s) => s.name));
  for (const sheet of back.sheets)
    for (const [r, c, v, error] of sheet.cells) {
      const cell = wb.host.cell(sheet.name, r, c);
      expect([sheet.name, r, c, v, error ?? false]).toEqual([
        sheet.name,
        r,
        c,
        cell.value,
        cell.error ?? false,
      ]);
    }
  const spend = back.sheets.find((s) => s.name === "Spend by day")!;
  // The table's twelve, and the chart's sums naming the shows.
  expect(spend.cells.filter(([r, c, v]) => c === 1 && r > 3 && (v === "007" || v === "=cmd|x"))).toHaveLength(
    12,
  );
});

test("the package: content types first, tables, styles, widths, frozen rows, links, validation, charts", async () => {
  const wb = await workbook();
  const files = parts(exportXlsx(wb.model));
  expect([...files.keys()][0]).toBe("[Content_Types].xml");
  const types = files.get("[Content_Types].xml")!;
  for (const name of files.keys())
    if (!name.endsWith(".rels") && name !== "[Content_Types].xml")
      expect(types).toContain(`PartName="/${name}"`);
  // The report's table: its name, range, columns and style.
  const t = wb.host.tables().find((x) => x.name === "Spend_by_day")!;
  const tableXml = [...files].find(
    ([k, v]) => k.startsWith("xl/tables/") && v.includes('name="Spend_by_day"'),
  )![1];
  expect(tableXml).toContain(`ref="A${t.rect.row + 1}:E${t.rect.row + t.rect.rows}"`);
  expect(tableXml).toContain('<tableColumn id="3" name="Spend"/>');
  expect(tableXml).toContain('name="TableStyleMedium2"');
  // Number formats: the report's, written out; Text as the built-in 49.
  const styles = files.get("xl/styles.xml")!;
  expect(styles).toMatch(/<numFmt numFmtId="\d+" formatCode="yyyy-mm-dd"\/>/);
  expect(styles).toContain('numFmtId="49"');
  // Column widths in the file's characters, the plan's header fill, links by relationship.
  const sheets = [...files].filter(([k]) => /^xl\/worksheets\/sheet\d+\.xml$/.test(k)).map(([, v]) => v);
  const report = sheets.find((x) => x.includes("<tableParts") && x.includes("<drawing"))!;
  const widths = wb.host.columnWidths("Spend by day");
  expect(report).toContain(`width="${fileColumnWidth(widths.get(0)!)}" customWidth="1"`);
  expect(report).toMatch(/<hyperlink ref="E\d+" r:id="rId\d+"\/>/);
  expect([...files.values()].some((v) => v.includes('Target="https://x.test/3" TargetMode="External"'))).toBe(
    true,
  );
  const plan = sheets.find((x) => x.includes("<dataValidations"))!;
  expect(plan).toMatch(/<dataValidation type="list"[^>]*><formula1>"[^"]+,[^"]+"<\/formula1>/);
  expect(styles).toMatch(/<fgColor rgb="FF[0-9A-F]{6}"\/>/);
  // The report's chart: a drawing anchored on the sheet, a line chart over the summary block's cells.
  const chart = [...files].find(([k]) => k.startsWith("xl/charts/chart"))![1];
  expect(chart).toMatch(/<c:lineChart>|<c:barChart>/);
  expect(chart).toContain("<c:f>&apos;Spend by day&apos;!$");
  // Formulas in the file's syntax: no "=", a structured reference as it is kept.
  const sheet1 = sheets.find((x) => x.includes("SUM(Spend_by_day[Spend])"))!;
  expect(sheet1).toContain("<f>SUM(Spend_by_day[Spend])</f><v>");
  expect(files.get("xl/workbook.xml")).toContain('fullCalcOnLoad="1"');
});

test("frozen rows, a print area and page setup, hidden sheets and defined names", () => {
  const wb = new InMemoryWorkbook({ sheets: ["Dashboard", "Holds"] });
  const [dash, holds] = wb.model.sheets;
  dash.freezeRows = 4;
  dash.pageLayout = { orientation: "Landscape", zoom: { horizontalFitToPages: 1 }, printArea: "A1:E20" };
  holds.visibility = "VeryHidden";
  wb.model.names.push({ name: "Budget", formula: "=Dashboard!$B$2" });
  const files = parts(exportXlsx(wb.model));
  const sheet = files.get("xl/worksheets/sheet1.xml")!;
  expect(sheet).toContain('<pane ySplit="4" topLeftCell="A5" activePane="bottomLeft" state="frozen"/>');
  expect(sheet).toContain('<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>');
  expect(sheet).toContain('<pageSetup orientation="landscape" fitToWidth="1" fitToHeight="0"/>');
  const book = files.get("xl/workbook.xml")!;
  expect(book).toContain('<sheet name="Holds" sheetId="2" state="veryHidden" r:id="rId2"/>');
  expect(book).toContain('<definedName name="Budget">Dashboard!$B$2</definedName>');
  expect(book).toContain(
    '<definedName name="_xlnm.Print_Area" localSheetId="0">&apos;Dashboard&apos;!$A$1:$E$20</definedName>',
  );
});

test("a workbook on the 1904 date system says so; a spilled result is a dynamic array formula", async () => {
  const wb = new InMemoryWorkbook();
  wb.model.date1904 = true;
  wb.calculator.setHostFunctions({
    names: ["ADS.GRID"],
    reset: () => undefined,
    call: () => ({
      value: [
        [1, 2],
        [3, 4],
      ],
    }),
  });
  wb.host.setInput("Sheet1", 0, 0, "=ADS.GRID()");
  const files = parts(exportXlsx(wb.model));
  expect(files.get("xl/workbook.xml")).toContain('<workbookPr date1904="1"/>');
  expect(files.get("xl/worksheets/sheet1.xml")).toContain(
    '<c r="A1" cm="1"><f t="array" ref="A1:B2">ADS.GRID()</f><v>1</v></c>',
  );
  expect(files.get("xl/metadata.xml")).toContain('name="XLDAPR"');
  // A blocked spill's #SPILL! is Excel's reading of the formula, not a value the file may hold.
  wb.host.setInput("Sheet1", 1, 1, "in the way");
  expect(parts(exportXlsx(wb.model)).get("xl/worksheets/sheet1.xml")).toContain(
    '<c r="A1"><f>ADS.GRID()</f></c>',
  );
  wb.host.setInput("Sheet1", 1, 1, "");
  // Written as values, for an engine without the add-in's functions.
  const values = parts(exportXlsx(wb.model, { asValue: (f) => f.startsWith("=ADS.") }));
  expect(values.get("xl/worksheets/sheet1.xml")).toContain('<c r="A1"><v>1</v></c>');
});

test("text the file cannot hold as it is is escaped, and reads back the same", () => {
  const wb = new InMemoryWorkbook();
  const odd = "tab\there _x0041_ bell\u0007 <&> ' \" ";
  wb.model.setValue(wb.model.sheets[0], 0, 0, odd);
  const back = readXlsx(Buffer.from(exportXlsx(wb.model)).toString("base64"));
  const raw = parts(exportXlsx(wb.model)).get("xl/sharedStrings.xml")!;
  expect(raw).toContain("_x005F_x0041_");
  expect(raw).toContain("_x0007_");
  expect(raw).toContain('xml:space="preserve"');
  // The preview's reader does not undo _xHHHH_ (Excel does): the escapes are there, the rest is intact.
  expect(back.sheets[0].cells[0][2]).toContain("tab\there ");
});

test("issue 47: a chart part carries each series' look: its colour, a 2.25-point line, markers, and gaps for empty cells", async () => {
  const wb = await workbook();
  const chart = [...parts(exportXlsx(wb.model))].find(([k]) => k.startsWith("xl/charts/chart"))![1];
  const series = wb.model.charts[0].series;
  for (const s of series.filter((x) => x.color))
    expect(chart).toContain(`<a:srgbClr val="${s.color!.slice(1).toUpperCase()}"/>`);
  if (chart.includes("<c:lineChart>")) {
    expect(chart).toContain('<a:ln w="28575" cap="rnd">');
    expect(chart).toMatch(/<c:marker><c:symbol val="(circle|none)"\/>/);
  } else
    expect(chart).toMatch(/<c:spPr><a:solidFill><a:srgbClr val="[0-9A-F]{6}"\/><\/a:solidFill><\/c:spPr>/);
  expect(chart).toContain('<c:dispBlanksAs val="gap"/>');
});

test("issue 49: a cell's borders are in the file: each side's style, weight and colour, in the cell's own format", async () => {
  const wb = new InMemoryWorkbook();
  await wb.excel.run(async (context) => {
    const s = context.workbook.worksheets.getItem("Sheet1");
    s.getRange("B2").values = [["marked"]];
    for (const side of ["EdgeTop", "EdgeBottom", "EdgeLeft", "EdgeRight"] as const)
      s.getRange("B2")
        .format.borders.getItem(side)
        .set({ style: "Continuous", weight: "Medium", color: "#5A0000" });
    const dash = s.getRange("D4").format.borders.getItem("EdgeBottom");
    dash.style = "Dash";
    await context.sync();
  });
  const files = parts(exportXlsx(wb.model));
  const styles = files.get("xl/styles.xml")!;
  const line = (side: string) => `<${side} style="medium"><color rgb="FF5A0000"/></${side}>`;
  expect(styles).toContain(
    `<borders count="3"><border><left/><right/><top/><bottom/><diagonal/></border><border>${line("left")}${line("right")}${line("top")}${line("bottom")}<diagonal/></border><border><left/><right/><top/><bottom style="dashed"><color rgb="FF000000"/></bottom><diagonal/></border></borders>`,
  );
  const xfs = [...styles.matchAll(/<xf [^>]*>/g)].map((m) => m[0]).slice(1); // after cellStyleXfs' one
  const sheet = files.get("xl/worksheets/sheet1.xml")!;
  const s = (ref: string) => Number(new RegExp(`<c r="${ref}" s="(\\d+)"`).exec(sheet)?.[1]);
  expect(xfs[s("B2")]).toMatch(/borderId="1"[^>]*applyBorder="1"/);
  expect(xfs[s("D4")]).toMatch(/borderId="2"/);
  // The cell below B2 holds no line of its own: B2's bottom is written once, in B2's format.
  expect(sheet).not.toMatch(/<c r="B3"/);
});
