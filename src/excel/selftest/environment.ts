/** What the self-test reports about its host: Office's diagnostics and the ExcelApi sets it supports. */
import { numberShape } from "../../runtime/numberShape";
import type { HostEnvironment } from "./step";

/** ExcelApi 1.1 … 1.20: the sets the self-test asks about. */
const SETS = Array.from({ length: 20 }, (_, i) => `1.${i + 1}`);

/** The environment in Office (diagnostics and requirement sets), or null outside Office. */
export function officeEnvironment(): HostEnvironment | null {
  const office = (globalThis as { Office?: typeof Office }).Office;
  const diagnostics = office?.context?.diagnostics;
  if (!diagnostics) return null;
  const requirements = office.context.requirements;
  const platform = String(diagnostics.platform);
  return {
    host: String(diagnostics.host),
    platform,
    version: diagnostics.version,
    requirementSets: SETS.filter((v) => requirements.isSetSupported("ExcelApi", v)),
    numberShape: numberShape((name, version) => requirements.isSetSupported(name, version)),
    webLimits: platform === "OfficeOnline",
  };
}

/**
 * The in-memory workbook of the preview: it models Excel on the web (preview/memory/hostApiSets.ts:
 * ExcelApi 1.19, CustomFunctionsRuntime 1.5), every set the add-in uses.
 */
export const PREVIEW_ENVIRONMENT: HostEnvironment = {
  host: "Preview",
  platform: "in-memory workbook (models Excel on the web)",
  version: "n/a",
  requirementSets: SETS.slice(0, 19),
  numberShape: "Double",
  webLimits: true,
};
