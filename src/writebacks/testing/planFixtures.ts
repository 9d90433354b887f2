/** Test fixtures: plan sheets built by header name, so tests read like the table a user fills in. */
import type { CellValue } from "../../api/table";
import { PLAN_HEADERS } from "../planColumns";
import type { PlanSheet } from "../planValidate";

export type PlanRowInput = Partial<Record<string, CellValue>>;

export function planSheet(
  rows: readonly PlanRowInput[],
  headers: readonly string[] = PLAN_HEADERS,
): PlanSheet {
  return { headers: [...headers], rows: rows.map((r) => headers.map((h) => r[h] ?? "")) };
}

/** A valid DAI flight of campaign "Spring" for Acme. */
export const daiRow = (over: PlanRowInput = {}): PlanRowInput => ({
  name: "Spring",
  advertiser: "Acme",
  publisher: "pub-1",
  type: "DAI",
  startDate: 45717, // 2025-03-01
  endDate: "2025-03-31",
  cpm: 25,
  currency: "USD",
  expectedUnits: "pre:30, mid:60",
  tags: "q1, audio",
  ...over,
});
