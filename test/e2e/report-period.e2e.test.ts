/**
 * A report's period through the pane (issue #38): Edit request from 30 days to 3 months offers to
 * rename the sheet and the Dashboard follows the name; the Dashboard's From and To are the period
 * asked for; a chart the planner deleted stays deleted at the next refresh, and the Sheets tab says why.
 */
import path from "path";
import type { Page } from "playwright-core";
import { ARTIFACTS, cell, ensureConnected, expectText, openSheetTab, usePreview } from "./support";

const e = usePreview();

/** The preview's workbook, as the page holds it. */
function host(page: Page) {
  return {
    cell: (sheet: string, r: number, c: number) =>
      page.evaluate(
        ([s, row, col]) =>
          (
            window as unknown as {
              __workbook: {
                host: { cell(s: string, r: number, c: number): { value: unknown; formula?: string } };
              };
            }
          ).__workbook.host.cell(s as string, row as number, col as number),
        [sheet, r, c] as const,
      ),
    charts: (sheet: string) =>
      page.evaluate(
        (s) =>
          (
            window as unknown as { __workbook: { host: { charts(s: string): { name: string }[] } } }
          ).__workbook.host.charts(s).length,
        sheet,
      ),
  };
}

test("Edit request from 30 days to 3 months offers the sheet's new name; renamed, the Dashboard shows it and the period asked for", async () => {
  const { page } = e;
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Reports" }).click();
  await page.getByLabel("Report", { exact: true }).selectOption("estimatedSpendByDay");
  await page.getByLabel("Date range").selectOption("last30days");
  await page.getByLabel("Advertisers").fill("Acme Mattress");
  await page.getByRole("button", { name: "Run report" }).click();
  const old = "Spend by day, last 30 days";
  await page.locator(".tabs button", { hasText: old }).waitFor({ timeout: 90_000 });

  await page.getByRole("tab", { name: "Sheets" }).click();
  await page.locator(`li[data-sheet="${old}"]`).getByRole("button", { name: "Edit request" }).click();
  await page.getByLabel("Date range").selectOption("last3months");
  await page.getByRole("button", { name: `Save and refresh ${old}` }).click();
  const offer = page.getByTestId("form-message");
  await expectText(
    offer,
    /no longer says what it asks for\. Rename it to Spend by day, last 3 months\?/,
    90_000,
  );
  await page.screenshot({ path: path.join(ARTIFACTS, "pane-rename-offer.png") });
  await offer.getByRole("button", { name: "Rename sheet" }).click();
  const renamed = "Spend by day, last 3 months";
  await page.locator(".tabs button", { hasText: renamed }).waitFor({ timeout: 30_000 });
  expect(await page.locator(".tabs button", { hasText: old }).count()).toBe(0);

  await page.getByRole("tab", { name: "Sheets" }).click();
  const section = page.getByTestId("dashboard");
  for (const box of await section.getByRole("checkbox").all()) {
    const label = await box.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? "");
    if (label === renamed) await box.check();
    else await box.uncheck();
  }
  await section.getByRole("button", { name: "Make dashboard" }).click();
  await expectText(page.getByTestId("dashboard-message"), /^Sheet Dashboard shows 1 report/);
  await openSheetTab(page, "Dashboard");
  const h = host(page);
  // The renamed report, whose data it is (#47), its period left to From and To under it.
  expect((await h.cell("Dashboard", 4, 1)).value).toBe(
    `${renamed.replace(/, last 3 months$/, "")} · Acme Mattress`,
  );
  // From and To: the 3 months asked for (the pane resolved them today), as DATE formulas.
  const today = new Date();
  const from = new Date(today.getFullYear(), today.getMonth() - 3, today.getDate() + 1);
  const formula = (d: Date) => `=DATE(${d.getFullYear()},${d.getMonth() + 1},${d.getDate()})`;
  expect((await h.cell("Dashboard", 5, 1)).formula).toBe(formula(from));
  expect((await h.cell("Dashboard", 6, 1)).formula).toBe(formula(today));
  await expectText(cell(page, "B6"), /^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
  await page.locator(".grid-host").screenshot({ path: path.join(ARTIFACTS, "sheet-dashboard-period.png") });
});

test("a chart the planner deleted stays deleted at the next refresh; the Sheets tab's switch is off and says why", async () => {
  const { page } = e;
  await ensureConnected(page);
  const sheet = "Spend by day, last 3 months";
  const h = host(page);
  expect(await h.charts(sheet)).toBe(1);
  // The planner deletes the chart in Excel (the preview's workbook, as Excel's UI would).
  await page.evaluate(async (name) => {
    const excel = (globalThis as unknown as { Excel: typeof Excel }).Excel;
    await excel.run(async (context) => {
      context.workbook.worksheets.getItem(name).charts.getItemAt(0).delete();
      await context.sync();
    });
  }, sheet);
  await page.getByRole("tab", { name: "Sheets" }).click();
  const item = page.locator(`li[data-sheet="${sheet}"]`);
  await item.getByRole("button", { name: `Refresh ${sheet}`, exact: true }).click();
  await expectText(
    item.locator(".chart-deleted"),
    /deleted on the sheet; refreshes leave it deleted/,
    90_000,
  );
  expect(await item.getByRole("checkbox", { name: "Chart with the table" }).isChecked()).toBe(false);
  expect(await h.charts(sheet)).toBe(0);
  await page.screenshot({ path: path.join(ARTIFACTS, "pane-chart-deleted.png") });
  // Switched on again, it is back.
  await item.getByRole("checkbox", { name: "Chart with the table" }).check();
  const deadline = Date.now() + 30_000;
  while ((await h.charts(sheet)) === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  expect(await h.charts(sheet)).toBe(1);
});
