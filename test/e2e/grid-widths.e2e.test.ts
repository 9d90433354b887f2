/**
 * Column widths in the preview's grid, as in Excel (issue #57): a header's right edge drags to set
 * the width, a double-click on it (or Alt, H, O, I) autofits the column to its widest shown value,
 * Alt, H, O, W asks for a width in characters; a date typed into a standard column widens it, so the
 * README tour's step 5 shows its dates, not ####. Each width is the model's: office.js reads it back.
 * Screenshots land in test/e2e/artifacts.
 */
import path from "path";
import type { Page } from "playwright-core";
import { ARTIFACTS, cell, expectText, openSheetTab, typeInto, typeTourCells, usePreview } from "./support";

const e = usePreview();

/** A range's column width as office.js reads it (Range.format.columnWidth, points). */
function widthRead(page: Page, address: string) {
  return page.evaluate(async (a) => {
    const excel = (globalThis as unknown as { Excel: typeof Excel }).Excel;
    return excel.run(async (context) => {
      const f = context.workbook.worksheets.getItem("Sheet1").getRange(a).format;
      f.load("columnWidth");
      await context.sync();
      return f.columnWidth;
    });
  }, address);
}

/** How a cell is drawn: its width in px, and whether its text is cut or runs on past it. */
function drawn(page: Page, address: string) {
  return cell(page, address).evaluate((el) => ({
    width: Math.round(el.getBoundingClientRect().width),
    text: el.textContent ?? "",
    cut: el.scrollWidth > el.clientWidth,
    runsOn: el.classList.contains("run-on"),
  }));
}

/** The point just inside a column header's right edge, where Excel's resize pointer shows. */
async function edge(page: Page, column: string) {
  const b = await page.getByRole("columnheader", { name: column, exact: true }).boundingBox();
  if (!b) throw new Error(`column ${column}'s header is not drawn`);
  return { x: b.x + b.width - 2, y: b.y + b.height / 2 };
}

test("issue 57: the tour's step 5 dates typed into standard column B show as dates, not ####", async () => {
  const { page } = e;
  expect(await widthRead(page, "B1")).toBe(48);
  await typeTourCells(page);
  await expectText(cell(page, "B1"), /^\d{1,2}\/\d{1,2}\/\d{4}$/);
  await expectText(cell(page, "B2"), /^\d{1,2}\/\d{1,2}\/\d{4}$/);
  expect((await drawn(page, "B1")).cut).toBe(false);
  // Excel widened the column to show them: office.js reads the wider width.
  expect(await widthRead(page, "B1")).toBeGreaterThan(48);
  await page
    .locator(".grid-host")
    .screenshot({ path: path.join(ARTIFACTS, "grid-date-standard-column.png") });
});

test("dragging a column header's right edge sets the width, shown as it moves and read back by office.js", async () => {
  const { page } = e;
  await openSheetTab(page, "Sheet1");
  await typeInto(page, "D5", "Spring flight, podcast feed");
  const before = await drawn(page, "D5");
  expect(before.width).toBe(64);
  const from = await edge(page, "D");
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x + 60, from.y, { steps: 4 });
  await page.mouse.move(from.x + 120, from.y, { steps: 4 });
  await expectText(page.getByTestId("column-width-tip"), /^Width: \d+\.\d\d \(184 pixels\)$/);
  await page.locator(".grid-host").screenshot({ path: path.join(ARTIFACTS, "grid-column-drag.png") });
  await page.mouse.up();
  expect(await page.getByTestId("column-width-tip").count()).toBe(0);
  expect(await widthRead(page, "D1")).toBe(138);
  expect((await drawn(page, "D5")).width).toBe(184);
  // Typing a wider number there keeps the planner's width.
  await typeInto(page, "D6", "123456789012345678901234");
  expect(await widthRead(page, "D1")).toBe(138);
});

test("double-clicking a header's edge autofits the column to its widest shown value", async () => {
  const { page } = e;
  await openSheetTab(page, "Sheet1");
  const text = "Expected air date of the spring flight";
  await typeInto(page, "F8", text);
  await typeInto(page, "G8", "x");
  // Cut at G, as Excel cuts text at the next filled cell.
  expect((await drawn(page, "F8")).cut).toBe(true);
  const at = await edge(page, "F");
  await page.mouse.dblclick(at.x, at.y);
  await page.waitForFunction(
    () => document.querySelector<HTMLElement>('[data-cell="F8"]')!.getBoundingClientRect().width > 100,
  );
  const fitted = await drawn(page, "F8");
  expect(fitted).toMatchObject({ text, runsOn: false, cut: false });
  // Not much wider than the text: the text, its 8 px of padding and the gridline.
  const textPx = await cell(page, "F8").evaluate((el) => {
    const r = document.createRange();
    r.selectNodeContents(el);
    return r.getBoundingClientRect().width;
  });
  expect(fitted.width).toBeLessThanOrEqual(Math.ceil(textPx) + 10);
  expect(await widthRead(page, "F1")).toBeCloseTo((fitted.width * 3) / 4, 5);
  await page.locator(".grid-host").screenshot({ path: path.join(ARTIFACTS, "grid-column-autofit.png") });
});

test("from the keyboard: Alt, H, O, I autofits a column showing ####; Alt, H, O, W sets a width in characters", async () => {
  const { page } = e;
  await openSheetTab(page, "Sheet1");
  // The add-in writes a long date: a write does not widen the column, so it shows ####.
  await page.evaluate(async () => {
    const excel = (globalThis as unknown as { Excel: typeof Excel }).Excel;
    await excel.run(async (context) => {
      const r = context.workbook.worksheets.getItem("Sheet1").getRange("H3");
      r.numberFormat = [["dddd, mmmm d, yyyy"]];
      r.values = [[46334]];
      await context.sync();
    });
  });
  await expectText(cell(page, "H3"), /^#+$/);
  await cell(page, "H3").click();
  await page.keyboard.press("Alt");
  await page.keyboard.press("h");
  await expectText(page.getByTestId("cell-note"), /Keys Alt, H: O, I autofits/);
  await page.locator(".grid-host").screenshot({ path: path.join(ARTIFACTS, "grid-keytips-hint.png") });
  await page.keyboard.press("o");
  await page.keyboard.press("i");
  await expectText(cell(page, "H3"), "Sunday, November 8, 2026");
  await expectText(page.getByTestId("cell-note"), "");
  await page.locator(".grid-host").screenshot({ path: path.join(ARTIFACTS, "grid-keyboard-autofit.png") });
  // Column Width…: 20 characters is 145 px (ECMA-376's conversion), 108.75 pt.
  await cell(page, "I3").click();
  page.once("dialog", (d) => void d.accept("20"));
  await page.keyboard.press("Alt");
  for (const k of ["h", "o", "w"]) await page.keyboard.press(k);
  await page.waitForFunction(
    () => document.querySelector<HTMLElement>('[data-cell="I3"]')!.getBoundingClientRect().width === 145,
  );
  expect(await widthRead(page, "I1")).toBe(108.75);
  // Nothing typed during the sequence went into a cell.
  for (const a of ["H3", "I3"]) expect((await drawn(page, a)).text).not.toMatch(/^[hoiw]$/);
});
