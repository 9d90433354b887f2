/**
 * The Incrementality chart says what it shows (issue #57), as a planner sees it in the preview: made
 * through the pane (Data → Incrementality, Acme Mattress), each result's confidence interval is one
 * interval (a high-low line from its upper bound to its lower, capped with dashes, the percent a
 * circle on it), not two more bars beside the percent; each category names the channel type and the
 * action ("podcast · purchase"), not the channel type alone; the value axis is titled "Incremental %"
 * and the category axis "Channel type · Action". Saves incrementality-chart.png (the chart) and
 * incrementality-sheet.png (the sheet as it opens) for docs/screenshots.md.
 */
import path from "node:path";
import type { Page } from "playwright-core";
import { ARTIFACTS, ensureConnected, expectText, openSheetTab, usePreview } from "./support";

// A planner's 1366 × 768 laptop, the pane open beside the sheet.
const e = usePreview({ setup: (page) => page.setViewportSize({ width: 1366, height: 768 }) });

const CATEGORY = /^(podcast|streaming|all) · (purchase|visitor|signup|install|lead)$/;

/** What the chart draws: its labels and titles, its high-low lines, caps, points, and any bar. */
function drawn(page: Page) {
  return page.locator("[data-chart]").evaluate((el) => {
    const num = (e: Element, a: string) => Number(e.getAttribute(a));
    const lines = [...el.querySelectorAll(".high-low-lines line")];
    return {
      title: el.querySelector(".chart-title")?.textContent ?? "",
      texts: [...el.querySelectorAll("text")].map((t) => t.textContent ?? ""),
      categories: [...el.querySelectorAll(".category-label")].map((t) => t.textContent ?? ""),
      lines: lines.map((l) => [
        num(l, "x1"),
        Math.min(num(l, "y1"), num(l, "y2")),
        Math.max(num(l, "y1"), num(l, "y2")),
      ]),
      caps: [...el.querySelectorAll(".marker-dash")].map((l) => [
        (num(l, "x1") + num(l, "x2")) / 2,
        num(l, "y1"),
      ]),
      points: [...el.querySelectorAll("circle")].map((c) => [num(c, "cx"), num(c, "cy")]),
      bars: [...el.querySelectorAll("[data-series] rect")].length,
    };
  });
}

test("the incrementality chart draws each confidence interval as one interval over categories naming channel type and action, its axes titled", async () => {
  const { page } = e;
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Data" }).click();
  await page.locator('input[name="incAdvertiser"]').fill("Acme Mattress");
  await page.getByRole("button", { name: "Incrementality to sheet" }).click();
  const tab = page.locator(".tabs button", { hasText: /^Incrementality · Acme Mattress$/ }).first();
  await tab.waitFor({ timeout: 60_000 });
  await openSheetTab(page, "Incrementality · Acme Mattress");
  await page.locator(".viewport").evaluate((el) => el.scrollTo(0, 0));
  const chart = page.locator("[data-chart]");
  await expectText(chart.locator(".chart-title"), "Incremental % with its confidence interval");

  const d = await drawn(page);
  // The practice service's fifteen results: three channel types by five actions, each named so.
  expect(d.categories).toHaveLength(15);
  for (const c of d.categories) expect(c).toMatch(CATEGORY);
  expect(new Set(d.categories).size).toBe(15);
  expect(d.texts).toEqual(expect.arrayContaining(["Incremental %", "Channel type · Action"]));
  // One interval per result: a line, a cap at each end of it, the percent on it; no bar at all.
  expect(d.bars).toBe(0);
  expect(d.lines).toHaveLength(15);
  expect(d.caps).toHaveLength(30);
  expect(d.points).toHaveLength(15);
  d.lines.forEach(([x, top, bottom], i) => {
    const caps = d.caps.filter(([cx]) => Math.abs(cx - x) < 0.5).map(([, y]) => y);
    expect(caps.sort((a, b) => a - b)).toEqual([top, bottom].map((y) => expect.closeTo(y, 3)));
    const [px, py] = d.points[i];
    expect(px).toBeCloseTo(x, 3);
    expect(py).toBeGreaterThanOrEqual(top - 0.01);
    expect(py).toBeLessThanOrEqual(bottom + 0.01);
  });
  await chart.screenshot({ path: path.join(ARTIFACTS, "incrementality-chart.png") });
  await page.screenshot({ path: path.join(ARTIFACTS, "incrementality-sheet.png") });
});
