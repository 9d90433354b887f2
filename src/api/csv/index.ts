export { parseReportCsv, type CsvOptions } from "./parse";
export { REPORT_COLUMNS, catalogueKind } from "./catalogue";
export { parseDate, parseDateTime, parseNumber, utcToSerial, serialToUtc } from "./values";
export { expectedHeader, headerProblem, type HeaderExpectation } from "./header";
export { csvRecords, type CsvRecords } from "./records";
