/**
 * A report set as a planner drives it in the preview (issue 36): two report sheets made for one
 * advertiser, a set over three advertisers typed in Sheet1, Run for each (the spend asked first,
 * with its count), a Dashboard per advertiser, then a client cell changed: the set says it is stale.
 * Saves report-set-spend.png, report-set-dashboard.png and report-set-stale.png (docs/screenshots.md).
 */
import path from "node:path";
import { ARTIFACTS, cell, ensureConnected, expectText, openSheetTab, typeInto, usePreview } from "./support";

const e = usePreview();

async function runReport(page: typeof e.page, kind: string, tab: RegExp) {
  await page.getByRole("tab", { name: "Reports" }).click();
  await page.getByLabel("Report", { exact: true }).selectOption(kind);
  await page.getByRole("combobox", { name: /^Advertisers(\s*\*)?$/ }).fill("Acme Mattress");
  await page.getByRole("button", { name: "Run report" }).click();
  await page.locator(".tabs button", { hasText: tab }).first().waitFor({ timeout: 90_000 });
}

test("a set of two reports run for three advertisers: the spend asked first, a Dashboard each, stale when a client cell changes", async () => {
  const { page } = e;
  await ensureConnected(page);
  await openSheetTab(page, "Sheet1");
  await typeInto(page, "A1", "Clients");
  await typeInto(page, "A2", "Acme Mattress");
  await typeInto(page, "A3", "Northwind Coffee");
  await typeInto(page, "A4", "Initech Software");
  await runReport(page, "estimatedSpendByDay", /Spend by day/);
  await runReport(page, "estimatedSpendByShowByDay", /Spend by show/);

  await page.getByRole("tab", { name: "Sheets" }).click();
  const form = page.getByTestId("new-report-set");
  await form.getByLabel("Name").fill("Clients");
  await form.getByLabel("Values from cells").fill("Sheet1!A2:A4");
  const picks = form.getByRole("checkbox").filter({ hasNotText: "Dashboard" });
  for (let i = 0; i < (await picks.count()); i++) await picks.nth(i).check();
  await form.getByLabel("A Dashboard for each value").check();
  await form.getByRole("button", { name: "Save set" }).click();
  await expectText(page.getByTestId("report-sets"), /Saved the set "Clients" over Sheet1!\$?A\$?2:\$?A\$?4/);

  await page.getByRole("button", { name: "Run for each: Clients" }).click();
  const question = page.getByTestId("spend-question");
  await expectText(question, /Run for each: Clients\..*6 requests/);
  await question.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(ARTIFACTS, "report-set-spend.png") });
  await question.getByRole("button", { name: "Continue" }).click();
  await expectText(page.getByTestId("report-set-message"), /^Made 6 report sheets/, 180_000);

  const dashboard = page.locator(".tabs button", { hasText: /^Northwind Coffee · Dashboard/ }).first();
  await dashboard.click();
  await expectText(cell(page, "A1"), /Dashboard/);
  await page.screenshot({ path: path.join(ARTIFACTS, "report-set-dashboard.png") });

  // A client cell changed: the set is stale until its refresh, and says so.
  await openSheetTab(page, "Sheet1");
  await typeInto(page, "A4", "Umbrella Health");
  await expectText(cell(page, "A4"), "Umbrella Health");
  // The pane stayed on the Sheets tab while the planner typed: Reload list reads the workbook again.
  await page.getByRole("button", { name: "Reload list" }).click();
  const sets = page.getByTestId("report-sets");
  await expectText(
    sets,
    /Stale: new in the list: Umbrella Health; no longer in the list \(their sheets stay\): Initech Software/,
    60_000,
  );
  await page.getByRole("button", { name: "Refresh set: Clients" }).waitFor();
  await sets.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(ARTIFACTS, "report-set-stale.png") });
});
