/** Tables: the collection (add, getItem), a table (name, style, ranges, resize, rows, delete), its sort and AutoFilter. */
import { parseAddress, type Rect } from "../../address";
import { officeError, overlaps, type TableData, type Value } from "../../model";
import { moveCells } from "../../shift";
import { applyFilters, sortTable } from "../../tableSort";
import type { Batch } from "../batch";
import { defineClass, hostObject, invalidArgument, objectArg, type HostObject } from "../hostClass";
import { rangeObject, worksheetObject, type RangeData, type TableScope } from "./lookup";

interface TableRef {
  tableId: string;
}

function inScope(scope: TableScope, t: TableData): boolean {
  if (scope.sheetId && t.sheetId !== scope.sheetId) return false;
  if (!scope.within) return true;
  const r = scope.within.rect;
  const inside =
    t.rect.row >= r.row &&
    t.rect.col >= r.col &&
    t.rect.row + t.rect.rows <= r.row + r.rows &&
    t.rect.col + t.rect.cols <= r.col + r.cols;
  return scope.within.fullyContained ? inside : overlaps(t.rect, r);
}

const tableObject = (t: TableData) => hostObject(Table, { tableId: t.id });

function find(b: Batch, scope: TableScope, key: unknown): TableData | undefined {
  const k = String(key);
  const t = b.model.tableByName(k) ?? b.model.tables.find((x) => x.id === k);
  return t && inScope(scope, t) ? t : undefined;
}

function table(b: Batch, ref: TableRef): TableData {
  const t = b.model.tables.find((x) => x.id === ref.tableId);
  if (!t) throw officeError("ItemNotFound", "The table does not exist");
  return t;
}

/** A new table over `address` (headers in its first row); Excel names it TableN. */
function addTable(b: Batch, scope: TableScope, address: unknown, hasHeaders: unknown): HostObject {
  const parsed = parseAddress(String(address));
  const sheet = parsed.sheet ? b.model.sheetByName(parsed.sheet) : b.model.sheetById(scope.sheetId ?? "");
  if (!sheet) throw officeError("ItemNotFound", `The worksheet of ${String(address)} does not exist`);
  if (hasHeaders !== true) throw invalidArgument("Tables without a header row are not modelled");
  if (b.model.tables.some((t) => t.sheetId === sheet.id && overlaps(t.rect, parsed.rect)))
    throw officeError("InvalidOperation", "A table can't overlap another table");
  let i = b.model.tables.length + 1;
  while (b.model.tableByName(`Table${i}`) || b.model.names.some((n) => n.name.toLowerCase() === `table${i}`))
    i++;
  const created: TableData = {
    id: b.model.nextId("tb"),
    name: `Table${i}`,
    sheetId: sheet.id,
    rect: parsed.rect,
    style: "TableStyleMedium2",
  };
  b.model.tables.push(created);
  b.model.normaliseHeaders(created);
  return tableObject(created);
}

defineClass<TableScope>("TableCollection", {
  items: (scope, b) => b.model.tables.filter((t) => inScope(scope, t)).map(tableObject),
  props: { Count: { get: (scope, b) => b.model.tables.filter((t) => inScope(scope, t)).length } },
  indexer: (scope, key, b) => {
    const t = find(b, scope, key);
    if (!t) throw officeError("ItemNotFound", `The table "${String(key)}" does not exist`);
    return tableObject(t);
  },
  methods: {
    Add: (scope, [address, hasHeaders], b) => addTable(b, scope, address, hasHeaders),
    GetItemOrNullObject: (scope, [key], b) => {
      const t = find(b, scope, key);
      return t ? tableObject(t) : null;
    },
    GetCount: (scope, _a, b) => b.model.tables.filter((t) => inScope(scope, t)).length,
  },
});

const rangeOf = (t: TableData, rect: Rect) => rangeObject(t.sheetId, rect);

const Table = defineClass<TableRef>("Table", {
  id: (ref) => ref.tableId,
  props: {
    Name: {
      get: (ref, b) => table(b, ref).name,
      /** Excel's table naming rules, and one namespace with other tables and defined names. */
      set: (ref, v, b) => {
        const t = table(b, ref);
        b.model.checkDefinedName(String(v), { kind: "table", name: t.name });
        t.name = String(v);
      },
    },
    Id: { get: (ref, b) => table(b, ref).id },
    Style: {
      get: (ref, b) => table(b, ref).style,
      set: (ref, v, b) => void (table(b, ref).style = String(v)),
    },
    // The add-in writes its totals as cells under the table; a table totals row is not modelled.
    ShowTotals: {
      get: () => false,
      set: (_ref, v) => {
        if (v !== false)
          throw officeError(
            "ApiNotFound",
            "A table's totals row is not modelled by the in-memory Excel host",
          );
      },
    },
  },
  nav: {
    Rows: (ref) => hostObject(TableRows, ref),
    Columns: (ref) => hostObject(TableColumns, ref),
    Sort: (ref) => hostObject(TableSort, ref),
    AutoFilter: (ref) => hostObject(AutoFilter, ref),
    Worksheet: (ref, b) => worksheetObject(b.model.sheetById(table(b, ref).sheetId)!),
  },
  methods: {
    GetRange: (ref, _a, b) => {
      const t = table(b, ref);
      return rangeOf(t, t.rect);
    },
    GetHeaderRowRange: (ref, _a, b) => {
      const t = table(b, ref);
      return rangeOf(t, { ...t.rect, rows: 1 });
    },
    GetDataBodyRange: (ref, _a, b) => {
      const t = table(b, ref);
      return rangeOf(t, { ...t.rect, row: t.rect.row + 1, rows: Math.max(1, t.rect.rows - 1) });
    },
    /** The header row stays where it is and the new range must overlap the old one, as Excel requires. */
    Resize: (ref, [address], b) => {
      const t = table(b, ref);
      const rect =
        typeof address === "string"
          ? parseAddress(address).rect
          : objectArg<RangeData>(address, "Range").rect;
      if (rect.row !== t.rect.row || rect.col !== t.rect.col)
        throw invalidArgument("The header row must remain in the same place after a resize");
      if (rect.rows < 2) throw invalidArgument("A table needs a header row and at least one row");
      if (b.model.tables.some((o) => o !== t && o.sheetId === t.sheetId && overlaps(o.rect, rect)))
        throw officeError("InvalidOperation", "A table can't overlap another table");
      const before = t.rect;
      const ids = columnIds(t);
      t.rect = rect;
      // Columns added on the right get new ids; columns cut off take theirs with them.
      t.columnIds =
        rect.cols >= ids.length
          ? [...ids, ...Array.from({ length: rect.cols - ids.length }, () => t.nextColumnId!++)]
          : ids.slice(0, rect.cols);
      b.model.normaliseHeaders(t);
      // Formulas over the table (structured references) follow its new extent.
      b.changed({
        sheetId: t.sheetId,
        rect: { ...rect, rows: Math.max(rect.rows, before.rows), cols: Math.max(rect.cols, before.cols) },
      });
    },
    /** Deletes the table and its cells (convertToRange would keep them; the add-in never needs that). */
    Delete: (ref, _a, b) => {
      const t = table(b, ref);
      const sheet = b.model.sheetById(t.sheetId)!;
      b.model.tables = b.model.tables.filter((x) => x !== t);
      b.model.clear(sheet, t.rect, "All");
      b.changed({ sheetId: sheet.id, rect: t.rect });
    },
  },
});

const TableRows = defineClass<TableRef>("TableRowCollection", {
  props: { Count: { get: (ref, b) => table(b, ref).rect.rows - 1 } },
  methods: {
    GetCount: (ref, _a, b) => table(b, ref).rect.rows - 1,
    /** Appends rows under the table (inserting at an index is not modelled). */
    Add: (ref, [index, values], b) => {
      const t = table(b, ref);
      if (index !== null && index !== undefined)
        throw officeError("ApiNotFound", "Only appending rows is modelled");
      const rows = values as Value[][];
      if (!Array.isArray(rows) || rows.some((r) => !Array.isArray(r) || r.length !== t.rect.cols))
        throw invalidArgument("Each new row must have one value per table column");
      const sheet = b.model.sheetById(t.sheetId)!;
      rows.forEach((row, i) =>
        row.forEach((v, j) => b.model.setValue(sheet, t.rect.row + t.rect.rows + i, t.rect.col + j, v)),
      );
      b.changed({ sheetId: sheet.id, rect: { ...t.rect, row: t.rect.row + t.rect.rows, rows: rows.length } });
      t.rect = { ...t.rect, rows: t.rect.rows + rows.length };
      return null;
    },
  },
});

/** Each column's id, left to right (1, 2, … for a table that never had columns inserted or deleted). */
function columnIds(t: TableData): number[] {
  t.columnIds ??= Array.from({ length: t.rect.cols }, (_, j) => j + 1);
  t.nextColumnId ??= Math.max(0, ...t.columnIds) + 1;
  return t.columnIds;
}

interface ColumnRef extends TableRef {
  columnId: number;
}

const columnObject = (t: TableData, id: number) => hostObject(TableColumn, { tableId: t.id, columnId: id });

/** A column of the table: by its id, or by its header (case-insensitive), as TableColumnCollection.getItem takes either. */
function findColumn(b: Batch, t: TableData, key: unknown): number | undefined {
  const ids = columnIds(t);
  const byId = ids.find((id) => String(id) === String(key));
  if (byId !== undefined) return byId;
  const sheet = b.model.sheetById(t.sheetId)!;
  const j = ids.findIndex(
    (_, i) =>
      String(b.model.cell(sheet, t.rect.row, t.rect.col + i)?.value ?? "").toLowerCase() ===
      String(key).toLowerCase(),
  );
  return j < 0 ? undefined : ids[j];
}

function column(b: Batch, ref: ColumnRef): { t: TableData; index: number } {
  const t = table(b, ref);
  const index = columnIds(t).indexOf(ref.columnId);
  if (index < 0) throw officeError("ItemNotFound", "The table column does not exist");
  return { t, index };
}

/**
 * TableColumnCollection.add: a column inserted at `index` (or last), its cells made by moving the
 * table's rows right from there (what lies right of them in those rows moves too), with a new id.
 */
function addColumn(b: Batch, t: TableData, index: unknown, values: unknown, name: unknown): TableData {
  const at = index === null || index === undefined ? t.rect.cols : Number(index);
  if (!Number.isInteger(at) || at < 0 || at > t.rect.cols)
    throw invalidArgument(`${String(index)} is not a column index of the table`);
  const sheet = b.model.sheetById(t.sheetId)!;
  const band = { row: t.rect.row, col: t.rect.col + at, rows: t.rect.rows, cols: 1 };
  const ids = columnIds(t);
  moveCells(b.model, sheet, band, "Right");
  // Cells made at either edge are not in the table (it moved right, or they lie right of it): it takes them in.
  if (at === 0) {
    t.rect = { ...t.rect, col: band.col, cols: t.rect.cols + 1 };
    t.columnIds = [t.nextColumnId!++, ...ids];
  } else if (at === t.rect.cols) {
    t.rect = { ...t.rect, cols: t.rect.cols + 1 };
    t.columnIds = [...ids, t.nextColumnId!++];
  }
  if (name !== undefined && name !== null) b.model.touch(sheet, t.rect.row, band.col).value = String(name);
  if (Array.isArray(values))
    (values as unknown[][]).forEach((row, i) => {
      if (i > 0 || name === undefined || name === null)
        b.model.setValue(sheet, t.rect.row + i, band.col, (row?.[0] ?? null) as Value);
    });
  b.model.normaliseHeaders(t);
  b.changed({ sheetId: sheet.id, rect: { ...t.rect, col: band.col } });
  return t;
}

const TableColumns = defineClass<TableRef>("TableColumnCollection", {
  items: (ref, b) => {
    const t = table(b, ref);
    return columnIds(t).map((id) => columnObject(t, id));
  },
  props: { Count: { get: (ref, b) => table(b, ref).rect.cols } },
  indexer: (ref, key, b) => {
    const t = table(b, ref);
    const id = findColumn(b, t, key);
    if (id === undefined) throw officeError("ItemNotFound", `The table has no column "${String(key)}"`);
    return columnObject(t, id);
  },
  methods: {
    GetCount: (ref, _a, b) => table(b, ref).rect.cols,
    GetItemAt: (ref, [index], b) => {
      const t = table(b, ref);
      const id = columnIds(t)[Number(index)];
      if (id === undefined) throw officeError("ItemNotFound", `The table has no column at ${String(index)}`);
      return columnObject(t, id);
    },
    GetItemOrNullObject: (ref, [key], b) => {
      const t = table(b, ref);
      const id = findColumn(b, t, key);
      return id === undefined ? null : columnObject(t, id);
    },
    Add: (ref, [index, values, name], b) => {
      const t = addColumn(b, table(b, ref), index, values, name);
      const at = index === null || index === undefined ? t.rect.cols - 1 : Number(index);
      return columnObject(t, columnIds(t)[at]);
    },
  },
});

const TableColumn = defineClass<ColumnRef>("TableColumn", {
  id: (ref) => ref.columnId,
  props: {
    Id: { get: (ref, b) => (column(b, ref), ref.columnId) },
    Index: { get: (ref, b) => column(b, ref).index },
    Name: {
      get: (ref, b) => {
        const { t, index } = column(b, ref);
        return String(
          b.model.cell(b.model.sheetById(t.sheetId)!, t.rect.row, t.rect.col + index)?.value ?? "",
        );
      },
      set: (ref, v, b) => {
        const { t, index } = column(b, ref);
        b.model.touch(b.model.sheetById(t.sheetId)!, t.rect.row, t.rect.col + index).value = String(v);
        b.model.normaliseHeaders(t);
      },
    },
  },
  methods: {
    GetRange: (ref, _a, b) => {
      const { t, index } = column(b, ref);
      return rangeOf(t, { ...t.rect, col: t.rect.col + index, cols: 1 });
    },
    GetHeaderRowRange: (ref, _a, b) => {
      const { t, index } = column(b, ref);
      return rangeOf(t, { row: t.rect.row, col: t.rect.col + index, rows: 1, cols: 1 });
    },
    GetDataBodyRange: (ref, _a, b) => {
      const { t, index } = column(b, ref);
      return rangeOf(t, {
        row: t.rect.row + 1,
        col: t.rect.col + index,
        rows: Math.max(1, t.rect.rows - 1),
        cols: 1,
      });
    },
    /** The column's cells go; what lies right of them in the table's rows moves left. */
    Delete: (ref, _a, b) => {
      const { t, index } = column(b, ref);
      if (t.rect.cols === 1) throw officeError("InvalidOperation", "A table keeps at least one column");
      const sheet = b.model.sheetById(t.sheetId)!;
      moveCells(
        b.model,
        sheet,
        { row: t.rect.row, col: t.rect.col + index, rows: t.rect.rows, cols: 1 },
        "Left",
      );
      b.changed({ sheetId: sheet.id, rect: { ...t.rect, col: t.rect.col + index } });
    },
  },
});

const bodyChange = (t: TableData) => ({ sheetId: t.sheetId, rect: { ...t.rect, row: t.rect.row + 1 } });

/**
 * Table.sort. reapply() with no sort to reapply is refused (the documentation is silent; the
 * stricter reading), so the add-in reads `fields` first.
 */
const TableSort = defineClass<TableRef>("TableSort", {
  props: {
    Fields: { get: (ref, b) => table(b, ref).sort ?? [] },
    MatchCase: { get: () => false },
  },
  methods: {
    Apply: (ref, [fields], b) => {
      const t = table(b, ref);
      const list = (fields ?? []) as { key: number; ascending?: boolean }[];
      if (!Array.isArray(list) || list.length === 0 || list.some((f) => !(f.key >= 0 && f.key < t.rect.cols)))
        throw invalidArgument("A sort field's key is not a column of the table");
      t.sort = list.map((f) => ({ key: f.key, ascending: f.ascending ?? true }));
      sortTable(b.model, t, t.sort);
      b.changed(bodyChange(t));
    },
    Reapply: (ref, _a, b) => {
      const t = table(b, ref);
      if (!t.sort?.length) throw officeError("InvalidOperation", "The table has no sort to reapply");
      sortTable(b.model, t, t.sort);
      b.changed(bodyChange(t));
    },
    Clear: (ref, _a, b) => void (table(b, ref).sort = undefined),
  },
});

/** Table.autoFilter: criteria by column ("Values" filters), reapplied on request. */
const AutoFilter = defineClass<TableRef>("AutoFilter", {
  props: {
    Enabled: { get: () => true },
    IsDataFiltered: { get: (ref, b) => Boolean(table(b, ref).filters?.size) },
    Criteria: {
      get: (ref, b) => {
        const t = table(b, ref);
        return Array.from({ length: t.rect.cols }, (_, j) =>
          t.filters?.has(j) ? { filterOn: "Values", values: t.filters.get(j) } : { filterOn: "Custom" },
        );
      },
    },
  },
  methods: {
    Apply: (ref, [, columnIndex, criteria], b) => {
      const t = table(b, ref);
      const c = criteria as { filterOn?: string; values?: string[] } | null | undefined;
      t.filters ??= new Map();
      if (typeof columnIndex === "number" && c?.filterOn === "Values")
        t.filters.set(columnIndex, c.values ?? []);
      else if (columnIndex !== undefined && columnIndex !== null)
        throw officeError("ApiNotFound", 'Only "Values" filters are modelled');
      applyFilters(b.model, t);
    },
    Reapply: (ref, _a, b) => {
      const t = table(b, ref);
      if (!t.filters?.size) throw officeError("InvalidOperation", "The table has no filter to reapply");
      applyFilters(b.model, t);
    },
    ClearCriteria: (ref, _a, b) => {
      const t = table(b, ref);
      t.filters = undefined;
      applyFilters(b.model, t);
    },
  },
});
