/**
 * Cards in cells (issue 40), typed into the preview as a planner would, against the sandbox: a
 * column of show cards and an advertiser card, each showing its title beside the card icon; dot
 * references reading a field with its format, and #FIELD! for one the card lacks; a click on the
 * icon opens the card with its sections and fields, at 1366 × 768 and beside a 320 px pane.
 */
import path from "path";
import type { Page } from "playwright-core";
import {
  ARTIFACTS,
  cell,
  ensureConnected,
  expectText,
  openSheetTab,
  setPaneWidth,
  typeInto,
  usePreview,
} from "./support";

const e = usePreview();

interface View {
  value: unknown;
  text: string;
  error?: boolean;
  entity?: { text?: string; properties?: Record<string, { basicValue?: unknown; numberFormat?: string }> };
}

function view(page: Page, sheet: string, row: number, col: number): Promise<View> {
  return page.evaluate(
    ([name, r, c]) =>
      (
        window as unknown as { __workbook: { host: { cell(s: string, r: number, c: number): View } } }
      ).__workbook.host.cell(name as string, r as number, c as number),
    [sheet, row, col] as const,
  );
}

async function settled(page: Page, sheet: string, cells: [number, number][]): Promise<View[]> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const views = await Promise.all(cells.map(([r, c]) => view(page, sheet, r, c)));
    if (views.every((v) => v.value !== "#BUSY!") || Date.now() > deadline) return views;
    await new Promise((r) => setTimeout(r, 100));
  }
}

const SHOWS = ["1200000001", "1200000002", "1200000003", "1200000004", "1200000005"];

test("a column of cards: titles with icons, dot references with formats, #FIELD!, and an open card", async () => {
  const { page } = e;
  await page.setViewportSize({ width: 1366, height: 768 });
  await ensureConnected(page);
  const sheet = "Cards";
  await page.evaluate(async (name) => {
    const excel = (globalThis as unknown as { Excel: typeof Excel }).Excel;
    await excel.run(async (context) => {
      context.workbook.worksheets.add(name);
      await context.sync();
    });
  }, sheet);
  await openSheetTab(page, sheet);
  await typeInto(page, "A1", "Show id");
  await typeInto(page, "B1", "Show");
  await typeInto(page, "C1", "Listeners");
  await typeInto(page, "D1", "Ad load");
  await typeInto(page, "E1", "Opt-in");
  for (const [i, id] of SHOWS.entries()) {
    await typeInto(page, `A${i + 2}`, id);
    await typeInto(page, `B${i + 2}`, `=ADS.SHOWCARD(A${i + 2})`);
    await typeInto(page, `C${i + 2}`, `=B${i + 2}.[Monthly listeners]`);
    await typeInto(page, `D${i + 2}`, `=B${i + 2}.[Ad load]`);
  }
  await typeInto(page, "E2", "=B2.[Gamma video opt-in]");
  await typeInto(page, "F2", "=B2.[No such field]");
  await typeInto(page, "B8", '=ADS.ADVERTISERCARD("Acme Mattress")');
  await typeInto(page, "C8", "=B8.[Ads detected]");
  const cards = await settled(page, sheet, [...SHOWS.map((_, i): [number, number] => [i + 1, 1]), [7, 1]]);
  for (const card of cards) {
    expect(card.error).toBeUndefined();
    expect(card.entity?.text).toBeTruthy();
    expect(card.text).toBe(card.entity?.text);
  }
  // The grid draws the title beside the card icon.
  await expectText(cell(page, "B2"), cards[0].text);
  expect(await cell(page, "B2").getByTestId("card-icon").count()).toBe(1);
  expect(cards[5].text).toBe("Acme Mattress");

  const [listeners, adLoad, optIn, missing] = await settled(page, sheet, [
    [1, 2],
    [1, 3],
    [1, 4],
    [1, 5],
  ]);
  const fields = cards[0].entity!.properties!;
  expect(listeners.value).toBe(fields["Monthly listeners"].basicValue);
  expect(listeners.text).toBe(Number(listeners.value).toLocaleString("en-US"));
  expect(adLoad.value).toBe(fields["Ad load"].basicValue);
  expect(adLoad.text).toMatch(/^\d+\.\d{2}%$/);
  // Four-digit years (#47).
  expect(optIn.text).toMatch(/^\d{1,2}\/\d{1,2}\/\d{4}$/);
  expect(missing).toMatchObject({ value: "#FIELD!", error: true });
  const [adsDetected] = await settled(page, sheet, [[7, 2]]);
  expect(adsDetected.text).toMatch(/^\d{1,3}(,\d{3})*$/);
  await page.screenshot({ path: path.join(ARTIFACTS, "cards-column.png") });

  // A click on the icon opens the card: its sections and fields, as the cells read them.
  await cell(page, "B2").getByTestId("card-icon").click();
  const card = page.getByTestId("entity-card");
  await card.waitFor();
  expect(await card.locator("h3").allTextContents()).toEqual(["Audience", "Ads", "About"]);
  await expectText(card.locator('[data-field="Monthly listeners"] dd'), listeners.text);
  await expectText(card.locator('[data-field="Ad load"] dd'), adLoad.text);
  await expectText(card.locator('[data-field="Gamma video opt-in"] dd'), optIn.text);
  expect(await card.locator('[data-field="Top advertisers"] tr').count()).toBeGreaterThan(0);
  const box = (await card.boundingBox())!;
  expect(box.x + box.width).toBeLessThanOrEqual(1366);
  await page.screenshot({ path: path.join(ARTIFACTS, "card-open.png") });
  await page.keyboard.press("Escape");
  expect(await card.count()).toBe(0);
  // Ctrl+Shift+F5 on the selected card opens it, as in Excel; Escape closes it again.
  await page.keyboard.press("Control+Shift+F5");
  await card.waitFor();
  await page.keyboard.press("Escape");
  expect(await card.count()).toBe(0);

  // Beside a 320 px pane the card still opens whole within the grid.
  await setPaneWidth(page, 320);
  await cell(page, "B8").getByTestId("card-icon").click();
  await card.waitFor();
  expect(await card.locator("h3").allTextContents()).toEqual(["Ads", "Shows", "Spend"]);
  const grid = (await page.locator("#sheet-grid").boundingBox())!;
  const narrow = (await card.boundingBox())!;
  expect(narrow.x).toBeGreaterThanOrEqual(grid.x);
  expect(narrow.x + narrow.width).toBeLessThanOrEqual(grid.x + grid.width + 1);
  await page.screenshot({ path: path.join(ARTIFACTS, "card-open-pane-320.png") });
});
