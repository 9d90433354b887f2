/**
 * Issue #35 in the preview, as a planner does it: a report sheet, a title typed over its status line,
 * a note typed in the column just right of its table (which joins the table, as Excel's
 * AutoExpansion does), a refresh from the Sheets tab: the title and the note stay, and the Sheets tab
 * says what the refresh noted. Screenshot: artifacts/nothing-lost.png (docs/screenshots.md).
 */
import path from "path";
import { ARTIFACTS, cell, connect, expectText, typeInto, usePreview } from "./support";

const e = usePreview();

/** "D12" → ["D", 12]. */
const split = (address: string): [string, number] => {
  const m = /^([A-Z]+)(\d+)$/.exec(address)!;
  return [m[1], Number(m[2])];
};
const nextColumn = (c: string) => String.fromCharCode(c.charCodeAt(0) + 1);

test("a title over the status line and a note beside the table survive a refresh, and the Sheets tab says so", async () => {
  const { page } = e;
  await connect(page, "demo-pro");
  await page.getByText("Sign out").waitFor();
  await page.getByRole("tab", { name: "Reports" }).click();
  await page.getByLabel("Report", { exact: true }).selectOption("estimatedSpendByDay");
  await page.getByLabel("Date range").selectOption("last30days");
  await page.getByLabel("Advertisers").fill("Acme Mattress");
  await page.getByRole("button", { name: "Run report" }).click();
  await page.locator(".tabs button", { hasText: "Spend by day" }).waitFor({ timeout: 90_000 });
  await expectText(cell(page, "A1"), /Last refreshed .* · \d[\d,]* rows/);
  expect(await cell(page, "A1").innerText()).not.toMatch(/ 0 rows/);

  // The table's last header ("Read By") and the column just right of it.
  const header = await page
    .locator("[data-cell]", { hasText: /^Read By$/ })
    .first()
    .getAttribute("data-cell");
  const [col, row] = split(header!);
  const beside = `${nextColumn(col)}${row + 2}`;
  const keyCells = [`A${row + 2}`, `D${row + 2}`];
  const keyBefore = await Promise.all(keyCells.map((a) => cell(page, a).innerText()));
  // A body row of the table: a day and who read it.
  expect(keyBefore[0]).toMatch(/\d/);
  expect(keyBefore[1]).not.toBe("");
  await typeInto(page, "A1", "Acme: spend for the Monday call");
  await typeInto(page, beside, "call Bob about this day");

  await page.getByRole("tab", { name: "Sheets" }).click();
  const item = page.locator("li[data-sheet]", { hasText: "Spend by day" }).first();
  await item.getByRole("button", { name: /^Refresh / }).click();
  await expectText(item, /Last refresh noted: the status line was not written/, 90_000);

  await expectText(cell(page, "A1"), /^Acme: spend for the Monday call$/);
  // The note joined the table and is on the same day's row.
  const noted = await page
    .locator("[data-cell]", { hasText: /^call Bob about this day$/ })
    .first()
    .getAttribute("data-cell");
  const [, notedRow] = split(noted!);
  const keyAfter = await Promise.all([`A${notedRow}`, `D${notedRow}`].map((a) => cell(page, a).innerText()));
  expect(keyAfter).toEqual(keyBefore);
  await page.screenshot({ path: path.join(ARTIFACTS, "nothing-lost.png") });
});
