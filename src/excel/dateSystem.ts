/**
 * The workbook's date system (File > Options > Advanced, "Use 1904 date system"), and dates moved
 * between it and the add-in's. Everything outside src/excel counts in the 1900 system
 * (src/api/excelDates.ts); dates are moved into the workbook's system where they are written and
 * out of it where they are read, here at the edge.
 *
 * Office.js has no property for it, so the workbook is asked what DATE(1904,1,1) is: 0 in the 1904
 * system, 1462 in the 1900 system (Functions, ExcelApi 1.2). An Excel that cannot say is taken to
 * count in the 1900 system, as every Excel for Windows and the web does by default.
 */
import type { ColumnKind, TypedTable } from "../api/table";
import { SYSTEM_OFFSET_DAYS, type DateSystem } from "../api/excelDates";
import type { ExcelHost } from "./host";

/** Asks in one sync; a host without workbook functions answers the 1900 system. */
export async function readDateSystem(context: Excel.RequestContext): Promise<DateSystem> {
  try {
    const result = context.workbook.functions.date(1904, 1, 1);
    result.load("value");
    await context.sync();
    return result.value === 0 ? "1904" : "1900";
  } catch {
    return "1900";
  }
}

/**
 * Asked once per workbook while the add-in runs: a planner switches the option rarely, and a
 * workbook that was switched is read again when the pane is next opened.
 */
const known = new WeakMap<ExcelHost, Promise<DateSystem>>();

export function dateSystemOf(excel: ExcelHost): Promise<DateSystem> {
  let system = known.get(excel);
  if (!system) {
    system = excel.run(readDateSystem).catch((): DateSystem => "1900");
    known.set(excel, system);
  }
  return system;
}

const DATE_KINDS: ReadonlySet<ColumnKind> = new Set(["date", "datetime"]);

/** A 1900-system serial as the workbook holds it. */
export const toWorkbookSerial = (serial: number, system: DateSystem): number =>
  system === "1904" ? serial - SYSTEM_OFFSET_DAYS : serial;

/** A serial read from the workbook as a 1900-system serial. */
export const fromWorkbookSerial = (serial: number, system: DateSystem): number =>
  system === "1904" ? serial + SYSTEM_OFFSET_DAYS : serial;

/** The table with its date and date-time columns in the workbook's system (the same table in the 1900 system). */
export function tableInSystem(table: TypedTable, system: DateSystem): TypedTable {
  return movedDates(table, system, toWorkbookSerial);
}

/** A table read back from the workbook with its date and date-time columns in the 1900 system. */
export function tableFromSystem(table: TypedTable, system: DateSystem): TypedTable {
  return movedDates(table, system, fromWorkbookSerial);
}

function movedDates(
  table: TypedTable,
  system: DateSystem,
  move: (serial: number, system: DateSystem) => number,
): TypedTable {
  if (system === "1900") return table;
  const dated = table.columns.flatMap((c, j) => (DATE_KINDS.has(c.kind) ? [j] : []));
  if (dated.length === 0) return table;
  const rows = table.rows.map((row) => {
    const out = row.slice();
    for (const j of dated) {
      const v = out[j];
      if (typeof v === "number") out[j] = move(v, system);
    }
    return out;
  });
  return { ...table, rows };
}

/** Whether a number format shows a date or time (codes y, m, d, h, s outside quotes and brackets). */
export function isDateFormat(format: string): boolean {
  const codes = format.replace(/"[^"]*"|\[[^\]]*\]|\\.|_.|\*./g, "");
  return !/^general$/i.test(codes.trim()) && /[ydhs]/i.test(codes) && !/[0#?]/.test(codes);
}
