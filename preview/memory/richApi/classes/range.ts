/**
 * Range, its format (font, fill, borders (borders.ts), column widths, horizontal alignment) and its data validation, over the model. A range is
 * found once per request (its sheet by id, its cells by rectangle) and read or written when the
 * call runs; `_KeepReference` keeps it across syncs as office.js asks.
 */
import { MAX_COLS, MAX_ROWS, parseAddress, quoteSheet, rectAddress, type Rect } from "../../address";
import {
  HORIZONTAL_ALIGNMENTS,
  officeError,
  overlaps,
  type CellData,
  type ClearWhat,
  type HorizontalAlign,
  type SheetData,
  type Value,
} from "../../model";
import { columnWidth } from "../../geometry";
import { displayText } from "../../numberFormat";
import { fromR1C1, toR1C1 } from "../../r1c1";
import { moveCells, type ShiftDirection } from "../../shift";
import { cutMove } from "../../cutMove";
import type { Batch } from "../batch";
import { defineClass, hostObject, invalidArgument, objectArg, objectOf } from "../hostClass";
import { rangeObject, rangeSheet, tableCollection, worksheetObject, type RangeData } from "./lookup";

/** Excel refuses reads of more than five million cells. */
const READ_CELL_LIMIT = 5_000_000;

function grid<T>(
  batch: Batch,
  r: RangeData,
  pick: (c: CellData | undefined, row: number, col: number) => T,
): T[][] {
  const { rect } = r;
  if (rect.rows * rect.cols > READ_CELL_LIMIT)
    throw officeError(
      "ResponsePayloadSizeLimitExceeded",
      `The range has ${rect.rows * rect.cols} cells; a read is limited to 5,000,000`,
    );
  const sheet = rangeSheet(batch, r);
  const out: T[][] = new Array(rect.rows);
  for (let i = 0; i < rect.rows; i++) {
    const row = sheet.rows.get(rect.row + i);
    const line: T[] = new Array(rect.cols);
    for (let j = 0; j < rect.cols; j++) line[j] = pick(row?.get(rect.col + j), rect.row + i, rect.col + j);
    out[i] = line;
  }
  return out;
}

function forEachCell(batch: Batch, r: RangeData, fn: (c: CellData) => void): void {
  const sheet = rangeSheet(batch, r);
  for (let i = 0; i < r.rect.rows; i++)
    for (let j = 0; j < r.rect.cols; j++) fn(batch.model.touch(sheet, r.rect.row + i, r.rect.col + j));
}

function valueType(c: CellData | undefined): string {
  if (!c || c.value === null) return "Empty";
  if (c.error) return "Error";
  if (typeof c.value === "number") return "Double";
  if (typeof c.value === "boolean") return "Boolean";
  return "String";
}

/**
 * A cell as `Range.valuesAsJson` gives it (ExcelApi 1.16): its kind of value with the basic value
 * and type `values` and `valueTypes` give; a card is its entity, basic value `#VALUE!` (entities.ts);
 * a function's formatted number keeps its numberFormat.
 */
function valueAsJson(c: CellData | undefined): Excel.CellValue {
  if (c?.entity) return { ...c.entity, basicValue: "#VALUE!", basicType: "Error" };
  if (!c || c.value === null) return { type: "Empty", basicValue: "", basicType: "Empty" };
  if (c.error) return { type: "Error", basicValue: String(c.value), basicType: "Error" } as Excel.CellValue;
  if (typeof c.value === "number")
    return {
      type: "Double",
      basicValue: c.value,
      basicType: "Double",
      ...(c.valueFormat ? { numberFormat: c.valueFormat } : {}),
    };
  if (typeof c.value === "boolean") return { type: "Boolean", basicValue: c.value, basicType: "Boolean" };
  return { type: "String", basicValue: c.value, basicType: "String" };
}

type WriteKind = "values" | "formulas" | "formulasR1C1" | "numberFormat";

/**
 * values / formulas / numberFormat: a 2-D array of the range's shape (null leaves a cell as it
 * is, "" clears it or resets its format), or one value for every cell (never null).
 */
function write(batch: Batch, r: RangeData, v: unknown, kind: WriteKind): void {
  const { rect } = r;
  const sheet = rangeSheet(batch, r);
  const scalar = !Array.isArray(v);
  if (scalar && (v === null || v === undefined))
    throw invalidArgument(`null is not a valid value for the ${kind} of a range`);
  if (!scalar) checkShape(v as unknown[][], rect);
  const writeCell = cellWriters[kind];
  for (let i = 0; i < rect.rows; i++) {
    const row = scalar ? null : (v as unknown[][])[i];
    for (let j = 0; j < rect.cols; j++) {
      const x = scalar ? v : row![j];
      if (x === null || x === undefined) continue; // null: leave the cell as it is
      writeCell(batch, sheet, { row: rect.row + i, col: rect.col + j }, x);
    }
  }
  if (kind !== "numberFormat") contentsChanged(batch, sheet, rect);
}

/** A 2-D array written to a range has the range's rows and columns. */
function checkShape(rows: unknown[][], rect: Rect): void {
  if (rows.length !== rect.rows || rows.some((row) => !Array.isArray(row) || row.length !== rect.cols)) {
    throw invalidArgument(
      `The number of rows or columns in the input array doesn't match the size or dimensions of the range (${rect.rows}×${rect.cols})`,
    );
  }
}

/** One item of a values / formulas write: text, a number or a boolean. */
function cellInput(x: unknown): Value {
  if (typeof x === "object") throw invalidArgument("A cell value must be text, a number or a boolean");
  return x as Value;
}

type CellWriter = (batch: Batch, sheet: SheetData, at: { row: number; col: number }, x: unknown) => void;

/** How one non-null item of each kind of write lands in its cell. */
const cellWriters: Record<WriteKind, CellWriter> = {
  numberFormat: (batch, sheet, at, x) => {
    if (typeof x !== "string") throw invalidArgument("A number format must be text");
    batch.model.touch(sheet, at.row, at.col).numberFormat = x === "" || x === "General" ? undefined : x;
  },
  formulas: (batch, sheet, at, x) => batch.model.setFormula(sheet, at.row, at.col, cellInput(x)),
  formulasR1C1: (batch, sheet, at, x) => {
    const input = cellInput(x);
    batch.model.setFormula(
      sheet,
      at.row,
      at.col,
      typeof input === "string" && input.startsWith("=") ? fromR1C1(input, at.row, at.col) : input,
    );
  },
  values: (batch, sheet, at, x) => {
    const input = cellInput(x);
    batch.model.setValue(sheet, at.row, at.col, input);
    const observe = batch.host.valueWritten;
    if (observe) observe({ sheet: sheet.name, ...at, input, cell: batch.model.cell(sheet, at.row, at.col)! });
  },
};

/** After contents changed: calculation, spills, and table headers (always unique text). */
function contentsChanged(batch: Batch, sheet: SheetData, rect: Rect): void {
  batch.changed({ sheetId: sheet.id, rect });
  batch.model.respill(sheet, rect);
  for (const t of batch.model.tables)
    if (t.sheetId === sheet.id && overlaps({ ...t.rect, rows: 1 }, rect)) batch.model.normaliseHeaders(t);
}

const relative = (r: RangeData, rect: Rect) => rangeObject(r.sheetId, rect);

/** The cells a move of `rect` changes: it and everything after it along the move, across its width. */
function afterward(rect: Rect, direction: ShiftDirection): Rect {
  return direction === "Down" || direction === "Up"
    ? { ...rect, rows: MAX_ROWS - rect.row }
    : { ...rect, cols: MAX_COLS - rect.col };
}

defineClass<RangeData>("Range", {
  props: {
    Address: { get: (r, b) => `${quoteSheet(rangeSheet(b, r).name)}!${rectAddress(r.rect)}` },
    RowCount: { get: (r) => r.rect.rows },
    ColumnCount: { get: (r) => r.rect.cols },
    RowIndex: { get: (r) => r.rect.row },
    ColumnIndex: { get: (r) => r.rect.col },
    Values: { get: (r, b) => grid(b, r, (c) => c?.value ?? ""), set: (r, v, b) => write(b, r, v, "values") },
    Text: { get: (r, b) => grid(b, r, (c) => displayText(c, b.model.date1904)) },
    ValueTypes: { get: (r, b) => grid(b, r, valueType) },
    ValuesAsJson: { get: (r, b) => grid(b, r, valueAsJson) },
    Formulas: {
      get: (r, b) => grid(b, r, (c) => c?.formula ?? c?.value ?? ""),
      set: (r, v, b) => write(b, r, v, "formulas"),
    },
    FormulasR1C1: {
      get: (r, b) =>
        grid(b, r, (c, row, col) => (c?.formula ? toR1C1(c.formula, row, col) : (c?.value ?? ""))),
      set: (r, v, b) => write(b, r, v, "formulasR1C1"),
    },
    NumberFormat: {
      get: (r, b) => grid(b, r, (c) => c?.numberFormat ?? "General"),
      set: (r, v, b) => write(b, r, v, "numberFormat"),
    },
    Hyperlink: {
      get: (r, b) => {
        const first = b.model.cell(rangeSheet(b, r), r.rect.row, r.rect.col);
        return first?.hyperlink ? { address: first.hyperlink } : null;
      },
      set: (r, value, b) => {
        const link = value as { address?: string; textToDisplay?: string } | null;
        forEachCell(b, r, (c) => {
          c.hyperlink = link?.address;
          if (link?.textToDisplay !== undefined) {
            c.value = link.textToDisplay;
            c.formula = undefined;
            c.error = undefined;
          }
        });
        if (link?.textToDisplay !== undefined) b.changed({ sheetId: r.sheetId, rect: r.rect });
      },
    },
  },
  nav: {
    Format: (r) => hostObject(RangeFormat, r),
    DataValidation: (r) => hostObject(DataValidation, r),
    Worksheet: (r, b) => worksheetObject(rangeSheet(b, r)),
  },
  methods: {
    GetResizedRange: (r, [rows, cols]) =>
      relative(r, { ...r.rect, rows: r.rect.rows + Number(rows), cols: r.rect.cols + Number(cols) }),
    GetOffsetRange: (r, [rows, cols]) =>
      relative(r, { ...r.rect, row: r.rect.row + Number(rows), col: r.rect.col + Number(cols) }),
    GetCell: (r, [row, col]) =>
      relative(r, { row: r.rect.row + Number(row), col: r.rect.col + Number(col), rows: 1, cols: 1 }),
    GetRow: (r, [row]) => relative(r, { ...r.rect, row: r.rect.row + Number(row), rows: 1 }),
    GetEntireColumn: (r) => relative(r, { ...r.rect, row: 0, rows: MAX_ROWS }),
    GetEntireRow: (r) => relative(r, { ...r.rect, col: 0, cols: MAX_COLS }),
    GetLastRow: (r) => relative(r, { ...r.rect, row: r.rect.row + r.rect.rows - 1, rows: 1 }),
    GetLastColumn: (r) => relative(r, { ...r.rect, col: r.rect.col + r.rect.cols - 1, cols: 1 }),
    GetLastCell: (r) =>
      relative(r, { row: r.rect.row + r.rect.rows - 1, col: r.rect.col + r.rect.cols - 1, rows: 1, cols: 1 }),
    // Rows above or below, columns before or after (count 1 unless given; past the sheet's edge: an
    // error, as every range outside the worksheet is here).
    GetRowsAbove: (r, [count]) => {
      const n = count === undefined || count === null ? 1 : Number(count);
      return relative(r, { ...r.rect, row: r.rect.row - n, rows: n });
    },
    GetRowsBelow: (r, [count]) => {
      const n = count === undefined || count === null ? 1 : Number(count);
      return relative(r, { ...r.rect, row: r.rect.row + r.rect.rows, rows: n });
    },
    GetColumnsBefore: (r, [count]) => {
      const n = count === undefined || count === null ? 1 : Number(count);
      return relative(r, { ...r.rect, col: r.rect.col - n, cols: n });
    },
    GetColumnsAfter: (r, [count]) => {
      const n = count === undefined || count === null ? 1 : Number(count);
      return relative(r, { ...r.rect, col: r.rect.col + r.rect.cols, cols: n });
    },
    GetColumn: (r, [col]) => relative(r, { ...r.rect, col: r.rect.col + Number(col), cols: 1 }),
    /** The smallest range holding this one and `other` (office.js splits a large write into such row blocks). */
    GetBoundingRect: (r, [other]) => {
      const o = objectArg<RangeData>(other, "Range");
      if (o.sheetId !== r.sheetId) throw invalidArgument("The ranges are on different worksheets");
      const row = Math.min(r.rect.row, o.rect.row);
      const col = Math.min(r.rect.col, o.rect.col);
      const end = (x: Rect) => ({ row: x.row + x.rows, col: x.col + x.cols });
      return relative(r, {
        row,
        col,
        rows: Math.max(end(r.rect).row, end(o.rect).row) - row,
        cols: Math.max(end(r.rect).col, end(o.rect).col) - col,
      });
    },
    /** office.js checks a large array's shape against the range before it sends it in row blocks. */
    _ValidateArraySize: (r, [rows, cols]) => {
      if (rows !== r.rect.rows || cols !== r.rect.cols)
        throw invalidArgument(
          `The number of rows or columns in the input array doesn't match the size or dimensions of the range (${r.rect.rows}×${r.rect.cols})`,
        );
    },
    /** The tables that overlap this range (or lie wholly inside it with fullyContained). */
    GetTables: (r, [fullyContained]) =>
      tableCollection({
        sheetId: r.sheetId,
        within: { rect: r.rect, fullyContained: fullyContained === true },
      }),
    /**
     * Per-cell properties, only those asked for (CellPropertiesLoadOptions, a required argument: row 50
     * of docs/excel-fidelity.md): fill colour, bold and the hyperlink, the part the add-in reads.
     */
    GetCellProperties: (r, [options], b) => {
      if (options === null || typeof options !== "object")
        throw invalidArgument(
          "getCellProperties needs the cell properties to load (cellPropertiesLoadOptions)",
        );
      const asked = options as {
        format?: { fill?: { color?: boolean }; font?: { bold?: boolean } };
        hyperlink?: boolean;
      };
      return grid(b, r, (c) => ({
        ...(asked.format
          ? {
              format: {
                ...(asked.format.fill?.color ? { fill: { color: c?.fill ?? "#FFFFFF" } } : {}),
                ...(asked.format.font?.bold ? { font: { bold: c?.bold ?? false } } : {}),
              },
            }
          : {}),
        ...(asked.hyperlink && c?.hyperlink ? { hyperlink: { address: c.hyperlink } } : {}),
      }));
    },
    /**
     * Per-column properties (ColumnPropertiesLoadOptions, required as for cells): the column's index,
     * whether it is hidden and its width in points, one object a column of the range, only those asked.
     */
    GetColumnProperties: (r, [options], b) => {
      if (options === null || typeof options !== "object")
        throw invalidArgument(
          "getColumnProperties needs the column properties to load (columnPropertiesLoadOptions)",
        );
      const asked = options as {
        columnIndex?: boolean;
        columnHidden?: boolean;
        format?: Record<string, unknown>;
      };
      const formatKeys = Object.keys(asked.format ?? {});
      const unmodelled = formatKeys.filter((k) => k !== "columnWidth");
      if (unmodelled.length)
        throw invalidArgument(`Column properties ${unmodelled.join(", ")} are not modelled (columnWidth is)`);
      const sheet = rangeSheet(b, r);
      return Array.from({ length: r.rect.cols }, (_, j) => {
        const col = r.rect.col + j;
        return {
          ...(asked.columnIndex ? { columnIndex: col } : {}),
          ...(asked.columnHidden ? { columnHidden: false } : {}),
          ...(asked.format?.columnWidth ? { format: { columnWidth: columnWidth(sheet, col) } } : {}),
        };
      });
    },
    Clear: (r, [applyTo], b) => {
      const what = (applyTo ?? "All") as ClearWhat;
      const sheet = rangeSheet(b, r);
      b.model.clear(sheet, r.rect, what);
      if (what === "All" || what === "Contents") contentsChanged(b, sheet, r.rect);
    },
    /** Range.insert: cells move down or right to make room (shift "Down" or "Right"); returns the new cells. */
    Insert: (r, [shift], b) => {
      const direction = String(shift);
      if (direction !== "Down" && direction !== "Right")
        throw invalidArgument(`"${direction}" is not an InsertShiftDirection (Down, Right)`);
      const sheet = rangeSheet(b, r);
      // The range itself moves on with the cells it held: the new cells are where it was.
      const rect = { ...r.rect };
      moveCells(b.model, sheet, rect, direction);
      b.changed({ sheetId: sheet.id, rect: afterward(rect, direction) });
      return rangeObject(r.sheetId, rect);
    },
    /** Range.moveTo: cut and paste within the sheet (cutMove.ts); references to the moved cells follow them. */
    MoveTo: (r, [destination], b) => {
      const sheet = rangeSheet(b, r);
      const dest =
        typeof destination === "string"
          ? {
              sheetId: r.sheetId,
              rect: parseAddress(destination).rect,
              sheetName: parseAddress(destination).sheet,
            }
          : { ...objectArg<RangeData>(destination, "Range"), sheetName: undefined };
      const destSheet = dest.sheetName ? b.model.sheetByName(dest.sheetName) : rangeSheet(b, dest);
      if (destSheet !== sheet)
        throw officeError("InvalidOperation", "This host moves cells within their sheet only");
      const to = cutMove(b.model, sheet, { ...r.rect }, { row: dest.rect.row, col: dest.rect.col });
      b.changed({ sheetId: sheet.id, rect: r.rect });
      b.changed({ sheetId: sheet.id, rect: to });
    },
    /** Range.delete: the cells go and the ones after them move up or left (shift "Up" or "Left"). */
    Delete: (r, [shift], b) => {
      const direction = String(shift);
      if (direction !== "Up" && direction !== "Left")
        throw invalidArgument(`"${direction}" is not a DeleteShiftDirection (Up, Left)`);
      const sheet = rangeSheet(b, r);
      const rect = { ...r.rect };
      moveCells(b.model, sheet, rect, direction);
      b.changed({ sheetId: sheet.id, rect: afterward(rect, direction) });
    },
    Select: (r, _args, b) => {
      rangeSheet(b, r);
      b.model.activeSheetId = r.sheetId;
      b.model.selection = { sheetId: r.sheetId, rect: r.rect };
    },
  },
});

const RangeFormat = defineClass<RangeData>("RangeFormat", {
  props: {
    HorizontalAlignment: {
      get: (r, b) => firstCell(b, r)?.align ?? "General",
      set: (r, v, b) => {
        const align = String(v);
        // Fill, Justify, CenterAcrossSelection and Distributed are Excel's too, but not modelled.
        if (align !== "General" && !(HORIZONTAL_ALIGNMENTS as readonly string[]).includes(align))
          throw invalidArgument(
            `Horizontal alignment ${align} is not modelled (General, Left, Center, Right are)`,
          );
        forEachCell(b, r, (c) => (c.align = align === "General" ? undefined : (align as HorizontalAlign)));
      },
    },
    /** The columns' width in points; null when they differ, as RangeFormat.columnWidth documents. */
    ColumnWidth: {
      get: (r, b) => {
        const sheet = rangeSheet(b, r);
        const first = columnWidth(sheet, r.rect.col);
        for (let c = r.rect.col + 1; c < r.rect.col + r.rect.cols; c++)
          if (columnWidth(sheet, c) !== first) return null;
        return first;
      },
      set: (r, w, b) => {
        const sheet = rangeSheet(b, r);
        for (let c = r.rect.col; c < r.rect.col + r.rect.cols; c++) sheet.columnWidths.set(c, Number(w));
      },
    },
  },
  nav: {
    Font: (r) => hostObject(RangeFont, r),
    Fill: (r) => hostObject(RangeFill, r),
    Borders: (r) => objectOf("RangeBorderCollection", r),
  },
  methods: {
    AutofitColumns: (r, _args, b) => void rangeSheet(b, r),
  },
});

const firstCell = (b: Batch, r: RangeData) => b.model.cell(rangeSheet(b, r), r.rect.row, r.rect.col);

const RangeFont = defineClass<RangeData>("RangeFont", {
  props: {
    // Not bold is the default: a cell holds no flag for it.
    Bold: {
      get: (r, b) => firstCell(b, r)?.bold ?? false,
      set: (r, v, b) => forEachCell(b, r, (c) => (c.bold = v ? true : undefined)),
    },
    Color: {
      get: (r, b) => firstCell(b, r)?.color ?? "#000000",
      set: (r, v, b) => forEachCell(b, r, (c) => (c.color = String(v))),
    },
  },
});

const RangeFill = defineClass<RangeData>("RangeFill", {
  props: {
    Color: {
      get: (r, b) => firstCell(b, r)?.fill ?? "",
      set: (r, v, b) => forEachCell(b, r, (c) => (c.fill = String(v))),
    },
  },
  methods: {
    Clear: (r, _args, b) => forEachCell(b, r, (c) => (c.fill = undefined)),
  },
});

/** The list rules on exactly this range (alert and prompt attach to the rule set there). */
function validationsHere(b: Batch, r: RangeData): SheetData["validations"] {
  return rangeSheet(b, r).validations.filter(
    (v) =>
      v.rect.row === r.rect.row &&
      v.rect.col === r.rect.col &&
      v.rect.rows === r.rect.rows &&
      v.rect.cols === r.rect.cols,
  );
}

const DataValidation = defineClass<RangeData>("DataValidation", {
  props: {
    // A list rule is the only kind the add-in writes; any other rule is refused rather than ignored.
    Rule: {
      set: (r, rule, b) => {
        const source = (rule as { list?: { source?: unknown } } | null)?.list?.source;
        if (source === undefined) throw invalidArgument("Only list validation rules are modelled");
        rangeSheet(b, r).validations.push({
          rect: r.rect,
          list: String(source)
            .split(",")
            .map((s) => s.trim()),
        });
      },
    },
    ErrorAlert: {
      set: (r, value, b) => {
        const alert = value as { style?: string; message?: string };
        for (const v of validationsHere(b, r))
          v.alert = { style: alert.style ?? "Stop", message: alert.message ?? "" };
      },
    },
    Prompt: {
      set: (r, value, b) => {
        const prompt = value as { message?: string };
        for (const v of validationsHere(b, r)) v.prompt = prompt.message ?? "";
      },
    },
  },
  methods: {
    Clear: (r, _args, b) => {
      const sheet = rangeSheet(b, r);
      sheet.validations = sheet.validations.filter((v) => !overlaps(v.rect, r.rect));
    },
  },
});
