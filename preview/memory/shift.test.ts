/** Range.insert / Range.delete and table columns, through office.js: cells move, and what points at them follows. */
import { InMemoryWorkbook } from "./workbook";

function wb() {
  const w = new InMemoryWorkbook({ sheets: ["Data", "Notes"] });
  return w;
}

const cell = (w: InMemoryWorkbook, sheet: string, r: number, c: number) => w.host.cell(sheet, r, c);

test("insert Down moves only the band's columns; formulas, ranges and kept ranges follow the cells", async () => {
  const w = wb();
  w.host.setInput("Data", 4, 0, "10");
  w.host.setInput("Data", 5, 0, "20");
  w.host.setInput("Data", 4, 3, "beside");
  w.host.setInput("Notes", 0, 0, "=Data!A5");
  w.host.setInput("Notes", 1, 0, "=SUM(Data!A4:A6)");
  w.host.setInput("Data", 9, 1, "=A6*2");
  await w.excel.run(async (context) => {
    const ws = context.workbook.worksheets.getItem("Data");
    const kept = ws.getRange("A6");
    kept.load("address");
    await context.sync();
    const inserted = ws.getRange("A5:B7").insert("Down");
    inserted.load("address");
    kept.load("address");
    await context.sync();
    expect(inserted.address).toBe("Data!A5:B7");
    // A range office.js holds follows its cell.
    expect(kept.address).toBe("Data!A9");
  });
  expect([cell(w, "Data", 4, 0).value, cell(w, "Data", 7, 0).value, cell(w, "Data", 8, 0).value]).toEqual([
    null,
    10,
    20,
  ]);
  // Column D is not in the band: it stays.
  expect(cell(w, "Data", 4, 3).value).toBe("beside");
  expect(cell(w, "Notes", 0, 0)).toMatchObject({ formula: "=Data!A8", value: 10 });
  expect(cell(w, "Notes", 1, 0)).toMatchObject({ formula: "=SUM(Data!A4:A9)", value: 30 });
  expect(cell(w, "Data", 12, 1)).toMatchObject({ formula: "=A9*2", value: 40 });
});

test("delete Up: references to deleted cells become #REF!, ranges across the gap shrink, a table's body shrinks", async () => {
  const w = wb();
  await w.excel.run(async (context) => {
    const ws = context.workbook.worksheets.getItem("Data");
    ws.getRange("A1:B5").values = [
      ["Name", "Spend"],
      ["a", 1],
      ["b", 2],
      ["c", 3],
      ["d", 4],
    ];
    ws.tables.add("Data!A1:B5", true).name = "T";
    ws.getRange("B7").formulas = [["=SUM(B2:B5)"]];
    ws.getRange("C1").formulas = [["=B3"]];
    await context.sync();
    ws.getRange("A3:B4").delete("Up");
    await context.sync();
  });
  expect(w.host.tables()).toEqual([{ name: "T", sheet: "Data", rect: { row: 0, col: 0, rows: 3, cols: 2 } }]);
  expect(cell(w, "Data", 4, 1)).toMatchObject({ formula: "=SUM(B2:B3)", value: 5 });
  expect(cell(w, "Data", 0, 2)).toMatchObject({ formula: "=#REF!" });
});

test("a move that would cut a table, or push filled cells off the sheet, is refused and changes nothing", async () => {
  const w = wb();
  await w.excel.run(async (context) => {
    const ws = context.workbook.worksheets.getItem("Data");
    ws.getRange("B5:C6").values = [
      ["H1", "H2"],
      [1, 2],
    ];
    ws.tables.add("Data!B5:C6", true).name = "Below";
    ws.getRange("A1").values = [["x"]];
    await context.sync();
    // Columns A:B reach half of the table below.
    ws.getRange("A2:B2").insert("Down");
    await expect(context.sync()).rejects.toMatchObject({ code: "InvalidOperation" });
    ws.getRange("A1048576").values = [["last"]];
    await context.sync();
    ws.getRange("A2").insert("Down");
    await expect(context.sync()).rejects.toMatchObject({ code: "InvalidOperation" });
  });
  expect(w.host.tables()[0].rect).toEqual({ row: 4, col: 1, rows: 2, cols: 2 });
  expect(cell(w, "Data", 0, 0).value).toBe("x");
  expect(cell(w, "Data", 1_048_575, 0).value).toBe("last");
});

test("inserting rows inside a table grows it; table columns keep their ids through rename, insert and delete", async () => {
  const w = wb();
  const ids = await w.excel.run(async (context) => {
    const ws = context.workbook.worksheets.getItem("Data");
    ws.getRange("A1:C3").values = [
      ["Day", "Spend", "Reach"],
      [1, 2, 3],
      [4, 5, 6],
    ];
    const t = ws.tables.add("Data!A1:C3", true);
    t.name = "Report";
    await context.sync();
    ws.getRange("A3:C3").insert("Down");
    t.columns.getItem("Spend").name = "Cost";
    t.columns.add(1, undefined, "Notes");
    t.columns.getItem("Reach").delete();
    const columns = t.columns;
    columns.load("items/id,items/name,items/index");
    await context.sync();
    return columns.items.map((c) => [c.id, c.name, c.index]);
  });
  expect(w.host.tables()[0].rect).toEqual({ row: 0, col: 0, rows: 4, cols: 3 });
  expect(ids).toEqual([
    [1, "Day", 0],
    [4, "Notes", 1],
    [2, "Cost", 2],
  ]);
  expect([0, 1, 2].map((c) => cell(w, "Data", 3, c).value)).toEqual([4, null, 5]);
});

test("a structured reference whose column looks like a cell ([@d15]) is not moved; A1 references are", async () => {
  const w = wb();
  w.host.setInput("Notes", 0, 0, '=[@d15]+B5&"[A9]"');
  await w.excel.run(async (context) => {
    context.workbook.worksheets
      .getItem("Notes")
      .getRange("A3:Z4")
      .insert("Down" as Excel.InsertShiftDirection);
    await context.sync();
  });
  expect(cell(w, "Notes", 0, 0).formula).toBe('=[@d15]+B7&"[A9]"');
});
