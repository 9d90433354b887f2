/**
 * A Delivery sheet as a planner makes it in the preview (issue #56): Data → Delivery for an advertiser
 * gives a sheet of its flights, bought beside delivered, with Pacing and Pace in words as formulas in
 * the table, and an empty Make-good column; Take ids from the campaign plan without a plan says where
 * to make one, and nothing is sent; with a created plan it fills the plan's campaign ids and period,
 * and the sheet lists exactly those flights. Saves delivery-sheet.png and delivery-from-plan.png.
 */
import path from "node:path";
import { PLAN_HEADERS } from "../../src/writebacks/planColumns";
import { columnName } from "../../src/excel/columnName";
import { daiFlight, type PlanInput } from "../support/planRows";
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

const e = usePreview({ setup: (page) => page.setViewportSize({ width: 1366, height: 768 }) });

const at = (header: string, row: number): string => `${columnName(PLAN_HEADERS.indexOf(header))}${row}`;

interface PageWorkbook {
  host: {
    tables(): {
      name: string;
      sheet: string;
      rect: { row: number; col: number; rows: number; cols: number };
    }[];
    cell(sheet: string, row: number, col: number): { value: unknown; formula?: string; text: string };
  };
}

test("Data → Delivery for an advertiser: a sheet of its flights with pacing formulas and words, and a Make-good column", async () => {
  const { page } = e;
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Data" }).click();
  const form = page.getByRole("form", { name: "Delivery" });
  await form.getByRole("button", { name: "Take ids from the campaign plan" }).click();
  await expectText(form.getByTestId("form-message"), /No campaign plan found.*Campaigns tab/);

  await form.locator('input[name="deliveryAdvertiser"]').fill("Acme Mattress");
  await form.getByRole("button", { name: "Delivery to sheet" }).click();
  await page.locator(".tabs button", { hasText: /^Delivery · Acme Mattress$/ }).waitFor({ timeout: 60_000 });
  await openSheetTab(page, "Delivery · Acme Mattress");

  const seen = await page.evaluate(() => {
    const host = (window as unknown as { __workbook: PageWorkbook }).__workbook.host;
    const t = host.tables().find((x) => x.sheet === "Delivery · Acme Mattress")!;
    const at = (r: number, c: number) => host.cell(t.sheet, t.rect.row + r, t.rect.col + c);
    const headers = Array.from({ length: t.rect.cols }, (_, c) => String(at(0, c).value));
    const col = (name: string) =>
      Array.from({ length: t.rect.rows - 1 }, (_, r) => at(r + 1, headers.indexOf(name)));
    return {
      headers,
      advertisers: col("Advertiser").map((c) => c.value),
      pace: col("Pace").map((c) => ({ text: c.text, formula: c.formula })),
      pacing: col("Pacing").map((c) => c.text),
      makeGood: col("Make-good").map((c) => c.value),
    };
  });
  expect(seen.headers).toEqual(
    expect.arrayContaining([
      "Campaign id",
      "Booked impressions",
      "Impressions",
      "Pacing",
      "Pace",
      "Make-good",
    ]),
  );
  expect(seen.advertisers.length).toBeGreaterThan(0);
  expect(new Set(seen.advertisers)).toEqual(new Set(["Acme Mattress"]));
  for (const p of seen.pace) {
    expect(p.formula).toMatch(/^=IF\(/);
    expect(p.text).toMatch(
      /^(not started|on track|behind by \d+%|ahead by \d+%|ended, delivered|ended short by [\d,]+ impressions|no booked impressions)$/,
    );
  }
  // A percentage a planner reads, not a fraction or ####.
  for (const t of seen.pacing) expect(t).toMatch(/^(\d+%|)$/);
  expect(seen.makeGood.every((v) => v === null || v === "")).toBe(true);
  await page.locator(".viewport").evaluate((el) => el.scrollTo(el.scrollWidth, 0));
  await page.screenshot({ path: path.join(ARTIFACTS, "delivery-sheet.png") });
});

test("a created plan's flights: Take ids from the campaign plan fills the ids and period, and the Delivery sheet lists exactly them", async () => {
  const { page } = e;
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Campaigns" }).click();
  await page.getByRole("button", { name: "Insert campaign plan" }).click();
  await expectText(page.getByTestId("plan-outcome"), /Plan table CampaignPlan added/);
  const planSheet = await page.evaluate(
    () =>
      (window as unknown as { __workbook: PageWorkbook }).__workbook.host
        .tables()
        .find((t) => t.name === "CampaignPlan")!.sheet,
  );
  const rows: PlanInput[] = [
    { ...daiFlight("Delivery A", "2026-11-20", "2026-12-20"), itunesOrYtId: "1200000003" },
    { ...daiFlight("Delivery B", "2026-11-25", "2026-12-31"), itunesOrYtId: "1200000004" },
  ];
  for (const [i, r] of rows.entries())
    for (const [header, text] of Object.entries(r)) await typeInto(page, at(header, i + 2), text ?? "");
  await page.getByRole("button", { name: "Validate" }).click();
  await expectText(page.getByTestId("plan-outcome"), /^All 2 rows are valid/);
  await page.getByRole("button", { name: "Create campaigns" }).click();
  await expectText(page.getByTestId("plan-outcome"), "2 campaigns created (2 flights).", 30_000);
  const ids = [await cell(page, at("id", 2)).textContent(), await cell(page, at("id", 3)).textContent()];

  await page.getByRole("tab", { name: "Data" }).click();
  const form = page.getByRole("form", { name: "Delivery" });
  await form.getByRole("button", { name: "Take ids from the campaign plan" }).click();
  await expectText(
    form.getByTestId("form-message"),
    "2 campaign ids taken from the plan, with the period its flights cover.",
  );
  await expectValue(form.locator('input[name="deliveryIds"]'), ids.join(", "));
  await expectValue(form.locator('input[name="deliveryStart"]'), "2026-11-20");
  await form.getByRole("button", { name: "Delivery to sheet" }).click();
  const tab = page.locator(".tabs button", { hasText: /^Delivery, Nov/ }).first();
  await tab.waitFor({ timeout: 60_000 });
  const name = (await tab.textContent())!;
  const listed = await page.evaluate((sheet) => {
    const host = (window as unknown as { __workbook: PageWorkbook }).__workbook.host;
    const t = host.tables().find((x) => x.sheet === sheet)!;
    return Array.from(
      { length: t.rect.rows - 1 },
      (_, r) => host.cell(sheet, t.rect.row + 1 + r, t.rect.col).value,
    );
  }, name);
  expect(listed).toEqual(ids);
  expect(planSheet).not.toBe(name);
  await openSheetTab(page, name);
  await page.screenshot({ path: path.join(ARTIFACTS, "delivery-from-plan.png") });
});
