/**
 * The pane as a person with a narrow pane or only a keyboard would use it: every tab fits a 320 px
 * and a 450 px column without sideways scrolling, every control has a name and its own id, and connecting and
 * switching tabs work from the keyboard alone.
 */
import path from "path";
import type { Page } from "playwright-core";
import { ARTIFACTS, ensureConnected, setPaneWidth, usePreview } from "./support";

const TABS = ["Connect", "Reports", "Data", "Sheets", "Campaigns", "Agents"];
const e = usePreview();

/** Widest overflow of the pane column, and the controls without an accessible name. */
function inspectPane(page: Page) {
  return page.evaluate(() => {
    const pane = document.querySelector(".pane-column") as HTMLElement;
    const named = (el: HTMLElement): boolean => {
      if (el.getAttribute("aria-label")?.trim()) return true;
      const by = el.getAttribute("aria-labelledby");
      if (by && by.split(/\s+/).some((id) => document.getElementById(id)?.textContent?.trim())) return true;
      if (el instanceof HTMLButtonElement || el.getAttribute("role") === "tab")
        return Boolean(el.textContent?.trim());
      const labels = (el as HTMLInputElement).labels;
      return Boolean(labels && [...labels].some((l) => l.textContent?.trim()));
    };
    const controls = [
      ...pane.querySelectorAll<HTMLElement>("input, select, textarea, button, [role=tab]"),
    ].filter((el) => (el as HTMLInputElement).type !== "hidden" && el.getClientRects().length > 0);
    const ids = controls.map((el) => el.id).filter(Boolean);
    return {
      overflow: pane.scrollWidth - pane.clientWidth,
      controls: controls.length,
      unnamed: controls.filter((el) => !named(el)).map((el) => el.outerHTML.slice(0, 120)),
      // One id on two controls makes a label point at the wrong one (a Field around several inputs).
      sharedIds: [...new Set(ids.filter((id, i) => ids.indexOf(id) !== i))],
    };
  });
}

test("keyboard only: Tab to the key field, Enter connects, arrow keys and Enter change tabs", async () => {
  const { page } = e;
  await page.locator("body").click({ position: { x: 1, y: 1 } });
  let reached = false;
  for (let i = 0; i < 25 && !reached; i++) {
    await page.keyboard.press("Tab");
    reached = await page.evaluate(
      () => (document.activeElement as HTMLInputElement | null)?.name === "apiKey",
    );
  }
  expect(reached).toBe(true);
  await page.keyboard.type("demo-pro");
  await page.keyboard.press("Enter");
  await page.getByText("Sign out").waitFor();
  // The form that had focus is gone: focus moves to the next useful step, the Reports tab (#49).
  await page.waitForFunction(() => document.activeElement?.getAttribute("data-tab") === "Reports");
  await page.getByRole("tab", { name: "Connect" }).focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  await page.getByRole("button", { name: "Run report" }).waitFor();
});

test.each([320, 450])(
  "at %i px every tab fits without sideways scrolling and every control is named",
  async (px) => {
    const { page } = e;
    await setPaneWidth(page, px);
    await page.getByRole("tab", { name: "Connect" }).waitFor();
    const problems: string[] = [];
    for (const tab of TABS) {
      await page.getByRole("tab", { name: tab }).click();
      if (tab === "Reports") {
        // open every collapsible part so its fields count too
        for (const d of await page.locator(".pane-column details").all())
          await d.evaluate((el) => el.setAttribute("open", ""));
      }
      const r = await inspectPane(page);
      if (r.overflow > 0) problems.push(`${tab}: ${r.overflow} px too wide`);
      for (const u of r.unnamed) problems.push(`${tab}: unnamed ${u}`);
      for (const id of r.sharedIds) problems.push(`${tab}: id ${id} on more than one control`);
      expect(r.controls).toBeGreaterThan(0);
      if (px === 320 && (tab === "Reports" || tab === "Data"))
        await page
          .locator(".pane-column")
          .screenshot({ path: path.join(ARTIFACTS, `pane-320-${tab.toLowerCase()}.png`) });
    }
    expect(problems).toEqual([]);
  },
);

test("a form with missing required fields names each one and sends nothing", async () => {
  const { page } = e;
  const requests = async () => {
    await page.getByRole("tab", { name: "Connect" }).click();
    return Number(await page.getByTestId("request-count").textContent());
  };
  const before = await requests();
  await page.getByRole("tab", { name: "Reports" }).click();
  await page.getByLabel("Report", { exact: true }).selectOption("lag");
  await page.getByRole("button", { name: "Run report" }).click();
  await page.getByText("Nothing was sent: fix the fields marked below.").waitFor();
  const messages = await page.locator(".fui-Field__validationMessage").allTextContents();
  expect(messages.length).toBeGreaterThanOrEqual(2); // advertiser and groupKey
  expect(await page.locator(".activity li", { hasText: "Lag" }).count()).toBe(0);
  expect(await requests()).toBe(before);
});

test("a toast is drawn over the form under it, and says the outcome and its note as sentences", async () => {
  const { page } = e;
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Data" }).click();
  await page.getByRole("combobox", { name: /^Advertiser(\s*\*)?$/ }).fill("Acme Mattress");
  await page.getByRole("button", { name: "Ads to sheet" }).click();
  const toast = page.locator(".fui-Toast", { hasText: "rows → sheet Ads" }).first();
  await toast.waitFor({ timeout: 60_000 });
  // Measured once it has arrived: Fluent slides and grows a toast in (Web Animations).
  await toast.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  // A planner found the toast hidden behind the Incrementality form's inputs: at every point of
  // its box the top element must be the toast's own.
  const hidden = await toast.evaluate((t) => {
    const box = t.getBoundingClientRect();
    const points = [0.1, 0.5, 0.9].flatMap((fx) =>
      [0.25, 0.75].map((fy) => [box.left + fx * box.width, box.top + fy * box.height]),
    );
    return points.filter(([x, y]) => !t.contains(document.elementFromPoint(x, y))).length;
  });
  expect(hidden).toBe(0);
  expect(await toast.textContent()).toMatch(
    /^1,000 rows → sheet Ads · Acme Mattress\. The sheet holds the first 1,000 of [\d,]+ ads/,
  );
});
