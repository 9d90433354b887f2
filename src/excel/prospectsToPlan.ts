/**
 * Add to plan (issue #48): the prospects selected on a Prospects sheet become rows of the campaign
 * plan (show id, campaign name from the title, advertiser), ready for their flights. The plan's
 * columns are found by their headers (planColumnOf), never by position; a workbook without a plan
 * gets one (insertCampaignPlan).
 */
import { planColumnOf } from "../writebacks/planColumns";
import { REQUIRED_HEADERS } from "../writebacks/planValidate";
import { insertCampaignPlan } from "./campaignPlan";
import { TEXT_FORMAT } from "./cellFormats";
import type { ExcelHost } from "./host";

export interface Prospect {
  showId: string;
  title: string;
}

/**
 * The prospects in the selected rows of the table holding the selection (its Show ID and Show
 * columns, by header), and that table's sheet; an empty list when the selection is in no table.
 */
export async function selectedProspects(
  excel: ExcelHost,
): Promise<{ sheetName: string; prospects: Prospect[] }> {
  return excel.run(async (context) => {
    const selection = context.workbook.getSelectedRange();
    const tables = selection.getTables(false);
    selection.load("rowIndex,rowCount");
    // worksheet is a navigation property: it needs no load of its own.
    // eslint-disable-next-line office-addins/call-sync-before-read, office-addins/load-object-before-read
    const sheet = selection.worksheet;
    tables.load("items/name");
    sheet.load("name");
    await context.sync();
    const sheetName = sheet.name;
    // eslint-disable-next-line office-addins/load-object-before-read -- loaded above as "items/name"
    const table = tables.items[0];
    if (!table) return { sheetName, prospects: [] };
    const header = table.getHeaderRowRange();
    const body = table.getDataBodyRange();
    header.load("values");
    body.load("values,rowIndex,rowCount");
    await context.sync();
    const names = header.values[0].map(String);
    const id = names.indexOf("Show ID");
    const show = names.indexOf("Show");
    if (id < 0 || show < 0) return { sheetName, prospects: [] };
    const first = Math.max(selection.rowIndex, body.rowIndex);
    const last = Math.min(selection.rowIndex + selection.rowCount, body.rowIndex + body.rowCount);
    const rows = body.values.slice(first - body.rowIndex, Math.max(first, last) - body.rowIndex);
    const prospects = rows
      .filter((r) => String(r[id]).trim() !== "")
      .map((r) => ({ showId: String(r[id]), title: String(r[show]) }));
    return { sheetName, prospects };
  });
}

/** The first table whose headers are a campaign plan's, or null. */
async function planTableName(excel: ExcelHost): Promise<string | null> {
  return excel.run(async (context) => {
    const tables = context.workbook.tables;
    tables.load("items/name");
    await context.sync();
    const headers = tables.items.map((t) => {
      const r = t.getHeaderRowRange();
      r.load("values");
      return r;
    });
    await context.sync();
    const i = headers.findIndex((h) => {
      const keys = new Set(h.values[0].map((v) => planColumnOf(v)?.header));
      return REQUIRED_HEADERS.every((k) => keys.has(k));
    });
    return i < 0 ? null : tables.items[i].name;
  });
}

/** What a prospect fills in a plan row, by the plan column's key. */
function planValues(p: Prospect, advertiser: string): Record<string, string> {
  return { name: `${advertiser} · ${p.title}`.slice(0, 255), advertiser, itunesOrYtId: p.showId };
}

/**
 * Appends a plan row per prospect (into a new plan's blank rows when there is no plan yet); every
 * cell written as text. Returns the plan's sheet and the sheet rows (1-based) written.
 */
export async function addProspectsToPlan(
  excel: ExcelHost,
  prospects: readonly Prospect[],
  advertiser: string,
): Promise<{ sheetName: string; rows: number[] }> {
  if (prospects.length === 0)
    throw new Error("Select one or more prospects' rows on the Prospects sheet first.");
  const existing = await planTableName(excel);
  const tableName = existing ?? (await insertCampaignPlan(excel, prospects.length)).tableName;
  return excel.run(async (context) => {
    const table = context.workbook.tables.getItem(tableName);
    const header = table.getHeaderRowRange();
    const body = table.getDataBodyRange();
    header.load("values");
    body.load("values,rowIndex,rowCount");
    // worksheet is a navigation property: it needs no load of its own.
    // eslint-disable-next-line office-addins/call-sync-before-read, office-addins/load-object-before-read
    const sheet = table.worksheet;
    sheet.load("name");
    await context.sync();
    const keys = header.values[0].map((h) => planColumnOf(h)?.header);
    // A new plan's blank rows are filled; an existing plan grows by as many rows.
    const start = existing ? body.rowCount : 0;
    if (existing) {
      // Blank rows first (Excel shifts what is under the table down), then the text cells written as text.
      table.rows.add(
        undefined,
        prospects.map(() => keys.map(() => "")),
      );
      await context.sync();
    }
    const target = table
      .getDataBodyRange()
      .getRow(start)
      .getResizedRange(prospects.length - 1, 0);
    const values = prospects.map((p) => {
      const v = planValues(p, advertiser);
      return keys.map((k) => (k && k in v ? v[k] : null));
    });
    keys.forEach((k, c) => {
      if (!k || !["name", "advertiser", "itunesOrYtId"].includes(k)) return;
      const column = target.getColumn(c);
      column.numberFormat = prospects.map(() => [TEXT_FORMAT]);
      column.values = values.map((row) => [row[c]]);
    });
    await context.sync();
    const first = body.rowIndex + start + 1;
    return { sheetName: sheet.name, rows: prospects.map((_, i) => first + i) };
  });
}
