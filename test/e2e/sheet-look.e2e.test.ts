/**
 * How a new report sheet looks is the planner's choice: a table style from the Reports form, the chart
 * beside the table on or off there, and switched later from the Sheets tab (it goes and comes back at
 * once, without a request).
 */
import { connect, expectCount, usePreview } from "./support";

const e = usePreview();

test("a report made without its chart in another table style; the Sheets tab switches the chart on and off", async () => {
  const { page } = e;
  await connect(page, "demo-pro");
  await page.getByText("Sign out").waitFor();
  await page.getByRole("tab", { name: "Reports" }).click();
  await page.getByLabel("Report", { exact: true }).selectOption("estimatedSpendByDay");
  await page.getByLabel("Date range").selectOption("last30days");
  await page.getByLabel("Advertisers").fill("Northwind Coffee");
  await page.getByLabel("Table style").selectOption("TableStyleLight17");
  const chartBox = page.getByRole("checkbox", { name: /^Chart with the table/ });
  expect(await chartBox.isChecked()).toBe(true); // on by default
  await chartBox.uncheck();
  await page.getByRole("button", { name: "Run report" }).click();
  await page.locator(".tabs button", { hasText: "Spend by day" }).waitFor({ timeout: 60_000 });
  await page
    .locator(".activity li", { hasText: /rows → sheet Spend by day/ })
    .first()
    .waitFor();
  expect(await page.locator("[data-chart]").count()).toBe(0);
  const style = await page.evaluate(() => {
    const host = (
      window as unknown as {
        __workbook: { host: { tables(): { name: string }[]; tableStyle(name: string): string | undefined } };
      }
    ).__workbook.host;
    return host.tables().map((t) => host.tableStyle(t.name));
  });
  expect(style).toEqual(["TableStyleLight17"]);

  // Reports for which rows say it better offer no chart at all.
  await page.getByLabel("Report", { exact: true }).selectOption("impressionListeners");
  expect(await page.getByRole("checkbox", { name: /^Chart with the table/ }).count()).toBe(0);

  await page.getByRole("tab", { name: "Sheets" }).click();
  const item = page.locator("li[data-sheet='Spend by day, last 30 days']");
  const switchBox = item.getByRole("checkbox", { name: "Chart with the table" });
  expect(await switchBox.isChecked()).toBe(false);
  // Switching needs no request: nothing new in the activity list.
  const entries = await page.locator(".activity li").count();
  await switchBox.check();
  await expectCount(page.locator("[data-chart]"), 1);
  expect(await switchBox.isChecked()).toBe(true);
  await switchBox.uncheck();
  await expectCount(page.locator("[data-chart]"), 0);
  expect(await page.locator(".activity li").count()).toBe(entries);
});
