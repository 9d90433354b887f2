/**
 * Nothing a planner types in the grid is lost (issue #57): Tab and Shift+Tab move between cells
 * whether a cell is being typed into or not (focus never leaves the grid for the sheet tabs), Enter
 * after a run of Tabs goes to the next row's first column of the run, a key typed on the sheet tabs
 * goes into the selected cell, and an entry the workbook refuses stays in the bar with the reason.
 * Screenshots land in test/e2e/artifacts.
 */
import path from "path";
import type { Page } from "playwright-core";
import {
  ARTIFACTS,
  cell,
  ensureConnected,
  expectText,
  expectValue,
  openSheetTab,
  usePreview,
} from "./support";

const e = usePreview();

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? "");
const nameBox = (page: Page) => page.getByLabel(/^Name box/);

test("issue 57: in the campaign plan, Tab past an empty Expected air date keeps the grid; 5000, lots, USD land in the next cells", async () => {
  const { page } = e;
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Campaigns" }).click();
  await page.getByRole("button", { name: "Insert campaign plan" }).click();
  await expectText(page.getByTestId("plan-outcome"), /Plan table CampaignPlan added/);
  await expectText(cell(page, "G1"), "Expected air date");
  await expectText(cell(page, "H1"), "Total cost");
  // The flight's dates, then a Tab on the empty Expected air date, not typed into, to skip it.
  await cell(page, "E2").click();
  await page.keyboard.type("2026-12-01");
  await page.keyboard.press("Tab");
  await page.keyboard.type("2026-12-10");
  await page.keyboard.press("Tab");
  await expectValue(nameBox(page), "G2");
  await page.keyboard.press("Tab");
  expect(await focusedId(page)).toBe("sheet-grid");
  await expectValue(nameBox(page), "H2");
  await page.keyboard.type("5000");
  await page.keyboard.press("Tab");
  await page.keyboard.type("lots");
  await page.keyboard.press("Tab");
  await page.keyboard.type("USD");
  await page.screenshot({ path: path.join(ARTIFACTS, "grid-tab-plan-typing.png") });
  // Enter writes USD and goes to the next row, back in the column the Tabs began in (Start date).
  await page.keyboard.press("Enter");
  await expectText(cell(page, "H2"), /^5,?000/);
  await expectText(cell(page, "I2"), "lots");
  await expectText(cell(page, "J2"), "USD");
  await expectText(cell(page, "G2"), "");
  await expectValue(nameBox(page), "E3");
  await page.screenshot({ path: path.join(ARTIFACTS, "grid-tab-plan-written.png") });
});

test("Tab and Shift+Tab move between cells that are not being typed into; Enter goes back to where the Tabs began", async () => {
  const { page } = e;
  await openSheetTab(page, "Sheet1");
  await cell(page, "C10").click();
  for (let i = 0; i < 3; i++) await page.keyboard.press("Tab");
  await expectValue(nameBox(page), "F10");
  await page.keyboard.press("Shift+Tab");
  await expectValue(nameBox(page), "E10");
  expect(await focusedId(page)).toBe("sheet-grid");
  await page.keyboard.press("Enter");
  await expectValue(nameBox(page), "C11");
  // Shift+Tab stops at column A; typing then lands there.
  await cell(page, "B12").click();
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Shift+Tab");
  await expectValue(nameBox(page), "A12");
  await page.keyboard.type("first");
  await page.keyboard.press("Tab");
  await page.keyboard.type("second");
  await page.keyboard.press("Enter");
  await expectText(cell(page, "A12"), "first");
  await expectText(cell(page, "B12"), "second");
  await expectValue(nameBox(page), "A13");
  // F6 is how the keyboard leaves the grid: to the sheet tabs.
  await page.keyboard.press("F6");
  expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("tab");
});

test("a key typed on a sheet tab goes into the selected cell, as in Excel; an entry the workbook refuses stays with the reason", async () => {
  const { page } = e;
  await openSheetTab(page, "Sheet1");
  await cell(page, "D20").click();
  // A click on the open sheet's tab keeps the selection and leaves the focus on the tab.
  await page.locator(".tabs button", { hasText: "Sheet1" }).first().click();
  expect(await page.evaluate(() => document.activeElement?.getAttribute("role"))).toBe("tab");
  await page.keyboard.type("42");
  await page.keyboard.press("Enter");
  await expectText(cell(page, "D20"), "42");
  await expectValue(page.getByLabel(/^Name box/), "D21");
  // A formula longer than Excel's 8,192 characters is refused: what was typed stays in the bar.
  await cell(page, "D22").click();
  const long = `=${Array.from({ length: 4100 }, () => "1").join("+")}`;
  const input = page.getByTestId("formula-input");
  await input.fill(long);
  await input.press("Enter");
  await expectText(
    page.getByTestId("cell-note"),
    /D22 was not written: A formula can have at most 8,192 characters/,
  );
  await expectValue(input, long);
  expect(await focusedId(page)).toBe("formula-input");
  await page.screenshot({ path: path.join(ARTIFACTS, "grid-entry-refused.png") });
  // Mended, it is written and the note goes.
  await input.fill("=1+1");
  await input.press("Enter");
  await expectText(cell(page, "D22"), "2");
  await expectText(page.getByTestId("cell-note"), "");
});
