import { InMemoryWorkbook } from "../../preview/memory/workbook";
import { insertFormulaAtSelection } from "./insertFormula";

test("Insert formula calculates even in a Text (@) cell, such as a report's text column", async () => {
  const wb = new InMemoryWorkbook();
  await wb.excel.run(async (context) => {
    const cell = context.workbook.worksheets.getItem("Sheet1").getRange("B2");
    cell.numberFormat = [["@"]];
    await context.sync();
  });
  wb.host.select("Sheet1", 1, 1);
  expect(await insertFormulaAtSelection(wb.excel, "=1+1")).toBe("Sheet1!B2");
  expect(wb.host.cell("Sheet1", 1, 1)).toMatchObject({ formula: "=1+1", value: 2 });
});

test("a General cell keeps its format; the formula goes in the selection's top-left cell", async () => {
  const wb = new InMemoryWorkbook();
  wb.host.select("Sheet1", 2, 2, 3, 3);
  await insertFormulaAtSelection(wb.excel, "=2*3");
  expect(wb.host.cell("Sheet1", 2, 2)).toMatchObject({ formula: "=2*3", value: 6, numberFormat: undefined });
});
