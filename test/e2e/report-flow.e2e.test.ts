/**
 * The life of a request in the pane: a slow report cancelled from the activity list, a failure that
 * keeps its message and what was asked, Edit request opening the form pre-filled, and the Sheets
 * list following a sheet renamed in the workbook.
 */
import { connect, expectText, usePreview } from "./support";

// Report tasks take 8 s here, so a running one can be cancelled at leisure.
const e = usePreview({ taskDelayMs: 8_000 });

test("a running report shows in the activity list and Cancel stops it", async () => {
  const { page } = e;
  await connect(page, "demo-pro");
  await page.getByText("Sign out").waitFor();
  await page.getByRole("tab", { name: "Reports" }).click();
  await page.getByLabel("Report", { exact: true }).selectOption("campaignsPerformance");
  await page.getByRole("button", { name: "Run report" }).click();
  const entry = page.locator(".activity li", { hasText: "Campaign performance" }).first();
  await expectText(entry, /running/);
  await entry.getByRole("button", { name: "Cancel" }).click();
  await expectText(entry, /cancelled/, 30_000);
  expect(await page.locator(".tabs button", { hasText: "Campaign performance" }).count()).toBe(0);
});

test("a failure stays visible: what failed in words, naming the advertiser, what was asked, and the service's answer under Details", async () => {
  const { page } = e;
  await connect(page, "demo-basic");
  await page.getByText("Sign out").waitFor();
  await page.getByRole("tab", { name: "Data" }).click();
  await page.getByRole("combobox", { name: /^Advertiser(\s*\*)?$/ }).fill("Acme Mattress");
  await page.getByRole("button", { name: "Ads to sheet" }).click();
  const entry = page.locator(".activity li", { hasText: "Ads:" }).first();
  await expectText(entry, /failed/, 30_000);
  await expectText(
    entry,
    /The service refused the advertiser Acme Mattress: the name may be misspelled, or not an advertiser this key's account may see \(it answers the same for both\)\. Individual ads also need a Pro account with API access\./,
  );
  await expectText(entry, /Asked: Ads: Advertiser Acme Mattress/);
  // The request and the service's own answer are kept for support, apart from the sentence.
  await expectText(entry, /Details\s*POST \/api\/public\/advertisers\/individual-ads \(403\): Forbidden/);
});

test("Edit request opens the form pre-filled and saves the change to the same sheet", async () => {
  const { page } = e;
  await connect(page, "demo-pro");
  await page.getByText("Sign out").waitFor();
  await page.getByRole("tab", { name: "Reports" }).click();
  await page.getByLabel("Report", { exact: true }).selectOption("estimatedSpendByDay");
  await page.getByLabel("Date range").selectOption("last7days");
  await page.getByLabel("Advertisers").fill("Northwind Coffee");
  await page.getByRole("button", { name: "Run report" }).click();
  await page.locator(".tabs button", { hasText: "Spend by day" }).waitFor({ timeout: 90_000 });

  await page.getByRole("tab", { name: "Sheets" }).click();
  const item = page.locator("li[data-sheet]", { hasText: "Spend by day" }).first();
  const sheetName = await item.getAttribute("data-sheet");
  await expectText(item, /Last 7 days/);
  await item.getByRole("button", { name: "Edit request" }).click();
  await page.getByRole("button", { name: `Save and refresh ${sheetName}` }).waitFor();
  expect(await page.getByLabel("Advertisers").inputValue()).toBe("Northwind Coffee");
  expect(await page.getByLabel("Date range").inputValue()).toBe("last7days");
  await page.getByLabel("Date range").selectOption("monthToDate");
  await page.getByRole("button", { name: `Save and refresh ${sheetName}` }).click();
  await page.locator(".activity li", { hasText: `Updated ${sheetName}` }).waitFor({ timeout: 90_000 });
  await page.getByRole("tab", { name: "Sheets" }).click();
  await expectText(page.locator(`li[data-sheet="${sheetName}"]`), /Month to date/);

  // Escape leaves Edit request without saving.
  await page.locator(`li[data-sheet="${sheetName}"]`).getByRole("button", { name: "Edit request" }).click();
  await page.getByLabel("Date range").selectOption("last7days");
  await page.getByLabel("Date range").press("Escape");
  await page.getByRole("button", { name: "Run report" }).waitFor();
  await page.getByRole("tab", { name: "Sheets" }).click();
  await expectText(page.locator(`li[data-sheet="${sheetName}"]`), /Month to date/);
});

test("a sheet renamed in the workbook while the Sheets tab is open is listed by its new name once the planner is back in the pane", async () => {
  const { page } = e;
  await page.getByRole("tab", { name: "Sheets" }).click();
  const item = page.locator("li[data-sheet]", { hasText: "Spend by day" }).first();
  const old = await item.getAttribute("data-sheet");
  // Untick it on the dashboard first: the choice follows the rename.
  const dashboard = page.getByTestId("dashboard");
  await dashboard.getByRole("checkbox", { name: old! }).uncheck();
  // The planner renames the sheet in Excel (the preview's workbook, as Excel's UI would).
  await page.evaluate(async (name) => {
    const excel = (globalThis as unknown as { Excel: typeof Excel }).Excel;
    await excel.run(async (context) => {
      context.workbook.worksheets.getItem(name).name = "Northwind spend";
      await context.sync();
    });
  }, old!);
  await page.locator(".grid-host").hover();
  await page.waitForTimeout(2_100);
  await page.getByRole("region", { name: "Report sheets" }).hover();
  await page.locator('li[data-sheet="Northwind spend"]').waitFor();
  expect(await page.locator(`li[data-sheet="${old}"]`).count()).toBe(0);
  expect(await dashboard.getByRole("checkbox", { name: "Northwind spend" }).isChecked()).toBe(false);
  // Leaving the tab and coming back keeps the choice.
  await page.getByRole("tab", { name: "Reports" }).click();
  await page.getByRole("tab", { name: "Sheets" }).click();
  await page.locator('li[data-sheet="Northwind spend"]').waitFor();
  expect(
    await page.getByTestId("dashboard").getByRole("checkbox", { name: "Northwind spend" }).isChecked(),
  ).toBe(false);
});
