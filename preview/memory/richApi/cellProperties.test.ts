/**
 * Range.getCellProperties through the genuine office.js client (docs/excel-fidelity.md row 50): only
 * what is asked for comes back, and the options are required, as Excel's reference has them.
 */
import { InMemoryWorkbook } from "../workbook";

async function withCells() {
  const wb = new InMemoryWorkbook();
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  wb.host.setInput("Sheet1", 0, 0, "linked");
  wb.host.setHyperlink("Sheet1", 0, 0, "https://example.com/a");
  wb.host.setInput("Sheet1", 0, 1, "plain");
  return wb;
}

test("only the properties asked for are answered: links alone, or bold alone", async () => {
  const wb = await withCells();
  const [links, bold] = await wb.excel.run(async (context) => {
    const range = context.workbook.worksheets.getItem("Sheet1").getRange("A1:B1");
    const l = range.getCellProperties({ hyperlink: true });
    const b = range.getCellProperties({ format: { font: { bold: true } } });
    await context.sync();
    return [l.value, b.value];
  });
  expect(links[0].map((c) => c.hyperlink?.address)).toEqual(["https://example.com/a", undefined]);
  expect(links[0].every((c) => c.format === undefined)).toBe(true);
  expect(bold[0]).toEqual([{ format: { font: { bold: false } } }, { format: { font: { bold: false } } }]);
});

test("without the options to load, the call is refused", async () => {
  const wb = await withCells();
  await expect(
    wb.excel.run(async (context) => {
      const range = context.workbook.worksheets.getItem("Sheet1").getRange("A1");
      range.getCellProperties(undefined as unknown as Excel.CellPropertiesLoadOptions);
      await context.sync();
    }),
  ).rejects.toThrow(/cellPropertiesLoadOptions|InvalidArgument|invalid/i);
});

test("getColumnProperties answers each column's width (and index) as asked, and refuses a call without options", async () => {
  const wb = await withCells();
  const widths = await wb.excel.run(async (context) => {
    const sheet = context.workbook.worksheets.getItem("Sheet1");
    sheet.getRange("B:B").format.columnWidth = 120;
    const props = sheet
      .getRange("A1:C1")
      .getColumnProperties({ columnIndex: true, format: { columnWidth: true } });
    await context.sync();
    return props.value;
  });
  expect(widths.map((c) => c.columnIndex)).toEqual([0, 1, 2]);
  expect(widths[1].format?.columnWidth).toBe(120);
  expect(widths[0].format?.columnWidth).toBe(widths[2].format?.columnWidth);
  await expect(
    wb.excel.run(async (context) => {
      const range = context.workbook.worksheets.getItem("Sheet1").getRange("A1");
      range.getColumnProperties(undefined as unknown as Excel.ColumnPropertiesLoadOptions);
      await context.sync();
    }),
  ).rejects.toThrow(/columnPropertiesLoadOptions|InvalidArgument|invalid/i);
});
