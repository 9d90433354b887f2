/**
 * A report sheet's parameters bound to cells (issue #36): bind one to a cell, range or name, free it,
 * and whether the cells now give other values than the data was fetched with (the report is stale
 * until refreshed, and the status line and the Sheets tab say so). The binding is a defined name
 * (boundCells.ts); the definition records it and is stored as version 3 while any parameter is bound.
 */
import {
  boundValueText,
  changedBindings,
  problemText,
  readBinding,
  refusalText,
  resolveBoundParams,
  type ParamBinding,
} from "../reports/boundParams";
import { resolveSource } from "../reports/definition";
import {
  bindAddress,
  bindCells,
  bindSelection,
  readBoundCells,
  readCellsAt,
  selectedCells,
  unbind,
} from "./boundCells";
import { dateSystemOf } from "./dateSystem";
import type { ExcelHost } from "./host";
import { definitionFor } from "./reportSheets";
import { markReportStale, writeReport, type StoredReport } from "./store/reportRecords";
import type { BoundCell } from "../reports/boundParams";
import type { DateSystem } from "../api/excelDates";

/** What a binding found in its cells when it was made: where they are, and what they hold now. */
export interface BoundNow {
  binding: ParamBinding;
  /** The value the cells give now, as the next refresh will send it; or what is wrong with them. */
  value?: unknown;
  problem?: string;
}

/** The name a bound parameter's cells carry: the report's table (or show prefix), else its sheet. */
const ownerOf = (def: StoredReport) => def.tableName ?? def.sheetName;

/**
 * Binds `param` of the report on `sheetName` to `where` (an address such as "Inputs!B2", a defined
 * name, or the selection) and stores the binding; the data stays as fetched until the next refresh.
 */
export async function bindReportParam(
  excel: ExcelHost,
  sheetName: string,
  param: string,
  where: { address: string } | "selection",
): Promise<BoundNow> {
  const def = await definitionFor(excel, sheetName, "to bind");
  const owner = ownerOf(def);
  const { binding, cell } =
    where === "selection"
      ? await bindSelection(excel, owner, param)
      : await bindAddress(excel, owner, param, where.address);
  const bindings = [...(def.bindings ?? []).filter((b) => b.param !== param), binding];
  await writeReport(excel, def, "planner", { bindings });
  const read = resolveBoundParams(
    def.kind,
    def.params,
    [binding],
    new Map([[param, cell]]),
    await dateSystemOf(excel),
  );
  return read.ok ? { binding, value: read.params[param] } : { binding, problem: read.problems[0].problem };
}

/** Frees `param` of the report: it keeps the value it was last fetched with, typed. */
export async function unbindReportParam(excel: ExcelHost, sheetName: string, param: string): Promise<void> {
  const def = await definitionFor(excel, sheetName, "to unbind");
  const binding = def.bindings?.find((b) => b.param === param);
  if (!binding) return;
  await unbind(excel, binding);
  const bindings = def.bindings!.filter((b) => b.param !== param);
  await writeReport(excel, def, "planner", { bindings: bindings.length ? bindings : undefined });
}

/** A report's bound parameters as their cells stand, against the values the data was fetched with. */
export interface BoundStatus {
  /** "Start date Inputs!B2 = 2026-11-01" for each, with the value the data was fetched with. */
  fetched: string[];
  /** The bound parameters whose cells now give another value: the data is stale until refreshed. */
  changed: string[];
  /** Cells the next refresh would refuse, each naming its parameter, cell and what is wrong. */
  problems: string[];
}

/** Reads a report's bound cells (no request) and says whether its data is stale. */
export async function boundStatus(
  excel: ExcelHost,
  def: StoredReport,
  now = new Date(),
): Promise<BoundStatus | null> {
  const bindings = def.bindings ?? [];
  if (bindings.length === 0) return null;
  return boundStatusOf(def, await readBoundCells(excel, bindings), await dateSystemOf(excel), now);
}

/** Whether a report's data is stale, from its bound cells as read (the store's batched read: readAllReports). */
export function boundStatusOf(
  def: StoredReport,
  cells: Map<string, BoundCell>,
  system: DateSystem,
  now = new Date(),
): BoundStatus | null {
  const bindings = def.bindings ?? [];
  if (bindings.length === 0) return null;
  const fetched = bindings.map((b) => boundValueText(b.param, b.address, def.params[b.param]));
  const source = resolveSource(def, now);
  const read = resolveBoundParams(def.kind, source.params, bindings, cells, system);
  if (!read.ok) return { fetched, changed: [], problems: read.problems.map(problemText) };
  const changed = changedBindings(def.params, read.params, bindings).map((param) =>
    boundValueText(param, read.addresses[param], read.params[param]),
  );
  return { fetched, changed, problems: [] };
}

/**
 * The request's parameters with those the form took from cells read from them now (`cells`: parameter
 * → address), before the first request; throws naming each bad cell. A bound date drops the preset.
 */
export async function paramsFromCells(
  excel: ExcelHost,
  kind: StoredReport["kind"],
  params: Record<string, unknown>,
  cells: Readonly<Record<string, string>>,
): Promise<Record<string, unknown>> {
  const bindings = Object.entries(cells).map(([param, address]) => ({ param, name: address, address }));
  if (bindings.length === 0) return params;
  const read = resolveBoundParams(
    kind,
    params,
    bindings,
    await readCellsAt(excel, cells),
    await dateSystemOf(excel),
  );
  if (!read.ok) throw new Error(refusalText(read.problems));
  return read.params;
}

/** Where each binding's cells are now (its last seen address when its cells were deleted). */
export async function currentAddresses(excel: ExcelHost, def: StoredReport): Promise<Record<string, string>> {
  const cells = await readBoundCells(excel, def.bindings ?? []);
  return Object.fromEntries(
    (def.bindings ?? []).map((b) => {
      const cell = cells.get(b.param);
      return [b.param, cell?.state === "range" ? cell.address : b.address];
    }),
  );
}

/**
 * The report's bindings made to be exactly `cells` (an edit): a parameter still at its binding's
 * cells keeps its name (a `#REF!` one too, so the refresh refuses naming it rather than read whatever
 * now sits at the old address); a new or moved one is named; a dropped one's name is removed.
 */
export async function rebindReport(
  excel: ExcelHost,
  def: StoredReport,
  cells: Readonly<Record<string, string>>,
): Promise<ParamBinding[] | undefined> {
  const now = await currentAddresses(excel, def);
  const kept: ParamBinding[] = [];
  const fresh: Record<string, string> = {};
  for (const b of def.bindings ?? [])
    if (cells[b.param] === now[b.param]) kept.push(b);
    else await unbind(excel, b);
  for (const [param, address] of Object.entries(cells))
    if (!kept.some((b) => b.param === param)) fresh[param] = address;
  const bindings = [...kept, ...(await bindCells(excel, ownerOf(def), fresh))];
  return bindings.length ? bindings : undefined;
}

/** The selection the form's "Take from cell" offers for `param`: its address, and what it gives now (or what is wrong). */
export async function takeSelection(
  excel: ExcelHost,
  kind: StoredReport["kind"],
  param: string,
): Promise<{ address: string; shown: string; problem?: string }> {
  const cell = await selectedCells(excel);
  const read = readBinding(kind, { param, name: "", address: cell.address }, cell, await dateSystemOf(excel));
  if (!read.ok) return { address: cell.address, shown: "", problem: read.problem };
  const value = read.value;
  return { address: cell.address, shown: Array.isArray(value) ? value.join(", ") : String(value) };
}

/**
 * The sheet's own status line says the report is stale while its cells give other values than the
 * data was fetched with ("Stale: Start date Inputs!B2 = 2026-11-02 changed since this data was
 * fetched · …"), and stops saying it when they give them again: the record says so (owner: stale
 * marking) and the store renders the line from it, so a refresh under way still knows the line as the
 * add-in's own. Returns whether the line changed (a planner's text in that cell stays theirs).
 */
export async function markStaleOnSheet(
  excel: ExcelHost,
  def: StoredReport,
  status: BoundStatus,
): Promise<boolean> {
  const after = await markReportStale(excel, def, status.changed);
  return after.statusHash !== def.statusHash;
}
