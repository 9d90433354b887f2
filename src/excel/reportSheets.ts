/**
 * Refreshable report sheets, as the rest of the add-in uses them: create one from fetched data
 * (reportCreate.ts), refresh one (reportRefresh.ts) or all (refreshAll.ts), switch its chart
 * (reportChart.ts), rename it or mark it to refresh on open (reportSettings.ts). A refresh keeps the
 * table's name and place, so formulas that reference it keep working; one that fails leaves the
 * previous data as it was and records the error on the definition.
 */
export type { NewReport, RefreshProgress, SheetData, SheetFetcher } from "./reportSheetTypes";
export { createReportSheet } from "./reportCreate";
export { refreshReport, refreshUnlocked } from "./reportRefresh";
export { refreshAll, refreshOnOpen } from "./refreshAll";
export { setReportChart } from "./reportChart";
export { renameReportSheet, setRefreshOnOpenFlag } from "./reportSettings";
export { definitionFor } from "./reportFor";
export { listDefinitions, readDefinition, removeDefinition } from "./store/reportRecords";
