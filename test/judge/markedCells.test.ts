/**
 * Issue 49: a marked plan cell's outline is in the downloaded workbook as LibreOffice draws it, not only
 * in the preview: the exported plan sheet, drawn by LibreOffice, shows the outline's dark red
 * (BAD_CELL_BORDER) around the marked cell, and none once the cell is fixed.
 */
import { mkdirSync, writeFileSync } from "fs";
import path from "path";
import { exportXlsx } from "../../preview/memory/export/exportXlsx";
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import { BAD_CELL_BORDER, campaignPlanIO, insertCampaignPlan } from "../../src/excel/campaignPlan";
import { validatePlan } from "../../src/writebacks/planActions";
import { daiFlight, planColumn, typePlanRows } from "../support/planRows";
import { renderSheets } from "./libreoffice";
import { decodePng, pixelsOf } from "./png";

const ARTIFACTS = path.join(__dirname, "..", "e2e", "artifacts");
const CLOCK = { today: "2026-11-15" };

test("LibreOffice draws a marked plan cell's outline from the exported file, and none once it is fixed", async () => {
  const wb = new InMemoryWorkbook();
  (globalThis as unknown as { Excel: unknown }).Excel = wb.excel;
  await insertCampaignPlan(wb.excel);
  typePlanRows(wb, "Campaign plan", [{ ...daiFlight("Spring"), cpm: "lots" }]);
  await validatePlan(campaignPlanIO(wb.excel), CLOCK);
  const at = [wb.model.sheets.findIndex((s) => s.name === "Campaign plan")];
  const [marked] = await renderSheets(exportXlsx(wb.model), at);
  wb.host.setInput("Campaign plan", 1, planColumn("cpm"), "30");
  await validatePlan(campaignPlanIO(wb.excel), CLOCK);
  const [fixed] = await renderSheets(exportXlsx(wb.model), at);
  mkdirSync(ARTIFACTS, { recursive: true });
  writeFileSync(path.join(ARTIFACTS, "judge-marked-cell.png"), marked);
  // A medium line around a cell some 60 × 20 points is a few hundred pixels at 96 dpi.
  expect(pixelsOf(decodePng(marked), BAD_CELL_BORDER.color)).toBeGreaterThanOrEqual(200);
  expect(pixelsOf(decodePng(fixed), BAD_CELL_BORDER.color)).toBe(0);
}, 300_000);
