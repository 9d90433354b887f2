/** Campaign plan rows typed into the in-memory workbook as a user would, for workbook and contract tests. */
import type { InMemoryWorkbook } from "../../preview/memory/workbook";
import { PLAN_HEADERS } from "../../src/writebacks/planColumns";

export type PlanInput = Partial<Record<string, string>>;

export const planColumn = (header: string): number => PLAN_HEADERS.indexOf(header);

/** Types rows from the plan's data row `from` (0 = the first); typing below the table grows it. */
export function typePlanRows(
  wb: InMemoryWorkbook,
  sheet: string,
  rows: readonly PlanInput[],
  from = 0,
): void {
  rows.forEach((r, i) => {
    for (const [header, text] of Object.entries(r))
      wb.host.setInput(sheet, 1 + from + i, planColumn(header), text ?? "");
  });
}

/** A valid DAI flight of Acme Mattress, as typed text. */
export const daiFlight = (name: string, startDate = "2026-12-01", endDate = "2026-12-31"): PlanInput => ({
  name,
  advertiser: "Acme Mattress",
  publisher: "demo-publisher",
  type: "DAI",
  startDate,
  endDate,
  cpm: "25",
  currency: "USD",
  externalId: `ext-${name}`,
  expectedUnits: "pre:30, mid:60",
});
