/**
 * A table found in one sync, with the other tables of its sheet by the names read before (run.ts's
 * locate takes two: the names, then their places): its place, header, column ids, sort and filter.
 */
import type { Box, SheetTable } from "./structure";

/** A table as found: what plan.ts and run.ts read of it. */
export interface FoundTable {
  t: Excel.Table;
  old: Box;
  headers: string[];
  ids: number[];
  sorted: boolean;
  filtered: boolean;
}

const box = (r: Excel.Range): Box => ({
  row: r.rowIndex,
  col: r.columnIndex,
  rows: r.rowCount,
  cols: r.columnCount,
});

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
  const range = t.getRange();
  range.load("rowIndex,columnIndex,rowCount,columnCount");
  const header = t.getHeaderRowRange();
  header.load("values");
  t.columns.load("items/id");
  // sort and autoFilter are navigation properties: loaded with the rest, in the one sync.
  // eslint-disable-next-line office-addins/call-sync-before-read
  const sort = t.sort;
  sort.load("fields");
  // eslint-disable-next-line office-addins/call-sync-before-read
  const filter = t.autoFilter;
  filter.load("isDataFiltered");
  const others = otherNames.map((name) => {
    const o = sheet.tables.getItemOrNullObject(name);
    const r = o.getRange();
    r.load("rowIndex,columnIndex,rowCount,columnCount");
    return { name, o, r };
  });
  // Read once the caller has synced.
  return () => ({
    found: {
      t,
      old: box(range),
      headers: header.values[0].map(String),
      ids: t.columns.items.map((c) => c.id),
      sorted: sort.fields.length > 0,
      filtered: filter.isDataFiltered,
    },
    sheetTables: [
      { name: tableName, rect: box(range) },
      ...others.filter((x) => !x.o.isNullObject).map((x) => ({ name: x.name, rect: box(x.r) })),
    ],
  });
}
