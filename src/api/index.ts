/** Public API of the service client (pure TypeScript: no DOM, no Office). */
export { AdsClient, type ClientOptions } from "./client";
export * from "./errors";
export * from "./schemas";
export { parseReportCsv, type CsvOptions } from "./csv";
export type { PollOptions, PollProgress } from "./polling";
export type { ReportRun } from "./resources/reports";
export type { CellValue, ColumnKind, TableColumn, TypedTable } from "./table";
