/**
 * Self-test in the preview, as a person with Excel would run it (Connect → About → Run self-test):
 * every check passes against the in-memory workbook, the scratch sheet is gone afterwards, the
 * planner's own sheet is untouched, and the report can be read and copied.
 */
import path from "path";
import { ARTIFACTS, cell, expectText, typeInto, usePreview } from "./support";

const e = usePreview();

test("Self-test runs every check in the preview and all pass; the scratch sheet goes; a screenshot is kept", async () => {
  const { page } = e;
  // A planner's own cell, which the self-test must leave alone.
  await typeInto(page, "A1", "00123 kept");
  await page.getByRole("tab", { name: "Connect" }).click();
  await page.getByRole("button", { name: "Run self-test" }).click();
  const summary = page.getByRole("region", { name: "Self-test" }).getByRole("status");
  await summary.waitFor({ timeout: 120_000 });
  await expectText(summary, /^\d+ passed, 0 failed, 0 skipped/, 120_000);
  const results = page.getByRole("list", { name: "Self-test results" }).locator("li");
  const statuses = await results.evaluateAll((items) => items.map((li) => li.getAttribute("data-status")));
  expect(statuses.length).toBeGreaterThanOrEqual(20);
  expect(statuses.every((s) => s === "pass")).toBe(true);
  // The scratch sheet (and the xlsx sheet it inserted) are gone; the planner's cell is as typed.
  const tabs = await page.locator(".tabs button").allTextContents();
  expect(tabs.some((t) => /self-test/i.test(t))).toBe(false);
  await expectText(cell(page, "A1"), "00123 kept");
  // Focus returns to the button that ran it.
  await page.waitForFunction(() => document.activeElement?.textContent === "Run self-test");
  await page.getByText("Report text").click();
  await expectText(
    page.locator(".selftest-report"),
    /Ads Analytics for Excel: self-test[\s\S]*\[PASS\] Text and numbers/,
  );
  // Tall enough that the whole list shows in the pane column for the screenshot.
  const size = page.viewportSize();
  await page.setViewportSize({ width: size?.width ?? 1400, height: 2000 });
  const region = page.getByRole("region", { name: "Self-test" });
  await region.scrollIntoViewIfNeeded();
  await region.screenshot({ path: path.join(ARTIFACTS, "pane-selftest.png") });
  if (size) await page.setViewportSize(size);
});
