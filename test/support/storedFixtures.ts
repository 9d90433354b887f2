/**
 * The stored-format fixtures (test/fixtures/stored/*.json, made by scripts/stored-fixtures/ from this
 * repository's history: the add-in's own earlier code wrote them) opened in today's in-memory
 * workbook, for migration and refresh tests:
 *
 *   const wb = openStoredFixture("report-columns");   // today's InMemoryWorkbook, as the old code left it
 *
 * What it puts back, as the dump holds it: sheets in order (name, visibility, custom properties in
 * their order, frozen rows, column widths, list validations, rows hidden by a filter, page layout),
 * every cell that is not empty (value as stored, error flag, formula, number format, link, bold,
 * fill, font colour, alignment), tables (name, range, style, the SAME column ids, sort and filter),
 * charts (type, series and the cells they read, bound to their table where they were, corners,
 * titles, legend), defined names, the date system and the active sheet. Formulas keep the value the
 * old code's workbook computed; `recalculate: true` calculates them again with today's engine (and
 * so records what each reads, which later recalculation needs). Not modelled: spills (a dump holds
 * only the formula cell), custom-function results, the selection, undo.
 */
import { readdirSync, readFileSync } from "fs";
import { join } from "path";
import type { Rect } from "../../preview/memory/address";
import type { ChartData, ChartRef, ChartType } from "../../preview/memory/chartData";
import type {
  CellData,
  HorizontalAlign,
  SheetData,
  TableData,
  WorkbookModel,
} from "../../preview/memory/model";
import { InMemoryWorkbook } from "../../preview/memory/workbook";
import {
  dumpModel,
  type DumpCell,
  type DumpChart,
  type DumpChartRef,
  type DumpSheet,
  type DumpTable,
  type StoredFixture,
  type WorkbookDump,
} from "./storedFixtureDump";

const FIXTURE_DIR = join(__dirname, "../fixtures/stored");

/** The fixtures' names (file names without .json), in order. */
export function listStoredFixtures(): string[] {
  return readdirSync(FIXTURE_DIR)
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.slice(0, -".json".length))
    .sort();
}

/** A fixture as stored: the dump and where it came from. */
export function readStoredFixture(name: string): StoredFixture {
  return JSON.parse(readFileSync(join(FIXTURE_DIR, `${name}.json`), "utf8")) as StoredFixture;
}

interface OpenOptions {
  /** Calculate every formula again with today's engine (values may then differ from the dump's). */
  recalculate?: boolean;
  /** The date Excel's typing rules read "3/4" against; the fixture's clock unless given. */
  today?: () => Date;
}

/** Today's in-memory workbook holding what the fixture's commit wrote. */
export function openStoredFixture(name: string, options: OpenOptions = {}): InMemoryWorkbook {
  const fixture = readStoredFixture(name);
  const clock = new Date(fixture.clock);
  return workbookFromDump(fixture.workbook, { today: () => clock, ...options });
}

/** Today's in-memory workbook built from a dump (of any era). */
export function workbookFromDump(dump: WorkbookDump, options: OpenOptions = {}): InMemoryWorkbook {
  const names = dump.sheets.map((s) => s.name);
  const wb = new InMemoryWorkbook({ sheets: names.length ? names : ["Sheet1"], today: options.today });
  const model = wb.model;
  model.date1904 = dump.date1904;
  model.names = dump.names.map((n) => ({ ...n }));
  model.customProperties = new Map(dump.properties ?? []);
  dump.sheets.forEach((s, i) => loadSheet(model, model.sheets[i], s));
  // Tables first, then charts: a chart's series may be bound to a table on another sheet.
  dump.sheets.forEach((s, i) =>
    s.tables.forEach((t) => model.tables.push(loadTable(model, model.sheets[i], t))),
  );
  dump.sheets.forEach((s, i) =>
    s.charts.forEach((c) => model.charts.push(loadChart(model, model.sheets[i], c))),
  );
  const active = dump.activeSheet === null ? undefined : model.sheetByName(dump.activeSheet);
  if (active) {
    model.activeSheetId = active.id;
    model.selection = { sheetId: active.id, rect: { row: 0, col: 0, rows: 1, cols: 1 } };
  }
  if (options.recalculate) wb.calculator.calculateAll();
  return wb;
}

/** The workbook as a dump (today's model read as the fixtures' were), for round trips. */
export function dumpWorkbook(wb: InMemoryWorkbook): WorkbookDump {
  return dumpModel(wb.model);
}

const VISIBILITIES: readonly SheetData["visibility"][] = ["Visible", "Hidden", "VeryHidden"];
const ALIGNMENTS: readonly string[] = ["Left", "Center", "Right"];

function loadSheet(model: WorkbookModel, sheet: SheetData, s: DumpSheet): void {
  const visibility = VISIBILITIES.find((v) => v === s.visibility);
  if (!visibility) throw new Error(`${s.name}: unknown visibility ${s.visibility}`);
  sheet.visibility = visibility;
  sheet.properties = new Map(s.properties);
  sheet.freezeRows = s.freezeRows;
  sheet.columnWidths = new Map(s.columnWidths);
  sheet.validations = s.validations.map((v) => ({
    rect: { ...v.range },
    list: [...v.list],
    ...(v.alert ? { alert: { ...v.alert } } : {}),
    ...(v.prompt !== undefined ? { prompt: v.prompt } : {}),
  }));
  sheet.hiddenRows = new Set(s.hiddenRows ?? []);
  if (s.pageLayout) {
    const orientation = s.pageLayout.orientation === "Landscape" ? "Landscape" : "Portrait";
    sheet.pageLayout = { orientation, zoom: { ...s.pageLayout.zoom } };
    if (s.pageLayout.printArea !== undefined) sheet.pageLayout.printArea = s.pageLayout.printArea;
  }
  for (const c of s.cells) loadCell(model.touch(sheet, c.row, c.col), c, s.name);
}

/** The cell exactly as stored: no typing rules, no calculation (the value is the old workbook's). */
function loadCell(cell: CellData, c: DumpCell, sheet: string): void {
  cell.value = c.value;
  if (c.error) cell.error = true;
  if (c.formula !== undefined) cell.formula = c.formula;
  if (c.numberFormat !== undefined) cell.numberFormat = c.numberFormat;
  if (c.hyperlink !== undefined) cell.hyperlink = c.hyperlink;
  if (c.bold) cell.bold = true;
  if (c.fill !== undefined) cell.fill = c.fill;
  if (c.color !== undefined) cell.color = c.color;
  if (c.align !== undefined) {
    if (!ALIGNMENTS.includes(c.align))
      throw new Error(`${sheet}!${c.row},${c.col}: unknown alignment ${c.align}`);
    cell.align = c.align as HorizontalAlign;
  }
}

/** A table with the column ids the old workbook gave it (none recorded: 1, 2, … as Excel numbers a new table's). */
function loadTable(model: WorkbookModel, sheet: SheetData, t: DumpTable): TableData {
  if (t.columnIds.length !== t.range.cols || t.headers.length !== t.range.cols)
    throw new Error(
      `Table ${t.name}: ${t.range.cols} columns, ${t.columnIds.length} ids, ${t.headers.length} headers`,
    );
  model.checkDefinedName(t.name);
  const table: TableData = {
    id: model.nextId("tb"),
    name: t.name,
    sheetId: sheet.id,
    rect: { ...t.range },
    style: t.style,
    headerById: new Map(t.columnIds.map((id, j) => [id, t.headers[j]])),
  };
  if (t.columnIdsRecorded) table.columnIds = [...t.columnIds];
  if (t.nextColumnId !== undefined) table.nextColumnId = t.nextColumnId;
  if (t.sort) table.sort = t.sort.map((k) => ({ ...k }));
  if (t.filters) table.filters = new Map(t.filters.map(([k, v]) => [k, [...v]]));
  return table;
}

function loadRef(model: WorkbookModel, r: DumpChartRef): ChartRef {
  const sheet = model.sheetByName(r.sheet);
  if (!sheet) throw new Error(`A chart reads sheet ${r.sheet}, which the dump does not hold`);
  const rect: Rect = { ...r.range };
  if (!r.table) return { sheetId: sheet.id, rect };
  const table = model.tableByName(r.table.name);
  if (!table) throw new Error(`A chart reads table ${r.table.name}, which the dump does not hold`);
  return {
    sheetId: sheet.id,
    rect,
    table: { id: table.id, col: r.table.col, cols: r.table.cols, header: r.table.header },
  };
}

function loadChart(model: WorkbookModel, sheet: SheetData, c: DumpChart): ChartData {
  const axis = (k: string) => ({ ...(c.axisTitles[k] ?? { text: "", visible: false }) });
  const chart: ChartData = {
    id: model.nextId("chart"),
    name: c.name,
    sheetId: sheet.id,
    type: c.type as ChartType,
    series: c.series.map((s) => ({
      name: s.name,
      ...(s.nameRef ? { nameRef: loadRef(model, s.nameRef) } : {}),
      ...(s.values ? { values: loadRef(model, s.values) } : {}),
      ...(s.xValues ? { xValues: loadRef(model, s.xValues) } : {}),
      ...(s.axisGroup === "Primary" || s.axisGroup === "Secondary" ? { axisGroup: s.axisGroup } : {}),
    })),
    title: { ...c.title },
    legend: { ...c.legend },
    axisTitles: { category: axis("category"), value: axis("value") },
    from: { ...c.from },
    to: { ...c.to },
  };
  if (c.axisTitles.secondaryValue) chart.axisTitles.secondaryValue = axis("secondaryValue");
  if (c.axisFormats) chart.axisFormats = { ...c.axisFormats };
  return chart;
}
