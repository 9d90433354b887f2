/**
 * A table found in one sync, with the other tables of its sheet by the names read before (run.ts's
 * locate takes two: the names, then their places): its place, header, column ids, sort and filter.
 */
import type { SheetTable } from "./structure";
import { queueTablePlaces, queueTableRead, type FoundTable } from "./tableRead";

/**
 * Queues the loads (the caller syncs; a table missing is a null object, read by the caller before
 * calling the result): after the sync, the table found and every table of the sheet with its place.
 */
export function queueLocateKnown(
  sheet: Excel.Worksheet,
  tableName: string,
  otherNames: readonly string[],
): () => { found: FoundTable; sheetTables: SheetTable[] } {
  const t = sheet.tables.getItemOrNullObject(tableName);
  const table = queueTableRead(t);
  const others = queueTablePlaces(sheet, otherNames);
  // Read once the caller has synced.
  return () => {
    const found = table();
    return { found, sheetTables: [{ name: tableName, rect: found.old }, ...others()] };
  };
}
