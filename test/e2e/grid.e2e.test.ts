/**
 * The preview draws what Excel would: the column widths the add-in sets (a report's headers are not
 * cut off), frozen header rows and row numbers that stay while scrolling, table styles and filter
 * buttons, #### for numbers that do not fit, errors with their message, an editable name box, one
 * line of sheet tabs that toasts never cover, charts where the add-in placed them, following their
 * table, and the keys a planner edits with (typing, Enter, Escape, Delete). Screenshots land in
 * test/e2e/artifacts.
 */
import path from "path";
import type { Page } from "playwright-core";
import {
  ARTIFACTS,
  cell,
  ensureConnected,
  expectText,
  expectValue,
  openSheetTab,
  typeInto,
  usePreview,
} from "./support";

const e = usePreview();

/** What the workbook's host says about a sheet (widths in points, frozen rows, tables). */
function sheetFacts(page: Page, sheet: string) {
  return page.evaluate((name) => {
    const h = (
      window as unknown as {
        __workbook: {
          host: {
            columnWidths(s: string): Map<number, number>;
            freezeRows(s: string): number;
            tables(): {
              name: string;
              sheet: string;
              rect: { row: number; col: number; rows: number; cols: number };
            }[];
          };
        };
      }
    ).__workbook.host;
    return {
      widths: [...h.columnWidths(name)],
      freeze: h.freezeRows(name),
      tables: h.tables().filter((t) => t.sheet === name),
    };
  }, sheet);
}

async function box(page: Page, selector: string) {
  const b = await page.locator(selector).first().boundingBox();
  if (!b) throw new Error(`${selector} is not drawn`);
  return b;
}

/** A 400-row daily table as the add-in writes one: Text header, typed columns, a style, widths, a frozen header. */
async function bigReport(page: Page, name: string) {
  await page.evaluate(async (sheetName) => {
    const excel = (globalThis as unknown as { Excel: typeof Excel }).Excel;
    await excel.run(async (context) => {
      const ws = context.workbook.worksheets.add(sheetName);
      const header = ["Day", "Campaign name", "Spend", "Podcast & Streaming Impressions", "Notes"];
      const hr = ws.getRange("A1:E1");
      hr.numberFormat = [header.map(() => "@")];
      hr.values = [header];
      const rows = Array.from({ length: 400 }, (_, i) => [
        46000 + i,
        `Campaign ${i % 7}`,
        1234.5 + i,
        100000 + i * 37,
        "",
      ]);
      ws.getRange("A2:A401").numberFormat = rows.map(() => ["yyyy-mm-dd"]);
      ws.getRange("C2:C401").numberFormat = rows.map(() => ["$#,##0.00"]);
      ws.getRange("D2:D401").numberFormat = rows.map(() => ["#,##0"]);
      ws.getRange("A2:E401").values = rows;
      const t = ws.tables.add("A1:E401", true);
      t.name = sheetName.replace(/\W/g, "_");
      t.style = "TableStyleLight9";
      [12, 15, 12, 33, 8].forEach((chars, c) => (ws.getCell(0, c).format.columnWidth = chars * 7));
      ws.freezePanes.freezeRows(1);
      ws.activate();
      await context.sync();
    });
  }, name);
}

test("a report's columns are as wide as the add-in set them: no header cut off, no ####", async () => {
  const { page } = e;
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Reports" }).click();
  await page.getByLabel("Report", { exact: true }).selectOption("estimatedSpendByDay");
  await page.getByLabel("Date range").selectOption("last30days");
  await page.getByLabel("Advertisers").fill("Acme Mattress");
  await page.getByRole("button", { name: "Run report" }).click();
  await page.locator(".tabs button", { hasText: "Spend by day" }).first().waitFor({ timeout: 60_000 });
  const sheet = (await page.locator(".tabs button", { hasText: "Spend by day" }).first().textContent())!;
  await openSheetTab(page, sheet);
  const facts = await sheetFacts(page, sheet);
  const table = facts.tables[0];
  expect(facts.widths.length).toBeGreaterThan(0);
  const headerRow = table.rect.row + 1;
  const cols = Array.from({ length: table.rect.cols }, (_, c) => String.fromCharCode(65 + c));
  await expectText(cell(page, `A${headerRow}`), /\S/);
  const drawn = await page.evaluate(
    ({ cols, headerRow, last }) =>
      cols.map((c) => {
        const head = document.querySelector<HTMLElement>(`[data-cell="${c}${headerRow}"]`)!;
        const body = [...Array(last - headerRow).keys()]
          .map(
            (i) =>
              document.querySelector<HTMLElement>(`[data-cell="${c}${headerRow + 1 + i}"]`)?.textContent ??
              "",
          )
          .filter(Boolean);
        return {
          text: head.textContent,
          width: head.getBoundingClientRect().width,
          cut: head.scrollWidth > head.clientWidth,
          hashes: body.filter((t) => /^#+$/.test(t)).length,
        };
      }),
    { cols, headerRow, last: Math.min(headerRow + 20, table.rect.row + table.rect.rows) },
  );
  await page.screenshot({ path: path.join(ARTIFACTS, "grid-report-widths.png") });
  for (const [c, w] of facts.widths) if (c < drawn.length) expect(drawn[c].width).toBeCloseTo((w * 4) / 3, 0);
  expect(drawn.filter((d) => d.cut).map((d) => d.text)).toEqual([]);
  expect(drawn.filter((d) => d.hashes).map((d) => d.text)).toEqual([]);
});

test("frozen header rows stay while the sheet scrolls down; row numbers stay while it scrolls sideways", async () => {
  const { page } = e;
  await bigReport(page, "Daily big");
  await openSheetTab(page, "Daily big");
  await expectText(cell(page, "A1"), "Day");
  const viewport = await box(page, ".viewport");
  await page.locator(".viewport").evaluate((el) => el.scrollTo(0, 4800));
  await expectText(cell(page, "A250"), /^\d{4}-\d{2}-\d{2}$/);
  const header = await box(page, '[data-cell="A1"]');
  expect(header.y).toBeGreaterThanOrEqual(viewport.y);
  expect(header.y).toBeLessThan(viewport.y + 45); // under the column letters, at the top
  await page.screenshot({ path: path.join(ARTIFACTS, "grid-frozen-header.png") });
  // Sideways: the row numbers stay at the left edge, the cells move under them.
  await page.locator(".viewport").evaluate((el) => el.scrollTo(300, el.scrollTop));
  const rowNumber = page.locator(".row .row-header", { hasText: /^250$/ });
  const numberBox = (await rowNumber.boundingBox())!;
  expect(numberBox.x).toBeCloseTo(viewport.x, 0);
  const a250 = await box(page, '[data-cell="A250"]');
  expect(a250.x).toBeLessThan(viewport.x);
  await page.screenshot({ path: path.join(ARTIFACTS, "grid-scrolled-sideways.png") });
});

test("a table is drawn in its style with filter buttons; a number too wide for its column shows ####", async () => {
  const { page } = e;
  await openSheetTab(page, "Daily big");
  await page.locator(".viewport").evaluate((el) => el.scrollTo(0, 0));
  const header = page.locator('[data-cell="B1"]');
  const looks = await header.evaluate((el) => {
    const s = getComputedStyle(el);
    const button = getComputedStyle(el, "::after");
    return { fill: s.backgroundColor, color: s.color, weight: s.fontWeight, button: button.content };
  });
  expect(looks).toMatchObject({ fill: "rgb(68, 114, 196)", color: "rgb(255, 255, 255)", button: '"▾"' });
  await page.evaluate(async () => {
    const excel = (globalThis as unknown as { Excel: typeof Excel }).Excel;
    await excel.run(async (context) => {
      context.workbook.worksheets.getItem("Daily big").getRange("A1").format.columnWidth = 30;
      await context.sync();
    });
  });
  await expectText(cell(page, "A2"), /^#+$/);
  expect(await cell(page, "A2").getAttribute("title")).toMatch(/^\d{4}-\d{2}-\d{2}$/);
});

test("text runs on over empty cells to its right, stops at the next filled one, and clicks there reach the cell under it", async () => {
  const { page } = e;
  await openSheetTab(page, "Sheet1");
  const long = "A planner's note that is far longer than one column";
  await typeInto(page, "A30", long);
  const width = async (selector: string) => (await box(page, selector)).width;
  const a30 = await width('[data-cell="A30"]');
  expect(await width('[data-cell="A30"] .run-on-text')).toBeGreaterThan(2 * a30);
  await cell(page, "B30").click();
  // The click's selection lands after a render (Enter had moved it to A31): waited for, bounded.
  await expectValue(page.getByLabel(/^Name box/), "B30");
  await typeInto(page, "C30", "x");
  const b30 = await width('[data-cell="B30"]');
  expect(await width('[data-cell="A30"] .run-on-text')).toBeLessThanOrEqual(a30 + b30);
  expect(await cell(page, "A30").textContent()).toBe(long);
});

test("#SPILL! and other errors are drawn as Excel draws them, with the message in the formula bar and on hover", async () => {
  const { page } = e;
  await openSheetTab(page, "Sheet1");
  await typeInto(page, "H2", "in the way");
  await typeInto(page, "G1", "=ADS.SELFTEST(3, 2)");
  await expectText(cell(page, "G1"), "#SPILL!", 30_000);
  await cell(page, "G1").click();
  await expectText(page.getByTestId("cell-note"), /^⚠ #SPILL! The spill range isn't blank/i);
  // The intended spill range (3 rows × 2 columns from G1) is outlined, dashed while blocked.
  const outline = await box(page, '[data-testid="spill-range"]');
  const [g1, h3] = [await box(page, '[data-cell="G1"]'), await box(page, '[data-cell="H3"]')];
  expect(
    [outline.x, outline.y, outline.x + outline.width, outline.y + outline.height].map(Math.round),
  ).toEqual([g1.x, g1.y, h3.x + h3.width, h3.y + h3.height].map(Math.round));
  expect(await page.getByTestId("spill-range").getAttribute("class")).toContain("blocked");
  expect(await cell(page, "G1").getAttribute("title")).toMatch(/#SPILL! The spill range isn't blank/);
  expect(await cell(page, "G1").evaluate((el) => getComputedStyle(el).textAlign)).toBe("center");
  await typeInto(page, "H2", "");
  await expectText(cell(page, "G1"), "r1c1", 30_000);
  await expectText(cell(page, "H3"), "r3c2");
  await typeInto(page, "G6", "=1/0");
  await cell(page, "G6").click();
  await expectText(cell(page, "G6"), "#DIV/0!");
  await expectText(page.getByTestId("cell-note"), /Divide by Zero Error/);
  await typeInto(page, "H2", "x");
  await cell(page, "G1").click();
  await page.screenshot({ path: path.join(ARTIFACTS, "grid-spill-error.png") });
});

test("the name box selects what is typed into it: a cell, a cell on another sheet, a table; a bad reference says so", async () => {
  const { page } = e;
  await openSheetTab(page, "Sheet1");
  const nameBox = page.getByLabel(/^Name box/);
  const selection = () =>
    page.evaluate(() =>
      (window as unknown as { __workbook: { host: { selection(): unknown } } }).__workbook.host.selection(),
    );
  await nameBox.fill("b12");
  await nameBox.press("Enter");
  expect(await selection()).toEqual({ sheet: "Sheet1", row: 11, col: 1, rows: 1, cols: 1 });
  // The box shows the reference as Excel writes it once the grid has drawn the selection.
  await expectValue(nameBox, "B12");
  await nameBox.fill("'Daily big'!C300");
  await nameBox.press("Enter");
  expect(await selection()).toEqual({ sheet: "Daily big", row: 299, col: 2, rows: 1, cols: 1 });
  const target = await box(page, '[data-cell="C300"]');
  const viewport = await box(page, ".viewport");
  expect(target.y).toBeGreaterThan(viewport.y + 20);
  expect(target.y + target.height).toBeLessThanOrEqual(viewport.y + viewport.height + 1);
  await nameBox.fill("Daily_big");
  await nameBox.press("Enter");
  expect(await selection()).toEqual({ sheet: "Daily big", row: 0, col: 0, rows: 401, cols: 5 });
  await nameBox.fill("Nowhere!A1");
  await nameBox.press("Enter");
  await page.getByRole("alert").filter({ hasText: "Reference isn't valid" }).waitFor();
  expect(await selection()).toEqual({ sheet: "Daily big", row: 0, col: 0, rows: 401, cols: 5 });
  await nameBox.press("Escape");
  await expectValue(nameBox, "A1:E401");
  // Ctrl+G (Go To) from the grid puts the cursor in the name box.
  await page.locator(".viewport").focus();
  await page.keyboard.press("Control+g");
  expect(await page.evaluate(() => document.activeElement?.id)).toBe("name-box");
});

test("typing on a selected cell writes it, Enter and Tab move on, Escape puts it back, Delete clears a selection", async () => {
  const { page } = e;
  await openSheetTab(page, "Sheet1");
  const input = page.getByTestId("formula-input");
  // As a planner types a column of figures: select, type, Enter, type, Enter.
  await cell(page, "M20").click();
  await page.keyboard.type("120");
  await page.keyboard.press("Enter");
  await page.keyboard.type("80");
  await page.keyboard.press("Enter");
  await page.keyboard.type("=SUM(M20:M21)");
  await page.keyboard.press("Enter");
  await expectText(cell(page, "M22"), "200");
  // Escape while typing leaves the cell as it was; while typing, the cell shows the typing.
  await cell(page, "M20").click();
  await page.keyboard.type("999");
  await expectText(cell(page, "M20"), "999");
  await page.keyboard.press("Escape");
  await expectValue(input, "120");
  expect(await page.evaluate(() => document.activeElement?.id)).toBe("sheet-grid");
  await expectText(cell(page, "M20"), "120");
  // Delete on one cell, then on a range: contents go, the total follows.
  await page.keyboard.press("Delete");
  await expectText(cell(page, "M22"), "80");
  await cell(page, "M20").click();
  await cell(page, "M22").click({ modifiers: ["Shift"] });
  await page.keyboard.press("Delete");
  for (const a of ["M20", "M21", "M22"]) await expectText(cell(page, a), "");
  await expectValue(input, "");
  // Shift+arrow extends the selection from the cell it started at.
  await cell(page, "M21").click();
  await page.keyboard.press("Shift+ArrowDown");
  await page.keyboard.press("Shift+ArrowRight");
  await expectValue(page.getByLabel(/^Name box/), "M21:N22");
  await page.keyboard.press("Shift+ArrowUp");
  await page.keyboard.press("Shift+ArrowUp");
  await expectValue(page.getByLabel(/^Name box/), "M20:N21");
  // Tab writes and moves right; a click on another cell writes what was typed; an arrow, while
  // typing over a cell, writes it and moves.
  await cell(page, "M24").click();
  await page.keyboard.type("5");
  await page.keyboard.press("Tab");
  await page.keyboard.type("7");
  await cell(page, "M26").click();
  await expectText(cell(page, "M24"), "5");
  await expectText(cell(page, "N24"), "7");
  await page.keyboard.type("9");
  await page.keyboard.press("ArrowRight");
  await expectText(cell(page, "M26"), "9");
  await page.keyboard.press("Delete");
  await expectText(cell(page, "N26"), "");
  // Backspace empties the active cell and starts typing into it: Enter then clears it.
  await cell(page, "M26").click();
  await page.keyboard.press("Backspace");
  await expectText(cell(page, "M26"), "");
  await page.keyboard.press("Enter");
  await expectText(cell(page, "M26"), "");
  // The formula bar shows a date, a percentage and a truth value as Excel edits them, not as
  // their serial, fraction or lower-case word; Enter on it unchanged keeps the value.
  const bar = [
    ["M24", "3/15/2026", "3/15/2026"],
    ["N24", "12.5%", "12.5%"],
    ["O24", "true", "TRUE"],
  ];
  for (const [a, typed] of bar) {
    await cell(page, a).click();
    await page.keyboard.type(typed);
    await page.keyboard.press("Enter");
  }
  await expectText(cell(page, "N24"), "12.50%");
  for (const [a, , shown] of bar) {
    await cell(page, a).click();
    await expectValue(input, shown);
  }
  await input.press("Enter");
  await cell(page, "O24").click();
  await expectValue(input, "TRUE");
  for (const a of ["M24", "N24", "O24"]) {
    await cell(page, a).click();
    await page.keyboard.press("Delete");
    await expectText(cell(page, a), "");
  }
});

test("ten sheets keep their tabs on one line that scrolls, and a toast never covers them", async () => {
  const { page } = e;
  await page.evaluate(async () => {
    const excel = (globalThis as unknown as { Excel: typeof Excel }).Excel;
    await excel.run(async (context) => {
      for (let i = 1; i <= 10; i++) context.workbook.worksheets.add(`Campaign performance ${i}`);
      await context.sync();
    });
  });
  const tabs = page.locator(".tabs [role=tab]");
  // The grid draws the new tabs after the sync, a frame or more later: wait for the last one
  // (count() alone does not wait, and read 3 tabs once under load).
  await tabs.filter({ hasText: "Campaign performance 10" }).waitFor();
  expect(await tabs.count()).toBeGreaterThanOrEqual(12);
  const tops = await tabs.evaluateAll((els) => [
    ...new Set(els.map((el) => Math.round(el.getBoundingClientRect().top))),
  ]);
  expect(tops).toHaveLength(1);
  const strip = await page
    .locator(".tabs")
    .evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
  expect(strip.scroll).toBeGreaterThan(strip.client);
  await page.getByRole("button", { name: "Scroll sheet tabs right" }).click();
  await page.waitForFunction(() => document.querySelector(".tabs")!.scrollLeft > 0);
  // The active tab is scrolled into view.
  await openSheetTab(page, "Campaign performance 10");
  const last = await box(page, '.tabs [role=tab][aria-selected="true"]');
  const bar = await box(page, ".tabs");
  expect(last.x + last.width).toBeLessThanOrEqual(bar.x + bar.width + 1);
  // A toast (a search lands as a sheet) stays inside the pane, off the grid and its tabs.
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Data" }).click();
  await page.getByLabel("Search for").fill("mattress");
  await page.getByRole("button", { name: "Search to sheet" }).click();
  // The search's own toast, measured in the same frame it is found in (an earlier toast may be on
  // its way out: CI once measured one that had gone), once it has come to rest: it slides up and
  // grows into its place, and lives a few seconds.
  const t = await page
    .waitForFunction(
      () => {
        const el = [...document.querySelectorAll(".fui-Toast")].find((e) =>
          /→ sheet/.test(e.textContent ?? ""),
        );
        const r = el?.getBoundingClientRect();
        const container = el?.parentElement?.getBoundingClientRect();
        const w = window as unknown as { lastToast?: string };
        const now = r && container ? JSON.stringify([r, container.height]) : undefined;
        const settled = now !== undefined && now === w.lastToast && r!.bottom <= innerHeight;
        w.lastToast = now;
        return settled && container!.height >= r!.height
          ? { x: r!.x, y: r!.y, width: r!.width, height: r!.height }
          : null;
      },
      undefined,
      { timeout: 60_000, polling: 100 },
    )
    .then(async (handle) => (await handle.jsonValue())!);
  const pane = await box(page, ".pane-column");
  const tabsBar = await box(page, ".sheet-tabs");
  expect(t.x + t.width).toBeLessThanOrEqual(pane.x + pane.width + 1);
  expect(t.x + t.width <= tabsBar.x || t.y + t.height <= tabsBar.y).toBe(true);
  await page.screenshot({ path: path.join(ARTIFACTS, "grid-ten-sheets-toast.png") });
});

test("a chart made through the API is drawn where setPosition put it and follows its table", async () => {
  const { page } = e;
  await page.evaluate(async () => {
    const excel = (globalThis as unknown as { Excel: typeof Excel }).Excel;
    await excel.run(async (context) => {
      const ws = context.workbook.worksheets.add("Chart sheet");
      ws.getRange("A1:C4").values = [
        ["Show", "Downloads", "Listeners"],
        ["Alpha", 1200, 800],
        ["Beta", 1800, 950],
        ["Gamma", 900, 400],
      ];
      const t = ws.tables.add("A1:C4", true);
      t.name = "ChartShows";
      const chart = ws.charts.add(
        "ColumnClustered" as Excel.ChartType,
        t.getRange(),
        "Auto" as Excel.ChartSeriesBy,
      );
      chart.name = "Downloads chart";
      chart.title.text = "Downloads by show";
      chart.setPosition("E2", "K16");
      ws.activate();
      await context.sync();
    });
  });
  await openSheetTab(page, "Chart sheet");
  const chart = page.locator('[data-chart="Downloads chart"]');
  await chart.waitFor();
  const [c, e2, k16] = [
    await chart.boundingBox(),
    await box(page, '[data-cell="E2"]'),
    await box(page, '[data-cell="K16"]'),
  ];
  expect(c!.x).toBeCloseTo(e2.x, 0);
  expect(c!.y).toBeCloseTo(e2.y, 0);
  expect(c!.x + c!.width).toBeCloseTo(k16.x + k16.width, 0);
  expect(c!.y + c!.height).toBeCloseTo(k16.y + k16.height, 0);
  await expectText(chart.locator(".chart-title"), "Downloads by show");
  const points = () =>
    chart
      .locator("[data-series]")
      .evaluateAll((gs) =>
        gs.map((g) => [g.getAttribute("data-series"), Number(g.getAttribute("data-points"))]),
      );
  expect(await points()).toEqual([
    ["Downloads", 3],
    ["Listeners", 3],
  ]);
  await page.screenshot({ path: path.join(ARTIFACTS, "grid-chart.png") });
  await page.evaluate(async () => {
    const excel = (globalThis as unknown as { Excel: typeof Excel }).Excel;
    await excel.run(async (context) => {
      const ws = context.workbook.worksheets.getItem("Chart sheet");
      ws.getRange("A5:C6").values = [
        ["Delta", 2100, 1300],
        ["Epsilon", 600, 300],
      ];
      ws.tables.getItem("ChartShows").resize("A1:C6");
      await context.sync();
    });
  });
  const deadline = Date.now() + 10_000;
  while (
    JSON.stringify(await points()) !==
      JSON.stringify([
        ["Downloads", 5],
        ["Listeners", 5],
      ]) &&
    Date.now() < deadline
  )
    await page.waitForTimeout(100);
  expect(await points()).toEqual([
    ["Downloads", 5],
    ["Listeners", 5],
  ]);
  await page.screenshot({ path: path.join(ARTIFACTS, "grid-chart-after-resize.png") });
});

test("line, bar, scatter and area charts are drawn too (a screenshot to look at)", async () => {
  const { page } = e;
  await page.evaluate(async () => {
    const excel = (globalThis as unknown as { Excel: typeof Excel }).Excel;
    await excel.run(async (context) => {
      const ws = context.workbook.worksheets.add("Chart types");
      ws.getRange("A1:C7").values = [
        ["Day", "Impressions", "Spend"],
        [15, 1200, 300],
        [30, 1900, 420],
        [45, 2300, 380],
        [60, 2450, 510],
        [75, 2500, 470],
        [90, 2520, 530],
      ];
      ws.getRange("E1:F5").values = [
        ["Campaign", "Lift"],
        ["Spring launch", 0.12],
        ["Summer", 0.08],
        ["Autumn push", 0.15],
        ["Winter", 0.05],
      ];
      const place = (type: string, source: string, at: string, to: string, title: string, by = "Columns") => {
        const chart = ws.charts.add(type as Excel.ChartType, ws.getRange(source), by as Excel.ChartSeriesBy);
        chart.name = title;
        chart.title.text = title;
        chart.setPosition(at, to);
        return chart;
      };
      const line = place("Line", "B1:C7", "H1", "M14", "Line");
      line.series.getItemAt(0).setXAxisValues(ws.getRange("A2:A7"));
      line.series.getItemAt(1).setXAxisValues(ws.getRange("A2:A7"));
      place("BarClustered", "E1:F5", "N1", "S14", "Bar");
      place("XYScatterLines", "A1:B7", "H16", "M29", "Scatter");
      place("Area", "E1:F5", "N16", "S29", "Area");
      ws.activate();
      await context.sync();
    });
  });
  await openSheetTab(page, "Chart types");
  const drawn = await page
    .locator("[data-chart]")
    .evaluateAll((charts) =>
      charts.map((c) => [
        c.getAttribute("data-chart"),
        [...c.querySelectorAll("[data-series]")].map((g) => Number(g.getAttribute("data-points"))),
      ]),
    );
  expect(drawn).toEqual([
    ["Line", [6, 6]],
    ["Bar", [4]],
    ["Scatter", [6]],
    ["Area", [4]],
  ]);
  await page.screenshot({ path: path.join(ARTIFACTS, "grid-chart-types.png") });
  await page.locator('[data-chart="Bar"]').screenshot({ path: path.join(ARTIFACTS, "grid-chart-bar.png") });
  await page.locator('[data-chart="Area"]').screenshot({ path: path.join(ARTIFACTS, "grid-chart-area.png") });
});
