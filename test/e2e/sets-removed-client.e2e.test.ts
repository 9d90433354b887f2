/**
 * A report set after a client is removed from its range (issue 57), as a planner drives it in the
 * preview: a set over three advertisers run; with the Sheets tab open, the third client's cell is
 * cleared, and the set says so; Refresh set takes the removal in (the run says it once); then the set
 * says it is up to date (the removed client's sheets named as kept), and no Stale banner is left on the
 * Data or Campaigns tabs. Saves sets-removed-stale.png, sets-removed-up-to-date.png and
 * sets-removed-data-tab.png (docs/screenshots.md).
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
  usePreview,
} from "./support";

const e = usePreview();

test("a client removed from a set's range: after Refresh set the set is up to date and no Stale banner stays on Data or Campaigns", async () => {
  const { page } = e;
  await ensureConnected(page);
  await typeClients(page, ["Acme Mattress", "Northwind Coffee", "Initech Software"]);
  await runAcmeReport(page, "estimatedSpendByDay", /Spend by day/);
  await saveReportSet(page, "Clients", "Sheet1!A2:A4", false);
  await page.getByRole("button", { name: "Run for each: Clients" }).click();
  const question = page.getByTestId("spend-question");
  await expectText(question, /Run for each: Clients\..*3 requests/);
  await question.getByRole("button", { name: "Continue" }).click();
  await expectText(page.getByTestId("report-set-message"), /^Made 3 report sheets/, 120_000);
  const sets = page.getByTestId("report-sets");
  await expectText(sets, /3 values in Sheet1!\$?A\$?2:\$?A\$?4; up to date\./);

  // With the Sheets tab open, Initech Software's cell is cleared: the set says it is stale, naming it.
  await openSheetTab(page, "Sheet1");
  await cell(page, "A4").click();
  await page.keyboard.press("Delete");
  await expectText(cell(page, "A4"), "");
  await expectText(sets, /Stale: no longer in the list \(their sheets stay\): Initech Software\./, 10_000);
  await sets.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(ARTIFACTS, "sets-removed-stale.png") });

  // Refresh set: nothing to fetch; the run says once that Initech Software is no longer in the list.
  await page.getByRole("button", { name: "Refresh set: Clients" }).click();
  await expectText(question, /Refresh set: Clients\..*\b0 requests\b/);
  await question.getByRole("button", { name: "Continue" }).click();
  await expectText(
    page.getByTestId("report-set-message"),
    /No longer in the list \(their sheets stay\): Initech Software\.$/,
    60_000,
  );
  // The set's state follows that run: up to date, Initech Software's sheets named as kept.
  await expectText(
    sets,
    /2 values in Sheet1!\$?A\$?2:\$?A\$?4; up to date\. No longer run \(their sheets stay\): Initech Software\./,
  );
  expect(await sets.textContent()).not.toMatch(/Stale/);
  // Initech Software's sheet is still there.
  expect(await page.locator(".tabs button", { hasText: /^Initech Software · / }).count()).toBe(1);
  await sets.scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(ARTIFACTS, "sets-removed-up-to-date.png") });

  // Reading the workbook again says the same (the state is stored, not only the pane's).
  await page.getByRole("button", { name: "Reload list" }).click();
  await expectText(sets, /; up to date\. No longer run \(their sheets stay\): Initech Software\./);

  // No Stale banner on the other tabs: the state it reported has gone.
  for (const tab of ["Data", "Campaigns"]) {
    await page.getByRole("tab", { name: tab }).click();
    await page.getByRole("tabpanel").waitFor();
    // The banner's check reads the workbook (no request): give it the time it takes, then look.
    await page.waitForTimeout(1_500);
    expect(await page.getByTestId("stale-notice").count()).toBe(0);
    if (tab === "Data") await page.screenshot({ path: path.join(ARTIFACTS, "sets-removed-data-tab.png") });
  }
});
