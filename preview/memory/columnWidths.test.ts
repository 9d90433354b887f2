/**
 * Column widths as Excel changes them (columnWidths.ts): a number typed into a standard or best-fit
 * column widens it to show the number, never narrows it and leaves a set width alone; AutoFit makes
 * a column as wide as its widest shown value; each width is the model's, so office.js reads it back
 * and the .xlsx keeps it.
 */
import { strFromU8, unzipSync } from "fflate";
import {
  autofitColumns,
  charactersToPx,
  isBestFit,
  pxToCharacters,
  roomText,
  setUserWidth,
  widenForEntry,
} from "./columnWidths";
import { exportXlsx } from "./export/exportXlsx";
import { fileColumnWidth } from "./export/worksheet";
import { InMemoryWorkbook } from "./workbook";

/** 28 November 2026: TODAY()-20 is 11/8/2026 (9 characters, 63 px at 7 px a character). */
const today = () => new Date(Date.UTC(2026, 10, 28));

function book() {
  const wb = new InMemoryWorkbook({ today });
  return { wb, sheet: wb.model.sheetByName("Sheet1")! };
}

/** Types into a cell as the grid does: the entry, then Excel's widening for it. */
function type(wb: InMemoryWorkbook, address: [number, number], text: string): boolean {
  wb.host.setInput("Sheet1", address[0], address[1], text);
  return widenForEntry(wb.model, wb.model.sheetByName("Sheet1")!, address[0], address[1]);
}

async function widthRead(wb: InMemoryWorkbook, address: string): Promise<number> {
  return wb.excel.run(async (context) => {
    const f = context.workbook.worksheets.getItem("Sheet1").getRange(address).format;
    f.load("columnWidth");
    await context.sync();
    return f.columnWidth;
  });
}

test("=TODAY()-20 typed into a standard column widens it to show the date, and office.js reads the width back", async () => {
  const { wb, sheet } = book();
  expect(await widthRead(wb, "B1")).toBe(48);
  expect(type(wb, [0, 1], "=TODAY()-20")).toBe(true);
  expect(wb.host.cell("Sheet1", 0, 1).text).toBe("11/8/2026");
  // 63 px of text, 8 px of margin and the gridline: 72 px, 54 pt.
  expect(sheet.columnWidths.get(1)).toBe(54);
  expect(await widthRead(wb, "B1")).toBe(54);
  expect(isBestFit(sheet, 1)).toBe(true);
  // Column C was not typed into: still standard.
  expect(await widthRead(wb, "C1")).toBe(48);
});

test("a best-fit column widens for a wider number and never narrows for a shorter one", () => {
  const { wb, sheet } = book();
  type(wb, [0, 1], "=TODAY()-20");
  expect(type(wb, [1, 1], "$1,234,567.89")).toBe(true);
  const wide = sheet.columnWidths.get(1)!;
  expect(wide).toBeGreaterThan(54);
  expect(type(wb, [2, 1], "3/4/2026")).toBe(false);
  expect(sheet.columnWidths.get(1)).toBe(wide);
});

test("a width the planner or the add-in set is kept: typing a date there leaves it", async () => {
  const { wb, sheet } = book();
  setUserWidth(sheet, 1, 40);
  expect(type(wb, [0, 1], "=TODAY()-20")).toBe(false);
  expect(sheet.columnWidths.get(1)).toBe(30);
  await wb.excel.run(async (context) => {
    context.workbook.worksheets.getItem("Sheet1").getRange("C1").format.columnWidth = 20;
    await context.sync();
  });
  expect(type(wb, [0, 2], "11/8/2026")).toBe(false);
  expect(sheet.columnWidths.get(2)).toBe(20);
  // A best-fit width set again by the add-in is the add-in's from then on.
  type(wb, [0, 3], "11/8/2026");
  await wb.excel.run(async (context) => {
    context.workbook.worksheets.getItem("Sheet1").getRange("D1").format.columnWidth = 30;
    await context.sync();
  });
  expect(isBestFit(sheet, 3)).toBe(false);
});

test("text never widens a column; a General number drops its decimals before it widens one", () => {
  const { wb, sheet } = book();
  expect(type(wb, [0, 0], "A long note about the campaign")).toBe(false);
  expect(type(wb, [1, 0], "3.14159265358979")).toBe(false);
  expect(type(wb, [2, 0], "123456.789")).toBe(false);
  expect(sheet.columnWidths.has(0)).toBe(false);
  // Ten whole digits do not fit 64 px: the column widens to show them, not 1.2E+09.
  expect(type(wb, [3, 0], "1234567890")).toBe(true);
  expect(sheet.columnWidths.get(0)).toBe(((10 * 7 + 9) * 3) / 4);
  expect(roomText(wb.model.cell(sheet, 1, 0), false)).toBe("3");
  expect(roomText(wb.model.cell(sheet, 0, 0), false)).toBeNull();
});

test("AutoFit: as wide as the widest shown value; hidden rows left out; an empty column back to standard", () => {
  const { wb, sheet } = book();
  wb.host.setInput("Sheet1", 0, 0, "Expected air date");
  wb.host.setInput("Sheet1", 1, 0, "5000");
  wb.host.setInput("Sheet1", 2, 0, "A note wider than every other value here");
  sheet.hiddenRows.add(2);
  autofitColumns(wb.model, sheet, [0]);
  expect(sheet.columnWidths.get(0)).toBe((("Expected air date".length * 7 + 9) * 3) / 4);
  // Narrower too: AutoFit fits, where typing only widens.
  wb.host.setInput("Sheet1", 0, 0, "Air");
  autofitColumns(wb.model, sheet, [0]);
  expect(sheet.columnWidths.get(0)).toBe(((4 * 7 + 9) * 3) / 4);
  expect(isBestFit(sheet, 0)).toBe(true);
  setUserWidth(sheet, 5, 200);
  autofitColumns(wb.model, sheet, [5]);
  expect(sheet.columnWidths.has(5)).toBe(false);
  // Room beside the text (a filter button) counts.
  autofitColumns(wb.model, sheet, [0], undefined, (r) => (r === 0 ? 16 : 0));
  expect(sheet.columnWidths.get(0)).toBe(((3 * 7 + 16 + 9) * 3) / 4);
});

test("the .xlsx keeps a dragged and an autofitted width", () => {
  const { wb, sheet } = book();
  setUserWidth(sheet, 1, 150);
  wb.host.setInput("Sheet1", 0, 2, "Expected air date");
  autofitColumns(wb.model, sheet, [2]);
  const xml = strFromU8(unzipSync(exportXlsx(wb.model))["xl/worksheets/sheet1.xml"]);
  expect(xml).toContain(`<col min="2" max="2" width="${fileColumnWidth(112.5)}"`);
  expect(xml).toContain(`<col min="3" max="3" width="${fileColumnWidth(sheet.columnWidths.get(2)!)}"`);
});

test("Excel's Column Width box counts characters: 8.43 is 64 px and back, widths are whole px up to 255 characters", () => {
  expect(charactersToPx(8.43)).toBe(64);
  expect(pxToCharacters(64)).toBe(8.43);
  expect(pxToCharacters(charactersToPx(20))).toBe(20);
  const { sheet } = book();
  setUserWidth(sheet, 0, 100.4);
  expect(sheet.columnWidths.get(0)).toBe(75);
  setUserWidth(sheet, 0, 99_999);
  expect(sheet.columnWidths.get(0)).toBe((1790 * 3) / 4);
});

test("whole columns inserted or deleted carry their widths; an inserted column takes the width of the one left of it", async () => {
  const { wb, sheet } = book();
  await wb.excel.run(async (context) => {
    const s = context.workbook.worksheets.getItem("Sheet1");
    s.getRange("B:B").format.columnWidth = 120;
    s.getRange("D:D").format.columnWidth = 30;
    await context.sync();
  });
  wb.host.insertColumns("Sheet1", 2, 2);
  // B stays; C and D are new, as wide as B; the old D (30 pt) is now F.
  expect([1, 2, 3, 4, 5].map((c) => sheet.columnWidths.get(c))).toEqual([120, 120, 120, undefined, 30]);
  wb.host.deleteColumns("Sheet1", 1, 3);
  expect([1, 2].map((c) => sheet.columnWidths.get(c))).toEqual([undefined, 30]);
});
