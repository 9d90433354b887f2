/**
 * Defined names follow their cells as Excel's do (docs/excel-fidelity.md, "Defined names"): rows and
 * columns inserted before them move them, a renamed sheet renames them, deleted cells make them
 * `#REF!` (type Error, no range); read through the genuine office.js client.
 */
import { InMemoryWorkbook } from "./workbook";

const wb = () => new InMemoryWorkbook({ sheets: ["Inputs", "Sheet2"] });

async function nameState(w: InMemoryWorkbook, name: string) {
  return w.excel.run(async (context) => {
    const item = context.workbook.names.getItem(name);
    item.load("formula,type,value");
    const range = item.getRangeOrNullObject();
    range.load("address,values");
    await context.sync();
    return {
      formula: item.formula,
      type: item.type,
      value: item.value as unknown,
      address: range.isNullObject ? null : range.address,
      values: range.isNullObject ? null : range.values,
    };
  });
}

async function addName(w: InMemoryWorkbook, name: string, address: string) {
  await w.excel.run(async (context) => {
    context.workbook.names.add(name, context.workbook.worksheets.getItem("Inputs").getRange(address));
    await context.sync();
  });
}

test("a name over a cell reads as a Range whose value is its address, and getRange gives the cell", async () => {
  const w = wb();
  w.host.setInput("Inputs", 1, 1, "2026-11-01");
  await addName(w, "Start", "B2");
  const s = await nameState(w, "Start");
  expect(s).toMatchObject({ formula: "=Inputs!$B$2", type: "Range", value: "Inputs!$B$2" });
  expect(s.address).toBe("Inputs!B2");
  expect(s.values).toEqual([[46327]]);
});

test("rows inserted above and columns inserted left of a named cell move the name with it", async () => {
  const w = wb();
  w.host.setInput("Inputs", 1, 1, "Acme");
  await addName(w, "Who", "B2");
  await w.excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem("Inputs");
    sheet.getRange("1:2").insert("Down");
    sheet.getRange("A:A").insert("Right");
    await context.sync();
  });
  const s = await nameState(w, "Who");
  expect(s.formula).toBe("=Inputs!$C$4");
  expect(s.values).toEqual([["Acme"]]);
});

test("a renamed sheet renames its names and the formulas that name it (quoted where the name needs it)", async () => {
  const w = wb();
  w.host.setInput("Inputs", 0, 0, "5");
  w.host.setInput("Sheet2", 0, 0, "=Inputs!A1*2");
  await addName(w, "Five", "A1");
  await w.excel.run(async (context) => {
    context.workbook.worksheets.getItem("Inputs").name = "Client inputs";
    await context.sync();
  });
  const s = await nameState(w, "Five");
  expect(s.formula).toBe("='Client inputs'!$A$1");
  expect(s.address).toBe("'Client inputs'!A1");
  expect(w.host.cell("Sheet2", 0, 0).formula).toBe("='Client inputs'!A1*2");
  // Text in quotes that looks like a reference is not one.
  w.host.setInput("Sheet2", 1, 0, '="Inputs!A1"');
  await w.excel.run(async (context) => {
    context.workbook.worksheets.getItem("Client inputs").name = "Inputs";
    await context.sync();
  });
  expect(w.host.cell("Sheet2", 0, 0).formula).toBe("=Inputs!A1*2");
  expect(w.host.cell("Sheet2", 1, 0).formula).toBe('="Inputs!A1"');
});

test("deleting a named cell makes the name #REF!: type Error, no range, getRange refused", async () => {
  const w = wb();
  w.host.setInput("Inputs", 1, 1, "Acme");
  await addName(w, "Who", "B2");
  await w.excel.run(async (context) => {
    context.workbook.worksheets.getItem("Inputs").getRange("2:2").delete("Up");
    await context.sync();
  });
  const s = await nameState(w, "Who");
  expect(s).toMatchObject({ formula: "=Inputs!#REF!", type: "Error", value: "#REF!", address: null });
  await expect(
    w.excel.run(async (context) => {
      const r = context.workbook.names.getItem("Who").getRange();
      r.load("address");
      await context.sync();
    }),
  ).rejects.toMatchObject({ code: "InvalidArgument" });
});

test("cells moved (Range.moveTo, cut and paste) take their names and the formulas naming them along; what they overwrote is #REF!", async () => {
  const w = wb();
  w.host.setInput("Inputs", 1, 1, "Acme");
  w.host.setInput("Inputs", 5, 5, "old");
  w.host.setInput("Sheet2", 0, 0, "=Inputs!B2");
  w.host.setInput("Sheet2", 1, 0, "=Inputs!F6");
  await addName(w, "Who", "B2");
  await w.excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem("Inputs");
    sheet.getRange("B2").moveTo(sheet.getRange("F6"));
    await context.sync();
  });
  const s = await nameState(w, "Who");
  expect(s.formula).toBe("=Inputs!$F$6");
  expect(s.values).toEqual([["Acme"]]);
  expect(w.host.cell("Inputs", 1, 1).value).toBeNull();
  expect(w.host.cell("Sheet2", 0, 0).formula).toBe("=Inputs!F6");
  expect(w.host.cell("Sheet2", 1, 0).formula).toBe("=Inputs!#REF!");
  // Across sheets is not modelled: refused, nothing moved.
  await expect(
    w.excel.run(async (context) => {
      context.workbook.worksheets
        .getItem("Inputs")
        .getRange("F6")
        .moveTo(context.workbook.worksheets.getItem("Sheet2").getRange("C3"));
      await context.sync();
    }),
  ).rejects.toMatchObject({ code: "InvalidOperation" });
  expect(w.host.cell("Inputs", 5, 5).value).toBe("Acme");
});
