/**
 * Live staleness (issue #46): the cells reports and report sets take their inputs from are watched
 * with Excel's change events, `Worksheet.onChanged` (ExcelApi 1.7) for edits and
 * `Worksheet.onCalculated` (ExcelApi 1.8) for formula cells whose results change (docs/excel-fidelity.md,
 * "Events"). A change that touches a report's bound cells or a set's range of values marks that report
 * or set stale (markStale.ts) within the event's arrival. Where the events are missing (an older
 * Excel), nothing is watched and the Sheets tab's reading of the workbook stays the way staleness is seen.
 */
import { areaOf } from "./columnName";
import type { ExcelHost } from "./host";
import { markStale, type StaleTarget } from "./markStale";
import { readAllReports } from "./store/readAll";
import type { BoundCell } from "../reports/boundParams";

type Area = NonNullable<ReturnType<typeof areaOf>>;

/** A watched block of cells: its sheet, where it is, and what goes stale when it changes. */
export interface Watched {
  sheet: string;
  area: Area;
  target: StaleTarget;
}

export interface InputWatch {
  /** Reads again which cells are watched (after reports or sets were made, bound or moved). */
  refresh(): Promise<void>;
  /** Stops marking anything (the handlers stay registered and do nothing). */
  stop(): void;
}

const overlaps = (a: Area, b: Area) =>
  a.row < b.row + b.rows && b.row < a.row + a.rows && a.col < b.col + b.cols && b.col < a.col + a.cols;

/** The sheet an address such as "'My inputs'!B2" is on. */
const sheetOf = (address: string) =>
  address
    .slice(0, Math.max(0, address.lastIndexOf("!")))
    .replace(/^'(.*)'$/, "$1")
    .replace(/''/g, "'");

/**
 * Every report's bound cells and every set's range of values, where they are now (no request): the
 * store's batched read, three syncs whatever their number.
 */
export async function watchedCells(excel: ExcelHost): Promise<Watched[]> {
  const read = await readAllReports(excel);
  const at = (cell: BoundCell | undefined, target: StaleTarget): Watched[] => {
    const area = cell?.state === "range" ? areaOf(cell.address) : null;
    return cell?.state === "range" && area ? [{ sheet: sheetOf(cell.address), area, target }] : [];
  };
  return [
    ...read.reports.flatMap((d, i) =>
      [...read.cells[i].values()].flatMap((cell) => at(cell, { kind: "report", sheetName: d.sheetName })),
    ),
    ...read.sets.flatMap((s) =>
      s.state === "current"
        ? at(read.setCells.get(s.set.id), { kind: "set", id: s.set.id, name: s.set.name })
        : [],
    ),
  ];
}

/**
 * The reports and sets a change of `address` on `sheet` touches, each once. onCalculated's address
 * may be several ranges, comma-separated (WorksheetCalculatedEventArgs.address).
 */
export function touched(watched: readonly Watched[], sheet: string, address: string): StaleTarget[] {
  const areas = address
    .split(",")
    .map((a) => areaOf(a.trim()))
    .filter((a): a is Area => a !== null);
  const hits = watched
    .filter((w) => w.sheet === sheet && areas.some((a) => overlaps(w.area, a)))
    .map((w) => w.target);
  return [...new Map(hits.map((t) => [JSON.stringify(t), t])).values()];
}

/**
 * Watches the workbook's inputs: null where this Excel has no change events (`supported` is
 * Office.context.requirements.isSetSupported, or the preview's host's).
 */
export async function watchInputs(
  excel: ExcelHost,
  supported: (set: string, version: string) => boolean,
): Promise<InputWatch | null> {
  if (!supported("ExcelApi", "1.7")) return null;
  const calculated = supported("ExcelApi", "1.8");
  let watched: Watched[] = [];
  let stopped = false;
  const sheetNames = new Map<string, string>();
  const registered = new Set<string>();
  const changedAt = async (worksheetId: string, address: string) => {
    const sheet = sheetNames.get(worksheetId);
    if (stopped || !sheet) return;
    for (const target of touched(watched, sheet, address)) await markStale(excel, target);
  };
  const onEvent = (e: { worksheetId: string; address: string }) => changedAt(e.worksheetId, e.address);
  async function refresh(): Promise<void> {
    watched = await watchedCells(excel);
    const sheets = new Set(watched.map((w) => w.sheet));
    await excel.run(async (context) => {
      const all = context.workbook.worksheets;
      all.load("items/name,items/id");
      await context.sync();
      for (const ws of all.items) {
        sheetNames.set(ws.id, ws.name);
        if (!sheets.has(ws.name) || registered.has(ws.id)) continue;
        registered.add(ws.id);
        ws.onChanged.add(onEvent);
        if (calculated) ws.onCalculated.add(onEvent);
      }
      await context.sync();
    });
  }
  await refresh();
  return {
    refresh,
    stop: () => {
      stopped = true;
    },
  };
}
