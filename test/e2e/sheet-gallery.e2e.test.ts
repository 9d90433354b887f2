/**
 * A screenshot of every sheet kind the pane makes that no other e2e file photographs: each of the
 * seven reports (with its chart where the report has one), the show sheet, a search, individual ads,
 * incrementality and an agent's JSON file. Each is made through the pane as a planner would, checked
 * for what a planner reads first (status line, header row, dates as dates, ids without separators,
 * the chart), and saved as test/e2e/artifacts/sheet-<kind>.png for a person to look at
 * (docs/screenshots.md says what was seen). A chart that does not fit beside the first columns is
 * also saved on its own (sheet-<kind>-chart.png).
 */
import path from "path";
import type { Page } from "playwright-core";
import { ARTIFACTS, cell, ensureConnected, expectText, openSheetTab, usePreview } from "./support";

// The screen the issue names: a planner's 1366 × 768 laptop, the pane open beside the sheet.
const e = usePreview({
  taskDelayMs: 200,
  setup: (page) => page.setViewportSize({ width: 1366, height: 768 }),
});

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const COUNT = /^\d{1,3}(,\d{3})*$/;

/** Opens the sheet whose tab is named exactly `name` once it exists (bounded). */
async function openSheet(page: Page, name: string, timeout = 60_000): Promise<void> {
  await page
    .locator(".tabs button", { hasText: new RegExp(`^${name}$`) })
    .first()
    .waitFor({ timeout });
  await openSheetTab(page, name);
  await page.locator(".viewport").evaluate((el) => el.scrollTo(0, 0));
}

/** The charts drawn on the open sheet: name and the points of each series. */
function charts(page: Page) {
  return page.locator("[data-chart]").evaluateAll((els) =>
    els.map((el) => ({
      name: el.getAttribute("data-chart"),
      title: el.querySelector(".chart-title")?.textContent ?? "",
      points: [...el.querySelectorAll("[data-series]")].map((g) => Number(g.getAttribute("data-points"))),
      top: el.getBoundingClientRect().top,
    })),
  );
}

/** The row (1-based) of the report table's header: the first cell of column A reading `first`. */
async function headerRow(page: Page, first: string): Promise<number> {
  const at = page.locator('[data-cell^="A"]', { hasText: new RegExp(`^${first}$`) }).first();
  await at.waitFor();
  return Number((await at.getAttribute("data-cell"))!.slice(1));
}

/**
 * The report's chart is in view when the sheet opens (within the grid's visible part, scrolled to
 * the top left): above the table, wholly over the rows kept for it (the header row at `header`); or
 * beside a narrow table, from its first body row, under the frozen header (its title never hidden).
 */
async function expectChartInView(page: Page, header: number): Promise<"above" | "beside"> {
  const chart = (await page.locator("[data-chart]").first().boundingBox())!;
  const view = (await page.locator(".viewport").boundingBox())!;
  expect(chart.x + chart.width).toBeLessThanOrEqual(view.x + view.width);
  expect(chart.y + chart.height).toBeLessThanOrEqual(view.y + view.height);
  const headerTop = (await cell(page, `A${header}`).boundingBox())!.y;
  if (chart.y < headerTop) {
    expect(chart.y + chart.height).toBeLessThanOrEqual(headerTop);
    return "above";
  }
  const bodyTop = (await cell(page, `A${header + 1}`).boundingBox())!.y;
  expect(chart.y).toBeGreaterThanOrEqual(bodyTop - 1);
  return "beside";
}

/** Header cells of `row` (columns A..) whose text does not fit their width. */
function cutHeaders(page: Page, row: number, cols: number) {
  return page.evaluate(
    ({ r, n }) =>
      [...Array(n).keys()]
        .map((c) => document.querySelector<HTMLElement>(`[data-cell="${String.fromCharCode(65 + c)}${r}"]`))
        .filter((el): el is HTMLElement => el !== null && el.scrollWidth > el.clientWidth)
        .map((el) => el.textContent),
    { r: row, n: cols },
  );
}

/** Header texts of `row`, columns A.. until the first empty one (at most 40). */
function rowTexts(page: Page, row: number) {
  return page.evaluate((r) => {
    const out: string[] = [];
    for (let c = 0; c < 40; c++) {
      const col = c < 26 ? String.fromCharCode(65 + c) : `A${String.fromCharCode(39 + c)}`;
      const text = document.querySelector(`[data-cell="${col}${r}"]`)?.textContent ?? "";
      if (!text) break;
      out.push(text);
    }
    return out;
  }, row);
}

/** Saves the grid (formula bar, cells, charts, sheet tabs); a chart out of view is saved on its own too. */
async function shoot(page: Page, kind: string): Promise<void> {
  await page.locator(".grid-host").screenshot({ path: path.join(ARTIFACTS, `sheet-${kind}.png`) });
  const chart = page.locator("[data-chart]").first();
  if ((await chart.count()) === 0) return;
  const box = await chart.boundingBox();
  const view = await page.locator(".viewport").boundingBox();
  if (box && view && box.x + box.width > view.x + view.width) {
    await chart.scrollIntoViewIfNeeded();
    await page.locator(".grid-host").screenshot({ path: path.join(ARTIFACTS, `sheet-${kind}-chart.png`) });
    await page.locator(".viewport").evaluate((el) => el.scrollTo(0, 0));
  }
}

/** Runs a report from the Reports tab with `fill` setting its fields; opens its sheet. */
async function runReport(
  page: Page,
  kind: string,
  sheet: string,
  fill: (page: Page) => Promise<void> = async () => undefined,
): Promise<void> {
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Reports" }).click();
  await page.getByLabel("Report", { exact: true }).selectOption(kind);
  await fill(page);
  await page.getByRole("button", { name: "Run report" }).click();
  await openSheet(page, sheet);
  await expectText(cell(page, "A1"), / · Last refreshed .* rows$/);
}

test("impressions by day: spend and impressions over time, with its line chart", async () => {
  const { page } = e;
  await runReport(page, "impressions", "Impressions, last 30 days", async (p) => {
    await p.getByLabel("Date range").selectOption("last30days");
    await p.getByLabel("Advertisers").fill("Acme Mattress");
    await p.getByLabel("Time grouping").selectOption("day");
  });
  // The default columns start Week, Day: both dates, not serials or ISO text.
  const h = await headerRow(page, "Week");
  const header = await rowTexts(page, h);
  expect(header.slice(0, 2)).toEqual(["Week", "Day"]);
  expect(header).toContain("Spend");
  await expectText(cell(page, `A${h + 1}`), DATE);
  await expectText(cell(page, `B${h + 1}`), DATE);
  const drawn = await charts(page);
  expect(drawn).toHaveLength(1);
  // Summed per day (a line per campaign when there are several; spend on its own axis beside one line).
  expect(drawn[0].title).toMatch(/^Impressions( and spend)? by day/);
  expect(drawn[0].points.every((n) => n > 0)).toBe(true);
  expect(await expectChartInView(page, h)).toBe("above");
  await shoot(page, "impressions");
  // Nothing is frozen above a chart; scrolled down with a cell of the table selected, the table's
  // header names take the column letters' place, as in Excel.
  await cell(page, `C${h + 2}`).click();
  await page.locator(".viewport").evaluate((el) => el.scrollTo(0, 60 * 20));
  const headings = page.locator(".col-header");
  await expectText(headings.nth(0), "Week");
  await expectText(headings.nth(1), "Day");
  await page
    .locator(".grid-host")
    .screenshot({ path: path.join(ARTIFACTS, "sheet-impressions-scrolled.png") });
  await page.locator(".viewport").evaluate((el) => el.scrollTo(0, 0));
  await expectText(headings.nth(0), "A");
});

test("audience: one row per episode, upload dates as dates, the decay chart", async () => {
  const { page } = e;
  await runReport(page, "audience", "Audience, last 3 months", async (p) => {
    await p.getByLabel("Date range").selectOption("last3months");
  });
  const h = await headerRow(page, "Series");
  const header = await rowTexts(page, h);
  expect(header.slice(0, 3)).toEqual(["Series", "Episode", "Uploaded"]);
  await expectText(cell(page, `C${h + 1}`), DATE);
  await expectText(cell(page, `D${h + 1}`), COUNT);
  const drawn = await charts(page);
  expect(drawn.map((c) => c.title)).toEqual([
    expect.stringMatching(/^Audience decay (by episode|of the 10 largest episodes)$/),
  ]);
  expect(drawn[0].points).toHaveLength(4);
  await expectChartInView(page, h);
  await shoot(page, "audience");
});

test("lag: actions by day after the impression, whole numbers, the lag curve", async () => {
  const { page } = e;
  await runReport(page, "lag", "Lag, last 30 days", async (p) => {
    await p.getByLabel("Date range").selectOption("last30days");
    await p.getByLabel("Advertisers").fill("Acme Mattress");
    await p.getByLabel("Group by").selectOption({ index: 1 });
  });
  const h = await headerRow(page, "Action");
  const header = await rowTexts(page, h);
  expect(header.slice(0, 3)).toEqual(["Action", "Object ID", "Day 1"]);
  // Day counts are counts: no decimals.
  await expectText(cell(page, `C${h + 1}`), COUNT);
  const drawn = await charts(page);
  expect(drawn.map((c) => c.title)).toEqual([
    expect.stringMatching(/^Lag: actions by day after the impression \(the first 6 of \d+ rows\)$/),
  ]);
  // Drawn across: a line per action (the first six rows), a point per Day column.
  const days = header.filter((h) => /^Day \d+$/.test(h)).length;
  expect(days).toBeGreaterThan(6);
  expect(drawn[0].points).toEqual([days, days, days, days, days, days]);
  await expectChartInView(page, h);
  await shoot(page, "lag");
});

test("campaign performance: identity columns first, dates as dates, impressions by campaign", async () => {
  const { page } = e;
  await runReport(page, "campaignsPerformance", "Campaign performance", async (p) => {
    await p.getByLabel("Date range").selectOption("last3months");
  });
  const h = await headerRow(page, "Advertiser");
  const header = await rowTexts(page, h);
  expect(header.slice(0, 3)).toEqual(["Advertiser", "Publisher", "Campaign"]);
  const start = header.indexOf("Start date");
  expect(start).toBeGreaterThan(0);
  await expectText(cell(page, `${String.fromCharCode(65 + start)}${h + 1}`), DATE);
  const drawn = await charts(page);
  expect(drawn.map((c) => c.title)).toEqual(["Impressions by campaign"]);
  expect(drawn[0].points[0]).toBeGreaterThan(0);
  await expectChartInView(page, h);
  await shoot(page, "campaignsPerformance");
});

test("estimated spend by day: days as dates, spend as money, the spend line", async () => {
  const { page } = e;
  await runReport(page, "estimatedSpendByDay", "Spend by day, last 30 days", async (p) => {
    await p.getByLabel("Date range").selectOption("last30days");
    await p.getByLabel("Advertisers").fill("Acme Mattress");
  });
  const h = await headerRow(page, "Day");
  expect(await rowTexts(page, h)).toEqual(["Day", "Advertiser", "Estimated Spend", "Read By"]);
  await expectText(cell(page, `A${h + 1}`), DATE);
  await expectText(cell(page, `C${h + 1}`), /^\$[\d,]+\.\d{2}$/);
  const drawn = await charts(page);
  expect(drawn.map((c) => c.title)).toEqual([expect.stringMatching(/^Estimated spend by day/)]);
  expect(await cutHeaders(page, h, 4)).toEqual([]);
  await expectChartInView(page, h);
  await shoot(page, "estimatedSpendByDay");
});

test("estimated spend by show by day: days as dates, spend as money", async () => {
  const { page } = e;
  await runReport(page, "estimatedSpendByShowByDay", "Spend by show, last 30 days", async (p) => {
    await p.getByLabel("Date range").selectOption("last30days");
    await p.getByLabel("Advertisers").fill("Northwind Coffee");
  });
  const header = await rowTexts(page, 3);
  expect(header.slice(0, 4)).toEqual(["Day", "Advertiser", "Show", "Estimated Spend"]);
  await expectText(cell(page, "A4"), DATE);
  await expectText(cell(page, "D4"), /^\$[\d,]+\.\d{2}$/);
  await shoot(page, "estimatedSpendByShowByDay");
});

test("listener IDs: ids as text, frequency as a count, no chart (rows say it better)", async () => {
  const { page } = e;
  await runReport(page, "impressionListeners", "Listener IDs, episode 240", async (p) => {
    await p.getByLabel("Episode id").fill("240");
    await p.getByLabel("Advertiser lookup name").fill("acme-mattress");
  });
  // No dates were sent: the status line names the episode instead (what the data is first: #47).
  await expectText(
    cell(page, "A1"),
    /^Listener IDs · acme-mattress · episode 240 · .*Last refreshed .* · \d+ rows$/,
  );
  expect(await rowTexts(page, 3)).toEqual(["User Id", "Frequency"]);
  await expectText(cell(page, "A4"), /\S/);
  expect(await cell(page, "A4").textContent()).not.toMatch(/^\d{1,3}(,\d{3})+$/);
  await expectText(cell(page, "B4"), COUNT);
  expect(await charts(page)).toEqual([]);
  await shoot(page, "impressionListeners");
});

test("show sheet: title, key metrics with separators, the show id without them", async () => {
  const { page } = e;
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Data" }).click();
  await page.getByRole("textbox", { name: /^Show id/ }).fill("1200000001");
  await page.getByRole("button", { name: "Open show sheet" }).click();
  await openSheet(page, "Show 1200000001");
  await expectText(cell(page, "A1"), "The Demo Show");
  const listeners = page.locator('[data-cell^="A"]', { hasText: /^Monthly listeners$/ });
  const row = Number((await listeners.getAttribute("data-cell"))!.slice(1));
  await expectText(cell(page, `B${row}`), COUNT);
  // Nowhere on the sheet is the show's own id written with separators.
  const texts = await page.locator("[data-cell]").allTextContents();
  expect(texts.filter((t) => /1,200,000,001/.test(t))).toEqual([]);
  // The similar shows' headers fit, though the tables below share their columns.
  const similar = page.locator('[data-cell^="A"]', { hasText: /^Show ID$/ }).first();
  const headerRow = Number((await similar.getAttribute("data-cell"))!.slice(1));
  expect(await rowTexts(page, headerRow)).toContain("Audience similarity (third party)");
  expect(await cutHeaders(page, headerRow, 7)).toEqual([]);
  await shoot(page, "show");
});

test("search: one row per episode, upload time as a date, ids without separators", async () => {
  const { page } = e;
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Data" }).click();
  await page.getByLabel("Search for").fill("mattress");
  await page.getByLabel("Days to look back").fill("365");
  await page.getByRole("button", { name: "Search to sheet" }).click();
  await openSheet(page, "Search for mattress");
  await expectText(cell(page, "A1"), /^Search · "mattress" · last 365 days · Last refreshed .* rows$/);
  const header = await rowTexts(page, 3);
  expect(header.slice(0, 4)).toEqual(["Episode", "Show", "Platform", "Uploaded"]);
  await expectText(cell(page, "D4"), /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?$/);
  const showId = String.fromCharCode(65 + header.indexOf("Show ID"));
  await expectText(cell(page, `${showId}4`), /^\d+$/);
  await shoot(page, "search");
});

test("individual ads: readable headers, dates as dates", async () => {
  const { page } = e;
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Data" }).click();
  await page.getByRole("combobox", { name: /^Advertiser(\s*\*)?$/ }).fill("Acme Mattress");
  await page.getByLabel("Most rows").fill("40");
  await page.getByRole("button", { name: "Ads to sheet" }).click();
  await openSheet(page, "Ads · Acme Mattress");
  await expectText(cell(page, "A1"), / · Last refreshed .* rows$/);
  const header = await rowTexts(page, 3);
  expect(header.slice(0, 2)).toEqual(["Published", "Downloaded by the service"]);
  expect(header.filter((h) => /_/.test(h))).toEqual([]);
  await expectText(cell(page, "A4"), DATE);
  await expectText(cell(page, "B4"), /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2})?$/);
  await shoot(page, "individualAds");
});

test("incrementality: percentages as percentages, the lift chart", async () => {
  const { page } = e;
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Data" }).click();
  await page.locator('input[name="incAdvertiser"]').fill("Acme Mattress");
  await page.getByRole("button", { name: "Incrementality to sheet" }).click();
  await openSheet(page, "Incrementality · Acme Mattress");
  await expectText(cell(page, "A1"), / · Last refreshed .* rows$/);
  const h = await headerRow(page, "Advertiser");
  const header = await rowTexts(page, h);
  expect(header.slice(0, 4)).toEqual(["Advertiser", "Aggregation level", "Channel type", "Action"]);
  const pct = String.fromCharCode(65 + header.indexOf("Incremental %"));
  await expectText(cell(page, `${pct}${h + 1}`), /^-?\d+\.\d{2}%$/);
  await expectText(cell(page, `E${h + 1}`), DATE);
  const drawn = await charts(page);
  // More than 12 rows: the first 12, said in the title.
  expect(drawn.map((c) => c.title)).toEqual([
    expect.stringMatching(/^Incremental % with its confidence interval( \(the first 12 of \d+ rows\))?$/),
  ]);
  // At channel level Campaign is empty: the categories are the channel types.
  const labels = await page.locator("[data-chart] text").allTextContents();
  expect(
    labels.filter((l) => /^(podcast|all|streaming) · (purchase|visitor|signup|install|lead)$/.test(l)).length,
  ).toBeGreaterThan(0);
  await expectChartInView(page, h);
  await shoot(page, "incrementality");
});

test("agent JSON file: nested keys flattened to columns, numbers as numbers", async () => {
  const { page } = e;
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Agents" }).click();
  await page.getByLabel("Agent id").fill("1");
  await page.getByRole("button", { name: "Start run" }).click();
  await expectText(page.getByTestId("agent-status"), /: done/, 30_000);
  // A finished run opens nothing by itself (issue 57): the planner opens the JSON table with its button.
  await page.getByRole("button", { name: "Open as sheet: shortlist.json" }).click();
  await expectText(page.getByTestId("agent-message"), /^Opened as sheet "[^"]+" \(12 rows\)/);
  const said = (await page.getByTestId("agent-message").textContent())!;
  const sheet = /^Opened as sheet "([^"]+)"/.exec(said)![1];
  await openSheet(page, sheet);
  const header = await rowTexts(page, 1);
  expect(header[0]).toBe("show");
  await expectText(cell(page, "B2"), /^12,000$/);
  await shoot(page, "agentJson");
});

test("dashboard: the picked reports' KPIs side by side, equal to their tables' sums, at 1366 × 768", async () => {
  const { page } = e;
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.getByRole("tab", { name: "Sheets" }).click();
  const section = page.getByTestId("dashboard");
  await section.waitFor();
  const keep = [
    "Impressions, last 30 days",
    "Campaign performance",
    "Spend by day, last 30 days",
    "Spend by show, last 30 days",
  ];
  for (const box of await section.getByRole("checkbox").all()) {
    const label = (await box.evaluate((el) => (el as HTMLInputElement).labels?.[0]?.textContent ?? ""))!;
    if (!keep.includes(label)) await box.uncheck();
  }
  await section.getByRole("button", { name: "Make dashboard" }).click();
  await expectText(
    page.getByTestId("dashboard-message"),
    /^Sheet Dashboard shows 4 reports and 3 charts; its figures and charts follow every refresh\.$/,
  );
  await openSheet(page, "Dashboard");
  // Four reports in view beside the pane: a name too long for its column is linked without its
  // period, which From and To say under it; each says whose data it is (#47), where its request names one.
  const whose = [" · Acme Mattress", "", " · Acme Mattress", " · Northwind Coffee"];
  expect(await rowTexts(page, 5)).toEqual([
    "Report",
    ...keep.map((n, i) => n.replace(/, last 30 days$/, "") + whose[i]),
  ]);
  // Every figure is a number, a date, a percentage or "–": no error anywhere on the sheet.
  const texts = await page.locator("[data-cell]").allTextContents();
  expect(texts.filter((t) => /^#[A-Z/0!?]+$/.test(t.trim()))).toEqual([]);
  await expectText(cell(page, "B9"), /^\$[\d,]+\.\d{2}$/);
  // The spend shown equals the sum over the report's table, read from the workbook itself.
  const [shown, summed] = await page.evaluate(() => {
    const wb = (
      window as unknown as {
        __workbook: {
          host: {
            cell(s: string, r: number, c: number): { value: unknown };
            tables(): {
              name: string;
              sheet: string;
              rect: { row: number; col: number; rows: number; cols: number };
            }[];
          };
        };
      }
    ).__workbook.host;
    const t = wb.tables().find((x) => x.sheet === "Impressions, last 30 days")!;
    const cols = Array.from(
      { length: t.rect.cols },
      (_, j) => wb.cell(t.sheet, t.rect.row, t.rect.col + j).value,
    );
    const j = cols.indexOf("Spend");
    let sum = 0;
    for (let r = 1; r < t.rect.rows; r++)
      sum += Number(wb.cell(t.sheet, t.rect.row + r, t.rect.col + j).value ?? 0);
    return [wb.cell("Dashboard", 8, 1).value as number, sum];
  });
  expect(shown).toBeCloseTo(summed, 6);
  await page.locator(".grid-host").screenshot({ path: path.join(ARTIFACTS, "sheet-dashboard.png") });
  // Under the figures, the charts of the three reports that have one (spend by show has none), two a
  // row: each the same as on its report's sheet.
  const drawn = await charts(page);
  expect(drawn).toHaveLength(3);
  expect(drawn.map((c) => c.title)).toEqual(
    expect.arrayContaining([
      // Each titled with its report first, and whose data it is where its request names it (#47).
      expect.stringMatching(/^Impressions, last 30 days · Acme Mattress: Impressions by day/),
      "Campaign performance: Impressions by campaign",
      expect.stringMatching(/^Spend by day, last 30 days · Acme Mattress: Estimated spend by day/),
    ]),
  );
  expect(drawn.every((c) => c.points.length > 0 && c.points.every((n) => n > 0))).toBe(true);
  await page.locator("[data-chart]").last().scrollIntoViewIfNeeded();
  await page.locator(".grid-host").screenshot({ path: path.join(ARTIFACTS, "sheet-dashboard-charts.png") });
});
