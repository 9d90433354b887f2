/**
 * A workbook as data: what the in-memory workbook holds, read straight from its model, in a shape
 * that does not depend on the model's era. The stored-format fixtures (test/fixtures/stored/) are
 * dumps made by this file inside a worktree of an old commit (scripts/stored-fixtures/): it imports
 * nothing, and reads the model by duck typing, because the model's classes changed across eras
 * (`preview/memory/model.ts` had no table column ids, charts or defined names at first). Today's
 * tests dump today's model with it too (test/support/storedFixtures.ts), for the round trip.
 */

type DumpValue = string | number | boolean | null;

interface DumpRect {
  row: number;
  col: number;
  rows: number;
  cols: number;
}

/** A cell that holds anything: a value, a formula or a format. Rows and columns are 0-based. */
export interface DumpCell {
  row: number;
  col: number;
  value: DumpValue;
  /** The value is an error (#N/A, #DIV/0!…), held as its text. */
  error?: boolean;
  formula?: string;
  numberFormat?: string;
  hyperlink?: string;
  bold?: boolean;
  fill?: string;
  color?: string;
  align?: string;
}

export interface DumpTable {
  name: string;
  range: DumpRect;
  style: string;
  /** The header texts, read from the header row. */
  headers: string[];
  /**
   * TableColumn ids left to right. `columnIdsRecorded` false: the model of that era kept no ids,
   * so these are the ids it answered (1, 2, … as made; Excel does the same for a new table).
   */
  columnIds: number[];
  columnIdsRecorded: boolean;
  nextColumnId?: number;
  /** The sort last applied (body column index, ascending). */
  sort?: { key: number; ascending: boolean }[];
  /** AutoFilter criteria: body column index → the values shown. */
  filters?: [number, string[]][];
}

interface DumpValidation {
  range: DumpRect;
  list: string[];
  alert?: { style: string; message: string };
  prompt?: string;
}

export interface DumpChartRef {
  sheet: string;
  range: DumpRect;
  /** The table the reference is bound to (it follows the table's rows), as the model held it. */
  table?: { name: string; col: number; cols: number; header: boolean };
}

export interface DumpChart {
  name: string;
  type: string;
  title: { text: string | null; visible: boolean };
  legend: { visible: boolean | null; position: string };
  axisTitles: Record<string, { text: string; visible: boolean } | undefined>;
  axisFormats?: { value?: string; secondaryValue?: string };
  series: {
    name: string | null;
    nameRef?: DumpChartRef;
    values?: DumpChartRef;
    xValues?: DumpChartRef;
    axisGroup?: string;
  }[];
  from: { row: number; col: number; dy: number; dx: number };
  to: { row: number; col: number; dy: number; dx: number };
}

export interface DumpSheet {
  name: string;
  position: number;
  visibility: string;
  /** Custom properties in the order the sheet holds them. */
  properties: [string, string][];
  cells: DumpCell[];
  tables: DumpTable[];
  freezeRows: number;
  /** Widths set through format.columnWidth, in points: [column, width]. */
  columnWidths: [number, number][];
  validations: DumpValidation[];
  charts: DumpChart[];
  hiddenRows?: number[];
  pageLayout?: {
    orientation: string;
    zoom: { scale?: number; horizontalFitToPages?: number; verticalFitToPages?: number };
    printArea?: string;
  };
}

export interface WorkbookDump {
  date1904: boolean;
  activeSheet: string | null;
  names: { name: string; formula: string }[];
  /** The workbook's own custom properties (report sets' records), where the era had them. */
  properties?: [string, string][];
  sheets: DumpSheet[];
}

/** A stored-format fixture: the dump and where it came from. */
export interface StoredFixture {
  /** This file's format (bump when the dump's shape changes). */
  dumpFormat: 1;
  /** Which stored formats and shapes it holds (e.g. "report-definition: columns"). */
  shapes: string[];
  commit: string;
  commitSubject: string;
  /** The clock the old code ran under (ISO 8601, UTC). */
  clock: string;
  /** The command that makes the file again. */
  generatedBy: string;
  /** What the scenario did, step by step, and what the era could not do. */
  log: string[];
  workbook: WorkbookDump;
}

// ---- Reading a model of any era (duck typing: its classes are not importable across eras) ----

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null;
const arr = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);
const str = (v: unknown): string | undefined => (typeof v === "string" ? v : undefined);
const num = (v: unknown, fallback = 0): number => (typeof v === "number" ? v : fallback);

function entries(v: unknown): [unknown, unknown][] {
  return v instanceof Map ? [...v.entries()] : [];
}

function rect(v: unknown): DumpRect {
  const r = isObj(v) ? v : {};
  return { row: num(r.row), col: num(r.col), rows: num(r.rows), cols: num(r.cols) };
}

function dumpValue(v: unknown): DumpValue {
  return typeof v === "string" || typeof v === "number" || typeof v === "boolean" ? v : null;
}

/** The cell's own content and formats; spilled cells (a formula's result) and empty cells are left out. */
function dumpCell(row: number, col: number, c: Obj): DumpCell | null {
  if (typeof c.spilledFrom === "string") return null;
  const cell: DumpCell = { row, col, value: dumpValue(c.value) };
  if (c.error === true) cell.error = true;
  const optional = ["formula", "numberFormat", "hyperlink", "fill", "color", "align"] as const;
  for (const key of optional) {
    const text = str(c[key]);
    if (text !== undefined && text !== "") cell[key] = text;
  }
  if (c.bold === true) cell.bold = true;
  const empty = cell.value === null && Object.keys(cell).length === 3;
  return empty ? null : cell;
}

function dumpCells(sheet: Obj): DumpCell[] {
  const out: DumpCell[] = [];
  for (const [r, cols] of entries(sheet.rows))
    for (const [c, cell] of entries(cols)) {
      if (typeof r !== "number" || typeof c !== "number" || !isObj(cell)) continue;
      const d = dumpCell(r, c, cell);
      if (d) out.push(d);
    }
  return out.sort((a, b) => a.row - b.row || a.col - b.col);
}

function cellText(sheet: Obj, row: number, col: number): string {
  for (const [r, cols] of entries(sheet.rows)) {
    if (r !== row) continue;
    for (const [c, cell] of entries(cols))
      if (c === col && isObj(cell) && cell.value !== null && cell.value !== undefined)
        return String(cell.value);
  }
  return "";
}

function dumpTable(t: Obj, sheet: Obj): DumpTable {
  const range = rect(t.rect);
  const recorded = Array.isArray(t.columnIds);
  const columnIds = recorded
    ? arr(t.columnIds).map((x) => num(x))
    : Array.from({ length: range.cols }, (_, j) => j + 1);
  const table: DumpTable = {
    name: str(t.name) ?? "",
    range,
    style: str(t.style) ?? "",
    headers: Array.from({ length: range.cols }, (_, j) => cellText(sheet, range.row, range.col + j)),
    columnIds,
    columnIdsRecorded: recorded,
  };
  if (typeof t.nextColumnId === "number") table.nextColumnId = t.nextColumnId;
  if (Array.isArray(t.sort) && t.sort.length)
    table.sort = t.sort.filter(isObj).map((k) => ({ key: num(k.key), ascending: k.ascending !== false }));
  const filters = entries(t.filters).map(([k, v]): [number, string[]] => [num(k), arr(v).map(String)]);
  if (filters.length) table.filters = filters;
  return table;
}

function dumpValidation(v: Obj): DumpValidation {
  const out: DumpValidation = { range: rect(v.rect), list: arr(v.list).map(String) };
  if (isObj(v.alert)) out.alert = { style: str(v.alert.style) ?? "", message: str(v.alert.message) ?? "" };
  if (typeof v.prompt === "string") out.prompt = v.prompt;
  return out;
}

function dumpRef(ref: unknown, sheetName: (id: unknown) => string, tables: Obj[]): DumpChartRef | undefined {
  if (!isObj(ref)) return undefined;
  const out: DumpChartRef = { sheet: sheetName(ref.sheetId), range: rect(ref.rect) };
  if (isObj(ref.table)) {
    const b = ref.table;
    const t = tables.find((x) => x.id === b.id);
    out.table = { name: str(t?.name) ?? "", col: num(b.col), cols: num(b.cols), header: b.header === true };
  }
  return out;
}

function anchor(v: unknown): DumpChart["from"] {
  const a = isObj(v) ? v : {};
  return { row: num(a.row), col: num(a.col), dy: num(a.dy), dx: num(a.dx) };
}

function dumpChart(c: Obj, sheetName: (id: unknown) => string, tables: Obj[]): DumpChart {
  const title = isObj(c.title) ? c.title : {};
  const legend = isObj(c.legend) ? c.legend : {};
  const axisTitles: DumpChart["axisTitles"] = {};
  for (const [k, v] of Object.entries(isObj(c.axisTitles) ? c.axisTitles : {}))
    if (isObj(v)) axisTitles[k] = { text: str(v.text) ?? "", visible: v.visible === true };
  const chart: DumpChart = {
    name: str(c.name) ?? "",
    type: str(c.type) ?? "",
    title: { text: str(title.text) ?? null, visible: title.visible !== false },
    legend: {
      visible: typeof legend.visible === "boolean" ? legend.visible : null,
      position: str(legend.position) ?? "",
    },
    axisTitles,
    series: arr(c.series)
      .filter(isObj)
      .map((s) => {
        const series: DumpChart["series"][number] = { name: str(s.name) ?? null };
        const refs = { nameRef: s.nameRef, values: s.values, xValues: s.xValues };
        for (const [k, v] of Object.entries(refs)) {
          const ref = dumpRef(v, sheetName, tables);
          if (ref) series[k as keyof typeof refs] = ref;
        }
        if (typeof s.axisGroup === "string") series.axisGroup = s.axisGroup;
        return series;
      }),
    from: anchor(c.from),
    to: anchor(c.to),
  };
  if (isObj(c.axisFormats)) chart.axisFormats = c.axisFormats as DumpChart["axisFormats"];
  return chart;
}

function dumpPageLayout(v: unknown): DumpSheet["pageLayout"] {
  if (!isObj(v)) return undefined;
  const zoom = isObj(v.zoom) ? (v.zoom as NonNullable<DumpSheet["pageLayout"]>["zoom"]) : {};
  const out: NonNullable<DumpSheet["pageLayout"]> = { orientation: str(v.orientation) ?? "Portrait", zoom };
  if (typeof v.printArea === "string") out.printArea = v.printArea;
  return out;
}

function dumpSheet(s: Obj, position: number, model: Obj): DumpSheet {
  const tables = arr(model.tables).filter(isObj);
  const sheetName = (id: unknown) =>
    str(
      arr(model.sheets)
        .filter(isObj)
        .find((x) => x.id === id)?.name,
    ) ?? "";
  const sheet: DumpSheet = {
    name: str(s.name) ?? "",
    position,
    visibility: str(s.visibility) ?? "Visible",
    properties: entries(s.properties).map(([k, v]): [string, string] => [String(k), String(v)]),
    cells: dumpCells(s),
    tables: tables.filter((t) => t.sheetId === s.id).map((t) => dumpTable(t, s)),
    freezeRows: num(s.freezeRows),
    columnWidths: entries(s.columnWidths)
      .map(([k, v]): [number, number] => [num(k), num(v)])
      .sort((a, b) => a[0] - b[0]),
    validations: arr(s.validations).filter(isObj).map(dumpValidation),
    charts: arr(model.charts)
      .filter(isObj)
      .filter((c) => c.sheetId === s.id)
      .map((c) => dumpChart(c, sheetName, tables)),
  };
  const hidden = s.hiddenRows instanceof Set ? [...s.hiddenRows].map((r) => num(r)) : [];
  if (hidden.length) sheet.hiddenRows = hidden.sort((a, b) => a - b);
  const page = dumpPageLayout(s.pageLayout);
  if (page) sheet.pageLayout = page;
  return sheet;
}

/** One sheet of the workbook model as dumpModel gives it (a property test compares only the sheet it refreshed). */
export function dumpSheetNamed(model: unknown, name: string): DumpSheet | undefined {
  const m = isObj(model) ? model : {};
  const sheets = arr(m.sheets).filter(isObj);
  const at = sheets.findIndex((s) => s.name === name);
  return at < 0 ? undefined : dumpSheet(sheets[at], at, m);
}

/** The workbook model (`InMemoryWorkbook.model` of any era) as data. */
export function dumpModel(model: unknown): WorkbookDump {
  const m = isObj(model) ? model : {};
  const sheets = arr(m.sheets).filter(isObj);
  return {
    date1904: m.date1904 === true,
    activeSheet: str(sheets.find((s) => s.id === m.activeSheetId)?.name) ?? null,
    names: arr(m.names)
      .filter(isObj)
      .map((n) => ({ name: str(n.name) ?? "", formula: str(n.formula) ?? "" })),
    ...(m.customProperties instanceof Map && m.customProperties.size
      ? {
          properties: entries(m.customProperties).map(([k, v]): [string, string] => [String(k), String(v)]),
        }
      : {}),
    sheets: sheets.map((s, i) => dumpSheet(s, i, m)),
  };
}
