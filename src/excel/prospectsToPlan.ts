/**
 * Add to plan (issue #48): the prospects selected on a Prospects sheet become rows of the campaign
 * plan (campaign name from the title, advertiser, the show's ids), ready for their flights. The plan's
 * columns are found by their headers (planColumnOf), never by position; a workbook without a plan gets
 * one (insertCampaignPlan).
 *
 * The show's ids, named for what they are on both sheets (issue 57). A campaign's "iTunes or YouTube
 * id" (itunesOrYtId) must be a directory id, an Alpha channel id or an Alpha playlist id (api-spec.md,
 * POST /campaign). A seed row has the directory id the planner typed (the Prospects sheet's "Directory
 * id"): it goes there. A similar show comes with the service's show id only (seriesId), and no answer
 * of the service maps it to a directory id (show info has serviceSeriesId and links, no directory id);
 * both are digits, so written there the service's id could name another show in the directory. So the
 * service's show id goes into a "Service show id" column the plan gains at its right (the Prospects
 * sheet's header for the same number; not a campaign field: never sent), for the planner to find the
 * show by; for a similar show the planner types the publisher (required without a show id) or the
 * show's directory id with the flights.
 */
import { planColumnOf } from "../writebacks/planColumns";
import { REQUIRED_HEADERS } from "../writebacks/planValidate";
import { insertCampaignPlan } from "./campaignPlan";
import { TEXT_FORMAT } from "./cellFormats";
import type { ExcelHost } from "./host";
import { DIRECTORY_ID, SERVICE_ID_STORED, SERVICE_SHOW_ID } from "../reports/prospects";

export { SERVICE_SHOW_ID };

export interface Prospect {
  /** The service's show id. */
  showId: string;
  title: string;
  /** The directory id the planner typed for a seed; none for a similar show. */
  directoryId?: string;
}

/**
 * The prospects in the selected rows of the table holding the selection (its Service show id, Show
 * and Directory id columns, by header; a sheet made before issue 57 and not refreshed since has its
 * service show id under "Show ID"), and that table's sheet; an empty list when the selection is in no table.
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
    const shown = names.indexOf(SERVICE_SHOW_ID);
    const id = shown >= 0 ? shown : names.indexOf(SERVICE_ID_STORED);
    const show = names.indexOf("Show");
    const directory = names.indexOf(DIRECTORY_ID);
    if (id < 0 || show < 0) return { sheetName, prospects: [] };
    const first = Math.max(selection.rowIndex, body.rowIndex);
    const last = Math.min(selection.rowIndex + selection.rowCount, body.rowIndex + body.rowCount);
    const rows = body.values.slice(first - body.rowIndex, Math.max(first, last) - body.rowIndex);
    const prospects = rows
      .filter((r) => String(r[id]).trim() !== "")
      .map((r): Prospect => {
        const dir = directory >= 0 ? String(r[directory] ?? "").trim() : "";
        return { showId: String(r[id]), title: String(r[show]), ...(dir ? { directoryId: dir } : {}) };
      });
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

/**
 * What a prospect fills in a plan row, by the plan column's key (or header, for the reference column:
 * the service's show id, the planner's reference, no campaign field, never sent).
 */
function planValues(p: Prospect, advertiser: string): Record<string, string> {
  return {
    name: `${advertiser} · ${p.title}`.slice(0, 255),
    advertiser,
    ...(p.directoryId ? { itunesOrYtId: p.directoryId } : {}),
    [SERVICE_SHOW_ID]: p.showId,
  };
}

/** The plan columns Add to plan writes (as text). */
const WRITTEN = ["name", "advertiser", "itunesOrYtId", SERVICE_SHOW_ID];

/** The plan's header keys (a campaign field's key, or the reference column's header), the reference column added when absent. */
async function planKeys(context: Excel.RequestContext, table: Excel.Table): Promise<(string | undefined)[]> {
  let header = table.getHeaderRowRange().load("values");
  await context.sync();
  if (!header.values[0].includes(SERVICE_SHOW_ID)) {
    table.columns.add(undefined, undefined, SERVICE_SHOW_ID);
    // The header row as it is now (a range read before keeps its old address).
    header = table.getHeaderRowRange().load("values");
    await context.sync();
  }
  return header.values[0].map((h) => (h === SERVICE_SHOW_ID ? SERVICE_SHOW_ID : planColumnOf(h)?.header));
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
    const keys = await planKeys(context, table);
    const body = table.getDataBodyRange();
    body.load("values,rowIndex,rowCount");
    // worksheet is a navigation property: it needs no load of its own.
    // eslint-disable-next-line office-addins/call-sync-before-read, office-addins/load-object-before-read
    const sheet = table.worksheet;
    sheet.load("name");
    await context.sync();
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
      if (!k || !WRITTEN.includes(k)) return;
      const column = target.getColumn(c);
      column.numberFormat = prospects.map(() => [TEXT_FORMAT]);
      column.values = values.map((row) => [row[c]]);
    });
    await context.sync();
    const first = body.rowIndex + start + 1;
    return { sheetName: sheet.name, rows: prospects.map((_, i) => first + i) };
  });
}
