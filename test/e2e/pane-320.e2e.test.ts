/**
 * The pane in a 320 px column as a planner uses it (issue 15): the tab bar on one line, "Connected
 * to …" once, a refused key that costs nothing on the counter, "Nothing was sent" above the fields
 * with focus on the first bad one, date hints in the picker's own order, Edit request with its
 * banner and a blocked save that keeps the edit, Forget request worded as what it does, agent
 * parameters of a usable size. Ends with a screenshot of every tab, full height, for a person to look at.
 */
import path from "path";
import type { Page } from "playwright-core";
import {
  ARTIFACTS,
  cell,
  connect,
  ensureConnected,
  expectText,
  openSheetTab,
  setPaneWidth,
  typeInto,
  usePreview,
} from "./support";

const TABS = ["Connect", "Reports", "Data", "Sheets", "Campaigns", "Agents"];
const e = usePreview({ setup: (page) => setPaneWidth(page, 320) });

/** Where each tab sits, and whether the tab list has to scroll to show them all. */
function tabBar(page: Page) {
  return page.evaluate(() => {
    const list = document.querySelector<HTMLElement>('.pane [role="tablist"]')!;
    const box = list.getBoundingClientRect();
    const tabs = [...list.querySelectorAll<HTMLElement>('[role="tab"]')].map((t) => {
      const r = t.getBoundingClientRect();
      return { name: t.innerText.trim(), top: Math.round(r.top), left: r.left, right: r.right };
    });
    return {
      tabs,
      scrolls: list.scrollWidth > list.clientWidth,
      // Tabs whose whole label is inside the visible part of the bar.
      inView: tabs.filter((t) => t.left >= box.left - 0.5 && t.right <= box.right + 0.5).map((t) => t.name),
      headerHeight: document.querySelector<HTMLElement>(".pane header")!.getBoundingClientRect().height,
      tabHeight: list.querySelector<HTMLElement>('[role="tab"]')!.getBoundingClientRect().height,
    };
  });
}

const requestCount = async (page: Page) => {
  await page.getByRole("tab", { name: "Connect" }).click();
  return Number(await page.getByTestId("request-count").textContent());
};

/** What the service itself counted against a key's allowance (the sandbox's admin route). */
const serviceCount = async (key: string) =>
  ((await (await fetch(`${e.sandboxUrl}/__admin/requests`)).json()) as Record<string, number>)[key] ?? 0;

test.each([320, 380])("at %i px all six tabs sit on one line, each fully in view", async (px) => {
  const { page } = e;
  await setPaneWidth(page, px);
  const bar = await tabBar(page);
  expect(bar.tabs.map((t) => t.name)).toEqual(TABS);
  expect(new Set(bar.tabs.map((t) => t.top)).size).toBe(1);
  expect(bar.inView).toEqual(TABS);
  expect(bar.scrolls).toBe(false);
  expect(bar.headerHeight).toBeLessThan(bar.tabHeight * 1.5);
  await setPaneWidth(page, 320);
});

test("narrower than the tabs, the bar scrolls instead of wrapping, and the keyboard brings each tab into view", async () => {
  const { page } = e;
  const narrow = await page.addStyleTag({ content: ".pane header { width: 200px; }" });
  const before = await tabBar(page);
  expect(new Set(before.tabs.map((t) => t.top)).size).toBe(1);
  expect(before.scrolls).toBe(true);
  expect(before.inView).not.toContain("Agents");
  await page.getByRole("tab", { name: "Connect" }).click();
  for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowRight");
  expect(await page.evaluate(() => (document.activeElement as HTMLElement).innerText.trim())).toBe("Agents");
  expect((await tabBar(page)).inView).toContain("Agents");
  await page.keyboard.press("Enter");
  await page.getByText("Run an AI agent").waitFor();
  // Selected without the tab itself being focused or clicked where it is (as the ribbon's Self-test
  // selects Connect): the bar scrolls it into view.
  await page.getByRole("tab", { name: "Connect" }).dispatchEvent("click");
  await page.getByRole("button", { name: "Connect" }).waitFor();
  expect((await tabBar(page)).inView).toContain("Connect");
  await narrow.evaluate((el) => (el as HTMLStyleElement).remove());
});

test("a key the service refuses costs nothing on the counter; a good one counts once, as the service counts it", async () => {
  const { page } = e;
  const before = await requestCount(page);
  await connect(page, "not-a-key");
  await expectText(
    page.getByRole("status").filter({ hasText: "did not accept" }),
    /it does not know it\. Check the key/,
  );
  expect(await requestCount(page)).toBe(before);
  // The monthly limit already reached: refused before anything was spent.
  await connect(page, "demo-exhausted");
  await expectText(page.getByRole("status").filter({ hasText: "no requests left" }), /Monthly request limit/);
  expect(await requestCount(page)).toBe(before);

  const served = await serviceCount("demo-pro");
  await connect(page, "demo-pro");
  await page.getByRole("button", { name: "Sign out" }).waitFor();
  expect(await requestCount(page)).toBe(before + 1);
  expect(await serviceCount("demo-pro")).toBe(served + 1);
});

test('"Connected to …" appears once', async () => {
  const { page } = e;
  await ensureConnected(page);
  const pane = page.locator(".pane-column");
  await expectText(
    page.getByRole("status").filter({ hasText: "Connected to" }),
    `Connected to ${e.sandboxUrl}`,
  );
  expect(await pane.getByText(/Connected to/).count()).toBe(1);
  // Still once after leaving the tab and coming back.
  await page.getByRole("tab", { name: "Sheets" }).click();
  await page.getByRole("tab", { name: "Connect" }).click();
  expect(await pane.getByText(/Connected to/).count()).toBe(1);
});

test('"Nothing was sent" sits above the fields, and focus goes to the first bad field', async () => {
  const { page } = e;
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Reports" }).click();
  await page.getByLabel("Report", { exact: true }).selectOption("lag");
  await page.getByRole("button", { name: "Run report" }).click();
  const message = page.getByTestId("form-message");
  await expectText(message, "Nothing was sent: fix the fields marked below.");
  const top = async (l: ReturnType<Page["locator"]>) => (await l.boundingBox())!.y;
  expect(await top(message)).toBeLessThan(await top(page.getByLabel("Report", { exact: true })));
  const firstBad = page.locator('.pane-column form [aria-invalid="true"]').first();
  expect(await firstBad.evaluate((el) => el === document.activeElement)).toBe(true);
  expect(await firstBad.getAttribute("name")).toBe("advertiser");
  await page
    .locator(".pane-column")
    .screenshot({ path: path.join(ARTIFACTS, "pane-320-reports-refused.png") });

  // A bad field in the collapsed Advanced section: the section opens and the field takes focus.
  await page.getByLabel("Report", { exact: true }).selectOption("impressions");
  const advanced = page.locator(".pane-column details.advanced");
  await advanced.locator("summary").click();
  await page.getByLabel("CI certainty (%)").fill("150");
  await advanced.locator("summary").click();
  expect(await advanced.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(false);
  await page.getByRole("button", { name: "Run report" }).click();
  await page.waitForFunction(
    () => (document.activeElement as HTMLInputElement | null)?.name === "incCiCertainty",
  );
  expect(await advanced.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);

  // The Data forms: each says so at its own top, over its own first bad field.
  await page.getByRole("tab", { name: "Data" }).click();
  const ads = page.getByRole("form", { name: "Individual ads (Pro)" });
  await ads.getByLabel("Rows per request (limit)").fill("5000");
  await ads.getByRole("button", { name: "Ads to sheet" }).click();
  await expectText(ads.getByTestId("form-message"), "Nothing was sent: fix the fields marked below.");
  expect(await top(ads.getByTestId("form-message"))).toBeLessThan(await top(ads.locator("input").first()));
  expect(await page.evaluate(() => (document.activeElement as HTMLInputElement).name)).toBe("adsAdvertiser");
  expect(await page.getByRole("form", { name: "Show" }).getByTestId("form-message").count()).toBe(0);
});

test("a date field's hint names the ways it takes a date, and typing in the locale's order gives that date", async () => {
  const { page } = e;
  await page.getByRole("tab", { name: "Reports" }).click();
  // The impressions caveat (service default end date: a week ahead) speaks in the form's labels.
  await expectText(page.getByTestId("report-warnings"), /^End date: .*set the end date at least 3 days/);
  await page.getByLabel("Report", { exact: true }).selectOption("estimatedSpendByDay");
  await page.getByLabel("Date range").selectOption("custom");
  const start = page.getByLabel("Start date");
  const hint = await page.locator(".fui-Field", { has: start }).locator(".fui-Field__hint").textContent();
  expect(hint).toMatch(/^Type it as yyyy-mm-dd/);
  const pattern = /or ([a-z]+\W[a-z]+\W[a-z]+),/.exec(hint ?? "")?.[1] ?? "yyyy-mm-dd";
  const parts: Record<string, string> = { yyyy: "2026", mm: "11", dd: "22" };
  await start.focus();
  await page.keyboard.type(pattern.replace(/yyyy|mm|dd/g, (u) => parts[u]));
  await page.keyboard.press("Tab");
  expect(await start.inputValue()).toBe("2026-11-22");
});

test("Edit request shows a banner at the top; a save the planner's work blocks leads with the reason and keeps the edit", async () => {
  const { page } = e;
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Reports" }).click();
  await page.getByLabel("Report", { exact: true }).selectOption("estimatedSpendByDay");
  await page.getByLabel("Date range").selectOption("last7days");
  await page.getByLabel("Advertisers").fill("Northwind Coffee");
  await page.getByRole("button", { name: "Run report" }).click();
  const done = page.locator(".activity li[data-status=done]", { hasText: "→ sheet" }).first();
  await expectText(done, /→ sheet /, 60_000);
  // "14 rows → sheet X", or for a period without data "No rows: … → sheet X (its table is empty)".
  const sheet = /→ sheet (.+?)(?: \(its table is empty\))?$/.exec(
    (await done.locator(".detail").textContent()) ?? "",
  )![1];

  // A note typed just under the report table: Excel (and the preview) adds that row to the table.
  const table = await page.evaluate(
    (name) =>
      (
        window as unknown as {
          __workbook: {
            host: { tables(): { name: string; sheet: string; rect: { row: number; rows: number } }[] };
          };
        }
      ).__workbook.host
        .tables()
        .find((t) => t.sheet === name)!,
    sheet,
  );
  const noteRow = table.rect.row + table.rect.rows + 1;
  await openSheetTab(page, sheet);
  await typeInto(page, `B${noteRow}`, "ask about the holiday flight");
  await expectText(cell(page, `B${noteRow}`), "ask about the holiday flight");

  await page.getByRole("tab", { name: "Sheets" }).click();
  await page.locator(`li[data-sheet="${sheet}"]`).getByRole("button", { name: "Edit request" }).click();
  const banner = page.getByTestId("edit-banner");
  await expectText(banner, new RegExp(`^Editing the request of sheet ${sheet}\\.`));
  const top = async (l: ReturnType<Page["locator"]>) => (await l.boundingBox())!.y;
  expect(await top(banner)).toBeLessThan(await top(page.getByLabel("Report", { exact: true })));
  expect(await banner.getByRole("button", { name: "Cancel edit" }).count()).toBe(1);

  await page.getByLabel("Date range").selectOption("last30days");
  await page.getByRole("button", { name: `Save and refresh ${sheet}` }).click();
  // The form says why, once: the reason first, never the request's parameters, and no toast over
  // the form saying it again (the Activity list has it too).
  const message = page.getByTestId("form-message");
  await expectText(
    message,
    /^The refresh would lose the planner's work: the table has 1 row the report did not write/,
    60_000,
  );
  expect(await message.textContent()).not.toMatch(/advertisers=|startDate=/);
  expect(await page.locator(".fui-Toast", { hasText: "planner's work" }).count()).toBe(0);
  await expectText(message, /Your edited request is kept/);
  // Still editing, with the edited range: the planner can move the note and save again.
  await page.getByRole("button", { name: `Save and refresh ${sheet}` }).waitFor();
  expect(await page.getByLabel("Date range").inputValue()).toBe("last30days");
  await page
    .locator(".pane-column")
    .screenshot({ path: path.join(ARTIFACTS, "pane-320-reports-edit-blocked.png") });

  // The planner moves the note out of the table; the same edit now saves. (lastRow is both the
  // table's last sheet row, 1-based, and the note's row, 0-based.)
  await page.evaluate(
    async ({ sheetName, tableName, lastRow }) => {
      const wb = (
        window as unknown as {
          __workbook: {
            excel: typeof Excel;
            host: { setInput(sheet: string, row: number, col: number, input: string): void };
          };
        }
      ).__workbook;
      await wb.excel.run(async (context) => {
        const t = context.workbook.worksheets.getItem(sheetName).tables.getItem(tableName);
        const range = t.getRange();
        range.load("address");
        await context.sync();
        t.resize(range.address.replace(/\d+$/, String(lastRow)));
        await context.sync();
      });
      wb.host.setInput(sheetName, lastRow, 1, "");
    },
    { sheetName: sheet, tableName: table.name, lastRow: noteRow - 1 },
  );
  await page.getByRole("button", { name: `Save and refresh ${sheet}` }).click();
  await page.locator(".activity li", { hasText: `Updated ${sheet}` }).waitFor({ timeout: 60_000 });
  await page.getByRole("button", { name: "Run report" }).waitFor();
  expect(await banner.count()).toBe(0);
  await page.getByRole("tab", { name: "Sheets" }).click();
  await expectText(page.locator(`li[data-sheet="${sheet}"]`), /Last 30 days/);
});

test("issue 49: a message never covers a form's fields: at 320 px the toast's box meets no input's box", async () => {
  const { page } = e;
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Reports" }).click();
  await page.getByLabel("Report", { exact: true }).selectOption("estimatedSpendByDay");
  await page.getByLabel("Date range").selectOption("last7days");
  await page.getByLabel("Advertisers").fill("Northwind Coffee");
  await page.getByRole("button", { name: "Run report" }).click();
  const toast = page.locator(".fui-Toast", { hasText: "→ sheet" }).first();
  await toast.waitFor({ timeout: 60_000 });
  // Measured once it has arrived: Fluent slides and grows a toast in (Web Animations).
  await toast.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
  const overlaps = await toast.evaluate((t) => {
    const b = t.getBoundingClientRect();
    const fields = [...document.querySelectorAll<HTMLElement>(".pane input, .pane select, .pane textarea")];
    return fields
      .map((f) => ({ name: f.getAttribute("name") ?? f.id, r: f.getBoundingClientRect() }))
      .filter(({ r }) => r.width > 1 && r.height > 1)
      .filter(({ r }) => r.left < b.right && b.left < r.right && r.top < b.bottom && b.top < r.bottom)
      .map(({ name }) => name);
  });
  expect(overlaps).toEqual([]);
  // In the pane, above its tabs.
  const tabs = await page.locator('.pane [role="tablist"]').boundingBox();
  const box = (await toast.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(tabs!.y + 1);
  expect(box.x + box.width).toBeLessThanOrEqual(320 + 1);
  await page.screenshot({ path: path.join(ARTIFACTS, "pane-320-message-above-form.png") });
});

test("Forget request says what it does: the request goes, the data stays", async () => {
  const { page } = e;
  await page.getByRole("tab", { name: "Sheets" }).click();
  const item = page.locator("li[data-sheet]").first();
  const sheet = (await item.getAttribute("data-sheet"))!;
  await item.getByRole("button", { name: `Forget request of ${sheet}` }).click();
  await expectText(item, /The data stays on the sheet as it is now; the add-in forgets the request/);
  await page.locator(".pane-column").screenshot({ path: path.join(ARTIFACTS, "pane-320-sheets-forget.png") });
  await item.getByRole("button", { name: "Forget request, keep data" }).click();
  await page.waitForFunction(
    (name) => !document.querySelector(`li[data-sheet="${CSS.escape(name)}"]`),
    sheet,
  );
  // The sheet and its data are still in the workbook.
  // Its own tab, by its whole name (an earlier test's sheet may carry this name with " (2)" after it).
  const tabs = await page.locator(".tabs button").allTextContents();
  expect(tabs.filter((t) => t.trim() === sheet)).toHaveLength(1);
});

test("agent parameters get inputs of a usable size beside a normal-size Remove button", async () => {
  const { page } = e;
  await page.getByRole("tab", { name: "Agents" }).click();
  await page.getByRole("button", { name: "Add parameter" }).click();
  const name = await page.getByLabel("Parameter 1 name").boundingBox();
  const value = await page.getByLabel("Parameter 1 value").boundingBox();
  const remove = await page.getByRole("button", { name: "Remove parameter 1" }).boundingBox();
  const fieldset = await page.getByRole("group", { name: "Parameters" }).boundingBox();
  for (const input of [name!, value!]) {
    expect(input.width).toBeGreaterThan(fieldset!.width * 0.75);
    expect(input.height).toBeGreaterThanOrEqual(30);
  }
  expect(remove!.height).toBeGreaterThanOrEqual(24);
  expect(remove!.height).toBeLessThan(name!.height);
});

test("every tab at 320 px, full height, for a person to look at", async () => {
  const { page } = e;
  const viewport = page.viewportSize()!;
  for (const tab of TABS) {
    await page.setViewportSize(viewport);
    await page.getByRole("tab", { name: tab }).click();
    await page.waitForTimeout(200);
    const height = await page.locator(".pane").evaluate((el) => Math.ceil(el.getBoundingClientRect().height));
    await page.setViewportSize({ width: viewport.width, height: Math.min(Math.max(height, 400), 6000) });
    await page
      .locator(".pane-column")
      .screenshot({ path: path.join(ARTIFACTS, `pane-320-tab-${tab.toLowerCase()}.png`) });
  }
  await page.setViewportSize(viewport);
});
