/**
 * ADS.PACING and ADS.DELIVERY (issue #56): one flight's pacing, or one field of its delivery, from
 * the campaigns-performance report. One held answer a period, shared by every cell that asks about
 * any campaign in it (the report lists them all); pacing is worked out as of the day the answer was
 * fetched (pacingOf, the Delivery sheet's formulas in code), so a held answer never drifts.
 */
import { utcToSerial, type DateSystem } from "../api/excelDates";
import type { CellValue, TypedTable } from "../api/table";
import { DELIVERY_FIELDS, PACING_COLUMNS, deliveryTable, pacingOf, type Pacing } from "../reports/delivery";
import { DATE_FORMAT, formatted, PERCENT_FORMAT } from "../runtime/numberShape";
import * as arg from "./args";
import type { Arg } from "./args";
import { FunctionError, badArgument } from "./functionError";
import type { FunctionKit } from "./functionKit";
import type { Cell } from "./shapes";

/** The held answer: every flight of the period, and the day it was fetched (an Excel serial). */
interface HeldDelivery {
  table: TypedTable;
  fetchedDay: number;
}

/** Fields ADS.DELIVERY answers besides the Delivery sheet's columns (lower case → what). */
const PACING_FIELDS: Record<string, keyof Pacing> = {
  "flight elapsed": "elapsed",
  elapsed: "elapsed",
  delivered: "delivered",
  pacing: "pacing",
  "projected impressions": "projected",
  projected: "projected",
  "owed impressions": "owed",
  owed: "owed",
  pace: "words",
};

async function heldDelivery(
  kit: FunctionKit,
  dates: { startDate?: string; endDate?: string },
  signal?: AbortSignal,
): Promise<HeldDelivery> {
  const client = kit.connected();
  return kit.cached(
    client,
    `delivery|${dates.startDate ?? ""}|${dates.endDate ?? ""}`,
    async (s) => {
      const run = await client.reports.run("campaignsPerformance", dates, { signal: s });
      // The local day, as the sheet's TODAY() reads it (UTC would differ by a day in the evening or morning).
      const now = kit.now();
      const local = now - new Date(now).getTimezoneOffset() * 60_000;
      return { table: deliveryTable(run.table, null), fetchedDay: Math.floor(utcToSerial(local)) };
    },
    signal,
  );
}

/** The flight's row (by its campaign id, any case), or #N/A saying the period may not hold it. */
function flightRow(held: HeldDelivery, id: string, dates: { startDate?: string; endDate?: string }) {
  const row = held.table.rows.find((r) => String(r[0] ?? "").toLowerCase() === id.toLowerCase());
  if (!row)
    throw new FunctionError(
      "#N/A",
      `Campaign ${id} is not in the service's campaigns-performance report for ${dates.startDate || dates.endDate ? `${dates.startDate ?? "…"} to ${dates.endDate ?? "…"}` : "its default period (3 months ago to a week ahead)"}: give a start date and an end date covering its flight, or check the id (a plan's Campaign id column)`,
    );
  const at = (name: string) => row[held.table.columns.findIndex((c) => c.name === name)];
  return { row, at };
}

function pacingFor(held: HeldDelivery, at: (name: string) => CellValue): Pacing {
  const num = (v: CellValue) => (typeof v === "number" ? v : null);
  return pacingOf(
    {
      start: num(at("Start date")),
      end: num(at("End date")),
      booked: num(at("Booked impressions")),
      impressions: num(at("Impressions")) ?? 0,
    },
    held.fetchedDay,
  );
}

/** A value of the Delivery table as a cell: dates and percentages formatted, blanks as "". */
function cellOf(table: TypedTable, j: number, v: CellValue): Cell {
  if (v === null) return "";
  const c = table.columns[j];
  if (typeof v === "number" && (c.kind === "date" || c.kind === "datetime")) return formatted(v, DATE_FORMAT);
  if (typeof v === "number" && c.numberFormat) return formatted(v, c.numberFormat);
  return v;
}

export function deliveryFunctions(kit: FunctionKit) {
  // Date cells are read in the workbook's date system (a 1904 workbook's serials are 1,462 days less).
  const datesOf = (startDate: Arg | undefined, endDate: Arg | undefined, system: DateSystem) => ({
    startDate: arg.optionalDate(startDate, "startDate", system),
    endDate: arg.optionalDate(endDate, "endDate", system),
  });
  return {
    PACING: (campaignId: Arg, startDate?: Arg, endDate?: Arg, signal?: AbortSignal) =>
      kit.guarded("PACING", async (system): Promise<Cell> => {
        const id = arg.requiredText(campaignId, "campaignId");
        const dates = datesOf(startDate, endDate, system);
        const held = await heldDelivery(kit, dates, signal);
        const p = pacingFor(held, flightRow(held, id, dates).at);
        if (p.pacing === null) throw new FunctionError("#N/A", `Campaign ${id}: ${p.words}`);
        return formatted(p.pacing, PERCENT_FORMAT);
      }),

    DELIVERY: (campaignId: Arg, field: Arg, startDate?: Arg, endDate?: Arg, signal?: AbortSignal) =>
      kit.guarded("DELIVERY", async (system): Promise<Cell> => {
        const id = arg.requiredText(campaignId, "campaignId");
        const typed = arg.requiredText(field, "field").trim();
        const name = typed.toLowerCase();
        const pacingField = PACING_FIELDS[name];
        // Checked before anything is sent: the sheet's columns and the pacing figures are the fields.
        if (!pacingField && !DELIVERY_FIELDS.some((f) => f.toLowerCase() === name))
          throw badArgument(
            "field",
            `"${typed}" is not a delivery field (one of ${[...DELIVERY_FIELDS, ...PACING_COLUMNS.map((c) => c.name)].join(", ")})`,
          );
        const dates = datesOf(startDate, endDate, system);
        const held = await heldDelivery(kit, dates, signal);
        const j = held.table.columns.findIndex((c) => c.name.toLowerCase() === name);
        const { row, at } = flightRow(held, id, dates);
        if (j >= 0) return cellOf(held.table, j, row[j]);
        const value = pacingFor(held, at)[pacingField];
        if (value === null || (typeof value === "number" && Number.isNaN(value))) return "";
        return typeof value === "number" &&
          (pacingField === "elapsed" || pacingField === "delivered" || pacingField === "pacing")
          ? formatted(value, PERCENT_FORMAT)
          : value;
      }),
  };
}
