export { parseReportCsv, ReportCsvReader } from "./parse";
export { REPORT_COLUMNS, catalogueKind } from "./catalogue";
export { parseDate, parseDateTime, serialToUtc } from "./values";
export { expectedHeader } from "./header";
export { csvRecords } from "./records";
