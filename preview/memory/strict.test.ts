/**
 * The in-memory workbook is never kinder than Excel: one test per row of docs/excel-fidelity.md
 * (the self-test steps in src/excel/selftest prove the same rows against the add-in's own code).
 */
import { strToU8, zipSync } from "fflate";
import { InMemoryWorkbook } from "./workbook";
import { jsonBytes, PAYLOAD_LIMIT_BYTES } from "./payload";
import { definedNameProblem, sheetNameProblem } from "./names";

const today = () => new Date(Date.UTC(2026, 10, 23));
const wb = () => new InMemoryWorkbook({ today });

async function write(w: InMemoryWorkbook, address: string, values: unknown[][], format?: string[][]) {
  await w.excel.run(async (context) => {
    const r = context.workbook.worksheets.getItem("Sheet1").getRange(address);
    if (format) r.numberFormat = format;
    r.values = values as string[][];
    await context.sync();
  });
}

describe("text written into cells", () => {
  test("a General cell reads strings as typed, with the format they imply; a Text cell keeps them", async () => {
    const w = wb();
    await write(w, "A1:E1", [["00123", "3/4", "TRUE", "$1,234", "12%"]]);
    await write(w, "A2:E2", [["00123", "3/4", "TRUE", "$1,234", "12%"]], [["@", "@", "@", "@", "@"]]);
    const row = (r: number) => [0, 1, 2, 3, 4].map((c) => w.host.cell("Sheet1", r, c));
    expect(row(0).map((c) => c.value)).toEqual([123, 46085, true, 1234, 0.12]);
    expect(row(0).map((c) => c.numberFormat)).toEqual([undefined, "m/d/yyyy", undefined, "$#,##0", "0%"]);
    expect(row(0).map((c) => c.text)).toEqual(["123", "3/4/2026", "TRUE", "$1,234", "12%"]);
    expect(row(1).map((c) => c.value)).toEqual(["00123", "3/4", "TRUE", "$1,234", "12%"]);
  });

  test("a number or boolean written into a Text cell becomes text; an error literal becomes an error", async () => {
    const w = wb();
    await write(w, "A1:B1", [[123, true]], [["@", "@"]]);
    await write(w, "C1", [["#N/A"]]);
    expect([w.host.cell("Sheet1", 0, 0).value, w.host.cell("Sheet1", 0, 1).value]).toEqual(["123", "TRUE"]);
    expect(w.host.cell("Sheet1", 0, 2)).toMatchObject({ value: "#N/A", error: true });
  });

  test("a formula written into a Text cell stays text, through values and through formulas", async () => {
    const w = wb();
    await w.excel.run(async (context) => {
      const r = context.workbook.worksheets.getItem("Sheet1").getRange("A1:B1");
      r.numberFormat = [["@", "@"]];
      r.formulas = [["=1+1", "=SUM(1)"]];
      await context.sync();
    });
    expect(w.host.cell("Sheet1", 0, 0)).toMatchObject({ value: "=1+1", formula: undefined });
  });

  test("null leaves a cell unchanged, an empty string clears it, a single null is refused", async () => {
    const w = wb();
    await write(w, "A1:B1", [["keep", "clear"]]);
    await w.excel.run(async (context) => {
      const r = context.workbook.worksheets.getItem("Sheet1").getRange("A1:B1");
      r.values = [[null, ""]] as unknown as string[][];
      r.numberFormat = [[null, "0.00"]] as unknown as string[][];
      await context.sync();
      r.values = null as unknown as string[][];
      await expect(context.sync()).rejects.toMatchObject({ code: "InvalidArgument" });
    });
    expect(w.host.cell("Sheet1", 0, 0).value).toBe("keep");
    expect(w.host.cell("Sheet1", 0, 1)).toMatchObject({ value: null, numberFormat: "0.00" });
  });
});

describe("payload size: true JSON bytes, both directions", () => {
  test("a number weighs its JSON text: a date-time serial is 18 bytes, not 8", () => {
    expect(jsonBytes(45678.541666666664)).toBe(18);
    expect(jsonBytes("é")).toBe(4); // quotes + 2 UTF-8 bytes
    expect(jsonBytes([[1, "a"]])).toBe('[[1,"a"]]'.length);
  });

  test("45,000 rows of ten date-time serials (~8 MB of JSON) are refused in one sync", async () => {
    const w = wb();
    const rows = Array.from({ length: 45_000 }, (_, i) =>
      Array.from({ length: 10 }, (_, j) => 45678.541666666664 + i + j / 1000),
    );
    expect(jsonBytes(rows)).toBeGreaterThan(PAYLOAD_LIMIT_BYTES);
    await w.excel.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1:J45000").values = rows;
      await expect(context.sync()).rejects.toMatchObject({ code: "RequestPayloadSizeLimitExceeded" });
    });
    expect(w.syncLog.at(-1)!.payloadBytes).toBeGreaterThan(jsonBytes(rows));
  });

  test("an answer over 5 MB is refused with ResponsePayloadSizeLimitExceeded and the sync is logged", async () => {
    const w = wb();
    const text = "x".repeat(30_000);
    const rows = Array.from({ length: 100 }, () => [text]);
    await write(w, "A1:A100", rows);
    await write(w, "B1:B100", rows);
    await w.excel.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1:B100").load("values");
      await expect(context.sync()).rejects.toMatchObject({ code: "ResponsePayloadSizeLimitExceeded" });
    });
    expect(w.syncLog.at(-1)!.failed).toBe("ResponsePayloadSizeLimitExceeded");
  });

  test("reading more than five million cells is refused", async () => {
    const w = wb();
    await w.excel.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1:E1048576").load("values");
      await expect(context.sync()).rejects.toMatchObject({ code: "ResponsePayloadSizeLimitExceeded" });
    });
  });
});

describe("calculation", () => {
  test("native formulas calculate, follow their precedents, and read #NAME? for unknown names", async () => {
    const w = wb();
    await write(w, "A1:A3", [[1], [2], [3]]);
    await w.excel.run(async (context) => {
      const ws = context.workbook.worksheets.getItem("Sheet1");
      ws.getRange("B1:B3").formulas = [["=SUM(A1:A3)"], ["=B1*2"], ["=nope+1"]];
      await context.sync();
    });
    expect([0, 1, 2].map((r) => w.host.cell("Sheet1", r, 1).value)).toEqual([6, 12, "#NAME?"]);
    await write(w, "A1", [[10]]);
    expect([0, 1].map((r) => w.host.cell("Sheet1", r, 1).value)).toEqual([15, 30]);
  });

  test("writes made while calculation is suspended are not propagated until application.calculate", async () => {
    const w = wb();
    await write(w, "A1", [[1]]);
    await w.excel.run(async (context) => {
      const ws = context.workbook.worksheets.getItem("Sheet1");
      ws.getRange("B1").formulas = [["=A1*2"]];
      await context.sync();
      context.workbook.application.suspendApiCalculationUntilNextSync();
      ws.getRange("A1").values = [[5]];
      await context.sync();
      // A later ordinary write elsewhere does not recalculate what the suspended one owes.
      ws.getRange("Z1").values = [["x"]];
      await context.sync();
    });
    expect(w.host.cell("Sheet1", 0, 1).value).toBe(2);
    expect(w.model.owedCalculation).toHaveLength(1);
    await w.excel.run(async (context) => {
      context.workbook.application.calculate("Recalculate" as Excel.CalculationType);
      await context.sync();
    });
    expect(w.host.cell("Sheet1", 0, 1).value).toBe(10);
    expect(w.model.owedCalculation).toEqual([]);
  });

  test("a calculate queued in a suspended sync recalculates that sync's earlier writes; later ones stay owed", async () => {
    const w = wb();
    await write(w, "A1", [[1]]);
    await w.excel.run(async (context) => {
      const ws = context.workbook.worksheets.getItem("Sheet1");
      ws.getRange("B1:B2").formulas = [["=A1*2"], ["=A2*2"]];
      await context.sync();
      context.workbook.application.suspendApiCalculationUntilNextSync();
      ws.getRange("A1").values = [[5]];
      context.workbook.application.calculate("Recalculate" as Excel.CalculationType);
      ws.getRange("A2").values = [[7]];
      await context.sync();
    });
    expect([0, 1].map((r) => w.host.cell("Sheet1", r, 1).value)).toEqual([10, 0]);
    expect(w.model.owedCalculation).toHaveLength(1);
  });

  test("structured references follow a resized table; [@Col] reads its own row", async () => {
    const w = wb();
    await w.excel.run(async (context) => {
      const ws = context.workbook.worksheets.getItem("Sheet1");
      ws.getRange("A1:B3").values = [
        ["Spend", "Impressions"],
        [10, 1000],
        [20, 4000],
      ];
      const t = ws.tables.add("A1:C3", true);
      t.name = "Sales";
      ws.getRange("C1").values = [["CPM"]];
      ws.getRange("C2:C3").formulas = [["=[@Spend]/[@Impressions]*1000"], ["=[@Spend]/[@Impressions]*1000"]];
      ws.getRange("E1").formulas = [["=SUM(Sales[Spend])"]];
      await context.sync();
      ws.getRange("A4:B4").values = [[30, 1500]];
      t.resize("A1:C4");
      ws.getRange("C4").formulas = [["=[@Spend]/[@Impressions]*1000"]];
      await context.sync();
    });
    expect([1, 2, 3].map((r) => w.host.cell("Sheet1", r, 2).value)).toEqual([10, 5, 20]);
    expect(w.host.cell("Sheet1", 0, 4).value).toBe(60);
  });

  test("a sheet reference is never a table, even where a table has the sheet's name: =Spend!C4, ='Spend data'!C4", () => {
    const w = new InMemoryWorkbook({ sheets: ["Spend", "Spend data", "Notes"] });
    // A report table named as its sheet is, as the add-in names them.
    w.model.tables.push({
      id: "tb-spend",
      name: "Spend",
      sheetId: w.model.sheetByName("Spend")!.id,
      rect: { row: 0, col: 0, rows: 5, cols: 3 },
      style: "TableStyleMedium2",
    });
    w.host.setInput("Spend", 3, 2, "42");
    w.host.setInput("Spend data", 3, 2, "7");
    w.host.setInput("Notes", 0, 0, "=Spend!C4");
    w.host.setInput("Notes", 1, 0, "='Spend data'!C4*2");
    w.host.setInput("Notes", 2, 0, "=SUM(Spend[#All])");
    expect([0, 1, 2].map((r) => w.host.cell("Notes", r, 0).value)).toEqual([42, 14, 42]);
  });
});

describe("custom function results", () => {
  test("a spill blocked by a value shows #SPILL! and spills again once the cell is cleared", async () => {
    const w = wb();
    w.host.setInput("Sheet1", 0, 0, "=ADS.SELFTEST(2,2)");
    w.host.setCalculated("Sheet1", 0, 0, [
      ["a", "b"],
      ["c", "d"],
    ]);
    expect(w.host.cell("Sheet1", 1, 1)).toMatchObject({ value: "d", spilled: true });
    await write(w, "B2", [["in the way"]]);
    expect(w.host.cell("Sheet1", 0, 0)).toMatchObject({ value: "#SPILL!", error: true });
    expect(w.host.cell("Sheet1", 1, 0).value).toBeNull();
    await w.excel.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("B2").clear("Contents");
      await context.sync();
    });
    expect(w.host.cell("Sheet1", 1, 1).value).toBe("d");
  });

  test("two spills that would overlap: the second shows #SPILL!", () => {
    const w = wb();
    w.host.setInput("Sheet1", 0, 0, "=ADS.SELFTEST(3,3)");
    w.host.setCalculated("Sheet1", 0, 0, [
      ["a", "b", "c"],
      ["d", "e", "f"],
      ["g", "h", "i"],
    ]);
    w.host.setInput("Sheet1", 0, 3, "=ADS.SELFTEST(1,1)");
    w.host.setInput("Sheet1", 2, 1, "=ADS.SELFTEST(1,1)");
    expect(w.host.cell("Sheet1", 0, 0).value).toBe("#SPILL!");
  });

  test("a result over 5 MB never arrives (#BUSY!), a string over 32,767 characters is #VALUE!", () => {
    const w = wb();
    w.host.setInput("Sheet1", 0, 0, "=ADS.ADS(1)");
    w.host.setCalculated(
      "Sheet1",
      0,
      0,
      Array.from({ length: 200 }, () => ["x".repeat(30_000)]),
    );
    expect(w.host.cell("Sheet1", 0, 0)).toMatchObject({ value: "#BUSY!", error: true });
    w.host.setInput("Sheet1", 5, 5, "=ADS.SHOW(1)");
    w.host.setCalculated("Sheet1", 5, 5, "y".repeat(32_768));
    expect(w.host.cell("Sheet1", 5, 5)).toMatchObject({ value: "#VALUE!", error: true });
  });
});

describe("names", () => {
  test.each([
    ["History", "reserved"],
    ["x".repeat(32), "31"],
    ["'lead", "apostrophe"],
    ["trail'", "apostrophe"],
    ["a:b", "\\"],
    ["  ", "blank"],
  ])("sheet name %j is refused (%s)", (name, why) => {
    expect(sheetNameProblem(name)).toContain(why);
  });

  test.each([
    "R1C1",
    "RC",
    "R",
    "c",
    "C3",
    "R2",
    "R1Sales",
    "Q1",
    "XFD1",
    "TRUE",
    "1abc",
    "a b",
    "x".repeat(256),
  ])("table or defined name %j is refused", (name) => expect(definedNameProblem(name)).not.toBeNull());

  test.each(["Sales", "_x", "\\path", "T_R1C1", "Report.2026", "a".repeat(255)])(
    "name %j is accepted",
    (name) => expect(definedNameProblem(name)).toBeNull(),
  );

  test("tables and defined names share one namespace, compared without case", async () => {
    const w = wb();
    await w.excel.run(async (context) => {
      context.workbook.names.add("Budget", "=Sheet1!$A$1");
      const t = context.workbook.worksheets.getItem("Sheet1").tables.add("C1:C2", true);
      t.name = "BUDGET";
      await expect(context.sync()).rejects.toMatchObject({ code: "InvalidArgument" });
    });
  });

  test("a table's headers become unique text: numbers as text, blanks ColumnN, repeats numbered", async () => {
    const w = wb();
    await write(w, "A1:D1", [["Name", "name", "", 2026]]);
    await w.excel.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").tables.add("A1:D2", true);
      await context.sync();
    });
    expect([0, 1, 2, 3].map((c) => w.host.cell("Sheet1", 0, c).value)).toEqual([
      "Name",
      "name2",
      "Column3",
      "2026",
    ]);
  });
});

describe("insertWorksheetsFromBase64", () => {
  const xlsx = (extra: Record<string, Uint8Array> = {}) =>
    Buffer.from(
      zipSync(
        {
          "xl/workbook.xml": strToU8(
            '<workbook><sheets><sheet name="Data" sheetId="1" r:id="rId1"/></sheets></workbook>',
          ),
          "xl/_rels/workbook.xml.rels": strToU8(
            '<Relationships><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>',
          ),
          "xl/worksheets/sheet1.xml": strToU8(
            '<worksheet><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>00123</t></is></c></row></sheetData></worksheet>',
          ),
          ...extra,
        },
        { level: 0 },
      ),
    ).toString("base64");

  test("text stays text; a name that exists gets (2)", async () => {
    const w = wb();
    await w.excel.run(async (context) => {
      context.workbook.worksheets.add("Data");
      context.workbook.insertWorksheetsFromBase64(xlsx());
      await context.sync();
    });
    expect(w.host.cell("Data (2)", 0, 0).value).toBe("00123");
  });

  test("a file with charts, PivotTables, comments or slicers is refused with UnsupportedFeature", async () => {
    const w = wb();
    await w.excel.run(async (context) => {
      context.workbook.insertWorksheetsFromBase64(xlsx({ "xl/charts/chart1.xml": strToU8("<c/>") }));
      await expect(context.sync()).rejects.toMatchObject({ code: "UnsupportedFeature" });
    });
  });

  test("the base64 text counts against the 5 MB request", async () => {
    const w = wb();
    const big = xlsx({
      "xl/media/image1.bin": Uint8Array.from({ length: 4_000_000 }, (_, i) => (i * 7919) % 251),
    });
    expect(big.length).toBeGreaterThan(PAYLOAD_LIMIT_BYTES);
    await w.excel.run(async (context) => {
      context.workbook.insertWorksheetsFromBase64(big);
      await expect(context.sync()).rejects.toMatchObject({ code: "RequestPayloadSizeLimitExceeded" });
    });
  });
});

test("Table.delete takes the table's cells with it", async () => {
  const w = wb();
  await write(w, "A1:A2", [["H"], ["v"]]);
  await w.excel.run(async (context) => {
    const t = context.workbook.worksheets.getItem("Sheet1").tables.add("A1:A2", true);
    await context.sync();
    t.delete();
    await context.sync();
  });
  expect(w.host.cell("Sheet1", 1, 0).value).toBeNull();
  expect(w.host.tables()).toEqual([]);
});

test("custom functions in formulas: a result over 5 MB stays #BUSY!, text over 32,767 characters is #VALUE!", () => {
  const w = wb();
  w.calculator.setHostFunctions({
    names: ["ADS.BIG", "ADS.LONG"],
    reset: () => undefined,
    call: (name) => ({
      value:
        name === "ADS.BIG" ? Array.from({ length: 200 }, () => ["x".repeat(30_000)]) : "y".repeat(32_768),
    }),
  });
  w.host.setInput("Sheet1", 0, 0, "=ADS.BIG()");
  w.host.setInput("Sheet1", 0, 1, "=ADS.LONG()");
  expect(w.host.cell("Sheet1", 0, 0)).toMatchObject({
    value: "#BUSY!",
    errorMessage: expect.stringMatching(/5 MB/),
  });
  expect(w.host.cell("Sheet1", 0, 1)).toMatchObject({
    value: "#VALUE!",
    errorMessage: expect.stringMatching(/32,767/),
  });
});

describe("cell formats", () => {
  test("horizontal alignment: General, Left, Center and Right are kept and read back, cleared with the formats; others refused", async () => {
    const w = wb();
    const read = await w.excel.run(async (context) => {
      const s = context.workbook.worksheets.getItem("Sheet1");
      s.getRange("A1:B2").values = [
        ["x", 1],
        ["y", 2],
      ];
      s.getRange("B1:B2").format.horizontalAlignment = "Center";
      s.getRange("A2").format.horizontalAlignment = "Right";
      const a = s.getRange("B2").format;
      const b = s.getRange("A1").format;
      a.load("horizontalAlignment");
      b.load("horizontalAlignment");
      await context.sync();
      return [a.horizontalAlignment, b.horizontalAlignment];
    });
    expect(read).toEqual(["Center", "General"]);
    expect(w.host.cell("Sheet1", 1, 0).align).toBe("Right");
    await w.excel.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("A1:B2").clear("Formats");
      await context.sync();
    });
    expect([w.host.cell("Sheet1", 0, 1).align, w.host.cell("Sheet1", 1, 0).align]).toEqual([
      undefined,
      undefined,
    ]);
    await expect(
      w.excel.run(async (context) => {
        context.workbook.worksheets.getItem("Sheet1").getRange("A1").format.horizontalAlignment = "Justify";
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: "InvalidArgument" });
  });

  test("borders: each side's style, colour and weight are written, read back and shared with the cell across the line; cleared with the formats; others refused", async () => {
    const w = wb();
    const read = await w.excel.run(async (context) => {
      const s = context.workbook.worksheets.getItem("Sheet1");
      const b2 = s.getRange("B2:C3").format.borders;
      for (const side of ["EdgeTop", "EdgeBottom", "EdgeLeft", "EdgeRight"] as const)
        b2.getItem(side).set({ style: "Continuous", color: "#9c0006", weight: "Medium" });
      b2.getItem("InsideHorizontal").style = "Dash";
      const top = s.getRange("B2:C2").format.borders.getItem("EdgeTop");
      const above = s.getRange("B1").format.borders.getItem("EdgeBottom");
      const inside = s.getRange("B2").format.borders.getItem("EdgeBottom");
      const mixed = s.getRange("B1:D1").format.borders.getItem("EdgeBottom");
      const none = s.getRange("E5").format.borders.getItem("EdgeLeft");
      for (const x of [top, above, inside, mixed, none]) x.load("sideIndex,style,color,weight");
      await context.sync();
      return [top, above, inside, mixed, none].map((x) => x.toJSON());
    });
    expect(read).toEqual([
      { sideIndex: "EdgeTop", style: "Continuous", color: "#9C0006", weight: "Medium" },
      { sideIndex: "EdgeBottom", style: "Continuous", color: "#9C0006", weight: "Medium" },
      { sideIndex: "EdgeBottom", style: "Dash", color: "#000000", weight: "Thin" },
      { sideIndex: "EdgeBottom", style: null, color: null, weight: null },
      { sideIndex: "EdgeLeft", style: "None", color: "#000000", weight: "Thin" },
    ]);
    expect(w.host.cell("Sheet1", 0, 1).borders?.bottom?.style).toBe("Continuous");
    // Style None from the other cell takes the shared line away.
    await w.excel.run(async (context) => {
      context.workbook.worksheets
        .getItem("Sheet1")
        .getRange("B1:C1")
        .format.borders.getItem("EdgeBottom").style = "None";
      await context.sync();
    });
    expect([w.host.cell("Sheet1", 0, 1).borders, w.host.cell("Sheet1", 1, 1).borders?.top]).toEqual([
      undefined,
      undefined,
    ]);
    expect(w.host.cell("Sheet1", 1, 1).borders?.left?.weight).toBe("Medium");
    await w.excel.run(async (context) => {
      context.workbook.worksheets.getItem("Sheet1").getRange("B2:C3").clear("Formats");
      await context.sync();
    });
    expect(w.host.cell("Sheet1", 1, 1).borders).toBeUndefined();
    const refused = (fn: (b: Excel.RangeBorderCollection) => void) =>
      expect(
        w.excel.run(async (context) => {
          fn(context.workbook.worksheets.getItem("Sheet1").getRange("A1").format.borders);
          await context.sync();
        }),
      ).rejects.toMatchObject({ code: "InvalidArgument" });
    await refused((b) => (b.getItem("EdgeTop").style = "Bold" as Excel.BorderLineStyle));
    await refused((b) => (b.getItem("EdgeTop").weight = "Heavy" as Excel.BorderWeight));
    await refused((b) => (b.getItem("EdgeTop").color = "#12345"));
    await refused((b) => (b.getItem("EdgeTop").color = "orange"));
    await refused((b) => (b.getItem("Middle" as Excel.BorderIndex).style = "Continuous"));
    await refused((b) => (b.getItem("DiagonalUp").style = "Continuous"));
    await expect(
      w.excel.run(async (context) => {
        const b = context.workbook.worksheets.getItem("Sheet1").getRange("A1").format.borders;
        b.load("items");
        await context.sync();
      }),
    ).rejects.toMatchObject({ code: "ApiNotFound" });
  });
});
