/**
 * Make dashboard proposes only the report sheets it can summarise (issue 57), in the preview: after a
 * spend report and a Prospects sheet (the tour's steps 2 and 7), the Sheets tab lists both, and its
 * Dashboard section offers the spend report alone: the Prospects sheet's column would be all "–".
 * Screenshot: the Dashboard section (pane-dashboard-choice.png).
 */
import path from "path";
import { ARTIFACTS, ensureConnected, expectText, runAcmeReport, usePreview } from "./support";

const e = usePreview();

test("issue 57: the Dashboard section offers the spend report and not the Prospects sheet", async () => {
  const { page } = e;
  await ensureConnected(page);
  await runAcmeReport(page, "estimatedSpendByDay", /^Spend by day/);

  await page.getByRole("tab", { name: "Data" }).click();
  const form = page.getByRole("form", { name: "Prospects" });
  await form.getByLabel("Advertisers").fill("Acme Mattress");
  await form.getByLabel("Seed shows").fill("1200000003");
  await form.getByLabel("Candidates").fill("3");
  await form.getByRole("button", { name: "Prospects to sheet" }).click();
  await page.getByTestId("spend-question").getByRole("button", { name: "Continue" }).click();
  await page
    .locator(".tabs button", { hasText: /^Prospects/ })
    .first()
    .waitFor({ timeout: 90_000 });

  await page.getByRole("tab", { name: "Sheets" }).click();
  const list = page.locator("ul.sheets");
  await expectText(list, /Spend by day/);
  await expectText(list, /Prospects/);
  const dashboard = page.getByTestId("dashboard");
  await dashboard.getByRole("checkbox").first().waitFor();
  expect(await dashboard.getByRole("checkbox", { name: /^Spend by day/ }).count()).toBe(1);
  expect(await dashboard.getByRole("checkbox", { name: /Prospects/ }).count()).toBe(0);
  await dashboard.scrollIntoViewIfNeeded();
  await dashboard.screenshot({ path: path.join(ARTIFACTS, "pane-dashboard-choice.png") });
});
