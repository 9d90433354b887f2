/**
 * Excel's limits on what a custom function returns: a result travels as JSON and Excel on the web
 * drops one over 5 MB (the cell stays #BUSY!, OfficeDev/office-js #2222, #2786, #4654), and a
 * cell holds at most 32,767 characters. Results are checked here before they reach Excel.
 */
import { cellValue } from "../excel/cellFormats";
import { cellBytes, PAYLOAD_LIMIT_BYTES } from "../excel/chunkPlan";
import { FunctionError } from "./functionError";
import type { Cell, Grid } from "./shapes";

/** Headroom under 5 MB for the envelope Excel adds around a result. */
export const RESULT_BUDGET_BYTES = PAYLOAD_LIMIT_BYTES - 64 * 1024;

function cap(v: Cell): Cell {
  return typeof v === "string" ? (cellValue(v).value as string) : v;
}

/** JSON bytes of one result cell (a formatted number is an object). */
const bytesOf = (v: Cell): number => (typeof v === "object" ? JSON.stringify(v).length : cellBytes(v));

/** Long text cut with a visible marker; a result over the budget is #N/A saying what to do instead. */
export function capResult<T extends Cell | Grid>(result: T, fn: string): T {
  if (!Array.isArray(result)) return cap(result as Cell) as T;
  let bytes = 2;
  const grid = (result as Grid).map((row) =>
    row.map((v) => {
      const out = cap(v);
      bytes += bytesOf(out) + 1;
      return out;
    }),
  );
  if (bytes > RESULT_BUDGET_BYTES) {
    const mb = (bytes / 2 ** 20).toFixed(1);
    throw new FunctionError(
      "#N/A",
      `ADS.${fn}: the result is ${mb} MB (${grid.length.toLocaleString("en-US")} rows); Excel shows at most 5 MB from a function. Ask for fewer rows, or use the Data tab, which writes any size to a sheet`,
    );
  }
  return grid as T;
}
