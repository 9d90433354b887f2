/**
 * The impressions column rules, as one table: the request check (impressionsRequestSchema) and the
 * column picker both read it, so a column the picker offers is one the service will give, and a
 * request the client lets through never meets 'Invalid data' over a column rule. Each rule carries
 * the service documentation's words it comes from.
 */
import { IMPRESSIONS_CI_FIELDS, IMPRESSIONS_INCREMENTAL_FIELDS } from "../defaults";

/** The request settings the column rules look at. */
export interface ColumnRequest {
  geoGrouping?: string;
  showIncrementalResults?: boolean;
  incrementalDisplayType?: string;
}

export interface ColumnRule {
  /** The service documentation's words the rule comes from: a citation, never shown. */
  documented: string;
  applies(field: string): boolean;
  /** Whether the request gives the column. */
  met(request: ColumnRequest): boolean;
  /** Why not, naming the field and the setting it needs (the pane puts its labels for the settings: labelWords). */
  message(field: string): string;
}

const INCREMENTAL = new Set([...IMPRESSIONS_INCREMENTAL_FIELDS, ...IMPRESSIONS_CI_FIELDS]);
/** incrementalDisplayType values at campaign level (V1: campaign; V2 also auto_serve_or_campaign). */
const CAMPAIGN_LEVEL_DISPLAY_TYPES = ["campaign", "auto_serve_or_campaign"];

export const IMPRESSIONS_COLUMN_RULES: readonly ColumnRule[] = [
  {
    documented: "Geo, Country (both available when geoGrouping is set)",
    applies: (f) => f === "Geo" || f === "Country",
    met: (r) => r.geoGrouping !== undefined,
    message: (f) => `${f} needs geoGrouping (country, zip, region or DMA)`,
  },
  {
    documented: "DMA Code (available when geoGrouping is DMA)",
    applies: (f) => f === "DMA Code",
    met: (r) => r.geoGrouping === "DMA",
    message: (f) => `${f} needs geoGrouping DMA`,
  },
  {
    documented:
      "Incrementality Source is excluded by default, must be requested explicitly together with showIncrementalResults",
    applies: (f) => f === "Incrementality Source",
    met: (r) => r.showIncrementalResults === true,
    message: (f) => `${f} needs showIncrementalResults`,
  },
  {
    documented: "[Incrementality Source] is unavailable with geoGrouping",
    applies: (f) => f === "Incrementality Source",
    met: (r) => r.geoGrouping === undefined,
    message: (f) => `${f} is unavailable with geoGrouping`,
  },
  {
    documented:
      "showIncrementalResults: true makes incremental columns available; Incrementality columns (V2 only; controlled by showIncrementalResults and incrementalDisplayType)",
    applies: (f) => INCREMENTAL.has(f),
    met: (r) => r.showIncrementalResults === true,
    message: (f) => `${f} needs showIncrementalResults`,
  },
  {
    documented: "Campaign Incremental % columns need a campaign-level incrementalDisplayType",
    applies: (f) => INCREMENTAL.has(f) && f.endsWith(" Campaign Incremental %"),
    met: (r) => CAMPAIGN_LEVEL_DISPLAY_TYPES.includes(r.incrementalDisplayType ?? ""),
    message: (f) => `${f} needs a campaign-level incrementalDisplayType (campaign or auto_serve_or_campaign)`,
  },
];

/** What keeps a column out of this request: one message per unmet rule (empty when it can be had). */
export function columnProblems(field: string, request: ColumnRequest): string[] {
  return IMPRESSIONS_COLUMN_RULES.filter((r) => r.applies(field) && !r.met(request)).map((r) =>
    r.message(field),
  );
}

const V2_ONLY = new Set([...INCREMENTAL, "Delivered Contracted Impressions", "Alpha Engaged Views"]);

/** Facts about a column that never block it (defaults, variants), shown beside it in the picker. */
export function columnNotes(field: string): string[] {
  const notes: string[] = [];
  if (field === "Show ID")
    notes.push("Excluded by default (except for advertisers that had it enabled earlier): request it here.");
  if (field === "Incrementality Source") notes.push("Excluded by default: request it here.");
  if (field === "Service Campaign ID")
    notes.push("A default column only in some versions of the service: request it here.");
  if (V2_ONLY.has(field)) notes.push("Only in newer versions of the service.");
  return notes;
}
