/**
 * Every report and set of the workbook with the cells they take their inputs from, read in one batch:
 * three syncs whatever their number (the sheets, the workbook's properties and names; each sheet's
 * record; every bound name with its cells), and one more the first time a runtime asks for the
 * workbook's date system. Shared by the Sheets tab's lists, the input watch and the set runs.
 */
import type { DateSystem } from "../../api/excelDates";
import type { BoundCell } from "../../reports/boundParams";
import { queueBoundCells } from "../boundCells";
import { dateSystemOf } from "../dateSystem";
import type { ExcelHost } from "../host";
import { newerVersionOf, reportsOfSheets, type StoredReport } from "./reportRecords";
import { listedSets, setJsons, type ListedSet } from "./setRecords";
import { dashboardOf } from "./dashboardStore";
import { writesSoFar } from "./turns";

/** Every report and set of the workbook with the cells they take their inputs from, as read in one batch. */
export interface ReportsRead {
  reports: StoredReport[];
  /** Each report's bound cells by parameter, in the order of `reports`. */
  cells: Map<string, BoundCell>[];
  /** The workbook's date system (the cells' dates are read in it). */
  system: DateSystem;
  /** Every readable report set (reportSets.ts runs them). */
  sets: ListedSet[];
  /** Each current set's range of values, by the set's id. */
  setCells: Map<string, BoundCell>;
  /** The names in use: sheets, and tables with defined names (workbookNames.takenNames). */
  taken: { sheets: Set<string>; tables: Set<string> };
}

async function readEverything(excel: ExcelHost): Promise<ReportsRead> {
  const system = await dateSystemOf(excel);
  return excel.run(async (context) => {
    const { worksheets, tables, names } = context.workbook;
    const custom = context.workbook.properties.custom;
    worksheets.load("items/name");
    tables.load("items/name");
    names.load("items/name");
    custom.load("items/key,items/value");
    await context.sync();
    for (const s of worksheets.items) s.customProperties.load("items/key,items/value");
    await context.sync();
    const reports = reportsOfSheets(worksheets.items);
    const sets = listedSets(setJsons(custom.items));
    const current = sets.flatMap((s) => (s.state === "current" ? [s.set] : []));
    const read = queueBoundCells(context, [
      ...reports.map((r) => (newerVersionOf(r) === undefined ? (r.bindings ?? []) : [])),
      ...current.map((set) => [{ param: "values", ...set.values }]),
    ]);
    if (reports.some((r) => r.bindings?.length) || current.length) await context.sync();
    const all = read();
    const setCells = new Map(current.map((set, i) => [set.id, all[reports.length + i].get("values")!]));
    const taken = {
      sheets: new Set(worksheets.items.map((s) => s.name)),
      tables: new Set([...tables.items.map((t) => t.name), ...names.items.map((n) => n.name)]),
    };
    return { reports, cells: all.slice(0, reports.length), system, sets, setCells, taken };
  });
}

let shared: { excel: ExcelHost; written: number; read: Promise<ReportsRead> } | null = null;

/**
 * Every report and set of the workbook with their cells, in three syncs whatever their number.
 * Callers that ask while a read is under way and nothing was written since it began share it (the
 * Sheets tab's lists of reports and of sets, mounted together, read once).
 */
export function readAllReports(excel: ExcelHost): Promise<ReportsRead> {
  if (shared && shared.excel === excel && shared.written === writesSoFar()) return shared.read;
  const entry = { excel, written: writesSoFar(), read: readEverything(excel) };
  shared = entry;
  const done = () => {
    if (shared === entry) shared = null;
  };
  entry.read.then(done, done);
  return entry.read;
}

/** Every report sheet's record and the Dashboard's, from sheets whose custom properties are loaded. */
export interface SheetRecords {
  reports: StoredReport[];
  dashboard: ReturnType<typeof dashboardOf>;
}

/** Queues the load of every sheet's records (its names loaded already); after the sync, the records. */
export function queueSheetRecords(sheets: readonly Excel.Worksheet[]): () => SheetRecords {
  for (const s of sheets) s.customProperties.load("items/key,items/value");
  return () => ({ reports: reportsOfSheets(sheets), dashboard: dashboardOf(sheets) });
}

/** Every report sheet's record and the Dashboard's, in two syncs (the sheets, then their properties). */
export async function readSheetRecords(excel: ExcelHost): Promise<SheetRecords> {
  return excel.run(async (context) => {
    const sheets = context.workbook.worksheets;
    sheets.load("items/name");
    await context.sync();
    const read = queueSheetRecords(sheets.items);
    await context.sync();
    return read();
  });
}
