/**
 * POST /impressions: rows per period, campaign (and geo), summed from campaign-days, so a week is the
 * sum of its days and a total the sum of its rows; ratios (ROAS, CPM, rates, costs, incremental
 * shares, confidence intervals) are computed from the summed parts, never added up. Honours fields
 * (and their order), fieldMapping, formatting, timeGrouping, weekStartsOn, geoGrouping,
 * aggregateEpisodicBuysPerShow, skipCampaignTransliteration, incCiCertainty, the date range, the
 * advertisers and campaign tags, and every shared attribution and simulcast setting (model/delivery.ts).
 * The rows are summed in impressionsRows.ts; their text columns come from impressionsText.ts and their
 * number columns from impressionsMeasures.ts.
 */
import { IMPRESSIONS_DEFAULT_FIELDS, IMPRESSIONS_FIELD_GROUPS } from "../../src/api/defaults";
import { catalogueKind } from "../../src/api/csv";
import type { ColumnKind } from "../../src/api/table";
import { M, settingsOf, type Settings } from "../model/delivery";
import type { Campaign, World } from "../world";
import { measureColumn, type Measure } from "./impressionsMeasures";
import { geoGroups, reachOf, sumRows, totalRow, type GeoGroup, type Row } from "./impressionsRows";
import { textValue } from "./impressionsText";
import { InvalidReport, bucket, csv, days, formatSmart, iso, range, type Body, type Cell } from "./shared";
import { transliterate } from "./text";

/** The sandbox's advertiser-specific custom actions (every advertiser has them here). */
const SANDBOX_CUSTOM_ACTIONS = ["Trial Starts", "Newsletter Signups"];
const ALLOWED = new Set([
  ...IMPRESSIONS_FIELD_GROUPS.flatMap((g) => g.fields),
  ...SANDBOX_CUSTOM_ACTIONS.flatMap((a) => [a, `${a} Modeled`]),
]);
/** Campaign text the service does not transliterate when skipCampaignTransliteration is true. */
const CAMPAIGN_TEXT = new Set(["Campaign", "Campaign & Initiative"]);
const PERIOD_COLUMNS = new Set(["Day", "Week", "Month"]);
const GEO_COLUMNS: Record<string, (g: GeoGroup) => Cell> = {
  Geo: (g) => g.geo,
  Country: (g) => g.country,
  "DMA Code": (g) => g.dma,
};

interface Formatting {
  numberFormatting?: boolean;
  summary?: boolean;
  totals?: boolean;
}

/** How the report's cells are made from its rows: the request's columns and settings. */
interface CellOptions {
  world: World;
  s: Settings;
  columns: string[];
  kinds: ColumnKind[];
  measures: Measure[];
  weekStartsOn: string;
  aggregate: boolean;
  skipTranslit: boolean;
}

/** The columns of the report: the fields asked for (or the defaults, with the geo columns when grouped). */
function columnsOf(body: Body): string[] {
  const fields = (body.fields as string[] | undefined) ?? [...IMPRESSIONS_DEFAULT_FIELDS];
  // The spec's column rules are checked with the request (impressionsRequestSchema); here only
  // what this sandbox knows: the listed columns and its own custom actions.
  for (const f of fields) if (!ALLOWED.has(f)) throw new InvalidReport(`unknown field ${f}`);
  const grouping = body.geoGrouping as string | undefined;
  const columns = [...fields];
  if (grouping && !body.fields)
    columns.splice(3, 0, "Geo", "Country", ...(grouping === "DMA" ? ["DMA Code"] : []));
  return columns;
}

/** The advertisers' campaigns, with (or, campaignTagsExclude, without) one of the campaign tags. */
function campaignsOf(world: World, body: Body): Campaign[] {
  const tags = body.campaignTags as string[] | undefined;
  return world
    .campaignsOf(body.advertiser as string[] | undefined)
    .filter(
      (c) => !tags?.length || c.tags.some((t) => tags.includes(t)) !== (body.campaignTagsExclude === true),
    );
}

/** A Day, Week or Month cell: the row's period as that date (none for "all" or the totals row). */
function periodCell(col: string, row: Row, total: boolean, weekStartsOn: string): Cell {
  if (row.period === null || total) return null;
  if (col === "Day") return iso(row.period);
  return iso(bucket(row.period, col === "Week" ? "week" : "month", weekStartsOn));
}

/** Campaign Spend or Expected Impressions: the sum over the row's campaigns that have one. */
function campaignsTotal(col: string, row: Row): number | null {
  return [...row.campaigns].reduce<number | null>((a, c) => {
    const v = col === "Expected Impressions" ? c.expectedImpressions : c.cost;
    return v === null ? a : (a ?? 0) + v;
  }, null);
}

/** One cell of a row (total: of the totals row, where dimensions and text are empty). */
function cellOf(o: CellOptions, i: number, row: Row, total: boolean): Cell {
  const col = o.columns[i];
  if (PERIOD_COLUMNS.has(col)) return periodCell(col, row, total, o.weekStartsOn);
  if (Object.hasOwn(GEO_COLUMNS, col)) return total ? null : GEO_COLUMNS[col](row.geo);
  if (col === "Campaign Spend" || col === "Expected Impressions") return campaignsTotal(col, row);
  const text = textValue(col, row, o.world, o.s, o.aggregate);
  if (text !== undefined) {
    if (total) return null;
    return typeof text === "string" && !(o.skipTranslit && CAMPAIGN_TEXT.has(col))
      ? transliterate(text)
      : text;
  }
  const spend = row.spendMissing ? null : Math.round(row.sum[M.Spend] * 100) / 100;
  return numberOf(o.kinds[i], o.measures[i](row.sum, reachOf(row), spend));
}

/** The CSV text: the header (renamed by fieldMapping), the rows, formatted and with a summary if asked. */
function reportText(
  body: Body,
  o: CellOptions,
  out: Cell[][],
  formatting: Formatting,
  [start, end]: [number, number],
): string {
  const mapping = (body.fieldMapping as Record<string, string> | undefined) ?? {};
  const shown = formatting.numberFormatting
    ? out.map((row) => row.map((v, i) => formatSmart(o.kinds[i], v)))
    : out;
  const text = csv(
    // Own keys only: a column named like an Object property (constructor, toString) is not renamed.
    o.columns.map((c) => (Object.hasOwn(mapping, c) ? mapping[c] : c)),
    shown,
  );
  if (!formatting.summary) return text;
  const advertisers = (body.advertiser as string[] | undefined)?.join("; ") ?? "All advertisers";
  return (
    csv(
      ["Report", (body.name as string | undefined) ?? "Impressions"],
      [
        ["Advertiser", advertisers],
        ["Dates", `${iso(start)} to ${iso(end)}`],
      ],
    ) +
    "\r\n\r\n" +
    text
  );
}

export function impressionsCsv(world: World, body: Body, now: number): string {
  const columns = columnsOf(body);
  const [start, end] = range(body, now, { startMonthsAgo: 3, endDaysAhead: 7 });
  const timeGrouping = (body.timeGrouping as string | undefined) ?? "day";
  const weekStartsOn = (body.weekStartsOn as string | undefined) ?? "monday";
  const s = settingsOf(body);
  const campaigns = campaignsOf(world, body);
  const groups = geoGroups(body.geoGrouping as string | undefined);
  const periodOf = (day: number) => (timeGrouping === "all" ? null : bucket(day, timeGrouping, weekStartsOn));
  const rows = sumRows(world, campaigns, groups, days(start, end), periodOf, s);
  const o: CellOptions = {
    world,
    s,
    columns,
    kinds: columns.map((col) => catalogueKind("impressions", col) ?? "integer"),
    measures: columns.map((col) => measureColumn(col, s)),
    weekStartsOn,
    aggregate: body.aggregateEpisodicBuysPerShow === true,
    skipTranslit: body.skipCampaignTransliteration === true,
  };
  const cellsOf = (row: Row, total: boolean): Cell[] => columns.map((_col, i) => cellOf(o, i, row, total));
  const out = [...rows.values()].map((r) => cellsOf(r, false));
  const formatting = (body.formatting as Formatting | undefined) ?? {};
  if (formatting.totals) {
    // With no campaign chosen the Total row is still there, its sums 0: any campaign stands in, since
    // a totals row shows no campaign's text.
    const totals = cellsOf(totalRow(rows.values(), campaigns[0] ?? world.campaigns[0], groups[0]), true);
    totals[0] = "Total";
    out.push(totals);
  }
  return reportText(body, o, out, formatting, [start, end]);
}

/** Rounds a number to its column's kind (whole counts, cents, two decimals). */
function numberOf(kind: ColumnKind, v: Cell): Cell {
  if (typeof v !== "number") return v;
  return kind === "integer" ? Math.round(v) : Math.round(v * 100) / 100;
}
