/**
 * The preview's workbook downloaded as a .xlsx, as a planner trying the preview would take it into
 * Excel: a report made through the pane, a Dashboard over it and a formula typed on Sheet1, then
 * "Download .xlsx". LibreOffice (the judge's engine) opens the file: the same sheets and tables,
 * and the Dashboard's figures shown as the preview shows them. The key is not in the file.
 */
import { strFromU8, unzipSync } from "fflate";
import { readFileSync } from "fs";
import { readFods, readFodsTables } from "../judge/fods";
import { recalculate } from "../judge/libreoffice";
import { ensureConnected, typeInto, usePreview } from "./support";

const e = usePreview({ taskDelayMs: 200 });

interface PageWorkbook {
  host: {
    sheets(): { name: string }[];
    tables(): {
      name: string;
      sheet: string;
      rect: { row: number; col: number; rows: number; cols: number };
    }[];
    usedSize(sheet: string): { rows: number; cols: number };
    cell(sheet: string, row: number, col: number): { text: string };
  };
}

test("Download .xlsx gives a workbook LibreOffice opens with the same sheets, tables and figures", async () => {
  const { page } = e;
  await ensureConnected(page);
  await page.getByRole("tab", { name: "Reports" }).click();
  await page.getByLabel("Report", { exact: true }).selectOption("estimatedSpendByDay");
  await page.getByLabel("Date range").selectOption("last30days");
  await page.getByLabel("Advertisers").fill("Acme Mattress");
  await page.getByRole("button", { name: "Run report" }).click();
  await page.locator(".tabs button", { hasText: "Spend by day" }).waitFor({ timeout: 90_000 });
  await page.getByRole("tab", { name: "Sheets" }).click();
  await page.getByRole("button", { name: "Make dashboard" }).click();
  await page.locator(".tabs button", { hasText: /^Dashboard$/ }).waitFor({ timeout: 60_000 });
  const table = await page.evaluate(
    () => (window as unknown as { __workbook: PageWorkbook }).__workbook.host.tables()[0].name,
  );
  await page.locator(".tabs button", { hasText: /^Sheet1$/ }).click();
  await typeInto(page, "A1", `=ROWS(${table})`);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download .xlsx" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.xlsx$/);
  const bytes = new Uint8Array(readFileSync((await download.path())!));
  const text = Object.values(unzipSync(bytes))
    .map((f) => strFromU8(f))
    .join("\n");
  expect(text).not.toContain("demo-pro");

  const seen = await page.evaluate(() => {
    const host = (window as unknown as { __workbook: PageWorkbook }).__workbook.host;
    const size = host.usedSize("Dashboard");
    return {
      sheets: host.sheets().map((s) => s.name),
      tables: host.tables().map((t) => ({ name: t.name, sheet: t.sheet, rect: t.rect })),
      dashboard: Array.from({ length: size.rows }, (_, r) =>
        Array.from({ length: size.cols }, (_, c) => host.cell("Dashboard", r, c).text),
      ),
      rows: host.cell("Sheet1", 0, 0).text,
    };
  });
  const { fods } = await recalculate(new Map([["download", bytes]]));
  const xml = fods.get("download")!;
  const sheets = readFods(xml);
  expect(sheets.map((s) => s.name)).toEqual(seen.sheets);
  const col = (n: number) => String.fromCharCode(65 + n);
  expect(readFodsTables(xml).sort((a, b) => a.name.localeCompare(b.name))).toEqual(
    seen.tables
      .map((t) => ({
        name: t.name,
        range: `'${t.sheet}'.${col(t.rect.col)}${t.rect.row + 1}:'${t.sheet}'.${col(t.rect.col + t.rect.cols - 1)}${t.rect.row + t.rect.rows}`,
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
  );
  const dashboard = sheets.find((s) => s.name === "Dashboard")!;
  const libre = seen.dashboard.map((row, r) =>
    row.map((_, c) => dashboard.cells.get(`${r},${c}`)?.text ?? ""),
  );
  expect(libre).toEqual(seen.dashboard);
  expect(sheets.find((s) => s.name === "Sheet1")!.cells.get("0,0")?.text).toBe(seen.rows);
});
