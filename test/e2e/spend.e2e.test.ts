/**
 * Every request a planner spends is one the planner chose (issue #37), in the preview as a planner
 * tries it: a recalculation over the limit asks in the pane first (the waiting cells say so), held
 * answers survive inserted rows and a full calculation, and the Connect tab counts the month by
 * kind, for this workbook and for every workbook, added up across two panes open at once.
 */
import path from "path";
import type { Page } from "playwright-core";
import { axeFindings, FLUENT_FOCUS_HELPERS } from "./axe";
import {
  ARTIFACTS,
  cell,
  connect,
  ensureConnected,
  expectText,
  setPaneWidth,
  typeInto,
  usePreview,
} from "./support";

const e = usePreview();

/** What axe finds in the pane, but Fluent's named focus helpers (./axe.ts). */
async function axeProblems(page: Page): Promise<string[]> {
  return (await axeFindings(page))
    .filter((f) => !(f.helper && f.helper in FLUENT_FOCUS_HELPERS))
    .map((f) => `${f.rule} at ${f.target}: ${f.html}`);
}

/** What the service itself counted against the key (the sandbox's admin route). */
const serviceCount = async (key = "demo-pro") =>
  ((await (await fetch(`${e.sandboxUrl}/__admin/requests`)).json()) as Record<string, number>)[key] ?? 0;

async function paneCount(page: Page, testId = "request-count"): Promise<number> {
  await page.getByRole("tab", { name: "Connect" }).click();
  return Number(await page.getByTestId(testId).textContent());
}

async function setLimit(page: Page, limit: number): Promise<void> {
  await page.getByRole("tab", { name: "Connect" }).click();
  await page.getByRole("textbox", { name: /Ask before one action spends more than/ }).fill(String(limit));
  await page.getByRole("button", { name: "Save spending" }).click();
  await expectText(
    page.getByTestId("spend-settings-note"),
    new RegExp(`more than ${limit} requests asks first`),
  );
}

test("over the limit a recalculation asks first: the cells say why they wait, Continue sends exactly those, inserted rows and Ctrl+Alt+F9 send none", async () => {
  const { page } = e;
  await ensureConnected(page);
  await setLimit(page, 3);
  const before = await serviceCount();
  // Five distinct shows in one go (a paste, or a fill-down, as Excel calculates them together).
  await page.evaluate(() => {
    const wb = (
      window as unknown as {
        __workbook: { host: { setInput(s: string, r: number, c: number, t: string): void } };
      }
    ).__workbook;
    for (let i = 0; i < 5; i++) wb.host.setInput("Sheet1", i + 1, 1, `=ADS.SHOWLISTENERS(${1200000011 + i})`);
  });
  const question = page.getByTestId("spend-question");
  await expectText(
    question,
    /Recalculating the ADS functions\. This will spend up to 5 requests; \d+ spent this month\./,
  );
  await expectText(cell(page, "B2"), "#N/A");
  await cell(page, "B2").click();
  await expectText(
    page.getByTestId("cell-note"),
    /Not sent yet: this calculation needs more requests than you allow/,
  );
  expect(await serviceCount()).toBe(before);
  await page.screenshot({ path: path.join(ARTIFACTS, "spend-guard-question.png") });
  await setPaneWidth(page, 320);
  expect(await axeProblems(page)).toEqual([]);
  await page
    .locator(".pane-column")
    .screenshot({ path: path.join(ARTIFACTS, "spend-guard-question-320.png") });

  await question.getByRole("button", { name: "Continue" }).click();
  await expectText(cell(page, "B6"), /^\d[\d,]*$/);
  expect(await serviceCount()).toBe(before + 5);
  // Excel calls every function again on these: nothing is sent, the answers are held.
  await cell(page, "B3").click();
  await page.locator("#sheet-grid").press("Control+Shift+=");
  await expectText(cell(page, "B7"), /^\d[\d,]*$/);
  await page.locator("#sheet-grid").press("Control+Alt+F9");
  await new Promise((r) => setTimeout(r, 500));
  await expectText(cell(page, "B7"), /^\d[\d,]*$/);
  expect(await serviceCount()).toBe(before + 5);

  // The Sheets tab says how old the held answers are; the Connect tab counts them as the functions'.
  await page.getByRole("tab", { name: "Sheets" }).click();
  await expectText(
    page.getByTestId("held-answers"),
    /^5 function answers held for this workbook, fetched just now; kept until you refresh them\.$/,
  );
  await page.getByRole("tab", { name: "Connect" }).click();
  const view = page.getByTestId("spend-view");
  await expectText(view.getByRole("row", { name: /ADS functions/ }), /ADS functions\s*5\s*5/);
  await view.screenshot({ path: path.join(ARTIFACTS, "spend-connect.png") });
  await setLimit(page, 50);
});

test("two panes (two workbooks) open at once: each counts its own, both show the sum, which is what the service counted", async () => {
  const { page, context } = e;
  await ensureConnected(page);
  const second = await context.newPage();
  try {
    await second.goto(e.url);
    await second.getByRole("tab", { name: "Connect" }).waitFor();
    await connect(second, "demo-pro");
    await second.getByRole("button", { name: "Sign out" }).waitFor();
    // Both make requests at the same time.
    await Promise.all([
      typeInto(page, "D2", "=ADS.SHOWLISTENERS(1200000031)"),
      typeInto(second, "D2", "=ADS.SHOWLISTENERS(1200000032)"),
    ]);
    await Promise.all([
      expectText(cell(page, "D2"), /^\d[\d,]*$/),
      expectText(cell(second, "D2"), /^\d[\d,]*$/),
    ]);
    // The planner entered the allowance once: the pane says what is left of it.
    await page.getByRole("tab", { name: "Connect" }).click();
    await page.getByRole("textbox", { name: /Monthly allowance/ }).fill("10,000");
    await page.getByRole("button", { name: "Save spending" }).click();
    const service = await serviceCount();
    await expectText(
      page.getByTestId("allowance-left"),
      `${(10_000 - service).toLocaleString("en-US")} of your 10,000 requests left this month (as this computer counted them).`,
    );
    // Every request this computer sent with the key, from both panes: the service's own count.
    await expectText(page.getByTestId("request-count"), String(service));
    expect(await paneCount(second)).toBe(service);
    // Each workbook's own share: the second pane's key check and its one function call.
    expect(await paneCount(second, "workbook-request-count")).toBe(2);
    expect(await paneCount(page, "workbook-request-count")).toBe(service - 2);
    expect(await axeProblems(page)).toEqual([]);
    await page.getByTestId("spend-view").screenshot({ path: path.join(ARTIFACTS, "spend-two-panes.png") });
    await page.getByRole("textbox", { name: /Monthly allowance/ }).fill("");
    await page.getByRole("button", { name: "Save spending" }).click();
  } finally {
    await second.close();
  }
});
