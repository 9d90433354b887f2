/**
 * A Dashboard column's header (pure): the report and whose data it is, so two spend reports for two
 * advertisers are never both "Spend by day". "Spend by day, Nov · Acme Mattress"; a set's sheet
 * ("Acme Mattress · Spend by day", cut to Excel's 31 characters) says its report in full and its value.
 */
import type { ReportDefinition } from "./definition";
import { SOURCE_LABELS } from "./statusLine";

/** Excel's longest sheet name: a name this long may have been cut (cellFormats.ts sheetNameFor). */
const SHEET_NAME_MAX = 31;

/** The advertiser(s) a report's request asked for, as the planner reads them; null for none. */
export function whoseData(params: Record<string, unknown>): string | null {
  const v = params.advertiser ?? params.advertisers;
  const list = (Array.isArray(v) ? v.map(String) : typeof v === "string" ? v.split(",") : [])
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length ? list.join(", ") : null;
}

/**
 * The header's text: the sheet's name (the report, as the planner named it), then whose data it is
 * when the name does not say it already. A name that may have been cut to fit a sheet tab is the
 * report's kind in full instead ("Acme Mattress · Spend by da" → "Spend by day · Acme Mattress").
 */
export function dashboardHeader(def: Pick<ReportDefinition, "sheetName" | "kind" | "params">): string {
  const whose = whoseData(def.params);
  if (!whose) return def.sheetName;
  const cut = def.sheetName.length >= SHEET_NAME_MAX;
  const names = whose.split(", ");
  let report = cut ? SOURCE_LABELS[def.kind] : def.sheetName;
  // A name that already says whose it is ("Acme Mattress · Spend by day") is not said twice.
  if (!cut && names.every((n) => report.includes(n))) return report;
  for (const n of names) report = report.replace(n, "").replace(/^[\s·,-]+|[\s·,-]+$/g, "");
  return `${report || SOURCE_LABELS[def.kind]} · ${whose}`;
}
