/**
 * A report set as a planner drives it in the preview (issue 36): two report sheets made for one
 * advertiser, a set over three advertisers typed in Sheet1, Run for each (the spend asked first,
 * with its count), a Dashboard per advertiser, then a client cell changed: the set says it is stale.
 * Saves report-set-spend.png, report-set-dashboard.png and report-set-stale.png (docs/screenshots.md).
 */
import path from "node:path";
import {
  ARTIFACTS,
  cell,
  ensureConnected,
  expectText,
  openSheetTab,
  runAcmeReport,
  saveReportSet,
  typeClients,
  typeInto,
  usePreview,
} from "./support";

const e = usePreview();

test("a set of two reports run for three advertisers: the spend asked first, a Dashboard each, stale when a client cell changes", async () => {
  const { page } = e;
  await ensureConnected(page);
  await typeClients(page, ["Acme Mattress", "Northwind Coffee", "Initech Software"]);
  await typeInto(page, "A1", "Clients");
  await runAcmeReport(page, "estimatedSpendByDay", /Spend by day/);
  await runAcmeReport(page, "estimatedSpendByShowByDay", /Spend by show/);
  await saveReportSet(page, "Clients", "Sheet1!A2:A4", true);
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
