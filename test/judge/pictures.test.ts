/**
 * The judge's pictures (issue 47): LibreOffice draws the exported Dashboard and one report sheet, and
 * every line of their charts must be drawn in its series' colour (the preview's: chartColors.ts), so
 * the downloaded workbook looks in any spreadsheet as it does in the preview. Before the export wrote
 * each series' line, marker and colour, LibreOffice drew pale dots in its own palette.
 */
import { mkdirSync, writeFileSync } from "fs";
import path from "path";
import { exportXlsx } from "../../preview/memory/export/exportXlsx";
import type { InMemoryWorkbook } from "../../preview/memory/workbook";
import { startSandbox } from "../support/sandbox";
import { renderSheets } from "./libreoffice";
import { decodePng, pixelsOf, type Picture } from "./png";
import { JUDGED_WORKBOOKS } from "./workbooks";

const ARTIFACTS = path.join(__dirname, "..", "e2e", "artifacts");

/** The colours of the line series of the charts on `sheetName`, as the preview draws them. */
function lineColors(wb: InMemoryWorkbook, sheetName: string): string[] {
  const sheet = wb.model.sheets.find((s) => s.name === sheetName)!;
  const charts = wb.model.charts.filter((c) => c.sheetId === sheet.id && c.type.startsWith("Line"));
  return [...new Set(charts.flatMap((c) => c.series.map((s) => s.color ?? "")))].filter(
    // Grey ("Other") and black are also the axes' and the text's colours: they prove nothing.
    (c) => /^#[0-9A-F]{6}$/i.test(c) && !["#8C8C8C", "#000000"].includes(c.toUpperCase()),
  );
}

let wb: InMemoryWorkbook;
let pictures: Map<string, Picture>;
const SHEETS = { dashboard: "Dashboard", report: "By day" } as const;

beforeAll(async () => {
  const s = await startSandbox();
  try {
    wb = await JUDGED_WORKBOOKS.find((w) => w.name === "dashboard")!.build(s.client("demo-pro"));
  } finally {
    await s.close();
  }
  const xlsx = exportXlsx(wb.model);
  const names = Object.values(SHEETS);
  const at = names.map((n) => wb.model.sheets.findIndex((s) => s.name === n));
  const pngs = await renderSheets(xlsx, at);
  mkdirSync(ARTIFACTS, { recursive: true });
  pictures = new Map();
  Object.keys(SHEETS).forEach((name, k) => {
    writeFileSync(path.join(ARTIFACTS, `judge-${name}.png`), pngs[k]);
    pictures.set(name, decodePng(pngs[k]));
  });
}, 240_000);

test.each(Object.entries(SHEETS))(
  "LibreOffice draws the lines of the exported %s's charts in their series' colours",
  (name, sheet) => {
    const colors = lineColors(wb, sheet);
    expect(colors.length).toBeGreaterThan(0);
    const picture = pictures.get(name)!;
    // A 2.25-point line across a chart covers hundreds of pixels; a marker alone some twenty.
    const drawn = colors.map((c) => [c, pixelsOf(picture, c) >= 150]);
    expect(drawn).toEqual(colors.map((c) => [c, true]));
  },
);
