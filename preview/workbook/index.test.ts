import { zipSync, strToU8 } from "fflate";
import { InMemoryWorkbook } from "./index";

const code = (p: Promise<unknown>) =>
  p.then(
    () => "ok",
    (e: { code?: string }) => e.code ?? "none",
  );

test("proxy semantics: PropertyNotLoaded before load+sync, writes apply at sync, null objects", async () => {
  const wb = new InMemoryWorkbook();
  await wb.excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem("Sheet1");
    expect(() => sheet.name).toThrow(expect.objectContaining({ code: "PropertyNotLoaded" }));
    sheet.getRange("A1:B1").values = [["a", 1]];
    expect(wb.host.cell("Sheet1", 0, 0).value).toBeNull();
    const missing = context.workbook.worksheets.getItemOrNullObject("Nope");
    const table = context.workbook.tables.getItemOrNullObject("Nope");
    sheet.load("name");
    await context.sync();
    expect(sheet.name).toBe("Sheet1");
    expect(missing.isNullObject).toBe(true);
    expect(table.isNullObject).toBe(true);
  });
  expect(wb.host.cell("Sheet1", 0, 0).value).toBe("a");
  expect(wb.host.cell("Sheet1", 0, 1).value).toBe(1);
  expect(wb.syncLog.length).toBeGreaterThan(0);
  expect(wb.syncLog[0]).toEqual(
    expect.objectContaining({ payloadBytes: expect.any(Number), calls: expect.any(Number) }),
  );
});

test("Office-like error codes at sync; an over-limit sync applies nothing", async () => {
  const wb = new InMemoryWorkbook();
  expect(
    await code(
      wb.excel.run(async (c) => {
        c.workbook.worksheets.getItem("Missing").activate();
        await c.sync();
      }),
    ),
  ).toBe("ItemNotFound");
  expect(
    await code(
      wb.excel.run(async (c) => {
        c.workbook.worksheets.getItem("Sheet1").getRange("A1:B2").values = [[1, 2]];
        await c.sync();
      }),
    ),
  ).toBe("InvalidArgument");
  const big = "x".repeat(30_000);
  expect(
    await code(
      wb.excel.run(async (c) => {
        const s = c.workbook.worksheets.getItem("Sheet1");
        s.getRange("A1").values = [["first"]];
        s.getRange("A2:A101").values = Array.from({ length: 100 }, () => [big]);
        await c.sync();
      }),
    ),
  ).toBe("RequestPayloadSizeLimitExceeded");
  expect(wb.host.cell("Sheet1", 0, 0).value).toBeNull();
  expect(wb.syncLog.at(-1)!.payloadBytes).toBeGreaterThan(5 * 1024 * 1024);
});

test("formula-like strings become formulas unless the cell is text (@)", async () => {
  const wb = new InMemoryWorkbook();
  await wb.excel.run(async (c) => {
    const s = c.workbook.worksheets.getItem("Sheet1");
    s.getRange("A1").values = [["=1+1"]];
    const b = s.getRange("B1");
    b.numberFormat = [["@"]];
    b.values = [["=1+1"]];
    await c.sync();
  });
  expect(wb.host.cell("Sheet1", 0, 0).formula).toBe("=1+1");
  expect(wb.host.cell("Sheet1", 0, 1)).toMatchObject({ value: "=1+1", formula: undefined });
});

test("host: typing, selection, spills, subscribe", () => {
  const wb = new InMemoryWorkbook();
  let changes = 0;
  const off = wb.host.subscribe(() => changes++);
  wb.host.setInput("Sheet1", 0, 0, "42");
  wb.host.setInput("Sheet1", 1, 0, "TRUE");
  wb.host.setInput("Sheet1", 2, 0, "hello");
  wb.host.setInput("Sheet1", 3, 0, "=ADS.EPISODES(1)");
  expect(wb.host.cell("Sheet1", 0, 0).value).toBe(42);
  expect(wb.host.cell("Sheet1", 1, 0).value).toBe(true);
  expect(wb.host.cell("Sheet1", 2, 0).value).toBe("hello");
  wb.host.setSpill("Sheet1", 3, 0, [
    ["a", "b"],
    [1, 2],
  ]);
  expect(wb.host.cell("Sheet1", 3, 0)).toMatchObject({ value: "a", formula: "=ADS.EPISODES(1)" });
  expect(wb.host.cell("Sheet1", 4, 1).value).toBe(2);
  expect(wb.host.usedSize("Sheet1")).toEqual({ rows: 5, cols: 2 });
  wb.host.select("Sheet1", 2, 1);
  expect(wb.host.selection()).toEqual({ sheet: "Sheet1", row: 2, col: 1 });
  expect(changes).toBeGreaterThan(0);
  off();
  const n = changes;
  wb.host.setInput("Sheet1", 9, 9, "x");
  expect(changes).toBe(n);
  expect(wb.host.sheets()).toEqual([{ name: "Sheet1", visible: true, active: true }]);
});

test("insertWorksheetsFromBase64 reads a simple xlsx (shared and inline strings, numbers)", async () => {
  const files = {
    "xl/workbook.xml": strToU8(
      `<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    "xl/_rels/workbook.xml.rels": strToU8(
      `<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    "xl/sharedStrings.xml": strToU8(`<sst><si><t>Name</t></si></sst>`),
    "xl/worksheets/sheet1.xml": strToU8(
      `<worksheet><sheetData><row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="inlineStr"><is><t>Value</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>x</t></is></c><c r="B2"><v>3.5</v></c></row></sheetData></worksheet>`,
    ),
  };
  const bytes = zipSync(files);
  const base64 = Buffer.from(bytes).toString("base64");
  const wb = new InMemoryWorkbook();
  await wb.excel.run(async (c) => {
    c.workbook.insertWorksheetsFromBase64(base64);
    await c.sync();
  });
  expect(wb.host.sheets().map((s) => s.name)).toContain("Data");
  expect(wb.host.cell("Data", 0, 0).value).toBe("Name");
  expect(wb.host.cell("Data", 0, 1).value).toBe("Value");
  expect(wb.host.cell("Data", 1, 1).value).toBe(3.5);
});
