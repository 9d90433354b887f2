import fc from "fast-check";
import { PAYLOAD_LIMIT_BYTES } from "./payload";
import { InMemoryWorkbook } from "./workbook";

const wb = () => new InMemoryWorkbook();

test("properties throw until loaded and synced, as in Office", async () => {
  const w = wb();
  await w.excel.run(async (context) => {
    const range = context.workbook.worksheets.getItem("Sheet1").getRange("A1:B2");
    expect(() => range.values).toThrow(expect.objectContaining({ code: "PropertyNotLoaded" }));
    range.load("values");
    expect(() => range.values).toThrow(expect.objectContaining({ code: "PropertyNotLoaded" }));
    await context.sync();
    expect(range.values).toEqual([
      ["", ""],
      ["", ""],
    ]);
  });
});

test("writes apply at sync, in order; getItemOrNullObject gives isNullObject; every sync is logged", async () => {
  const w = wb();
  await w.excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem("Sheet1");
    sheet.getRange("A1:B1").values = [["a", 1]];
    expect(w.host.cell("Sheet1", 0, 0).value).toBeNull();
    const missing = context.workbook.worksheets.getItemOrNullObject("Nope");
    const missingTable = context.workbook.tables.getItemOrNullObject("Nope");
    await context.sync();
    expect(w.host.cell("Sheet1", 0, 0).value).toBe("a");
    expect(w.host.cell("Sheet1", 0, 1).value).toBe(1);
    expect(missing.isNullObject).toBe(true);
    expect(missingTable.isNullObject).toBe(true);
    expect(w.syncLog[0]).toEqual(
      expect.objectContaining({ payloadBytes: expect.any(Number), calls: expect.any(Number) }),
    );
    context.workbook.worksheets.getItem("Nope").activate();
    await expect(context.sync()).rejects.toMatchObject({ code: "ItemNotFound" });
  });
});

test("worksheets: add, position, visibility, activate, delete, custom properties, freeze panes", async () => {
  const w = wb();
  await w.excel.run(async (context) => {
    const ws = context.workbook.worksheets.add("Data");
    ws.position = 0;
    ws.customProperties.add("k", "v");
    ws.freezePanes.freezeRows(1);
    ws.activate();
    await context.sync();
    const hidden = context.workbook.worksheets.add("Hidden");
    hidden.visibility = "Hidden";
    await context.sync();
    const items = context.workbook.worksheets;
    items.load("items/name,items/position,items/visibility");
    await context.sync();
    expect(items.items.map((s) => [s.name, s.position, s.visibility])).toEqual([
      ["Data", 0, "Visible"],
      ["Sheet1", 1, "Visible"],
      ["Hidden", 2, "Hidden"],
    ]);
    context.workbook.worksheets.add("data");
    await expect(context.sync()).rejects.toMatchObject({ code: "ItemAlreadyExists" });
    context.workbook.worksheets.getItem("Hidden").delete();
    await context.sync();
  });
  expect(w.host.sheets().map((s) => s.name)).toEqual(["Data", "Sheet1"]);
  expect(w.host.properties("Data").get("k")).toBe("v");
  expect(w.host.freezeRows("Data")).toBe(1);
});

test("ranges: address maths, resize, offset, cell, used range, number formats, hyperlinks, clear", async () => {
  const w = wb();
  await w.excel.run(async (context) => {
    const ws = context.workbook.worksheets.getItem("Sheet1");
    const r = ws.getRange("B2:C3");
    const grown = r.getResizedRange(1, 2);
    const moved = r.getOffsetRange(10, 0);
    const cell = r.getCell(1, 1);
    [grown, moved, cell].forEach((x) => x.load("address"));
    r.numberFormat = [
      ["0.00", "@"],
      ["@", "@"],
    ];
    r.values = [
      [1.5, "=x"],
      ["+1", "@me"],
    ];
    ws.getRange("Z100").hyperlink = { address: "https://example.com", textToDisplay: "link" };
    await context.sync();
    expect([grown.address, moved.address, cell.address]).toEqual([
      "Sheet1!B2:E4",
      "Sheet1!B12:C13",
      "Sheet1!C3",
    ]);
    const used = ws.getUsedRange();
    used.load("address");
    await context.sync();
    expect(used.address).toBe("Sheet1!B2:Z100");
    ws.getRange("Z100").clear();
    await context.sync();
  });
  expect(w.host.cell("Sheet1", 2, 2)).toMatchObject({ value: "@me", formula: undefined, numberFormat: "@" });
  expect(w.host.cell("Sheet1", 1, 2).formula).toBeUndefined();
  expect(w.host.usedSize("Sheet1")).toEqual({ rows: 3, cols: 3 });
});

test("a string starting with = + - @ becomes a formula (or a number) unless the cell is text", async () => {
  const w = wb();
  await w.excel.run(async (context) => {
    context.workbook.worksheets.getItem("Sheet1").getRange("A1:D1").values = [["=SUM(1)", "+5", "-x", "@a"]];
    await context.sync();
  });
  expect([0, 1, 2, 3].map((c) => w.host.cell("Sheet1", 0, c).formula)).toEqual([
    "=SUM(1)",
    undefined,
    "=-x",
    "=@a",
  ]);
  expect(w.host.cell("Sheet1", 0, 0).value).toBe(1);
  expect(w.host.cell("Sheet1", 0, 1).value).toBe(5);
  expect(w.host.cell("Sheet1", 0, 2)).toMatchObject({ value: "#NAME?", error: true });
});

test("a values array must match the range's shape", async () => {
  const w = wb();
  await w.excel.run(async (context) => {
    context.workbook.worksheets.getItem("Sheet1").getRange("A1:B2").values = [[1, 2]];
    await expect(context.sync()).rejects.toMatchObject({ code: "InvalidArgument" });
  });
});

test("limits: 1,048,576 rows by 16,384 columns and 32,767 characters a cell", async () => {
  const w = wb();
  await w.excel.run(async (context) => {
    const ws = context.workbook.worksheets.getItem("Sheet1");
    // office.js sends any address; Excel refuses one outside the sheet when the batch runs.
    ws.getRange("A1048577").values = [["past the last row"]];
    await expect(context.sync()).rejects.toMatchObject({ code: "InvalidArgument" });
    ws.getRange("XFE1").values = [["past the last column"]];
    await expect(context.sync()).rejects.toMatchObject({ code: "InvalidArgument" });
    ws.getRange("XFD1048576").values = [["last"]];
    await context.sync();
    ws.getRange("A1").values = [["x".repeat(32_768)]];
    await expect(context.sync()).rejects.toMatchObject({ code: "InvalidArgument" });
  });
  expect(w.host.cell("Sheet1", 1_048_575, 16_383).value).toBe("last");
});

test("a sync over 5 MB is refused whole with RequestPayloadSizeLimitExceeded and recorded", async () => {
  const w = wb();
  // About 5.1 MB of JSON: 40,000 strings of 128 characters with their quotes and commas.
  const rows = 40_000;
  const values = Array.from({ length: rows }, (_, i) => [
    `row ${String(i).padStart(5, "0")} ${"x".repeat(118)}`,
  ]);
  await w.excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem("Sheet1");
    sheet.getRange("B1").values = [["small, queued first"]];
    sheet.getRange(`A1:A${rows}`).values = values;
    await expect(context.sync()).rejects.toMatchObject({ code: "RequestPayloadSizeLimitExceeded" });
  });
  expect(w.host.cell("Sheet1", 0, 0).value).toBeNull();
  expect(w.host.cell("Sheet1", 0, 1).value).toBeNull();
  const last = w.syncLog[w.syncLog.length - 1];
  expect(last.payloadBytes).toBeGreaterThan(PAYLOAD_LIMIT_BYTES);
  expect(last.failed).toBe("RequestPayloadSizeLimitExceeded");
});

test("tables: add, unique names, header and body ranges, resize, no overlap", async () => {
  const w = wb();
  await w.excel.run(async (context) => {
    const ws = context.workbook.worksheets.getItem("Sheet1");
    const t = ws.tables.add("A1:B3", true);
    t.name = "Report";
    t.style = "TableStyleLight9";
    await context.sync();
    const t2 = ws.tables.add("D1:E2", true);
    t2.name = "report";
    await expect(context.sync()).rejects.toMatchObject({ code: "InvalidArgument" });
    ws.tables.add("B2:C4", true);
    await expect(context.sync()).rejects.toMatchObject({ code: "InvalidOperation" });
    const table = context.workbook.tables.getItem("Report");
    table.resize("A1:C10");
    const body = table.getDataBodyRange();
    const header = table.getHeaderRowRange();
    body.load("address");
    header.load("address");
    table.rows.load("count");
    await context.sync();
    expect(body.address).toBe("Sheet1!A2:C10");
    expect(header.address).toBe("Sheet1!A1:C1");
    expect(table.rows.count).toBe(9);
    table.resize("B1:C10");
    await expect(context.sync()).rejects.toMatchObject({ code: "InvalidArgument" });
  });
});

test("selection and the host's typing, calculated spills and #SPILL!", async () => {
  const w = wb();
  w.host.select("Sheet1", 4, 1);
  await w.excel.run(async (context) => {
    const sel = context.workbook.getSelectedRange();
    sel.load("address");
    await context.sync();
    expect(sel.address).toBe("Sheet1!B5");
  });
  w.host.setInput("Sheet1", 0, 0, "=ADS.EPISODES(1)");
  w.host.setCalculated("Sheet1", 0, 0, [
    ["title", "id"],
    ["E1", 1],
  ]);
  expect(w.host.cell("Sheet1", 1, 1)).toMatchObject({ value: 1, spilled: true });
  w.host.setInput("Sheet1", 3, 5, "12");
  w.host.setInput("Sheet1", 3, 3, "=ADS.TOPADVERTISERS(1)");
  w.host.setCalculated("Sheet1", 3, 3, [["a", "b", "c"]]);
  expect(w.host.cell("Sheet1", 3, 3).value).toBe("#SPILL!");
  expect(w.host.cell("Sheet1", 3, 5).value).toBe(12);
});

test("host: typing numbers, booleans, text and formulas; used size with spills; selection; subscribe", () => {
  const w = wb();
  let changes = 0;
  const off = w.host.subscribe(() => changes++);
  w.host.setInput("Sheet1", 0, 0, "42");
  w.host.setInput("Sheet1", 1, 0, "TRUE");
  w.host.setInput("Sheet1", 2, 0, "hello");
  w.host.setInput("Sheet1", 3, 0, "=ADS.EPISODES(1)");
  expect(w.host.cell("Sheet1", 0, 0).value).toBe(42);
  expect(w.host.cell("Sheet1", 1, 0).value).toBe(true);
  expect(w.host.cell("Sheet1", 2, 0).value).toBe("hello");
  w.host.setCalculated("Sheet1", 3, 0, [
    ["a", "b"],
    [1, 2],
  ]);
  expect(w.host.cell("Sheet1", 3, 0)).toMatchObject({ value: "a", formula: "=ADS.EPISODES(1)" });
  expect(w.host.cell("Sheet1", 4, 1).value).toBe(2);
  expect(w.host.usedSize("Sheet1")).toEqual({ rows: 5, cols: 2 });
  w.host.select("Sheet1", 2, 1);
  expect(w.host.selection()).toEqual({ sheet: "Sheet1", row: 2, col: 1, rows: 1, cols: 1 });
  expect(changes).toBeGreaterThan(0);
  off();
  const n = changes;
  w.host.setInput("Sheet1", 9, 9, "x");
  expect(changes).toBe(n);
  expect(w.host.sheets()).toEqual([{ name: "Sheet1", visible: true, active: true }]);
});

test("host: Delete clears values and formulas, keeps formats, leaves spilled cells to their formula, recalculates", async () => {
  const w = wb();
  w.host.setInput("Sheet1", 0, 0, "10");
  w.host.setInput("Sheet1", 1, 0, "20");
  w.host.setInput("Sheet1", 2, 0, "=SUM(A1:A2)");
  w.host.setInput("Sheet1", 0, 2, "=ADS.EPISODES(1)");
  w.host.setCalculated("Sheet1", 0, 2, [["a"], ["b"]]);
  await w.excel.run(async (context) => {
    context.workbook.worksheets.getItem("Sheet1").getRange("A2").numberFormat = [["0.00"]];
    await context.sync();
  });
  expect(w.host.cell("Sheet1", 2, 0).value).toBe(30);
  // A spilled cell is its formula's: Delete there changes nothing.
  w.host.clearContents("Sheet1", { row: 1, col: 2, rows: 1, cols: 1 });
  expect(w.host.cell("Sheet1", 1, 2)).toMatchObject({ value: "b", spilled: true });
  w.host.clearContents("Sheet1", { row: 1, col: 0, rows: 1, cols: 1 });
  expect(w.host.cell("Sheet1", 1, 0).value).toBeNull();
  expect(w.host.cell("Sheet1", 2, 0).value).toBe(10);
  // The format stays: a number typed there again shows it.
  w.host.setInput("Sheet1", 1, 0, "5");
  expect(w.host.cell("Sheet1", 1, 0).text).toBe("5.00");
  w.host.clearContents("Sheet1", { row: 0, col: 0, rows: 3, cols: 3 });
  for (const [r, c] of [
    [0, 0],
    [1, 0],
    [2, 0],
    [0, 2],
    [1, 2],
  ])
    expect(w.host.cell("Sheet1", r, c).value).toBeNull();
});

test("insertWorksheetsFromBase64 reads inline and shared strings and numbers", async () => {
  const { zipSync, strToU8 } = await import("fflate");
  const files = {
    "xl/workbook.xml": strToU8(
      '<workbook><sheets><sheet name="Result" sheetId="1" r:id="rId1"/></sheets></workbook>',
    ),
    "xl/_rels/workbook.xml.rels": strToU8(
      '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
    ),
    "xl/sharedStrings.xml": strToU8("<sst><si><t>shared &amp; text</t></si></sst>"),
    "xl/worksheets/sheet1.xml": strToU8(
      '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>=not a formula?</t></is></c><c r="B1" t="s"><v>0</v></c><c r="C1"><v>2.5</v></c><c r="D1" t="inlineStr"><is><t>inline text</t></is></c></row></sheetData></worksheet>',
    ),
  };
  const base64 = Buffer.from(zipSync(files)).toString("base64");
  const w = wb();
  await w.excel.run(async (context) => {
    const result = context.workbook.insertWorksheetsFromBase64(base64);
    await context.sync();
    expect(result.value).toEqual(["Result"]);
  });
  expect(w.host.cell("Result", 0, 3).value).toBe("inline text");
  expect(w.host.cell("Result", 0, 1).value).toBe("shared & text");
  expect(w.host.cell("Result", 0, 2).value).toBe(2.5);
});

test("property: text written to cells formatted as text never becomes a formula", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.string({ maxLength: 30 }), { minLength: 1, maxLength: 20 }),
      async (texts) => {
        const w = wb();
        await w.excel.run(async (context) => {
          const r = context.workbook.worksheets.getItem("Sheet1").getRange(`A1:A${texts.length}`);
          r.numberFormat = texts.map(() => ["@"]);
          r.values = texts.map((t) => [t]);
          await context.sync();
        });
        texts.forEach((t, i) => {
          const c = w.host.cell("Sheet1", i, 0);
          expect(c.formula).toBeUndefined();
          expect(c.value).toBe(t === "" ? null : t);
        });
      },
    ),
    { numRuns: 300 },
  );
});
