/**
 * A Delivery sheet (issue #56): what was bought beside what was delivered, a row a flight, from the
 * service's campaigns-performance report, for the campaigns a plan created (their ids) or an
 * advertiser; then pacing over the row. Pure: no Office, no requests.
 *
 * Pacing is worked out twice on purpose: the sheet carries it as formulas over the row
 * (PACING_COLUMNS, so the planner reads and changes them, kept across refreshes as planner columns),
 * and `pacingOf` gives the same figures in code (tests hold the two to each other).
 */
import { z } from "zod";
import type { CellValue, TableColumn, TypedTable } from "../api/table";

/** The parameters a Delivery sheet stores: which flights, and the period the report covers. */
export const deliveryParamsSchema = z
  .object({
    /** The campaign ids a plan's Create returned, comma-separated. */
    campaignIds: z.string().trim().max(4000).optional(),
    /** An advertiser's flights (as the service names the advertiser). */
    advertiser: z.string().trim().max(255).optional(),
    startDate: z.string().optional(),
    endDate: z.string().optional(),
  })
  .refine((p) => Boolean(p.campaignIds) || Boolean(p.advertiser), {
    message: "Give campaign ids (from a plan's Campaign id column) or an advertiser",
    path: ["campaignIds"],
  });
export type DeliveryParams = z.infer<typeof deliveryParamsSchema>;

/** Each parameter as the Delivery form labels it (its fields, and refusals naming one). */
export const DELIVERY_PARAM_LABELS: Readonly<Record<keyof DeliveryParams, string>> = {
  campaignIds: "Campaign ids",
  advertiser: "Advertiser's flights",
  startDate: "Start date",
  endDate: "End date",
};

/** The ids in a comma- or space-separated list, without blanks or repeats. */
export function campaignIdList(text: string | undefined): string[] {
  return [
    ...new Set(
      (text ?? "")
        .split(/[\s,;]+/)
        .map((s) => s.trim())
        .filter(Boolean),
    ),
  ];
}

/** The sheet's columns, from the report's (header there → header here); bought first, then delivered. */
const DELIVERY_COLUMNS: readonly { from: string; name: string }[] = [
  { from: "Campaign Id", name: "Campaign id" },
  { from: "Advertiser", name: "Advertiser" },
  { from: "Publisher", name: "Publisher" },
  { from: "Podcast", name: "Show" },
  { from: "Start date", name: "Start date" },
  { from: "End date", name: "End date" },
  { from: "Unit", name: "Units bought" },
  { from: "Expected Impressions", name: "Booked impressions" },
  { from: "CPM", name: "CPM" },
  { from: "Promo", name: "Promo" },
  { from: "Impressions", name: "Impressions" },
  { from: "Spend", name: "Spend" },
  { from: "Ads", name: "Ads aired" },
  { from: "Reach", name: "Reach" },
  { from: "Freq", name: "Frequency" },
  { from: "Resolved Status", name: "Service status" },
];

/** The Delivery sheet's column names (what ADS.DELIVERY answers besides the pacing figures). */
export const DELIVERY_FIELDS: readonly string[] = DELIVERY_COLUMNS.map((d) => d.name);

/** Rows of the report kept: the ids asked for (in their order), the advertiser's (any case), or all (null). */
function keptRows(cp: TypedTable, params: DeliveryParams | null): CellValue[][] {
  if (!params) return cp.rows;
  const col = (name: string) => cp.columns.findIndex((c) => c.name === name);
  const idAt = col("Campaign Id");
  const advertiserAt = col("Advertiser");
  const ids = campaignIdList(params.campaignIds);
  if (ids.length) {
    const order = new Map(ids.map((id, i) => [id.toLowerCase(), i]));
    return cp.rows
      .filter((r) => order.has(String(r[idAt] ?? "").toLowerCase()))
      .sort((a, b) => order.get(String(a[idAt]).toLowerCase())! - order.get(String(b[idAt]).toLowerCase())!);
  }
  const advertiser = (params.advertiser ?? "").toLowerCase();
  return cp.rows.filter((r) => String(r[advertiserAt] ?? "").toLowerCase() === advertiser);
}

/** The Delivery table from a campaigns-performance table: the flights asked for (null: every flight), bought beside delivered. */
export function deliveryTable(cp: TypedTable, params: DeliveryParams | null): TypedTable {
  const at = DELIVERY_COLUMNS.map((d) => cp.columns.findIndex((c) => c.name === d.from));
  const missing = DELIVERY_COLUMNS.filter((_, i) => at[i] < 0).map((d) => d.from);
  if (missing.length)
    throw new Error(
      `The campaigns-performance report has no ${missing.join(", ")} column${missing.length > 1 ? "s" : ""}: the Delivery sheet cannot be made (nothing was written)`,
    );
  // A flight is its campaign id: its status, dates or promo may change between refreshes.
  const columns: TableColumn[] = DELIVERY_COLUMNS.map((d, i) => ({
    ...cp.columns[at[i]],
    name: d.name,
    ...(i === 0 ? { key: true } : {}),
  }));
  return { columns, rows: keptRows(cp, params).map((r) => at.map((j) => r[j] ?? null)) };
}

/** The ids asked for that the report does not list (not yet synced by the service, or mistyped). */
export function idsNotFound(table: TypedTable, params: DeliveryParams): string[] {
  const listed = new Set(table.rows.map((r) => String(r[0] ?? "").toLowerCase()));
  return campaignIdList(params.campaignIds).filter((id) => !listed.has(id.toLowerCase()));
}

/** Share of a flight's booked impressions below which it is behind, and above which ahead. */
const BEHIND_BELOW = 0.9;
const AHEAD_ABOVE = 1.1;

/**
 * The pacing columns a Delivery sheet adds beside the report's, as formulas over the row (structured
 * references; TODAY() is the workbook's day). Their order matters: each reads only those before it.
 */
export const PACING_COLUMNS: readonly { name: string; formula: string; format: string }[] = [
  {
    name: "Flight elapsed",
    formula:
      '=IF(OR(NOT(ISNUMBER([@[Start date]])),NOT(ISNUMBER([@[End date]])),[@[End date]]<[@[Start date]]),"",MAX(0,MIN(1,(TODAY()-[@[Start date]]+1)/([@[End date]]-[@[Start date]]+1))))',
    format: "0%",
  },
  {
    name: "Delivered",
    formula: '=IF(N([@[Booked impressions]])>0,[@Impressions]/[@[Booked impressions]],"")',
    format: "0%",
  },
  {
    name: "Pacing",
    formula: '=IF(AND(N([@[Flight elapsed]])>0,[@Delivered]<>""),[@Delivered]/[@[Flight elapsed]],"")',
    format: "0%",
  },
  {
    name: "Projected impressions",
    formula: '=IF(N([@[Flight elapsed]])>0,ROUND([@Impressions]/[@[Flight elapsed]],0),"")',
    format: "#,##0",
  },
  {
    name: "Owed impressions",
    formula:
      '=IF([@[Projected impressions]]="","",MAX(0,N([@[Booked impressions]])-MAX([@Impressions],[@[Projected impressions]])))',
    format: "#,##0",
  },
  {
    name: "Pace",
    formula: `=IF(OR(NOT(ISNUMBER([@[Start date]])),NOT(ISNUMBER([@[End date]]))),"dates missing",IF([@[Flight elapsed]]="","ends before it starts",IF(TODAY()<[@[Start date]],"not started",IF(TODAY()>[@[End date]],IF([@Impressions]>=N([@[Booked impressions]]),"ended, delivered","ended short by "&TEXT(N([@[Booked impressions]])-[@Impressions],"#,##0")&" impressions"),IF([@Pacing]="","no booked impressions",IF([@Pacing]<${BEHIND_BELOW},"behind by "&TEXT(1-[@Pacing],"0%"),IF([@Pacing]>${AHEAD_ABOVE},"ahead by "&TEXT([@Pacing]-1,"0%"),"on track")))))))`,
    format: "General",
  },
];

/** The planner's own column for make-goods agreed with the publisher (kept across refreshes). */
export const MAKE_GOOD_COLUMN = "Make-good";

export interface Pacing {
  elapsed: number;
  delivered: number | null;
  pacing: number | null;
  projected: number | null;
  owed: number | null;
  words: string;
}

const percentText = (x: number) => `${Math.round(x * 100)}%`;

/** Pace in words, as the sheet's Pace formula says it (the flight's dates in order). */
function paceWords(
  today: number,
  start: number,
  end: number,
  booked: number,
  impressions: number,
  pacing: number | null,
): string {
  if (today < start) return "not started";
  if (today > end)
    return impressions >= booked
      ? "ended, delivered"
      : `ended short by ${(booked - impressions).toLocaleString("en-US")} impressions`;
  if (pacing === null) return "no booked impressions";
  if (pacing < BEHIND_BELOW) return `behind by ${percentText(1 - pacing)}`;
  if (pacing > AHEAD_ABOVE) return `ahead by ${percentText(pacing - 1)}`;
  return "on track";
}

/** The pacing of one flight on `today` (Excel serial days), as the sheet's formulas work it out. */
export function pacingOf(
  flight: { start: number | null; end: number | null; booked: number | null; impressions: number },
  today: number,
): Pacing {
  const { start, end, booked, impressions } = flight;
  // No figures without both dates in order: the words say which.
  if (start === null || end === null || end < start)
    return {
      elapsed: NaN,
      delivered: null,
      pacing: null,
      projected: null,
      owed: null,
      words: start === null || end === null ? "dates missing" : "ends before it starts",
    };
  const elapsed = Math.max(0, Math.min(1, (today - start + 1) / (end - start + 1)));
  const delivered = booked && booked > 0 ? impressions / booked : null;
  const pacing = elapsed > 0 && delivered !== null ? delivered / elapsed : null;
  const projected = elapsed > 0 ? Math.round(impressions / elapsed) : null;
  const owed = projected === null ? null : Math.max(0, (booked ?? 0) - Math.max(impressions, projected));
  const words = paceWords(today, start, end, booked ?? 0, impressions, pacing);
  return { elapsed, delivered, pacing, projected, owed, words };
}
