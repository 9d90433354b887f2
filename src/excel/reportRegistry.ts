/**
 * The report registry, under the names the brief uses. Definitions live in each report sheet's
 * worksheet custom properties (reportStore.ts: JSON split in 250-character parts), never the key.
 */
import type { ReportDefinition } from "../reports/definition";
import type { ExcelHost } from "./host";
import { listDefinitions, readDefinition, removeDefinition } from "./reportStore";

export { saveDefinition, readDefinition, PROPERTY_PREFIX, PART_LENGTH } from "./reportStore";
export type { ReportDefinition };

/** Every report sheet's definition, in sheet order. */
export function listReports(excel: ExcelHost): Promise<ReportDefinition[]> {
  return listDefinitions(excel);
}

/** Forgets a sheet's definition; its data stay. */
export function removeReport(excel: ExcelHost, sheetName: string): Promise<void> {
  return removeDefinition(excel, sheetName);
}

export function readReport(excel: ExcelHost, sheetName: string): Promise<ReportDefinition | null> {
  return readDefinition(excel, sheetName);
}
