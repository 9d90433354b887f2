/**
 * A Delivery sheet's request from a campaign plan (issue #56): the campaign ids its Create returned
 * (the Campaign id column) and the period its flights cover, so campaigns-performance lists them all.
 */
import type { CellValue } from "../api/table";
import { serialToIsoDate } from "../api/excelDates";
import type { PlanSheet } from "./planValidate";

const isoOf = (v: CellValue): string | null =>
  typeof v === "number"
    ? serialToIsoDate(Math.floor(v))
    : typeof v === "string" && /^\d{4}-\d{2}-\d{2}$/.test(v.trim())
      ? v.trim()
      : null;

/** The plan's created campaigns and their period, or why there are none yet. */
export function deliveryParamsFromPlan(
  plan: PlanSheet,
): { campaignIds: string; startDate?: string; endDate?: string } | { none: string } {
  const at = (key: string) => plan.headers.indexOf(key);
  const id = at("id");
  if (id < 0) return { none: "The plan has no Campaign id column: it is not a campaign plan sheet" };
  const created = plan.rows.filter((r) => String(r[id] ?? "").trim() !== "");
  if (!created.length)
    return { none: "No flight of the plan has a Campaign id yet: Create the plan's campaigns first" };
  const dates = (key: string) => (at(key) < 0 ? [] : created.flatMap((r) => isoOf(r[at(key)]) ?? []).sort());
  const starts = dates("startDate");
  const ends = dates("endDate");
  return {
    campaignIds: created.map((r) => String(r[id]).trim()).join(", "),
    ...(starts.length ? { startDate: starts[0] } : {}),
    ...(ends.length ? { endDate: ends[ends.length - 1] } : {}),
  };
}
