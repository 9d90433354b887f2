/**
 * Report parameters bound to cells (issue #36), as a planner drives them in the preview: the dates
 * and the advertiser taken from cells in the Reports form, the report run, the cells changed (the
 * Sheets tab says the report is stale, naming the cells), Refresh reading the cells' new values.
 * Saves bound-params-form.png, bound-params-stale.png and bound-params-stale-sheet.png (docs/screenshots.md).
 */
import path from "node:path";
import {
  ARTIFACTS,
  cell,
  ensureConnected,
  expectText,
  openSheetTab,
  takeFromCell,
  typeInto,
  typeTourCells,
  usePreview,
} from "./support";

const e = usePreview();

test("a report's dates and advertiser bound to cells: run, cells changed (stale, said), refresh reads the new values", async () => {
  const { page } = e;
  await ensureConnected(page);
  await typeTourCells(page);

  await page.getByRole("tab", { name: "Reports" }).click();
  await page.getByLabel("Report", { exact: true }).selectOption("estimatedSpendByDay");
  await takeFromCell(page, "B1", "Start date");
  await takeFromCell(page, "B2", "End date");
  await takeFromCell(page, "B3", "Advertisers");
  await expectText(page.getByTestId("dates-from-cells"), /Both dates come from cells/);
  const panel = page.locator(".cell-params");
  await expectText(panel, /Advertisers from Sheet1!B3: Acme Mattress/);
  await expectText(panel, /Start date from Sheet1!B1: \d{4}-\d{2}-\d{2}/);
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(ARTIFACTS, "bound-params-form.png") });

  await page.getByRole("button", { name: "Run report" }).click();
  await page.locator(".tabs button", { hasText: "Spend by day" }).first().waitFor({ timeout: 90_000 });
  await expectText(
    cell(page, "A1"),
    /From cells: Start date Sheet1!B1 = .*Advertisers Sheet1!B3 = Acme Mattress/,
  );
  const firstLine = (await cell(page, "A1").textContent()) ?? "";
  const start = /Start date Sheet1!B1 = (\d{4}-\d{2}-\d{2})/.exec(firstLine)![1];

  // The planner changes the cells: the report is stale until refreshed, and the Sheets tab says so.
  await openSheetTab(page, "Sheet1");
  await typeInto(page, "B3", "Northwind Coffee");
  await typeInto(page, "B1", "=TODAY()-15");
  await page.getByRole("tab", { name: "Sheets" }).click();
  const item = page.locator("li[data-sheet]", { hasText: "Spend by day" }).first();
  const sheetName = (await item.getAttribute("data-sheet"))!;
  await expectText(item, /From cells: Start date Sheet1!B1 = .*Acme Mattress/);
  await expectText(
    item,
    /Stale: the cells changed since the last refresh \(.*Advertisers Sheet1!B3 = Northwind Coffee/,
  );
  await page.screenshot({ path: path.join(ARTIFACTS, "bound-params-stale.png") });
  // The sheet's own status line says so too.
  await openSheetTab(page, sheetName);
  await expectText(
    cell(page, "A1"),
    /^Stale: Start date Sheet1!B1 = .*Advertisers Sheet1!B3 = Northwind Coffee changed since this data was fetched · Spend by day · .* · Last refreshed /,
  );
  await page.screenshot({ path: path.join(ARTIFACTS, "bound-params-stale-sheet.png") });
  await page.getByRole("tab", { name: "Sheets" }).click();

  await item.getByRole("button", { name: `Refresh ${sheetName}` }).click();
  await page
    .locator(".activity li", { hasText: `Refresh ${sheetName}` })
    .first()
    .waitFor();
  await expectText(page.locator(".activity li", { hasText: `Refresh ${sheetName}` }).first(), /done/, 90_000);
  await openSheetTab(page, sheetName);
  await expectText(
    cell(page, "A1"),
    /^Spend by day · Northwind Coffee · .*Advertisers Sheet1!B3 = Northwind Coffee · Last refreshed /,
    90_000,
  );
  const after = (await cell(page, "A1").textContent()) ?? "";
  const newStart = /Start date Sheet1!B1 = (\d{4}-\d{2}-\d{2})/.exec(after)![1];
  expect(Date.parse(newStart) - Date.parse(start)).toBe(5 * 86_400_000);
  await page.getByRole("tab", { name: "Sheets" }).click();
  const refreshed = page.locator("li[data-sheet]", { hasText: "Spend by day" }).first();
  await expectText(refreshed, /Northwind Coffee/);
  expect(await refreshed.locator(".stale").count()).toBe(0);
});
