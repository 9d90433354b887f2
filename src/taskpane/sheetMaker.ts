/**
 * Which room makes a new sheet of a kind: Prospects and Delivery sheets add their formulas over the
 * report table (loaded when first asked for), every other kind is a report sheet as it is.
 */
import type { ExcelHost } from "../excel/host";
import type { ReportDefinition } from "../reports/definition";
import { createReportSheet, type NewReport, type SheetData } from "../excel/reportSheets";

export async function makeSheet(
  excel: ExcelHost,
  report: NewReport,
  data: SheetData,
): Promise<ReportDefinition> {
  if (data.type === "table" && report.kind === "prospects")
    return (await import("../excel/prospectsSheet")).createProspectsSheet(excel, report, data);
  if (data.type === "table" && report.kind === "delivery")
    return (await import("../excel/delivery/deliverySheet")).createDeliverySheet(excel, report, data);
  return createReportSheet(excel, report, data);
}
