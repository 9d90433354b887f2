/**
 * A workbook of report sheets bound to cells, as "Run for each" makes them (issue #46): each client's
 * 4 reports take their advertiser from the client's cell in Inputs!A, and one report set runs over the
 * clients' cells. Shared by the Sheets tab's sync-count test and `npm run bench sheets`.
 */
import type { TypedTable } from "../../src/api/table";
import { bindReportParam } from "../../src/excel/reportBindings";
import { makeReportSet } from "../../src/excel/reportSets";
import { createReportSheet } from "../../src/excel/reportSheets";
import { InMemoryWorkbook } from "../../preview/memory/workbook";

export const BOUND_TODAY = new Date(Date.UTC(2026, 10, 22));
const KINDS = ["estimatedSpendByDay", "estimatedSpendByShowByDay", "impressions", "lag"] as const;
const DATES = { startDate: "2026-11-01", endDate: "2026-11-14" };

const table: TypedTable = {
  columns: [
    { name: "Day", kind: "date" },
    { name: "Spend", kind: "currency" },
  ],
  rows: [[46327, 12.5]],
};

/** A workbook of `reports` report sheets, each client's 4 reports bound to its cell in Inputs!A. */
export async function boundReportsWorkbook(reports: number): Promise<InMemoryWorkbook> {
  const wb = new InMemoryWorkbook({ sheets: ["Inputs"], today: () => BOUND_TODAY });
  const clients = Math.ceil(reports / KINDS.length);
  for (let c = 0; c < clients; c++) wb.host.setInput("Inputs", c + 1, 0, `Client ${c + 1}`);
  for (let i = 0; i < reports; i++) {
    const c = Math.floor(i / KINDS.length);
    const kind = KINDS[i % KINDS.length];
    const param = kind.startsWith("estimated") ? "advertisers" : "advertiser";
    const def = await createReportSheet(
      wb.excel,
      { kind, params: { ...DATES, [param]: [`Client ${c + 1}`] }, label: `Client ${c + 1} · ${kind}` },
      { type: "table", table },
      BOUND_TODAY,
    );
    await bindReportParam(wb.excel, def.sheetName, param, { address: `Inputs!A${c + 2}` });
  }
  // One set over the clients' cells, as the Sheets tab lists it too.
  await makeReportSet(wb.excel, {
    name: "Clients",
    client: "advertiser",
    values: `Inputs!A2:A${clients + 1}`,
    reports: [{ kind: "estimatedSpendByDay", params: DATES }],
    dashboard: false,
  });
  return wb;
}
