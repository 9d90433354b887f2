/**
 * Report parameters bound to cells, on the workbook's side (issue #36): a binding is a workbook
 * defined name over the cell or range ("AdsParam_<table>_<param>"), so Excel keeps it on its cells
 * when rows and columns are inserted or deleted and when the sheet is renamed, and makes it `#REF!`
 * when they are deleted. The values are read at each refresh and resolved by
 * src/reports/boundParams.ts; a binding never stores a fixed A1 address as its reference.
 */
import type { BoundCell, ParamBinding } from "../reports/boundParams";
import type { ExcelHost } from "./host";
import { recordsChanging } from "./store/turns";

/** The defined name of `param` of the report whose table (or sheet) is `owner`: a valid name, at most 255 characters. */
function bindingNameFor(owner: string, param: string): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9_]/g, "_");
  return `AdsParam_${safe(owner)}_${safe(param)}`.slice(0, 255);
}

/** An address as the planner reads it: no `$`. */
const plain = (address: string) => address.replace(/\$/g, "");

/** What a range holds, as a bound cell (loaded: address, values, valueTypes). */
const rangeCell = (r: Excel.Range): BoundCell & { state: "range" } => ({
  state: "range",
  address: plain(r.address),
  values: r.values as unknown[][],
  types: r.valueTypes as string[][],
});

/**
 * Binds `param` of the report `owner` to the range `pick` gives (the selection, or an address):
 * the name is made (again, when the parameter was bound before) and the cells' current values read.
 */
async function bindRange(
  excel: ExcelHost,
  owner: string,
  param: string,
  pick: (context: Excel.RequestContext) => Excel.Range,
): Promise<{ binding: ParamBinding; cell: BoundCell }> {
  recordsChanging();
  return excel.run(async (context) => {
    const name = bindingNameFor(owner, param);
    const range = pick(context);
    range.load("address,values,valueTypes");
    const old = context.workbook.names.getItemOrNullObject(name);
    await context.sync();
    if (!old.isNullObject) old.delete();
    context.workbook.names.add(name, range);
    await context.sync();
    const cell = rangeCell(range);
    return { binding: { param, name, address: plain(range.address) }, cell };
  });
}

/** Binds `param` to the selected cell or range. */
export const bindSelection = (excel: ExcelHost, owner: string, param: string) =>
  bindRange(excel, owner, param, (context) => context.workbook.getSelectedRange());

/** Binds `param` to a cell or range by its address ("Inputs!B2"), or to a defined name the planner made. */
export const bindAddress = (excel: ExcelHost, owner: string, param: string, address: string) =>
  bindRange(excel, owner, param, (context) => rangeAt(context, address));

/** Removes a binding's name (the parameter is typed again). */
export async function unbind(excel: ExcelHost, binding: ParamBinding): Promise<void> {
  recordsChanging();
  await excel.run(async (context) => {
    context.workbook.names.getItemOrNullObject(binding.name).delete();
    await context.sync();
  });
}

/**
 * Every binding's cells as they are now, by parameter: the name's range with its values and value
 * types; an Error name (its cells deleted: `#REF!`); or missing (the name deleted). One sync.
 */
export async function readBoundCells(
  excel: ExcelHost,
  bindings: readonly ParamBinding[],
): Promise<Map<string, BoundCell>> {
  if (bindings.length === 0) return new Map<string, BoundCell>();
  return excel.run(async (context) => (await readBoundCellsIn(context, [bindings]))[0]);
}

/**
 * Several reports' bindings read in one sync, whatever their number (the store's batched read of every
 * report: reportStore.ts, readAllReports): one map by parameter per list. Queued on `context`; the
 * returned function reads them once the caller's next sync is done.
 */
export function queueBoundCells(
  context: Excel.RequestContext,
  lists: readonly (readonly ParamBinding[])[],
): () => Map<string, BoundCell>[] {
  const items = lists.flat().map((b) => {
    const item = context.workbook.names.getItemOrNullObject(b.name);
    item.load("type,value");
    // A name that is not a range (#REF!) or is missing gives a null object: no second sync is needed.
    const r = item.getRangeOrNullObject();
    r.load("address,values,valueTypes");
    return { item, r };
  });
  return () => {
    let at = 0;
    return lists.map((bindings) => {
      const out = new Map<string, BoundCell>();
      for (const b of bindings) {
        const { item, r } = items[at++];
        if (item.isNullObject) out.set(b.param, { state: "missing" });
        else if (!r.isNullObject) out.set(b.param, rangeCell(r));
        else out.set(b.param, { state: "error", value: String(item.value) });
      }
      return out;
    });
  };
}

/** Several reports' bindings read in one sync (none when there are none). */
async function readBoundCellsIn(
  context: Excel.RequestContext,
  lists: readonly (readonly ParamBinding[])[],
): Promise<Map<string, BoundCell>[]> {
  const read = queueBoundCells(context, lists);
  if (lists.some((l) => l.length)) await context.sync();
  return read();
}

/** A range by its address ("Inputs!B2", "'Client inputs'!D2:D9") or a defined name's range. */
function rangeAt(context: Excel.RequestContext, address: string): Excel.Range {
  const bang = address.lastIndexOf("!");
  if (bang < 0) return context.workbook.names.getItem(address).getRange();
  const sheet = address
    .slice(0, bang)
    .replace(/^'(.*)'$/, "$1")
    .replace(/''/g, "'");
  return context.workbook.worksheets.getItem(sheet).getRange(address.slice(bang + 1));
}

/** Makes a binding for each parameter's address (the form's "Take from cell"), for the report `owner`. */
export async function bindCells(
  excel: ExcelHost,
  owner: string,
  cells: Readonly<Record<string, string>>,
): Promise<ParamBinding[]> {
  const out: ParamBinding[] = [];
  for (const [param, address] of Object.entries(cells))
    out.push((await bindAddress(excel, owner, param, address)).binding);
  return out;
}

/** The cells at each parameter's address, read as bound cells are (before any name is made). */
export async function readCellsAt(
  excel: ExcelHost,
  cells: Readonly<Record<string, string>>,
): Promise<Map<string, BoundCell>> {
  return excel.run(async (context) => {
    const ranges = Object.entries(cells).map(([param, address]) => {
      const r = rangeAt(context, address);
      r.load("address,values,valueTypes");
      return [param, r] as const;
    });
    await context.sync();
    return new Map(ranges.map(([param, r]) => [param, rangeCell(r)]));
  });
}

/** The selected cell or range: its address and contents, for the form to show before it binds. */
export async function selectedCells(excel: ExcelHost): Promise<BoundCell & { state: "range" }> {
  return excel.run(async (context) => {
    const r = context.workbook.getSelectedRange();
    r.load("address,values,valueTypes");
    await context.sync();
    return { ...rangeCell(r), state: "range" };
  });
}
