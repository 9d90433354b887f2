/**
 * ShowInfo → a readable sheet, under the name the brief uses. Layout (showLayout.ts): title and key
 * metrics, content risk, social links and fan counts, top advertisers, then the similar shows,
 * episodes (per-platform downloads) and ads (one row per ad) tables.
 */
import type { ShowInfo } from "../api/schemas";
import { sheetNameFor, tablePrefixFor } from "./cellFormats";
import type { ExcelHost } from "./host";
import { writeShowSheet } from "./showLayout";

export {
  adsTable,
  episodesTable,
  showMetricLines,
  showSocialLines,
  similarTable,
  writeShowSheet,
} from "./showLayout";

/** Writes a show on a new sheet named after it (unique); returns the sheet name and rows written. */
export async function writeShow(
  excel: ExcelHost,
  show: ShowInfo,
  opts: { sheetName?: string } = {},
): Promise<{ sheetName: string; rows: number }> {
  const taken = await excel.run(async (context) => {
    const sheets = context.workbook.worksheets;
    const tables = context.workbook.tables;
    sheets.load("items/name");
    tables.load("items/name");
    await context.sync();
    return {
      sheets: new Set(sheets.items.map((s) => s.name)),
      tables: new Set(tables.items.map((t) => t.name)),
    };
  });
  const sheetName = sheetNameFor(opts.sheetName ?? show.title, taken.sheets);
  const prefix = tablePrefixFor(show.title, taken.tables);
  const { rows } = await writeShowSheet(excel, show, { sheetName, prefix });
  return { sheetName, rows };
}
