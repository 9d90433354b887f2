/**
 * The Prospects sheet's ids and chart (issue 57), as a planner reads them in the preview: seeds typed
 * as 1200000003 and 1200000010 are listed under "Directory id" as typed, every row's service id under
 * "Service show id" (the plan's word for the same number); the chart titles its axes and has no legend
 * of show names; a seed's row added to the plan lands with its directory id in "iTunes or YouTube id"
 * and its service show id in "Service show id". Saves prospects-ids-sheet.png, prospects-ids-chart.png
 * and prospects-ids-plan.png (docs/screenshots.md).
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { ARTIFACTS, cell, ensureConnected, expectText, openSheetTab, usePreview } from "./support";

const e = usePreview();

/** What a cell holds, as the formula bar shows it once the Name box went there. */
async function cellText(page: Page, address: string): Promise<string> {
  const box = page.getByLabel(/^Name box/);
  await box.fill(address);
  await box.press("Enter");
  // The grid selects the cell, then the formula bar shows what it holds.
  await page.locator(`[data-cell="${address}"].selected`).waitFor();
  return page.getByTestId("formula-input").inputValue();
}

test("seeds are listed by the directory id typed and the service's id under its own name, as in the plan; the chart titles its axes and has no legend", async () => {
  const { page } = e;
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Data" }).click();
  const form = page.getByRole("form", { name: "Prospects" });
  await form.getByLabel("Advertisers").fill("Acme Mattress");
  await form.getByLabel("Seed shows").fill("1200000003, 1200000010");
  await form.getByLabel("Candidates").fill("12");
  await form.getByRole("button", { name: "Prospects to sheet" }).click();
  const question = page.getByTestId("spend-question");
  await expectText(question, /This will spend 12 requests/);
  await question.getByRole("button", { name: "Continue" }).click();
  await expectText(page.locator(".activity li", { hasText: "Prospects" }).first(), /rows → sheet/, 60_000);

  await openSheetTab(page, "Prospects");
  await expectText(cell(page, "A22"), "Show");
  await expectText(cell(page, "B22"), "Directory id");
  await expectText(cell(page, "C22"), "Service show id");
  // Fourteen rows: the two seeds under the ids typed, the twelve similar shows with none.
  const rows = Array.from({ length: 14 }, (_, i) => 23 + i);
  const directory = await Promise.all(rows.map(async (r) => (await cell(page, `B${r}`).textContent()) ?? ""));
  const service = await Promise.all(rows.map(async (r) => (await cell(page, `C${r}`).textContent()) ?? ""));
  expect(directory.filter(Boolean).sort()).toEqual(["1200000003", "1200000010"]);
  for (const id of service) expect(id).toMatch(/^\d+$/);
  expect(service).not.toContain("1200000003");
  await page.screenshot({ path: path.join(ARTIFACTS, "prospects-ids-sheet.png") });

  // The chart: one series, its axes titled as the table's columns, no legend.
  const chart = page.locator('[data-chart$="top 15"]');
  await chart.scrollIntoViewIfNeeded();
  await expectText(chart.locator(".chart-title"), /^Top \d+ by Score: net new listeners against ad load$/);
  expect(await chart.locator("text", { hasText: /^Ad load$/ }).count()).toBe(1);
  expect(await chart.locator("text", { hasText: /^Net new listeners$/ }).count()).toBe(1);
  expect(await chart.locator(".chart-legend").count()).toBe(0);
  expect(await chart.locator("[data-series]").count()).toBe(1);
  await chart.screenshot({ path: path.join(ARTIFACTS, "prospects-ids-chart.png") });

  // The first seed's row added to the plan: its directory id is the campaign's show, its service id beside.
  const seedRow = rows[directory.findIndex((d) => d === "1200000003")];
  const seedService = service[directory.findIndex((d) => d === "1200000003")];
  await cell(page, `A${seedRow}`).click();
  await page.getByRole("tab", { name: "Data" }).click();
  await page.getByRole("button", { name: "Add selected prospects to plan" }).click();
  await expectText(
    page.locator(".activity li", { hasText: "Add to plan" }).first(),
    /1 show added to/,
    30_000,
  );
  await openSheetTab(page, "Campaign plan");
  expect(await cellText(page, "M1")).toBe("iTunes or YouTube id");
  expect(await cellText(page, "M2")).toBe("1200000003");
  expect(await cellText(page, "AG1")).toBe("Service show id");
  expect(await cellText(page, "AG2")).toBe(seedService);
  await cellText(page, "M2");
  await page.screenshot({ path: path.join(ARTIFACTS, "prospects-ids-plan.png") });
});
