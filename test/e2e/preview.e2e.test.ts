/**
 * The preview driven as a user would, in headless Chromium against the sandbox: connect, run an
 * impressions report with a relative date range and chosen columns, refresh it, a bad key's message,
 * a search, a show sheet, and ADS.* formulas in cells.
 */
import path from "path";
import { BAND_ROWS } from "../../src/excel/charts/chartLayout";
import {
  ARTIFACTS,
  cell,
  connect,
  ensureConnected,
  expectCount,
  expectText,
  usePreview,
  openSheetTab,
  typeInto,
} from "./support";

const e = usePreview();

test("a bad key is refused in words that say what to do", async () => {
  await connect(e.page, "not-a-real-key");
  await e.page.getByText(/did not accept this API key: it does not know it/).waitFor();
});

test("connect with demo-pro; the request counter counts", async () => {
  await connect(e.page, "demo-pro");
  await e.page
    .getByText(/^Connected to http:\/\/127\.0\.0\.1/)
    .first()
    .waitFor();
  await e.page.getByText("Sign out").waitFor();
  expect(Number(await e.page.getByTestId("request-count").textContent())).toBeGreaterThanOrEqual(1);
});

test("an impressions report with a relative date range and chosen columns lands as a typed sheet; refresh works", async () => {
  const { page } = e;
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Reports" }).click();
  await page.getByLabel("Report", { exact: true }).selectOption("impressions");
  await page.getByLabel("Date range").selectOption("last30days");
  await page.getByLabel("Advertisers").fill("Acme Mattress");
  for (const column of ["Day", "Campaign", "Spend", "Podcast & Streaming Impressions"]) {
    await page.getByLabel("Find a column").fill(column);
    await page.getByRole("checkbox", { name: column, exact: true }).first().check();
  }
  // A custom action column is typed: no list can hold an advertiser's own actions.
  await page.getByLabel("Add a custom action column").fill("Trial Starts");
  await page.getByLabel("Add a custom action column").press("Enter");
  await expectCount(page.getByRole("list", { name: "Chosen columns" }).locator("li"), 5);
  await page.screenshot({ path: path.join(ARTIFACTS, "pane-impressions-form.png") });
  await page.getByRole("button", { name: "Run report" }).click();
  await page.locator(".tabs button", { hasText: "Impressions" }).waitFor({ timeout: 60_000 });
  await openSheetTab(page, "Impressions");
  // The status line sits above the chart, the chart above the table (too wide for it beside it):
  // all three in view at 1,400 × 900. H: the table's header row.
  await expectText(cell(page, "A1"), / · Last refreshed .* rows$/);
  const H = 3 + BAND_ROWS;
  const chart = (await page.locator("[data-chart]").first().boundingBox())!;
  const view = (await page.locator(".viewport").boundingBox())!;
  expect(chart.x + chart.width).toBeLessThanOrEqual(view.x + view.width);
  expect(chart.y + chart.height).toBeLessThanOrEqual((await cell(page, `A${H}`).boundingBox())!.y);
  await expectText(cell(page, `A${H}`), "Day");
  await expectText(cell(page, `B${H}`), "Campaign");
  await expectText(cell(page, `C${H}`), "Spend");
  await expectText(cell(page, `D${H}`), "Podcast & Streaming Impressions");
  await expectText(cell(page, `E${H}`), "Trial Starts");
  await expectText(cell(page, `E${H + 1}`), /^[\d,.]+$/);
  await expectText(cell(page, `A${H + 1}`), /^\d{4}-\d{2}-\d{2}$/);
  await expectText(cell(page, `C${H + 1}`), /^\$[\d,]+\.\d{2}$/);
  await expectText(cell(page, `D${H + 1}`), /^[\d,]+$/);
  // the values are typed in the workbook, not text
  const types = await page.evaluate((row) => {
    const wb = (
      window as unknown as {
        __workbook: { host: { cell(s: string, r: number, c: number): { value: unknown } } };
      }
    ).__workbook;
    return [0, 2, 3].map((c) => typeof wb.host.cell("Impressions, last 30 days", row, c).value);
  }, H);
  expect(types).toEqual(["number", "number", "number"]);
  await page.screenshot({ path: path.join(ARTIFACTS, "report-sheet.png") });

  await page.getByRole("tab", { name: "Sheets" }).click();
  const item = page.locator('li[data-sheet="Impressions, last 30 days"]');
  await expectText(item, new RegExp("Last 30 days"));
  await item.getByRole("button", { name: "Refresh Impressions, last 30 days", exact: true }).click();
  await page
    .locator(".activity li", { hasText: "Refresh Impressions, last 30 days" })
    .filter({ hasText: "done" })
    .waitFor({ timeout: 60_000 });
  await expectText(item, new RegExp("ok"));

  // Forgetting the request asks first; Cancel leaves everything as it was.
  await item
    .getByRole("button", { name: "Forget request of Impressions, last 30 days", exact: true })
    .click();
  await item.getByRole("button", { name: "Cancel" }).click();
  await expectText(item, /Last 30 days/);
  expect(await item.getByRole("button", { name: /^Forget request, keep data/ }).count()).toBe(0);
});

test("a search lands as a sheet", async () => {
  const { page } = e;
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Data" }).click();
  await page.getByLabel("Search for").fill("mattress");
  await page.getByLabel("Days to look back").fill("365");
  await page.getByRole("button", { name: "Search to sheet" }).click();
  await page.locator(".tabs button", { hasText: "Search" }).waitFor({ timeout: 60_000 });
  // The outcome is also a toast: on a long form the Activity list is below the fold.
  await page
    .locator(".fui-Toast", { hasText: /\d+ rows → sheet Search/ })
    .first()
    .waitFor();
  await openSheetTab(page, "Search");
  await expectText(cell(page, "A3"), "Episode");
  await expectText(cell(page, "H4"), /mattress/i);
});

test("a show sheet opens, and Insert formula puts =ADS.SHOW at the selected cell", async () => {
  const { page } = e;
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Data" }).click();
  await page.getByRole("textbox", { name: /^Show id/ }).fill("1200000001");
  await page.getByRole("button", { name: "Open show sheet" }).click();
  await page.locator(".tabs button", { hasText: "Show 1200000001" }).waitFor({ timeout: 60_000 });
  await openSheetTab(page, "Show 1200000001");
  await expectText(cell(page, "A1"), "The Demo Show");
  await expectCount(page.locator('[data-cell^="A"]', { hasText: "Monthly listeners" }), 1);

  await openSheetTab(page, "Sheet1");
  await cell(page, "B3").click();
  await page.getByLabel("Field for a formula").selectOption("monthlyDownloads");
  await page.getByRole("button", { name: "Insert formula" }).click();
  await page.getByText(/Inserted =ADS\.SHOW\("1200000001","monthlyDownloads"\) at Sheet1!B3/).waitFor();
  await expectText(cell(page, "B3"), /^\d+$/, 30_000);
});

test("a show sheet can page its episodes (page 1 of 10 a page)", async () => {
  const { page } = e;
  await ensureConnected(page);
  /** Row counts of the Episodes tables on sheets that did not exist at the start. */
  const episodeTables = (known: string[]) =>
    page.evaluate((old) => {
      const h = (
        window as unknown as {
          __workbook: {
            host: {
              sheets(): { name: string }[];
              tables(): { name: string; sheet: string; rect: { rows: number } }[];
            };
          };
        }
      ).__workbook.host;
      return {
        sheets: h.sheets().map((x) => x.name),
        rows: h
          .tables()
          .filter((t) => !old.includes(t.sheet) && /Episodes/.test(t.name))
          .map((t) => t.rect.rows),
      };
    }, known);
  const { sheets } = await episodeTables([]);
  await page.getByRole("tab", { name: "Data" }).click();
  await page.getByRole("textbox", { name: /^Show id/ }).fill("1200000001");
  await page.getByLabel("Episodes page").fill("1");
  await page.getByLabel("Episodes per page").fill("10");
  await page.getByRole("button", { name: "Open show sheet" }).click();
  const deadline = Date.now() + 60_000;
  let rows: number[] = [];
  while (rows.length === 0 && Date.now() < deadline) {
    await page.waitForTimeout(100);
    rows = (await episodeTables(sheets)).rows;
  }
  expect(rows).toEqual([11]); // header + 10 episodes
});

test("=ADS.EPISODES typed into a cell spills a table", async () => {
  const { page } = e;
  await ensureConnected(page);
  await openSheetTab(page, "Sheet1");
  await typeInto(page, "D5", '=ADS.EPISODES(1200000001, 5, "title,serviceEpisodeId,downloads")');
  await expectText(cell(page, "D5"), "Title", 30_000);
  await expectText(cell(page, "E5"), "Episode ID");
  await expectText(cell(page, "D10"), /./);
  await expectText(cell(page, "F10"), /^\d+$/);
  await expectText(cell(page, "D11"), "");
  await typeInto(page, "A20", "=ADS.SHOWLISTENERS(A21)");
  await typeInto(page, "A21", "1200000003");
  await typeInto(page, "A20", "=ADS.SHOWLISTENERS(A21)");
  await expectText(cell(page, "A20"), /^\d+$/, 30_000);
  await page.screenshot({ path: path.join(ARTIFACTS, "functions.png") });
});

test("a 10,000-row sheet draws only the visible rows and scrolls to its last row", async () => {
  const { page } = e;
  await page.evaluate(async () => {
    const excel = (globalThis as unknown as { Excel: typeof Excel }).Excel;
    await excel.run(async (context) => {
      const sheet = context.workbook.worksheets.add("Big");
      const values = Array.from({ length: 10_000 }, (_, i) => [i + 1, `row ${i + 1}`]);
      sheet.getRange("A1:B10000").values = values;
      sheet.activate();
      await context.sync();
    });
  });
  await openSheetTab(page, "Big");
  await expectText(cell(page, "B1"), "row 1");
  expect(await page.locator(".viewport .row").count()).toBeLessThan(100);
  await page.locator(".viewport").evaluate((el) => el.scrollTo(0, el.scrollHeight));
  await expectText(cell(page, "B10000"), "row 10000");
  expect(await page.locator(".viewport .row").count()).toBeLessThan(100);
});
