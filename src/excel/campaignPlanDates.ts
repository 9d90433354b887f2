import { utcToSerial } from "../api/excelDates";

/** Date → Excel serial of its local clock time (1900 date system), as Excel shows NOW(). */
export function localSerial(d: Date): number {
  return utcToSerial(d.getTime() - d.getTimezoneOffset() * 60_000);
}
