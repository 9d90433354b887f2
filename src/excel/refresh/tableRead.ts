/**
 * The reads of a table's shape every read step queues (readBefore's locateKnown.ts, readOnce.ts,
 * plan.ts's locate): its place, header, column ids, sort, filter and column widths; and other tables' places. The
 * caller syncs; the results are read after it.
 */
import type { Box, SheetTable } from "./structure";

/** A table as found: its place, header, column ids, sort and filter (`t` is handed on to the write step). */
export interface FoundTable {
  t: Excel.Table;
  old: Box;
  headers: string[];
  ids: number[];
  sorted: boolean;
  filtered: boolean;
  /** Each column's width in points, left to right (a planner may have widened one: a refresh keeps it). */
  widths: number[];
}

/** A range's place, once its rowIndex, columnIndex, rowCount and columnCount are loaded. */
export const box = (r: Excel.Range): Box => ({
  row: r.rowIndex,
  col: r.columnIndex,
  rows: r.rowCount,
  cols: r.columnCount,
});

/** A range whose place is loaded. */
export function placeOf(r: Excel.Range): Excel.Range {
  r.load("rowIndex,columnIndex,rowCount,columnCount");
  return r;
}

/** Queues the table's shape; after the sync, the table as found. */
export function queueTableRead(t: Excel.Table): () => FoundTable {
  const range = placeOf(t.getRange());
  const header = t.getHeaderRowRange();
  header.load("values");
  const widths = header.getColumnProperties({ format: { columnWidth: true } });
  t.columns.load("items/id");
  // sort and autoFilter are navigation properties: loaded with the rest, in the one sync.
  const sort = t.sort;
  sort.load("fields");
  const filter = t.autoFilter;
  filter.load("isDataFiltered");
  return () => ({
    t,
    old: box(range),
    headers: header.values[0].map(String),
    ids: t.columns.items.map((c) => c.id),
    sorted: sort.fields.length > 0,
    filtered: filter.isDataFiltered,
    widths: widths.value.map((c) => c.format?.columnWidth ?? 0),
  });
}

/** Queues the places of the sheet's tables named `names`; after the sync, those still there. */
export function queueTablePlaces(sheet: Excel.Worksheet, names: readonly string[]): () => SheetTable[] {
  const places = names.map((name) => {
    const o = sheet.tables.getItemOrNullObject(name);
    return { name, o, r: placeOf(o.getRange()) };
  });
  return () => places.filter((x) => !x.o.isNullObject).map((x) => ({ name: x.name, rect: box(x.r) }));
}
